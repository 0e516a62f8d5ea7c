/**
 * Addresses of uploaded images (app/server/images): an image is named by `/media/<id>/<width>x<height>`
 * (its upright size, so a page can reserve its room), and each of its files by
 * `/media/<id>/<width>.<avif|webp>`. Files never change, so their addresses are cached for good.
 */
const IMAGE = /^\/media\/([0-9a-f]{32})\/(\d{1,5})x(\d{1,5})$/
const FILE = /^(\d{1,5})\.(avif|webp)$/

export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1600] as const
export type MediaFormat = 'avif' | 'webp'

export interface MediaImage {
  id: string
  width: number
  height: number
}

export function mediaImageUrl(image: MediaImage): string {
  return `/media/${image.id}/${image.width}x${image.height}`
}

/** The image an address names, or null for any other address (the demo's drawn art, an older upload). */
export function parseMediaImageUrl(url: string): MediaImage | null {
  const match = IMAGE.exec(url)
  return match ? { id: match[1]!, width: Number(match[2]), height: Number(match[3]) } : null
}

/** The widths an image has files for: the standard ones it reaches, or its own when it is smaller. */
export function mediaWidths(width: number): number[] {
  const reached = MEDIA_WIDTHS.filter((each) => each <= width)
  return reached.length ? reached : [width]
}

/** The width of the file an image's own address serves (for `<img src>` without `srcset`, feeds, e-mail): at most 1280. */
export function mediaDefaultWidth(width: number): number {
  const widths = mediaWidths(width)
  return widths.filter((each) => each <= 1280).at(-1) ?? widths[0]!
}

/** The image's own address, `<width>x<height>`, as a file name under /media/<id>/: its size, or null. */
export function parseMediaSize(file: string): { width: number; height: number } | null {
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(file)
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null
}

export function mediaFileUrl(id: string, width: number, format: MediaFormat): string {
  return `/media/${id}/${width}.${format}`
}

/** `<width>.<format>` of a file address, or null. */
export function parseMediaFile(file: string): { width: number; format: MediaFormat } | null {
  const match = FILE.exec(file)
  return match ? { width: Number(match[1]), format: match[2] as MediaFormat } : null
}

/** A `srcset` of every file of an image in one format. */
export function mediaSrcset(image: MediaImage, format: MediaFormat): string {
  return mediaWidths(image.width)
    .map((width) => `${mediaFileUrl(image.id, width, format)} ${width}w`)
    .join(', ')
}
