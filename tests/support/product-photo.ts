import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { parseMediaImageUrl } from '../../app/lib/media'
import { getProduct } from '../../app/server/catalog/products.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { mediaVariants, products } from '../../app/server/db/schema'
import { databaseImageFiles } from '../../app/server/images/file-store.server'
import { readImageFile, storeImage, type StoredImage } from '../../app/server/images/media.server'

/** A 700 × 500 photo: its files are AVIF and WebP at 320 and 640 pixels wide. */
export const photo = (colour = { r: 200, g: 90, b: 30 }, width = 700, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([
      {
        input: { create: { width: Math.round(width / 3), height: Math.round(height / 3), channels: 3, background: { r: 20, g: 60, b: 160 } } },
        left: 40,
        top: 30,
      },
    ])
    .jpeg()
    .toBuffer()

export const PHOTO_PRODUCT = 'unicam-f1-fpv-camera'

/** An uploaded photo, shown first on a product (as the product form would save it). */
export async function addProductPhoto(database: DatabaseHandle): Promise<StoredImage> {
  const image = await storeImage(database.db, databaseImageFiles, await photo())
  const [product] = await database.db.select({ productImages: products.productImages }).from(products).where(eq(products.id, PHOTO_PRODUCT))
  const productImages = [{ value: image.url, label: 'UniCam F1 on the bench', description: '' }, ...product!.productImages]
  await database.db.update(products).set({ productImages }).where(eq(products.id, PHOTO_PRODUCT))
  return image
}

/** Every file of an image as stored: its name, its size and its bytes. */
export async function imageFiles(database: DatabaseHandle, id: string) {
  const rows = await database.db
    .select({ format: mediaVariants.format, width: mediaVariants.width, height: mediaVariants.height })
    .from(mediaVariants)
    .where(eq(mediaVariants.mediaId, id))
    .orderBy(asc(mediaVariants.format), asc(mediaVariants.width))
  return Promise.all(
    rows.map(async (row) => ({ ...row, bytes: (await readImageFile(database.db, databaseImageFiles, id, `${row.width}.${row.format}`))!.bytes })),
  )
}

/** The product's first image, read through its address as a page would. */
export async function productPhoto(database: DatabaseHandle) {
  const product = await getProduct(database.db, PHOTO_PRODUCT)
  const address = parseMediaImageUrl(product!.productImages[0]!.value)
  if (!address) return null
  return { address, file: await readImageFile(database.db, databaseImageFiles, address.id, '640.webp') }
}
