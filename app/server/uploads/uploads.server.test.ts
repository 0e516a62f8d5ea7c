import { describe, expect, it } from 'vitest'
import { ImageRefusedError } from '../images/pipeline.server.ts'
import {
  detectImageType,
  handleUploadRequest,
  MAX_UPLOAD_BYTES,
  readBodyWithLimit,
  type SaveImage,
  storeUpload,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_TYPE_MESSAGE,
} from './uploads.server.ts'

const bytes = (...parts: (number[] | string)[]): Uint8Array<ArrayBuffer> =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((character) => character.charCodeAt(0)) : part)))

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR', [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0])
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')
const AVIF = bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf')

/** A stand-in for the image pipeline: records what reached it and names it as the shop would. */
function recordingSave(error?: Error) {
  const saved: Buffer[] = []
  const save: SaveImage = async (content) => {
    if (error) throw error
    saved.push(Buffer.from(content))
    return { url: `/media/${String(saved.length).padStart(32, '0')}/1x1` }
  }
  return { save, saved }
}

describe('detectImageType reads the type from the content', () => {
  it.each([
    ['PNG', PNG, 'png'],
    ['JPEG', JPEG, 'jpeg'],
    ['WebP', WEBP, 'webp'],
    ['AVIF', AVIF, 'avif'],
  ])('recognises %s', (_name, content, kind) => {
    expect(detectImageType(content)).toBe(kind)
  })

  it.each([
    ['an SVG', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an SVG without a prolog', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['HTML', '<!doctype html><html><script>alert(1)</script></html>'],
    ['PHP', '<?php echo system($_GET["c"]); ?>'],
    ['plain text', 'These are my notes, not a picture.'],
    ['a PDF', '%PDF-1.7'],
    ['a RIFF file that is not WebP', 'RIFF\u0024\0\0\0WAVEfmt '],
    ['a truncated PNG signature', '\u0089PNG'],
    ['an MP4 video', '\0\0\0\u0018ftypmp42'],
    ['a GIF (no longer taken: photos only)', 'GIF89a\u0001\0\u0001\0'],
  ])('refuses %s', (_name, text) => {
    expect(detectImageType(bytes(text))).toBeNull()
  })

  it('refuses nothing at all', () => {
    expect(detectImageType(new Uint8Array())).toBeNull()
  })
})

describe('storeUpload', () => {
  it('hands each accepted photo to the pipeline as sent and answers its address', async () => {
    const { save, saved } = recordingSave()
    expect(await storeUpload(PNG, save)).toEqual({ url: `/media/${'0'.repeat(31)}1/1x1` })
    expect(await storeUpload(JPEG, save)).toHaveProperty('url')
    expect(saved).toEqual([Buffer.from(PNG), Buffer.from(JPEG)])
  })

  it('refuses files that are not images, too large or empty before the pipeline sees them', async () => {
    const { save, saved } = recordingSave()
    expect(await storeUpload(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), save)).toEqual({ error: UNSUPPORTED_TYPE_MESSAGE, status: 415 })
    const tooLarge = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    tooLarge.set(PNG)
    expect(await storeUpload(tooLarge, save)).toEqual({ error: TOO_LARGE_MESSAGE, status: 413 })
    expect(await storeUpload(new Uint8Array(), save)).toMatchObject({ status: 400 })
    expect(saved).toHaveLength(0)
  })

  it('takes a photo of exactly 20 MB to the pipeline', async () => {
    const { save, saved } = recordingSave()
    const atLimit = new Uint8Array(MAX_UPLOAD_BYTES)
    atLimit.set(JPEG)
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024)
    expect(await storeUpload(atLimit, save)).toHaveProperty('url')
    expect(saved[0]?.length).toBe(MAX_UPLOAD_BYTES)
  })

  it("answers the pipeline's refusal (a photo cut short) as a 422 with its sentence for staff", async () => {
    const { save } = recordingSave(new ImageRefusedError('The photo could not be read to the end (the file may be cut short): upload it again.'))
    expect(await storeUpload(JPEG, save)).toEqual({
      error: 'The photo could not be read to the end (the file may be cut short): upload it again.',
      status: 422,
    })
  })
})

describe('handleUploadRequest', () => {
  const upload = (content: Uint8Array<ArrayBuffer>, fileName: string, type = 'image/png') => {
    const form = new FormData()
    form.set('file', new File([content], fileName, { type }))
    return new Request('http://shop.test/api/uploads', { method: 'POST', body: form })
  }

  it('takes the photo from the form: the client name and claimed type play no part', async () => {
    const { save, saved } = recordingSave()
    const result = await handleUploadRequest(upload(JPEG, '../../evil.php', 'image/png'), save)
    expect(result).toEqual({ url: `/media/${'0'.repeat(31)}1/1x1` })
    expect(saved).toEqual([Buffer.from(JPEG)])
  })

  it.each([
    ['an SVG renamed .png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['HTML renamed .png', '<html><body onload="alert(1)"></body></html>'],
    ['PHP renamed .png', '<?php phpinfo(); ?>'],
  ])('refuses %s with 415', async (_name, text) => {
    expect(await handleUploadRequest(upload(bytes(text), 'picture.png'), recordingSave().save)).toEqual({ error: UNSUPPORTED_TYPE_MESSAGE, status: 415 })
  })

  it('refuses a body whose Content-Length is over the limit before reading it', async () => {
    let pulled = false
    const body = new ReadableStream(
      {
        pull() {
          pulled = true
        },
      },
      { highWaterMark: 0 },
    )
    const request = new Request('http://shop.test/api/uploads', {
      method: 'POST',
      body,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_UPLOAD_BYTES * 2) },
      duplex: 'half',
    } as RequestInit)
    expect(await handleUploadRequest(request, recordingSave().save)).toEqual({ error: TOO_LARGE_MESSAGE, status: 413 })
    expect(pulled).toBe(false)
    expect(request.bodyUsed).toBe(false)
  })

  it('refuses an image over 20 MB sent without a length', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(PNG)
    const original = upload(big, 'big.png')
    const contentType = original.headers.get('content-type')!
    const streamed = await original.arrayBuffer()
    // The same multipart body, streamed in chunks with no Content-Length: it is read only up to the limit.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const all = new Uint8Array(streamed)
        for (let offset = 0; offset < all.length; offset += 1 << 20) controller.enqueue(all.subarray(offset, offset + (1 << 20)))
        controller.close()
      },
    })
    const request = new Request('http://shop.test/api/uploads', {
      method: 'POST',
      body: chunks,
      headers: { 'content-type': contentType },
      duplex: 'half',
    } as RequestInit)
    expect(await handleUploadRequest(request, recordingSave().save)).toEqual({ error: TOO_LARGE_MESSAGE, status: 413 })
  })

  it('refuses a form without a file, or not multipart', async () => {
    const form = new FormData()
    form.set('probe', '1')
    expect(await handleUploadRequest(new Request('http://shop.test/api/uploads', { method: 'POST', body: form }), recordingSave().save)).toMatchObject({
      status: 400,
    })
    const urlEncoded = new Request('http://shop.test/api/uploads', { method: 'POST', body: new URLSearchParams({ file: 'x' }) })
    expect(await handleUploadRequest(urlEncoded, recordingSave().save)).toMatchObject({ status: 400 })
  })

  it('reads bodies up to the limit whole', async () => {
    const request = new Request('http://shop.test/', { method: 'POST', body: new Uint8Array([1, 2, 3]) })
    expect(await readBodyWithLimit(request, 3)).toEqual(new Uint8Array([1, 2, 3]))
    expect(await readBodyWithLimit(new Request('http://shop.test/', { method: 'POST', body: new Uint8Array([1, 2, 3]) }), 2)).toBeNull()
  })
})
