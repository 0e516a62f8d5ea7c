import { inArray } from 'drizzle-orm'
import { addDemoDataOnce, SEED_ACTOR } from '../catalog/seed.server.ts'
import type { Database } from '../db/client.server.ts'
import { products, promotions } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { promotionDocument } from './promotions.server.ts'

const MARK = 'demo-promotions-data'

/** The demo's one offer: the E900 with two of its batteries, 5 % off those lines, by itself (docs/domain.md, Promotions). */
export const DEMO_KIT_OFFER = {
  id: 'e900-flight-kit',
  kind: 'offer' as const,
  name: 'E900 flight kit: 5 % off the drone with two batteries',
  benefit: 'percent' as const,
  percentBp: 500,
  kit: [
    { productId: 'unidrone-e900', quantity: 1 },
    { productId: 'unicell-6s-22000-mah-smart-battery', quantity: 2 },
  ],
}

/**
 * Gives a demo shop its kit offer, once: a new database right after seeding, and a demo database from
 * before promotions existed on its next start. Left out when staff removed either product; an offer
 * already there (staff's own) is left as it is.
 */
export function addDemoPromotions(db: Database): Promise<boolean> {
  return addDemoDataOnce(db, MARK, async (tx) => {
    const ids = DEMO_KIT_OFFER.kit.map((item) => item.productId)
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))
    if (found.length !== ids.length) return
    const [added] = await tx.insert(promotions).values(DEMO_KIT_OFFER).onConflictDoNothing().returning()
    if (!added) return
    await recordHistory(tx, { collection: 'promotions', documentId: added.id, action: 'create', document: promotionDocument(added), updatedBy: SEED_ACTOR })
  })
}
