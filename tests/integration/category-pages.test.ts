import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { CATEGORY_PAGE_SIZE, type ProductCard } from '../../app/lib/catalog'
import { categoryQueryOf, DEFAULT_CATEGORY_QUERY, type CategoryQuery } from '../../app/lib/category-query'
import { availabilityOf } from '../../app/lib/stock'
import { slugify } from '../../app/lib/slug'
import { createCatalogReads } from '../../app/server/catalog/catalog-reads.server'
import { listCategoryPage } from '../../app/server/catalog/products.server'
import { listAlsoBoughtCards, listFeaturedCards, listRelatedCards, RELATED_SHOWN } from '../../app/server/catalog/related.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { orderLines, orders, productRedirects, products } from '../../app/server/db/schema'
import { eq, inArray } from 'drizzle-orm'
import { testDatabaseKinds } from '../support/databases'

/** Extra propulsion products, so the category spans several pages with every kind of stock and price. */
const EXTRA = 60
const base = demoProducts.find((product) => product.productCategory === 'propulsion')!

/** Product i: price $10 + i × $7.50 (none for every 15th), tracked stock of 0–3 units (every 4th untracked), some on backorder. */
function extraRow(index: number) {
  const productName = `Bench Motor ${String(index).padStart(3, '0')}`
  const stock = index % 4 === 0 ? null : index % 4
  const soldOut = index % 7 === 0
  return {
    ...base,
    id: slugify(productName),
    productName,
    productPrices: index % 15 === 0 ? [] : [{ value: 1000 + index * 750, label: 'Price', description: '' }],
    productStockOnHand: soldOut ? 0 : stock,
    productAllowBackorder: soldOut && index % 2 === 0,
    productBackorderLeadTime: soldOut && index % 2 === 0 ? '2 weeks' : '',
    // One unit of product 5 is held by a payment under way: it has 1 on hand but none available.
    stockReserved: index === 5 ? 1 : 0,
    // Added after the demo catalogue, one a minute: product 60 is the newest.
    createdAt: new Date(Date.now() + 60_000 + index * 60_000),
  }
}

const view = (query: string): CategoryQuery => categoryQueryOf(new URLSearchParams(query))!
const price = (card: ProductCard) => card.price?.value ?? null
const availableNow = (card: ProductCard) => ['in-stock', 'low'].includes(availabilityOf(card.stock).kind)

describe.each(testDatabaseKinds())('category pages on $name', (kind) => {
  let database: DatabaseHandle
  /** Every propulsion card, read once in name order across all pages (the oracle for the views). */
  let all: ProductCard[]

  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
    await database.db.insert(products).values(Array.from({ length: EXTRA }, (_, index) => extraRow(index + 1)))
    all = []
    for (let page = 1; ; page++) {
      const { cards } = await listCategoryPage(database.db, 'propulsion', { ...view('sort=name'), page })
      if (cards.length === 0) break
      all.push(...cards)
    }
  }, 60_000)
  afterAll(async () => {
    await database?.close()
  })

  async function everyPage(query: string): Promise<{ cards: ProductCard[]; totals: number[] }> {
    const cards: ProductCard[] = []
    const totals: number[] = []
    for (let page = 1; page < 20; page++) {
      const answer = await listCategoryPage(database.db, 'propulsion', { ...view(query), page })
      totals.push(answer.total)
      if (answer.cards.length === 0) break
      expect(answer.cards.length).toBeLessThanOrEqual(CATEGORY_PAGE_SIZE)
      cards.push(...answer.cards)
    }
    return { cards, totals }
  }

  it('counts the whole category and pages it 24 at a time; past the last page there are no cards', async () => {
    const inCategory = demoProducts.filter((product) => product.productCategory === 'propulsion').length + EXTRA
    expect(all).toHaveLength(inCategory)
    const first = await listCategoryPage(database.db, 'propulsion', DEFAULT_CATEGORY_QUERY)
    expect(first.total).toBe(inCategory)
    expect(first.cards).toHaveLength(CATEGORY_PAGE_SIZE)
    const lastPage = Math.ceil(inCategory / CATEGORY_PAGE_SIZE)
    const last = await listCategoryPage(database.db, 'propulsion', { ...DEFAULT_CATEGORY_QUERY, page: lastPage })
    expect(last.cards).toHaveLength(inCategory - (lastPage - 1) * CATEGORY_PAGE_SIZE)
    const beyond = await listCategoryPage(database.db, 'propulsion', { ...DEFAULT_CATEGORY_QUERY, page: lastPage + 1 })
    expect(beyond).toEqual({ cards: [], total: inCategory })
  })

  it('every sort lists each product once, across pages', async () => {
    for (const sort of ['featured', 'price-asc', 'price-desc', 'name', 'newest']) {
      const { cards } = await everyPage(`sort=${sort}`)
      expect(cards.map((card) => card.FBUID).sort(), sort).toEqual(all.map((card) => card.FBUID).sort())
    }
  })

  it('sorts by the shown price (the first price entry) up and down, products without a price last', async () => {
    const up = (await everyPage('sort=price-asc')).cards
    const down = (await everyPage('sort=price-desc')).cards
    const priced = all.filter((card) => price(card) !== null).map((card) => price(card)!)
    expect(up.map(price).slice(0, priced.length)).toEqual([...priced].sort((a, b) => a - b))
    expect(down.map(price).slice(0, priced.length)).toEqual([...priced].sort((a, b) => b - a))
    expect(up.slice(priced.length).every((card) => price(card) === null)).toBe(true)
    expect(down.slice(priced.length).every((card) => price(card) === null)).toBe(true)
  })

  it('featured puts what can be bought now first, then by name; newest by when it was added', async () => {
    const featured = (await everyPage('')).cards
    const now = all.filter(availableNow)
    expect(featured.slice(0, now.length).map((card) => card.FBUID)).toEqual(now.map((card) => card.FBUID))
    expect(featured.slice(now.length).some(availableNow)).toBe(false)
    const newest = (await everyPage('sort=newest')).cards
    expect(newest.slice(0, 3).map((card) => card.productName)).toEqual(['Bench Motor 060', 'Bench Motor 059', 'Bench Motor 058'])
  })

  it('in stock only keeps untracked products and those with units not reserved, as the cards say', async () => {
    const { cards, totals } = await everyPage('stock=in&sort=name')
    const expected = all.filter(availableNow)
    expect(cards.map((card) => card.FBUID)).toEqual(expected.map((card) => card.FBUID))
    expect(totals[0]).toBe(expected.length)
    expect(cards.some((card) => card.stock.available === null)).toBe(true)
    // One on hand, one reserved: not available now.
    expect(cards.map((card) => card.FBUID)).not.toContain('bench-motor-005')
    expect(cards.some((card) => availabilityOf(card.stock).kind === 'backorder')).toBe(false)
  })

  it('a price range keeps products priced within it (both ends included) and with a price', async () => {
    const { cards, totals } = await everyPage('min=100&max=250&sort=price-asc')
    const expected = all.filter((card) => price(card) !== null && price(card)! >= 10_000 && price(card)! <= 25_000)
    expect(cards.map((card) => card.FBUID).sort()).toEqual(expected.map((card) => card.FBUID).sort())
    expect(totals[0]).toBe(expected.length)
    // Products 12 ($100) and 32 ($250) sit on the bounds.
    expect(cards.map(price)).toEqual(expect.arrayContaining([10_000, 25_000]))
    // Filters together; a range with nothing in it is an empty first page.
    const both = await listCategoryPage(database.db, 'propulsion', view('min=100&max=250&stock=in'))
    expect(both.total).toBe(expected.filter(availableNow).length)
    expect(await listCategoryPage(database.db, 'propulsion', view('min=900000'))).toEqual({ cards: [], total: 0 })
  })

  it('the catalogue reads keep one answer per view, whatever the spelling of its query string', async () => {
    const reads = createCatalogReads(database.db)
    const one = reads.categoryPage('propulsion', view('sort=price-desc&stock=in&utm_source=mail'))
    const same = reads.categoryPage('propulsion', view('stock=true&sort=price-desc'))
    expect(await same).toBe(await one)
    expect(await reads.categoryPage('propulsion', view('sort=price-asc&stock=in'))).not.toBe(await one)
  })

  it('a product page’s related cards: its range, not itself, available now first, nearest in price', async () => {
    const related = await listRelatedCards(database.db, 'bench-motor-020')
    expect(related).toHaveLength(RELATED_SHOWN)
    expect(related.map((card) => card.FBUID)).not.toContain('bench-motor-020')
    expect(related.every((card) => all.some((one) => one.FBUID === card.FBUID))).toBe(true)
    expect(related.every(availableNow)).toBe(true)
    // $160 is product 20's price; its available neighbours in price come first.
    const distance = related.map((card) => Math.abs((price(card) ?? 0) - 16_000))
    expect(distance).toEqual([...distance].sort((a, b) => a - b))
    expect(await listRelatedCards(database.db, 'no-such-product')).toEqual([])
  })

  it('customers also bought: from paid orders only, the most shared first, each order counted once', async () => {
    expect(await listAlsoBoughtCards(database.db, 'bench-motor-020')).toEqual([])
    const order = async (id: string, status: 'paid' | 'pending', productIds: string[]) => {
      await database.db.insert(orders).values({ id, status, totalCents: 100, gstCents: 9, provider: 'demo' })
      await database.db.insert(orderLines).values(
        productIds.map((productId, position) => ({
          orderId: id,
          position,
          productId,
          productName: productId,
          unitPriceCents: 100,
          quantity: 1,
          lineTotalCents: 100,
          gstCents: 9,
        })),
      )
    }
    await order('also-1', 'paid', ['bench-motor-020', 'bench-motor-021', 'bench-motor-022'])
    await order('also-2', 'paid', ['bench-motor-020', 'bench-motor-022', 'bench-motor-022'])
    await order('also-3', 'pending', ['bench-motor-020', 'bench-motor-023', 'bench-motor-023'])
    await order('also-4', 'paid', ['bench-motor-021', 'bench-motor-024'])
    await order('also-5', 'paid', ['bench-motor-020', 'gone-product'])
    expect((await listAlsoBoughtCards(database.db, 'bench-motor-020')).map((card) => card.FBUID)).toEqual(['bench-motor-022', 'bench-motor-021'])
  })

  it('related products staff chose come in their order, a renamed one under its new id, a deleted one and the product itself left out', async () => {
    await database.db.insert(productRedirects).values({ fromId: 'old-motor-name', toId: 'bench-motor-040' })
    const chosen = ['bench-motor-030', 'gone-product', 'old-motor-name', 'bench-motor-010', 'uniesc-80a-foc']
    await database.db.update(products).set({ productRelated: chosen }).where(eq(products.id, 'bench-motor-010'))
    expect((await listRelatedCards(database.db, 'bench-motor-010')).map((card) => card.FBUID)).toEqual(['bench-motor-030', 'bench-motor-040', 'uniesc-80a-foc'])
    await database.db.update(products).set({ productRelated: [] }).where(eq(products.id, 'bench-motor-010'))
  })

  it('the home page features the products staff mark, most recently changed first, or else the newest; featured leads its range', async () => {
    // None marked: the newest products (the extras were added last, 60 the newest).
    expect((await listFeaturedCards(database.db)).map((card) => card.FBUID)).toEqual([
      'bench-motor-060',
      'bench-motor-059',
      'bench-motor-058',
      'bench-motor-057',
    ])
    // Product 21 is sold out: unmarked, it would come after every product in stock.
    const marked = ['bench-motor-021', 'unidrone-e900']
    for (const [index, id] of marked.entries()) {
      await database.db
        .update(products)
        .set({ productFeatured: true, updatedAt: new Date(Date.now() + index * 1000) })
        .where(eq(products.id, id))
    }
    expect((await listFeaturedCards(database.db)).map((card) => card.FBUID)).toEqual(['unidrone-e900', 'bench-motor-021'])
    // In its range, a featured product comes first under the default order, before products in stock.
    const { cards } = await listCategoryPage(database.db, 'propulsion', view(''))
    expect(cards[0]?.FBUID).toBe('bench-motor-021')
    expect(availableNow(cards[0]!)).toBe(false)
    expect(cards.slice(1).every(availableNow)).toBe(true)
    await database.db.update(products).set({ productFeatured: false }).where(inArray(products.id, marked))
  })

  it('draft and archived products are in no list, search, related row, sitemap or cart, until they are active again', async () => {
    const { searchProducts } = await import('../../app/server/catalog/search.server')
    const { parseSearchQuery } = await import('../../app/lib/search')
    const { priceCart } = await import('../../app/server/checkout/orders.server')
    const { listProductStamps } = await import('../../app/server/catalog/products.server')
    const hidden = ['bench-motor-033', 'bench-motor-034']
    await database.db.update(products).set({ productStatus: 'draft' }).where(eq(products.id, hidden[0]!))
    await database.db.update(products).set({ productStatus: 'archived', productFeatured: true }).where(eq(products.id, hidden[1]!))
    const seen = async () => {
      const listed: string[] = []
      for (let page = 1; ; page++) {
        const { cards } = await listCategoryPage(database.db, 'propulsion', { ...view('sort=name'), page })
        if (cards.length === 0) break
        listed.push(...cards.map((card) => card.FBUID))
      }
      const found = (await searchProducts(database.db, parseSearchQuery('bench motor 03')!, 1)).cards.map((card) => card.FBUID)
      const related = (await listRelatedCards(database.db, 'bench-motor-035')).map((card) => card.FBUID)
      const featured = (await listFeaturedCards(database.db)).map((card) => card.FBUID)
      const stamps = (await listProductStamps(database.db)).map((stamp) => stamp.id)
      const cart = await priceCart(
        database.db,
        hidden.map((id) => ({ FBUID: id, productCount: 1 })),
      )
      return { listed, found, related, featured, stamps, cart }
    }
    const away = await seen()
    for (const id of hidden) {
      for (const list of [away.listed, away.found, away.related, away.featured, away.stamps]) expect(list).not.toContain(id)
    }
    expect(away.listed).toHaveLength(all.length - 2)
    expect(away.cart.lines).toEqual([])
    expect(away.cart.problems.map((problem) => problem.kind)).toEqual(['missing', 'missing'])

    await database.db.update(products).set({ productStatus: 'active', productFeatured: false }).where(inArray(products.id, hidden))
    const back = await seen()
    expect(back.listed).toEqual(expect.arrayContaining(hidden))
    expect(back.found).toEqual(expect.arrayContaining(hidden))
    expect(back.cart.lines.map((line) => line.productId)).toEqual(hidden)
  })
})
