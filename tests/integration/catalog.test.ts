import { DEFAULT_LOGISTICS, DEFAULT_PLACEMENT, DEFAULT_STOCK_KEEPING, DEFAULT_WAS_PRICE } from '../../app/lib/catalog'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { CATEGORY_PAGE_SIZE } from '../../app/lib/catalog'
import { slugify } from '../../app/lib/slug'
import { DEFAULT_CATEGORY_QUERY } from '../../app/lib/category-query'
import { countProducts, createProduct, getProduct, listCategoryPage, listProductStamps, ProductIdTakenError } from '../../app/server/catalog/products.server'
import { addDemoPlacement, catalogNeverWritten, seedCatalog } from '../../app/server/catalog/seed.server'
import { demoPlacement } from '../../db/seed/placement'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history, products } from '../../app/server/db/schema'
import { testDatabaseKinds } from '../support/databases'

describe.each(testDatabaseKinds())('the catalogue on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })

  it('starts empty and never written, then seeds the whole demo catalogue with a history row each', async () => {
    expect(await countProducts(database.db)).toBe(0)
    expect(await catalogNeverWritten(database.db)).toBe(true)

    expect(await seedCatalog(database.db)).toBe(demoProducts.length)
    expect(await countProducts(database.db)).toBe(demoProducts.length)
    expect(await catalogNeverWritten(database.db)).toBe(false)

    const rows = await database.db.select().from(history)
    expect(rows).toHaveLength(demoProducts.length)
    expect(rows.every((row) => row.collection === 'products' && row.action === 'create' && row.updatedBy === 'seed')).toBe(true)
  })

  it('seeding again adds nothing and writes no history', async () => {
    expect(await seedCatalog(database.db)).toBe(0)
    expect(await database.db.$count(history)).toBe(demoProducts.length)
  })

  it('reads a product by id exactly as it was written', async () => {
    const e900 = await getProduct(database.db, 'unidrone-e900')
    const source = demoProducts.find((product) => product.productName === 'UniDrone E900')
    expect(e900).toEqual({ FBUID: 'unidrone-e900', ...DEFAULT_LOGISTICS, ...DEFAULT_PLACEMENT, ...DEFAULT_WAS_PRICE, ...DEFAULT_STOCK_KEEPING, ...source })
    expect(await getProduct(database.db, 'no-such-product')).toBeNull()
  })

  it('lists a category by name as cards: first image, card text and first price', async () => {
    const cameras = await listCategoryPage(database.db, 'cameras', 1)
    const expected = demoProducts.filter((product) => product.productCategory === 'cameras')
    expect(cameras.total).toBe(expected.length)
    expect(cameras.cards.map((card) => card.productName)).toEqual(expected.map((product) => product.productName).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    for (const card of cameras.cards) {
      const source = expected.find((product) => product.productName === card.productName)!
      expect(card).toEqual({
        FBUID: slugify(source.productName),
        productName: source.productName,
        category: 'cameras',
        image: source.productImages[0],
        cardText: source.productDescriptions[5]!.description,
        price: source.productPrices[0],
        stock: { available: null, allowBackorder: false, leadTime: '' },
      })
    }
    expect((await listCategoryPage(database.db, 'propulsion', 1)).total).toBe(demoProducts.filter((product) => product.productCategory === 'propulsion').length)
  })

  it('lists every product of the shop (/products) with a category page’s sort and filters', async () => {
    const all = await listCategoryPage(database.db, null, { ...DEFAULT_CATEGORY_QUERY, sort: 'price-asc' })
    expect(all.total).toBe(demoProducts.length)
    const shown = all.cards.map((card) => card.price?.value ?? Number.POSITIVE_INFINITY)
    expect(shown).toEqual([...shown].sort((a, b) => a - b))
    expect(new Set(all.cards.map((card) => card.category)).size).toBe(new Set(demoProducts.map((product) => product.productCategory)).size)
    const cheap = await listCategoryPage(database.db, null, { ...DEFAULT_CATEGORY_QUERY, maxCents: 10_000 })
    expect(cheap.total).toBe(demoProducts.filter((product) => (product.productPrices[0]?.value ?? Infinity) <= 10_000).length)
  })

  it('lists every product for the sitemap', async () => {
    const stamps = await listProductStamps(database.db)
    expect(stamps.map((stamp) => stamp.id).sort()).toEqual(demoProducts.map((product) => slugify(product.productName)).sort())
    expect(stamps.every((stamp) => stamp.updatedAt instanceof Date)).toBe(true)
  })

  it('refuses a product whose id is taken, leaving the stored one and the history untouched', async () => {
    const before = await getProduct(database.db, 'unidrone-e900')
    const historyBefore = await database.db.$count(history)
    const impostor = { ...demoProducts[0]!, productName: '  UNIDRONE e900 ', productPrices: [{ value: 1, label: 'Price', description: '' }] }

    await expect(createProduct(database.db, impostor, 'staff@example.com')).rejects.toBeInstanceOf(ProductIdTakenError)
    expect(await getProduct(database.db, 'unidrone-e900')).toEqual(before)
    expect(await database.db.$count(history)).toBe(historyBefore)
  })

  it('creates a product and its history row in one transaction, naming who wrote it', async () => {
    const fields = { ...demoProducts[0]!, productName: 'Test Autopilot Mk II', productCategory: 'autopilots' as const }
    const product = await createProduct(database.db, fields, null)
    expect(product.FBUID).toBe('test-autopilot-mk-ii')
    const [row] = await database.db.select().from(history).where(eq(history.documentId, 'test-autopilot-mk-ii'))
    expect(row?.updatedBy).toBe('no user found')
    expect(row?.document).toEqual(product)
  })

  it('pages a long category by name, 24 cards a page, each product on exactly one page', async () => {
    const extra = Array.from({ length: 30 }, (_, index) => ({
      ...demoProducts.find((product) => product.productCategory === 'propulsion')!,
      productName: `Paged Motor ${String(index).padStart(2, '0')}`,
    }))
    for (const fields of extra) await createProduct(database.db, fields, 'test')
    const first = await listCategoryPage(database.db, 'propulsion', 1)
    const second = await listCategoryPage(database.db, 'propulsion', 2)
    expect(first.cards).toHaveLength(CATEGORY_PAGE_SIZE)
    expect(second.total).toBe(first.total)
    const names = [...first.cards, ...second.cards].map((card) => card.productName)
    expect(names).toHaveLength(first.total)
    expect(new Set(names).size).toBe(names.length)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    expect((await listCategoryPage(database.db, 'propulsion', 3)).cards).toEqual([])
  })

  it('gives the demo products their featured marks, related products and use-case pictures once, keeping what staff chose', async () => {
    // Staff chose the X7's related products before this demo data came.
    await database.db
      .update(products)
      .set({ productRelated: ['unicam-f1-fpv-camera'] })
      .where(eq(products.id, 'unipilot-x7-pro'))
    const historyBefore = await database.db.$count(history)
    expect(await addDemoPlacement(database.db)).toBe(true)
    expect(await getProduct(database.db, 'unidrone-e900')).toMatchObject({
      productFeatured: true,
      productUseCases: true,
      productRelated: demoPlacement['unidrone-e900']!.productRelated,
    })
    expect(await getProduct(database.db, 'unipilot-x7-pro')).toMatchObject({ productFeatured: false, productRelated: ['unicam-f1-fpv-camera'] })
    expect(await getProduct(database.db, 'uniesc-80a-foc')).toMatchObject({ productFeatured: false, productUseCases: false, productRelated: [] })
    const written = await database.db.select().from(history).where(eq(history.updatedBy, 'seed'))
    expect(written.filter((row) => row.action === 'update' && row.documentId === 'unidrone-e900')).toHaveLength(1)
    expect(await database.db.$count(history)).toBe(historyBefore + demoProducts.length - 1)
    // Once: a later start (or staff unmarking the E900) changes nothing.
    await database.db.update(products).set({ productFeatured: false }).where(eq(products.id, 'unidrone-e900'))
    expect(await addDemoPlacement(database.db)).toBe(false)
    expect(await getProduct(database.db, 'unidrone-e900')).toMatchObject({ productFeatured: false })
  })
})
