import { count, eq } from 'drizzle-orm'
import { demoProducts } from '../../../db/seed/catalog.ts'
import { slugify } from '../../lib/slug.ts'
import type { Database } from '../db/client.server.ts'
import { history } from '../db/schema.ts'
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
