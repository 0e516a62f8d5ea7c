import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { sql } from 'drizzle-orm'
import { parseSearchQuery, prefixTsquery, SEARCH_PAGE_SIZE, SUGGESTION_LIMIT } from '../../app/lib/search'
import { slugify } from '../../app/lib/slug'
import { createProduct } from '../../app/server/catalog/products.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { searchProducts, suggestProducts } from '../../app/server/catalog/search.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { products } from '../../app/server/db/schema'
import { testDatabaseKinds } from '../support/databases'

const EXTRA = 10_000

describe.each(testDatabaseKinds())('product search on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
  }, 60_000)
  afterAll(async () => {
    await database?.close()
  })

  const ids = async (typed: string, page = 1) => (await searchProducts(database.db, parseSearchQuery(typed)!, page)).cards.map((card) => card.FBUID)

  /** The ranking as one query that orders every match by every key: what the two-step ranking must equal. */
  async function rankedInFull(typed: string, page: number, size: number): Promise<string[]> {
    const query = parseSearchQuery(typed)!
    const anywhere = sql`to_tsquery('english', ${prefixTsquery(query.terms)})`
    const result = await database.db.execute(sql`
      select id from products
      where (search_document @@ ${anywhere} or ${query.text} <% search_title) and status = 'active'
      order by
        case
          when search_name = ${query.text} then 0
          when search_name like ${`${query.text}%`} then 1
          when search_head @@ to_tsquery('english', ${prefixTsquery(query.terms, 'A')}) then 2
          when search_head @@ ${anywhere} then 3
          when ${query.text} <% search_title and not search_document @@ ${anywhere} then 5
          else 4 end,
        similarity(search_name, ${query.text}) desc, word_similarity(${query.text}, search_title) desc,
        ts_rank(search_head, ${anywhere}) desc, product_name, id
      limit ${size} offset ${(page - 1) * size}`)
    return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
  }

  it.each([
    ['unipilot x7 pro', 'unipilot-x7-pro'],
    ['unipilot nano', 'unipilot-nano-h7'],
    ['x7 pro', 'unipilot-x7-pro'],
    ['fpv camera', 'unicam-f1-fpv-camera'],
    ['caméra FPV', 'unicam-f1-fpv-camera'],
    ['thermal', 'unicam-t2-thermal-gimbal'],
    ['E900', 'unidrone-e900'],
  ])('%j finds %s first', async (typed, first) => {
    expect((await ids(typed))[0]).toBe(first)
  })

  it('ranks the name above features above descriptions', async () => {
    // Two products are named UniPilot; others mention it in their features or descriptions only.
    for (const typed of ['UNIPILOT', 'unipi']) {
      const found = await ids(typed)
      expect(found.length, typed).toBeGreaterThan(2)
      expect(found.slice(0, 2).sort(), typed).toEqual(['unipilot-nano-h7', 'unipilot-x7-pro'])
    }
    // A fixture of three: the same rare word in a name, a feature, a description.
    const base = demoProducts.find((product) => product.productCategory === 'propulsion')!
    const item = (text: string) => [{ value: '', label: 'About', description: text }]
    await createProduct(database.db, { ...base, productName: 'Quokkaflow Motor', productFeatures: item('Quiet'), productDescriptions: item('A motor') }, 'test')
    await createProduct(
      database.db,
      { ...base, productName: 'Feature Motor', productFeatures: item('Quokkaflow bearings'), productDescriptions: item('A motor') },
      'test',
    )
    await createProduct(
      database.db,
      { ...base, productName: 'Described Motor', productFeatures: item('Quiet'), productDescriptions: item('Made with quokkaflow care') },
      'test',
    )
    expect(await ids('quokkaflow')).toEqual(['quokkaflow-motor', 'feature-motor', 'described-motor'])
    expect(await ids('QUOKKAFLOW mot')).toEqual(['quokkaflow-motor', 'feature-motor', 'described-motor'])
  })

  it('finds autopilots despite a typo, accents and case', async () => {
    const autopilots = demoProducts.filter((product) => product.productCategory === 'autopilots').map((product) => slugify(product.productName))
    for (const typed of ['autopilto', 'AUTOPILOTS', 'autopîlot']) {
      const found = await ids(typed)
      expect(found.length, typed).toBeGreaterThan(0)
      expect(autopilots, `${typed}: ${found.join(', ')}`).toContain(found[0])
    }
  })

  it('counts the matches, and finds nothing for words no product has', async () => {
    const cameras = await searchProducts(database.db, parseSearchQuery('camera')!, 1)
    expect(cameras.total).toBeGreaterThanOrEqual(4)
    expect(cameras.cards).toHaveLength(Math.min(cameras.total, 24))
    expect(await searchProducts(database.db, parseSearchQuery('zzqx wobble')!, 1)).toEqual({ cards: [], total: 0 })
    // Quotes and tsquery operators are letters' separators, not syntax.
    expect((await searchProducts(database.db, parseSearchQuery("x7' & !(pro:* | <->")!, 1)).cards[0]?.FBUID).toBe('unipilot-x7-pro')
  })

  it('suggests up to six products with their prices', async () => {
    const suggestions = await suggestProducts(database.db, parseSearchQuery('uni')!)
    expect(suggestions).toHaveLength(6)
    const x7 = (await suggestProducts(database.db, parseSearchQuery('x7 pro')!))[0]
    const price = demoProducts.find((product) => product.productName === 'UniPilot X7 Pro')!.productPrices[0]!.value
    expect(x7).toEqual({ id: 'unipilot-x7-pro', name: 'UniPilot X7 Pro', price, category: 'autopilots' })
  })

  it(`still puts the right product first among ${EXTRA.toLocaleString('en-AU')} more (and logs how long an uncached search takes)`, async () => {
    // Copies of the demo products under new names, as the bench writes them (scripts/bench/catalogue.ts).
    const batch = 500
    for (let start = 0; start < EXTRA; start += batch) {
      const rows = Array.from({ length: Math.min(batch, EXTRA - start) }, (_, offset) => {
        const index = start + offset
        const model = demoProducts[index % demoProducts.length]!
        const productName = `${model.productName} Series ${String(index + 1).padStart(5, '0')}`
        return { ...structuredClone(model), productName, id: slugify(productName) }
      })
      await database.db.insert(products).values(rows)
    }
    expect((await ids('unipilot x7 pro'))[0]).toBe('unipilot-x7-pro')
    expect((await ids('x7 pro'))[0]).toBe('unipilot-x7-pro')
    expect((await ids('fpv camera'))[0]).toBe('unicam-f1-fpv-camera')
    expect((await ids('unicam f1 fpv camera series 00008'))[0]).toBe('unicam-f1-fpv-camera-series-00008')
    const typo = await ids('autopilto')
    expect(typo).toHaveLength(24)
    const autopilot = await searchProducts(database.db, parseSearchQuery('autopilot')!, 3)
    expect(autopilot.total).toBeGreaterThan(2000)
    expect(autopilot.cards).toHaveLength(24)

    // The two-step ranking (search.server.ts) orders exactly as ranking every match in full would,
    // on pages whose last place falls among thousands of copies that tie on name similarity.
    for (const typed of ['autopilot', 'autopilto', 'x7 pro', 'camera', 'uni', 'carbon propeller', 'gimbel zoom', 'e900', 'series 00008', 'rtk']) {
      for (const page of [1, 2, 7]) {
        expect(await ids(typed, page), `${typed}, page ${page}`).toEqual(await rankedInFull(typed, page, SEARCH_PAGE_SIZE))
      }
    }
    for (const typed of ['au', 'camrea', 'unipilot x']) {
      expect(
        (await suggestProducts(database.db, parseSearchQuery(typed)!)).map((row) => row.id),
        typed,
      ).toEqual(await rankedInFull(typed, 1, SUGGESTION_LIMIT))
    }

    const timings: number[] = []
    for (const typed of ['autopilot', 'autopilto', 'x7 pro', 'camera', 'uni', 'fpv camera', 'carbon', 'unicam f1']) {
      const started = performance.now()
      await searchProducts(database.db, parseSearchQuery(typed)!, 1)
      timings.push(performance.now() - started)
    }
    console.info(`search on ${kind.name} with ${EXTRA} more products: ${timings.map((ms) => ms.toFixed(1)).join(', ')} ms`)
  }, 240_000)
})
