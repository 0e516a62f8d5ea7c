import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { slugify } from '../../app/lib/slug'
import { parseMediaImageUrl } from '../../app/lib/media'
import { createProduct } from '../../app/server/catalog/products.server'
import { demoProducts } from '../../db/seed/catalog'
import { CAMERA_NAME, cameraPhoto } from '../../scripts/lib/camera-photo'
import { expect, test } from './fixtures'
import { addStaff, logInAsStaff, uniqueEmail, withShopDatabase } from './support/shop'

/** A staff member uploads a 12-megapixel camera photo (sideways, with its GPS position) and a product shows it. */
async function productWithCameraPhoto(page: Page): Promise<{ path: string; imageId: string }> {
  const email = uniqueEmail('photo-staff')
  await logInAsStaff(page, email, addStaff(email))
  const photo = await cameraPhoto()
  expect(photo.length).toBeGreaterThan(3_000_000)
  const upload = await page.request.post('/api/uploads', { multipart: { file: { name: 'DJI_0042.JPG', mimeType: 'image/jpeg', buffer: photo } } })
  expect(upload.status()).toBe(201)
  const { url } = (await upload.json()) as { url: string }
  const image = parseMediaImageUrl(url)
  // Upright: the camera stored it sideways.
  expect(image).toMatchObject({ width: 3000, height: 4000 })
  const name = `Survey Drone ${Date.now().toString(36)}`
  await withShopDatabase((database) =>
    createProduct(
      database.db,
      { ...demoProducts[0]!, productName: name, productStatus: 'active', productFeatured: false, productImages: [{ value: url, label: 'The survey drone over the hills', description: '' }] },
      email,
    ),
  )
  return { path: `/product/${slugify(name)}`, imageId: image!.id }
}

test('a phone at 390 px downloads a product photo of its own size, as AVIF, without the camera’s metadata', async ({ page, browser }) => {
  test.setTimeout(120_000)
  const { path, imageId } = await productWithCameraPhoto(page)

  // A phone with a 3× screen, as most are: the largest case for "its own size".
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  const visitor = await phone.newPage()
  const files: { url: string; type: string; bytes: Buffer }[] = []
  visitor.on('response', async (response) => {
    if (!response.url().includes(`/media/${imageId}/`)) return
    files.push({ url: response.url(), type: response.headers()['content-type'] ?? '', bytes: Buffer.from(await response.body()) })
  })
  await visitor.goto(path)
  const main = visitor.getByTestId('main-image')
  await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
  // The page keeps the photo's room before it arrives, and shows its blurred placeholder meanwhile.
  expect(await main.getAttribute('width')).toBe('3000')
  expect(await main.getAttribute('height')).toBe('4000')
  expect(await main.evaluate((image) => getComputedStyle(image).backgroundImage)).toMatch(/^url\("data:image\/webp;base64,/)
  const chosen = await main.evaluate((image: HTMLImageElement) => image.currentSrc)
  expect(chosen).toMatch(new RegExp(`/media/${imageId}/1280\\.avif$`))

  await expect.poll(() => files.length).toBeGreaterThan(0)
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0)
  expect(total, files.map((file) => `${file.url} ${file.bytes.length}`).join('\n')).toBeLessThanOrEqual(200 * 1024)
  for (const file of files) {
    expect(file.type).toMatch(/^image\/(avif|webp)$/)
    expect((await sharp(file.bytes).metadata()).exif, file.url).toBeUndefined()
    expect(file.bytes.includes(Buffer.from(CAMERA_NAME)), file.url).toBe(false)
  }
  // Nothing sideways: the page shows the photo taller than wide, as it was taken.
  const served = await sharp(files[0]!.bytes).metadata()
  expect(served.height!).toBeGreaterThan(served.width!)
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  if (process.env.CATALOG_SHOTS) await visitor.screenshot({ path: `${process.env.CATALOG_SHOTS}/product-photo-390.png` })
  await phone.close()
})
