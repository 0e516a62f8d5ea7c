import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { demoProducts } from '../../../db/seed/catalog.ts'
import { demoPlacement } from '../../../db/seed/placement.ts'
import { demoStockKeeping } from '../../../db/seed/stock-keeping.ts'
import { demoVariants } from '../../../db/seed/variants.ts'
import { demoKits } from '../../../db/seed/kits.ts'
import { DEFAULT_PLACEMENT, type Product } from '../../lib/catalog.ts'
import { slugify } from '../../lib/slug.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { history, products, shopSettings } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { catalogWritten } from './catalog-events.server.ts'
import { createProduct, getProduct } from './products.server.ts'

export const SEED_ACTOR = 'seed'

/**
 * Adds every demo product that is missing; products already there (perhaps edited by staff) are
 * left as they are, so seeding twice changes nothing. Returns how many were added.
 */
export async function seedCatalog(db: Database): Promise<number> {
  let added = 0
  for (const fields of demoProducts) {
    if (await getProduct(db, slugify(fields.productName))) continue
    await createProduct(db, fields, SEED_ACTOR)
    added++
  }
  return added
}

/**
 * A shop that has never had a product written gets the demo catalogue at start-up. One whose
 * staff deleted every product has history rows and is left empty.
 */
export async function catalogNeverWritten(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(history).where(eq(history.collection, 'products'))
  return (row?.total ?? 0) === 0
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * Demo data that came after the catalogue (shipping and stock, placement) is added once: to a new
 * database right after seeding, and to a demo database made before it existed on its next start.
 * `mark` names the addition in the shop's settings. Returns whether it ran now.
 */
export async function addDemoDataOnce(db: Database, mark: string, work: (tx: Transaction) => Promise<void>): Promise<boolean> {
  const [done] = await db.select().from(shopSettings).where(eq(shopSettings.key, mark))
  if (done) return false
  await db.transaction(async (tx) => {
    await work(tx)
    await tx.insert(shopSettings).values({ key: mark, value: { at: new Date().toISOString() } })
  })
  catalogWritten()
  return true
}

/** Sets demo fields on a demo product still as `untouched` says (nobody has set them), with its history row. */
export async function updateDemoProduct(tx: Executor, productId: string, fields: Partial<Product>, untouched: SQL): Promise<void> {
  const [changed] = await tx
    .update(products)
    .set({ ...fields, version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), untouched))
    .returning({ id: products.id })
  if (!changed) return
  await recordProductWrite(tx, productId)
}

/** The history row of a demo product's update, as the seed wrote it. */
async function recordProductWrite(tx: Executor, productId: string) {
  const product = (await getProduct(tx, productId))!
  await recordHistory(tx, { collection: 'products', documentId: productId, action: 'update', document: { ...product }, updatedBy: SEED_ACTOR })
}

/**
 * Gives the demo products their SKUs, barcodes and costs (db/seed/stock-keeping.ts), once, leaving alone
 * any product whose SKU, barcode or cost staff have set.
 */
export function addDemoStockKeeping(db: Database): Promise<boolean> {
  return addDemoDataOnce(db, 'demo-stock-keeping-data', async (tx) => {
    const codes = demoStockKeeping(demoProducts)
    for (const [productId, fields] of Object.entries(codes)) {
      await updateDemoProduct(tx, productId, fields, and(eq(products.productSku, ''), eq(products.productBarcode, ''), isNull(products.productCostCents))!)
    }
  })
}

/**
 * Gives the demo products their featured mark, related products and use-case pictures
 * (db/seed/placement.ts), leaving alone any product whose featured mark or related products staff
 * have set.
 */
export function addDemoPlacement(db: Database): Promise<boolean> {
  return addDemoDataOnce(db, 'demo-placement-data', async (tx) => {
    for (const fields of demoProducts) {
      const productId = slugify(fields.productName)
      // Where it is shown, not whether it is in the shop: the status is left as it is.
      const { productStatus: _status, ...defaults } = DEFAULT_PLACEMENT
      const placement = { ...defaults, ...demoPlacement[productId] }
      await updateDemoProduct(tx, productId, placement, and(eq(products.productFeatured, false), sql`cardinality(${products.productRelated}) = 0`)!)
    }
  })
}

/**
 * Gives the demo battery its options and its second variant (db/seed/variants.ts), once, leaving
 * alone a product whose options staff have set (or that is no longer there).
 */
export function addDemoVariants(db: Database): Promise<boolean> {
  return addDemoDataOnce(db, 'demo-variants-data', async (tx) => {
    for (const demo of demoVariants) {
      const [product] = await tx
        .update(products)
        .set({ optionNames: demo.optionNames, optionValues: demo.firstValues, version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(and(eq(products.id, demo.productId), isNull(products.parentId), sql`cardinality(${products.optionNames}) = 0`))
        .returning({ name: products.productName, stupid: products.STUPID, category: products.productCategory, lithium: products.productContainsLithium })
      if (!product) continue
      for (const [index, variant] of demo.variants.entries()) {
        await tx
          .insert(products)
          .values({
            id: variant.id,
            parentId: demo.productId,
            variantPosition: index + 1,
            optionValues: variant.optionValues,
            // Name, category, Stripe product id and status are the product's (a trigger keeps them so).
            productName: product.name,
            STUPID: product.stupid,
            productCategory: product.category,
            productPrices: [{ label: '', value: variant.priceCents, description: '' }],
            productStockOnHand: variant.stockOnHand,
            productWeightGrams: variant.weightGrams,
            productContainsLithium: product.lithium,
            productSku: variant.sku,
            productBarcode: variant.barcode,
            productCostCents: variant.costCents,
          })
          .onConflictDoNothing()
      }
      await recordProductWrite(tx, demo.productId)
    }
  })
}

/**
 * Adds the demo kit (db/seed/kits.ts) once, when each of its components is in the catalogue and no
 * product has its name yet.
 */
export function addDemoKits(db: Database): Promise<boolean> {
  return addDemoDataOnce(db, 'demo-kits-data', async (tx) => {
    for (const kit of demoKits) {
      const id = slugify(kit.fields.productName)
      const ids = kit.components.map((component) => component.productId)
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, [id, ...ids]))
      if (found.some((row) => row.id === id) || found.length !== ids.length) continue
      await tx.insert(products).values({ ...kit.fields, id, productKitComponents: kit.components })
      const product = (await getProduct(tx, id))!
      await recordHistory(tx, { collection: 'products', documentId: id, action: 'create', document: { ...product }, updatedBy: SEED_ACTOR })
    }
  })
}
