import sharp from 'sharp'

/**
 * A stand-in for a phone camera's photo, made here (no photo files in the repository): 4000 × 3000
 * pixels of sky, hills and sensor noise, a JPEG of about 3.4 MB stored sideways (EXIF orientation 6:
 * upright it is 3000 × 4000) and carrying a GPS position and a camera name, as real uploads do. For
 * the image tests and the Lighthouse audit of a product page with an uploaded photo.
 */
export const CAMERA_NAME = 'SecretCam 9000'

export async function cameraPhoto(width = 4000, height = 3000): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3)
  let seed = 1
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 24
  const clamp = (value: number) => Math.max(0, Math.min(255, value))
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = (y * width + x) * 3
      const n = noise()
      const hill = y > height * 0.6 + Math.sin(x / 300) * (height / 15)
      raw[index] = clamp((hill ? 60 + x / 80 : 90 + y / 20) + n)
      raw[index + 1] = clamp((hill ? 120 + Math.sin(x / 50) * 20 : 150 + y / 25) + n)
      raw[index + 2] = clamp((hill ? 50 : 230 - y / 30) + n)
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: CAMERA_NAME },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '27/1 28/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '153/1 1/1 30/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}
