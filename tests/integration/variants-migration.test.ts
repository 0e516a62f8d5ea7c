import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { getProduct, getShownProduct, listCategoryPage } from '../../app/server/catalog/products.server'
import { priceCart } from '../../app/server/checkout/orders.server'
import { connectPostgres, openPglite, type Database, type DatabaseHandle } from '../../app/server/db/client.server'
import { createScratchDatabase } from '../../scripts/lib/scratch-database'

/** The migrations as they stood before variants (up to 0033), in a folder of their own. */
const before = mkdtempSync(path.join(tmpdir(), 'shop-before-variants-'))
cpSync('drizzle', before, { recursive: true })
const journalFile = path.join(before, 'meta', '_journal.json')
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] }
const VARIANTS_AT = journal.entries.findIndex((entry) => entry.tag.endsWith('_variants'))
writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, VARIANTS_AT) }))
afterAll(() => rmSync(before, { recursive: true, force: true }))

/** A database of each kind as a shop left it before variants came, and the migration that brings them. */
const kinds: { name: string; open(): Promise<{ handle: DatabaseHandle; migrateBefore(): Promise<void> }> }[] = [
  {
    name: 'pglite',
    async open() {
      const handle = await openPglite()
      return { handle, migrateBefore: () => migratePglite(handle.db as never, { migrationsFolder: before }) }
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres',
          async open() {
            const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_test')
            const handle = connectPostgres(scratch.url, { max: 2 })
            return {
              handle: { ...handle, close: async () => (await handle.close(), await scratch.drop()) },
              migrateBefore: () => migratePostgres(handle.db as never, { migrationsFolder: before }),
            }
          },
        },
      ]
    : []),
]

/** What the shop's rows were like: written as plain SQL, as the program of the time wrote them. */
async function shopBeforeVariants(db: Database) {
  await db.execute(sql`insert into products (id, product_name, stupid, product_category, product_prices, stock_on_hand, stock_reserved, sku, weight_grams)
    values ('old-battery', 'Old Battery', 'prod_OldBattery', 'parts-accessories', '[{"label":"Price","value":99900,"description":"price_1"}]', 7, 2, 'OLD-1', 2700)`)
  await db.execute(sql`insert into history (collection, document_id, action, document, updated_by)
    values ('products', 'old-battery', 'create', '{"FBUID":"old-battery","productName":"Old Battery"}', 'seed')`)
}

describe.each(kinds)('the migration to variants on $name', (kind) => {
  it('makes every product a product with one variant: the same id, address, price, stock, reservations and history', async () => {
    const { handle, migrateBefore } = await kind.open()
    try {
      await migrateBefore()
      await shopBeforeVariants(handle.db)
      await handle.migrate()

      const product = (await getProduct(handle.db, 'old-battery'))!
      expect(product).toMatchObject({
        FBUID: 'old-battery',
        productName: 'Old Battery',
        productStockOnHand: 7,
        productSku: 'OLD-1',
        productPrices: [{ value: 99_900, description: 'price_1' }],
      })
      // A product without options carries no variant fields: its document is what it was.
      expect(product).not.toHaveProperty('productVariants')
      const shown = (await getShownProduct(handle.db, 'old-battery'))!
      expect(shown).toMatchObject({ optionNames: [], variants: [], stock: { available: 5 } })
      const priced = await priceCart(handle.db, [{ FBUID: 'old-battery', productCount: 5 }])
      expect(priced.problems).toEqual([])
      expect(priced.lines).toMatchObject([{ productId: 'old-battery', productName: 'Old Battery', unitPriceCents: 99_900, priceId: 'price_1' }])
      const { cards } = await listCategoryPage(handle.db, 'parts-accessories', 1)
      expect(cards).toMatchObject([{ FBUID: 'old-battery', price: { value: 99_900 }, stock: { available: 5 } }])
      expect(cards[0]).not.toHaveProperty('hasVariants')
      const history = await handle.db.execute(sql`select count(*)::int as count from history where document_id = 'old-battery'`)
      expect((history as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(1)
    } finally {
      await handle.close()
    }
  })
})
