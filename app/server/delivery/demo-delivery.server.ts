import { and, eq, isNull } from 'drizzle-orm'
import { demoLogistics, demoShippingMethods } from '../../../db/seed/delivery.ts'
import { addDemoDataOnce, SEED_ACTOR, updateDemoProduct } from '../catalog/seed.server.ts'
import type { Database } from '../db/client.server.ts'
import { products, shippingMethods } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { SHIPPING_COLLECTION } from './shipping-methods.server.ts'

const MARK = 'demo-delivery-data'

/**
 * Gives a demo shop its shipping methods and its products' weights and stock, once: a new database
 * right after seeding, and a demo database from before delivery existed on its next start. Methods
 * that exist are left alone, and so is a product whose weight or stock someone has already set.
 */
export function addDemoDeliveryData(db: Database): Promise<boolean> {
  return addDemoDataOnce(db, MARK, async (tx) => {
    for (const method of demoShippingMethods) {
      const [added] = await tx.insert(shippingMethods).values(method).onConflictDoNothing().returning({ id: shippingMethods.id })
      if (!added) continue
      const { id, ...fields } = method
      await recordHistory(tx, { collection: SHIPPING_COLLECTION, documentId: id, action: 'create', document: { FBUID: id, ...fields }, updatedBy: SEED_ACTOR })
    }
    for (const [productId, logistics] of Object.entries(demoLogistics)) {
      await updateDemoProduct(tx, productId, logistics, and(eq(products.productWeightGrams, 0), isNull(products.productStockOnHand))!)
    }
  })
}
