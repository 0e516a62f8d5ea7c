import { asc, eq } from 'drizzle-orm'
import { catalogWritten, noteCatalogChange } from '../catalog/catalog-events.server.ts'
import type { ShippingMethod } from '../../lib/delivery/shipping.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { shippingMethods } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'

export type ShippingMethodRow = typeof shippingMethods.$inferSelect
export const SHIPPING_COLLECTION = 'shipping-methods'

export function toShippingMethod(row: ShippingMethodRow): ShippingMethod {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    priceCents: row.priceCents,
    freeOverCents: row.freeOverCents,
    weightBands: row.weightBands,
    deliveryTime: row.deliveryTime,
    carriesLithium: row.carriesLithium,
    pickupAddress: row.pickupAddress,
    pickupHours: row.pickupHours,
  }
}

/** The methods a shopper may choose, in the order staff set. */
export async function listActiveShippingMethods(db: Executor): Promise<ShippingMethod[]> {
  const rows = await db.select().from(shippingMethods).where(eq(shippingMethods.active, true)).orderBy(asc(shippingMethods.position), asc(shippingMethods.name))
  return rows.map(toShippingMethod)
}

/** Every method, active or not, for the settings screen. */
export async function listShippingMethods(db: Executor): Promise<ShippingMethodRow[]> {
  return db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.name))
}

export async function getShippingMethod(db: Executor, id: string): Promise<ShippingMethodRow | null> {
  const [row] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id)).limit(1)
  return row ?? null
}

export type ShippingMethodInput = Omit<ShippingMethodRow, 'createdAt' | 'updatedAt'>

function methodDocument(row: ShippingMethodInput): Record<string, unknown> {
  const { id, ...fields } = row
  return { FBUID: id, ...fields }
}

/** A new method whose id (from its name) another method already has. */
export class ShippingMethodIdTakenError extends Error {
  override name = 'ShippingMethodIdTakenError'
}

/**
 * Creates a method (`create`: refused with ShippingMethodIdTakenError if its id is taken, even by a
 * method added a moment ago by someone else) or replaces one, with its history row, in one
 * transaction. Product pages price delivery from the methods, so cached pages are retired.
 */
export async function saveShippingMethod(
  db: Database,
  input: ShippingMethodInput,
  updatedBy: string | null,
  mode: 'create' | 'update' = 'update',
): Promise<void> {
  await db.transaction(async (tx) => {
    if (mode === 'create') {
      const [added] = await tx.insert(shippingMethods).values(input).onConflictDoNothing().returning({ id: shippingMethods.id })
      if (!added) throw new ShippingMethodIdTakenError(`A shipping method with the id "${input.id}" already exists.`)
    } else {
      await tx
        .update(shippingMethods)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(shippingMethods.id, input.id))
    }
    await recordHistory(tx, {
      collection: SHIPPING_COLLECTION,
      documentId: input.id,
      action: mode === 'create' ? 'create' : 'set',
      document: methodDocument(input),
      updatedBy,
    })
    await noteCatalogChange(tx)
  })
  catalogWritten()
}
