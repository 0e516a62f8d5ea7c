import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { mediaWidths } from '../../lib/media'
import { ImageRefusedError, MAX_IMAGE_BYTES, processImage, type ProcessedImage } from './pipeline.server'

/**
 * A camera photo as phones write them: 4000 × 3000 pixels stored sideways with EXIF orientation 6
 * (turn a quarter clockwise to show it), the place it was taken in its GPS tags, and a camera name.
 * Its left half is red and its right half blue as stored, so the upright picture is red on top.
 */
async function cameraPhoto(): Promise<Buffer> {
  const half = (colour: { r: number; g: number; b: number }) => ({ create: { width: 2000, height: 3000, channels: 3 as const, background: colour } })
  const left = await sharp(half({ r: 220, g: 30, b: 30 }))
    .png()
    .toBuffer()
  const right = await sharp(half({ r: 30, g: 30, b: 220 }))
    .png()
    .toBuffer()
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000' } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: 2000, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Orientation: '6', Make: 'SecretCam', Model: 'Field Unit 7' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '27/1 28/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '153/1 1/1 4321/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

describe('the image pipeline', () => {
  let photo: Buffer
  let processed: ProcessedImage
  beforeAll(async () => {
    photo = await cameraPhoto()
    const metadata = await sharp(photo).metadata()
    // The fixture is what the test says it is.
    expect(metadata).toMatchObject({ width: 4000, height: 3000, orientation: 6, format: 'jpeg' })
    expect(metadata.exif?.includes(Buffer.from('SecretCam'))).toBe(true)
    processed = await processImage(photo)
  }, 120_000)

  it('turns a sideways 12-megapixel photo into AVIF and WebP at each width, upright', async () => {
    expect(processed).toMatchObject({ width: 3000, height: 4000 })
    expect(processed.variants.map((variant) => `${variant.format} ${variant.width}×${variant.height}`).sort()).toEqual(
      [
        'avif 320×427',
        'avif 640×853',
        'avif 960×1280',
        'avif 1280×1707',
        'avif 1600×2133',
        'webp 320×427',
        'webp 640×853',
        'webp 960×1280',
        'webp 1280×1707',
        'webp 1600×2133',
      ].sort(),
    )
    for (const variant of processed.variants) {
      const metadata = await sharp(variant.bytes).metadata()
      expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : 'webp')
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height])
      // Upright: red on top (the stored left half), blue below.
      const { data, info } = await sharp(variant.bytes).raw().toBuffer({ resolveWithObject: true })
      const pixel = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3))
      const [topRed, , topBlue] = pixel(Math.floor(info.width / 2), Math.floor(info.height / 8))
      const [bottomRed, , bottomBlue] = pixel(Math.floor(info.width / 2), Math.floor((info.height * 7) / 8))
      expect(topRed).toBeGreaterThan(150)
      expect(topBlue).toBeLessThan(100)
      expect(bottomBlue).toBeGreaterThan(150)
      expect(bottomRed).toBeLessThan(100)
    }
  })

  it('serves no metadata: no EXIF, GPS position, camera name or orientation in any file', async () => {
    for (const variant of processed.variants) {
      const metadata = await sharp(variant.bytes).metadata()
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(metadata.iptc).toBeUndefined()
      expect(metadata.orientation).toBeUndefined()
      expect(variant.bytes.includes(Buffer.from('SecretCam'))).toBe(false)
      expect(variant.bytes.includes(Buffer.from('Exif'))).toBe(false)
    }
    const placeholder = Buffer.from(processed.placeholder.replace(/^data:image\/webp;base64,/, ''), 'base64')
    expect(placeholder.length).toBeLessThan(1024)
    expect(placeholder.includes(Buffer.from('SecretCam'))).toBe(false)
  })

  it('keeps the phone-sized files small: the 640 px WebP and AVIF are well under 200 KB', () => {
    for (const variant of processed.variants.filter((each) => each.width <= 640)) expect(variant.bytes.length).toBeLessThan(200 * 1024)
  })

  it('never enlarges a small picture, and refuses what is not a photo, or too large, with a sentence for staff', async () => {
    expect(mediaWidths(200)).toEqual([200])
    expect(mediaWidths(1000)).toEqual([320, 640, 960])
    const small = await processImage(
      await sharp({ create: { width: 200, height: 100, channels: 4, background: '#0a0' } })
        .png()
        .toBuffer(),
    )
    expect(small.variants.map((variant) => `${variant.format} ${variant.width}×${variant.height}`)).toEqual(['avif 200×100', 'webp 200×100'])
    await expect(processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toThrow(ImageRefusedError)
    await expect(processImage(Buffer.from('not an image at all'))).rejects.toThrow(/JPEG, PNG, WebP or AVIF/)
    await expect(processImage(photo.subarray(0, photo.length / 3))).rejects.toThrow(ImageRefusedError)
    await expect(processImage(Buffer.alloc(MAX_IMAGE_BYTES + 1))).rejects.toThrow(/larger than 20 MB/)
  })
})
