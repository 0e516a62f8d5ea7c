import type { Metadata } from 'sharp'
import { mediaWidths } from '../../lib/media.ts'

/**
 * The image pipeline: an uploaded photo becomes, once, WebP and AVIF files at
 * a few widths, upright (turned by its EXIF orientation) and with every piece of metadata left out
 * (EXIF with its GPS position, XMP, IPTC, ICC profiles are never copied to an output), and a tiny
 * blurred placeholder a page can show while the real image loads.
 */

export const VARIANT_FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]

/** What staff may upload: camera photos run to 3–8 MB. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024
/** Larger pictures are refused before they are decoded (about 100 megapixels). */
const MAX_INPUT_PIXELS = 100_000_000
const ACCEPTED_INPUTS = new Set(['jpeg', 'png', 'webp', 'heif'])

export interface ImageVariant {
  format: VariantFormat
  width: number
  height: number
  bytes: Buffer
}

export interface ProcessedImage {
  /** The photo's size upright, as pages reserve room for it. */
  width: number
  height: number
  /** A data: URL of a blurred image about 24 pixels wide, a few hundred bytes. */
  placeholder: string
  variants: ImageVariant[]
}

export class ImageRefusedError extends Error {}

/**
 * Turns an uploaded JPEG, PNG, WebP or AVIF into its variants (a GIF too, its first frame, for the
 * uploads kept before this pipeline: `acceptGif`). Throws ImageRefusedError, with a
 * sentence for the staff member, for anything else, for a file over 20 MB and for a broken image.
 */
export async function processImage(input: Buffer, options: { acceptGif?: boolean } = {}): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw new ImageRefusedError('The photo is larger than 20 MB: export it smaller and upload it again.')
  // libvips is loaded on the first upload, not with every shop process (decision 033: memory).
  const { default: sharp } = await import('sharp')
  const source = () => sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
  let metadata: Metadata
  try {
    metadata = await source().metadata()
  } catch {
    throw new ImageRefusedError('That file is not an image the shop can read: upload a JPEG, PNG, WebP or AVIF photo.')
  }
  const accepted = ACCEPTED_INPUTS.has(metadata.format ?? '') || (options.acceptGif === true && metadata.format === 'gif')
  if (!accepted || (metadata.format === 'heif' && metadata.compression !== 'av1')) {
    throw new ImageRefusedError('Upload a JPEG, PNG, WebP or AVIF photo.')
  }
  // Orientations 5–8 turn the picture a quarter: its upright width is the stored height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5
  const width = (quarterTurn ? metadata.height : metadata.width) ?? 0
  const height = (quarterTurn ? metadata.width : metadata.height) ?? 0
  if (!width || !height) throw new ImageRefusedError('That image has no size the shop can read: upload it again as a JPEG or PNG.')

  try {
    const variants: ImageVariant[] = []
    for (const target of mediaWidths(width)) {
      const upright = source().rotate().resize({ width: target, withoutEnlargement: true })
      for (const format of VARIANT_FORMATS) {
        const encoder = format === 'avif' ? upright.clone().avif({ quality: 55, effort: 2 }) : upright.clone().webp({ quality: 80, effort: 4 })
        const { data, info } = await encoder.toBuffer({ resolveWithObject: true })
        variants.push({ format, width: info.width, height: info.height, bytes: data })
      }
    }
    const tiny = await source().rotate().resize({ width: 24 }).blur(1).webp({ quality: 40 }).toBuffer()
    return { width, height, placeholder: `data:image/webp;base64,${tiny.toString('base64')}`, variants }
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error
    throw new ImageRefusedError('The photo could not be read to the end (the file may be cut short): upload it again.')
  }
}
