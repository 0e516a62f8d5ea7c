/**
 * A large catalogue for `npm run bench`: the demo catalogue plus N extra products, written into an
 * embedded database BEFORE a shop starts on it (the same directory the shop will then open).
 *
 * Each extra product is a copy of a demo product of the same category under a new name (so it is a
 * valid product document with real images and texts), spread evenly over the five categories.
 * They are inserted in batches, each batch with its history rows in one transaction, as
 * createProduct does one by one (docs/domain.md, History).
 */
import {
  DEFAULT_LOGISTICS,
  DEFAULT_PLACEMENT,
  DEFAULT_STOCK_KEEPING,
  DEFAULT_WAS_PRICE,
  type Category,
  type Product,
  type ProductFields,
} from '../../app/lib/catalog.ts'
import { slugify } from '../../app/lib/slug.ts'
import { addDemoData } from '../../app/server/demo/demo-data.server.ts'
import { createScratchDatabase } from '../lib/scratch-database.ts'
import { openDatabase } from '../../app/server/db/client.server.ts'
import { history, products } from '../../app/server/db/schema.ts'
import { logger } from '../../app/server/log.server.ts'
import { demoProducts } from '../../db/seed/catalog.ts'

const BATCH = 250
const ACTOR = 'bench'

export interface LargeCatalogue {
  extra: number
  /** Extra products written per category. */
  perCategory: Record<string, number>
  /** Products per category afterwards, the demo ones included. */
  totals: Record<string, number>
  seconds: number
}

/** Into the embedded database in `dataDir`, or the PostgreSQL database at `databaseUrl` when given. */
export async function writeLargeCatalogue(dataDir: string, extra: number, databaseUrl?: string): Promise<LargeCatalogue> {
  const started = Date.now()
  // The measured shop runs in production, which adds no demo data of its own.
  await seedDemoData(dataDir, databaseUrl)
  const database = await openDatabase({ dataDir, role: 'command', databaseUrl })
  try {
    const byCategory = new Map<Category, ProductFields[]>()
    for (const fields of demoProducts) {
      const category = fields.productCategory as Category
      byCategory.set(category, [...(byCategory.get(category) ?? []), fields])
    }
    const categories = [...byCategory.keys()]
    const perCategory: Record<string, number> = {}
    const width = String(extra).length

    for (let start = 0; start < extra; start += BATCH) {
      const rows: (ProductFields & { id: string })[] = []
      for (let index = start; index < Math.min(extra, start + BATCH); index++) {
        const category = categories[index % categories.length]!
        const models = byCategory.get(category)!
        const model = models[Math.floor(index / categories.length) % models.length]!
        const productName = `${model.productName} Series ${String(index + 1).padStart(width, '0')}`
        perCategory[category] = (perCategory[category] ?? 0) + 1
        rows.push({ ...structuredClone(model), productName, id: slugify(productName) })
      }
      await database.db.transaction(async (tx) => {
        await tx.insert(products).values(rows)
        await tx.insert(history).values(
          rows.map(({ id, ...fields }) => {
            const document: Product = { FBUID: id, ...DEFAULT_LOGISTICS, ...DEFAULT_PLACEMENT, ...DEFAULT_WAS_PRICE, ...DEFAULT_STOCK_KEEPING, ...fields }
            return { collection: 'products', documentId: id, action: 'create' as const, document: { ...document }, updatedBy: ACTOR }
          }),
        )
      })
    }
    const totals = Object.fromEntries(categories.map((category) => [category, byCategory.get(category)!.length + (perCategory[category] ?? 0)]))
    return { extra, perCategory, totals, seconds: (Date.now() - started) / 1000 }
  } finally {
    await database.close()
  }
}

/** A new database on a PostgreSQL server, migrated and seeded with the demo data; `drop` removes it. */
export async function createSeededDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const scratch = await createScratchDatabase(adminUrl, 'unidrone_bench')
  await seedDemoData('', scratch.url)
  return scratch
}

/**
 * The demo shop's data, as `npm run db:seed` gives a production shop, in the embedded database in
 * `dataDir`, or the PostgreSQL database at `databaseUrl` when given.
 */
export async function seedDemoData(dataDir: string, databaseUrl?: string): Promise<void> {
  logger.level = 'warn'
  const database = await openDatabase({ dataDir, role: 'command', databaseUrl })
  try {
    await database.migrate()
    await addDemoData(database.db)
  } finally {
    await database.close()
  }
}
