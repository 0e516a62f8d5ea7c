import { and, eq, isNull, sql } from 'drizzle-orm'
import { demoLogistics, demoShippingMethods } from '../../../db/seed/delivery.ts'
import { catalogWritten } from '../catalog/catalog-events.server.ts'
import { getProduct } from '../catalog/products.server.ts'
import { SEED_ACTOR } from '../catalog/seed.server.ts'
import type { Database } from '../db/client.server.ts'
import { products, shippingMethods, shopSettings } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { SHIPPING_COLLECTION } from './shipping-methods.server.ts'

const MARK = 'demo-delivery-data'

/**
 * Gives a demo shop its shipping methods and its products' weights and stock, once: a new database
 * right after seeding, and a demo database from before delivery existed on its next start. Methods
 * that exist are left alone, and so is a product whose weight or stock someone has already set.
 */
export async function addDemoDeliveryData(db: Database): Promise<boolean> {
  const [done] = await db.select().from(shopSettings).where(eq(shopSettings.key, MARK))
  if (done) return false
  await db.transaction(async (tx) => {
    for (const method of demoShippingMethods) {
      const [added] = await tx.insert(shippingMethods).values(method).onConflictDoNothing().returning({ id: shippingMethods.id })
      if (!added) continue
      const { id, ...fields } = method
      await recordHistory(tx, { collection: SHIPPING_COLLECTION, documentId: id, action: 'create', document: { FBUID: id, ...fields }, updatedBy: SEED_ACTOR })
    }
    for (const [productId, logistics] of Object.entries(demoLogistics)) {
      const [changed] = await tx
        .update(products)
        .set({ ...logistics, version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(and(eq(products.id, productId), eq(products.productWeightGrams, 0), isNull(products.productStockOnHand)))
        .returning({ id: products.id })
      if (!changed) continue
      const product = (await getProduct(tx, productId))!
      await recordHistory(tx, { collection: 'products', documentId: productId, action: 'update', document: { ...product }, updatedBy: SEED_ACTOR })
    }
    await tx.insert(shopSettings).values({ key: MARK, value: { at: new Date().toISOString() } })
  })
  catalogWritten()
  return true
}
