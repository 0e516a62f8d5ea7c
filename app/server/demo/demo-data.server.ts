import { addDemoKits, addDemoPlacement, addDemoStockKeeping, addDemoVariants, catalogNeverWritten, seedCatalog } from '../catalog/seed.server.ts'
import type { Database } from '../db/client.server.ts'
import { addDemoDeliveryData } from '../delivery/demo-delivery.server.ts'
import { addDemoPromotions } from '../promotions/demo-promotions.server.ts'

/**
 * The demo shop's data, each part once (db/seed/): the catalogue when the database never held a
 * product, then what later versions brought (shipping and stock, placement, the kit offer, SKUs,
 * the battery pair, the mapping kit). The embedded demo gets it at start; a production shop only when
 * an operator asks (`npm run db:seed`). Returns what was added, in words for the log.
 */
export async function addDemoData(db: Database): Promise<string[]> {
  const added: string[] = []
  if (await catalogNeverWritten(db)) added.push(`the demo catalogue (${await seedCatalog(db)} products)`)
  if (await addDemoDeliveryData(db)) added.push('the demo shipping methods, weights and stock')
  if (await addDemoPlacement(db)) added.push('the demo featured products, related products and use-case pictures')
  if (await addDemoPromotions(db)) added.push('the demo kit offer')
  if (await addDemoStockKeeping(db)) added.push('the demo SKUs, barcodes and costs')
  if (await addDemoVariants(db)) added.push('the demo battery pair, a variant of the battery')
  if (await addDemoKits(db)) added.push('the demo E900 mapping kit')
  return added
}
