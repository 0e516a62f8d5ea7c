import { ImageRefusedError, MAX_IMAGE_BYTES } from '../images/pipeline.server.ts'
import { repeatedFieldMessage } from '../http/form.server.ts'

/** The largest photo staff may upload (camera photos run to 3–8 MB). */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES
/** A multipart body carries the file plus boundaries and part headers; this leaves room for them. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024

export const UNSUPPORTED_TYPE_MESSAGE = 'Only JPEG, PNG, WebP or AVIF images can be uploaded.'
export const TOO_LARGE_MESSAGE = 'The image is too large: images can be at most 20 MB.'
export const EMPTY_MESSAGE = 'The file is empty. Choose an image to upload.'

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'avif'

export type UploadResult = { url: string } | { error: string; status: number }

/** Keeps an accepted photo (app/server/images/media.server.ts `storeImage`): its address. */
export type SaveImage = (bytes: Buffer) => Promise<{ url: string }>

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((byte, index) => bytes[offset + index] === byte)
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0))

/**
 * The image type read from the file's first bytes (its magic number), never from its name or the
 * type the browser claims: a quick refusal before the photo is decoded. Anything that is not PNG,
 * JPEG, WebP or AVIF is null: SVG and HTML (which can carry scripts) are text and never match. The
 * image pipeline then reads the whole photo and refuses what is not really one.
 */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  // An ISO media file ("ftyp" box) whose brand is AVIF's, or HEIF's general one (checked as AV1 later).
  if (startsWith(bytes, ascii('ftyp'), 4) && ['avif', 'avis', 'mif1', 'msf1'].some((brand) => startsWith(bytes, ascii(brand), 8))) return 'avif'
  return null
}

/**
 * Checks an upload's bytes and hands an accepted photo to `save`, which turns it into its AVIF and
 * WebP files. The client's file name plays no part: nothing it sends can choose the address.
 */
export async function storeUpload(bytes: Uint8Array, save: SaveImage): Promise<UploadResult> {
  if (bytes.length === 0) return { error: EMPTY_MESSAGE, status: 400 }
  if (bytes.length > MAX_UPLOAD_BYTES) return { error: TOO_LARGE_MESSAGE, status: 413 }
  if (!detectImageType(bytes)) return { error: UNSUPPORTED_TYPE_MESSAGE, status: 415 }
  try {
    return await save(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  } catch (error) {
    if (error instanceof ImageRefusedError) return { error: error.message, status: 422 }
    throw error
  }
}

/**
 * Reads a request body, giving up (null) as soon as it passes `limit` bytes, whatever the
 * Content-Length header claims, so an oversized or chunked upload is never held in memory whole.
 */
export async function readBodyWithLimit(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    // A body cut off on the way (the shop's own limit, a client gone) counts as one never received whole.
    const read = await reader.read().catch(() => null)
    if (!read) return null
    const { done, value } = read
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/**
 * The one image of a multipart upload request (field `file`), checked and stored. Bodies over the
 * limit are refused from their Content-Length before anything is read, and while reading otherwise.
 */
export async function handleUploadRequest(request: Request, save: SaveImage): Promise<UploadResult> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > MAX_UPLOAD_BODY_BYTES) return { error: TOO_LARGE_MESSAGE, status: 413 }
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data;/i.test(contentType)) {
    return { error: 'Send the image as multipart/form-data in a field named "file".', status: 400 }
  }
  const body = await readBodyWithLimit(request, MAX_UPLOAD_BODY_BYTES)
  if (!body) return { error: TOO_LARGE_MESSAGE, status: 413 }
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
  } catch {
    return { error: 'The upload could not be read. Please try again.', status: 400 }
  }
  const repeated = repeatedFieldMessage(form, ['file'])
  if (repeated) return { error: repeated, status: 400 }
  const files = form.getAll('file')
  const file = files[0]
  if (files.length !== 1 || !(file instanceof Blob)) return { error: 'Choose one image file to upload.', status: 400 }
  return storeUpload(new Uint8Array(await file.arrayBuffer()), save)
}
