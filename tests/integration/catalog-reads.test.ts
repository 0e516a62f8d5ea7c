import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { DEFAULT_CATEGORY_QUERY } from '../../app/lib/category-query'
import { createCatalogReads } from '../../app/server/catalog/catalog-reads.server'
import { getEditableProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct } from '../../app/server/catalog/products.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { products } from '../../app/server/db/schema'
import { recordHistory } from '../../app/server/history/record.server'
import { testDatabaseKinds } from '../support/databases'

const base = demoProducts.find((product) => product.productCategory === 'propulsion')!

describe.each(testDatabaseKinds())('storefront catalogue reads kept in the process on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
    await createProduct(database.db, { ...base, productName: 'Kept Motor' }, 'staff@example.com')
  })
  afterAll(async () => {
    await database?.close()
  })

  it('answers from memory while the catalogue is unchanged, and shows a staff edit in this process at once', async () => {
    const reads = createCatalogReads(database.db)
    const first = await reads.product('kept-motor')
    expect(first?.product.productName).toBe('Kept Motor')
    expect(await reads.product('kept-motor'), 'the same answer, not a new read').toBe(first)

    const editable = (await getEditableProduct(database.db, 'kept-motor'))!
    const { FBUID, ...fields } = editable.product
    await updateProduct(
      database.db,
      FBUID,
      editable.version,
      { ...fields, productFeatures: [{ value: '', label: 'Quieter bearings', description: '' }] },
      'staff@example.com',
    )
    const after = await reads.product('kept-motor')
    expect(after?.product.productFeatures.map((feature) => feature.label)).toEqual(['Quieter bearings'])
    expect((await reads.categoryPage('propulsion', DEFAULT_CATEGORY_QUERY)).cards.map((card) => card.FBUID)).toContain('kept-motor')
  })

  it('asks the database once for the version, and once for the product, when many visitors arrive together', async () => {
    let selects = 0
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'select' || property === 'execute') selects++
        return Reflect.get(target, property, receiver)
      },
    })
    const reads = createCatalogReads(counting)
    const answers = await Promise.all(Array.from({ length: 16 }, () => reads.product('kept-motor')))
    expect(new Set(answers).size).toBe(1)
    expect(selects).toBe(2)
  })

  it('sees a write by another process (same database, no event here) within about a second', async () => {
    const reads = createCatalogReads(database.db)
    expect((await reads.product('kept-motor'))?.product.productName).toBe('Kept Motor')
    // Another process renames the motor's description: a row change and its history row, nothing else.
    await database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(products)
        .set({ productDescriptions: [{ value: '', label: 'About', description: 'Changed elsewhere' }] })
        .where(eq(products.id, 'kept-motor'))
        .returning()
      await recordHistory(tx, { collection: 'products', documentId: 'kept-motor', action: 'update', document: row!, updatedBy: 'other@example.com' })
    })
    expect((await reads.product('kept-motor'))?.product.productDescriptions[0]?.description, 'still the kept copy at once').not.toBe('Changed elsewhere')
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await reads.product('kept-motor'))?.product.productDescriptions[0]?.description).toBe('Changed elsewhere')
  })
})
