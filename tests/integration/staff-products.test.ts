import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseStaffProductQuery } from '../../app/lib/staff-product-query'
import { StaleEditError } from '../../app/server/catalog/product-changes.server'
import { getProduct } from '../../app/server/catalog/products.server'
import { saveKit } from '../../app/server/catalog/variant-editor.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { bulkEditProducts, listStaffProducts, quickEditProduct } from '../../app/server/catalog/staff-products.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history, products } from '../../app/server/db/schema'
import { demoProducts } from '../../db/seed/catalog'
import { testDatabaseKinds } from '../support/databases'

const view = (text: string) => parseStaffProductQuery(new URLSearchParams(text))

describe.each(testDatabaseKinds())('the staff products list on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
    // Stock as the demo has it for a few: the X7 tracked with 12 (2 held by a payment), the Nano low, the RTK out.
    await database.db.update(products).set({ productStockOnHand: 12, stockReserved: 2 }).where(eq(products.id, 'unipilot-x7-pro'))
    await database.db.update(products).set({ productStockOnHand: 2 }).where(eq(products.id, 'unipilot-nano-h7'))
    await database.db.update(products).set({ productStockOnHand: 0 }).where(eq(products.id, 'unirtk-f9-gnss-module'))
  })
  afterAll(async () => {
    await database?.close()
  })

  it('finds products by part of the name or id, narrows by category and stock, sorts and counts', async () => {
    expect((await listStaffProducts(database.db, view(''))).total).toBe(demoProducts.length)
    expect((await listStaffProducts(database.db, view('q=unipilot'))).rows.map((row) => row.id)).toEqual(['unipilot-nano-h7', 'unipilot-x7-pro'])
    expect((await listStaffProducts(database.db, view('q=X7%20PRO'))).rows.map((row) => row.name)).toEqual(['UniPilot X7 Pro'])
    // A % or _ typed is a character, not a wildcard.
    expect((await listStaffProducts(database.db, view('q=%25'))).total).toBe(0)
    const cameras = await listStaffProducts(database.db, view('category=cameras&sort=price-desc'))
    expect(cameras.rows.every((row) => row.category === 'cameras')).toBe(true)
    const prices = cameras.rows.map((row) => row.priceCents!)
    expect(prices).toEqual([...prices].sort((a, b) => b - a))
    expect((await listStaffProducts(database.db, view('stock=low'))).rows.map((row) => row.id)).toEqual(['unipilot-nano-h7', 'unirtk-f9-gnss-module'])
    expect((await listStaffProducts(database.db, view('stock=out'))).rows.map((row) => row.id)).toEqual(['unirtk-f9-gnss-module'])
    expect((await listStaffProducts(database.db, view('stock=untracked'))).total).toBe(demoProducts.length - 3)
    const fewest = (await listStaffProducts(database.db, view('sort=stock-asc'))).rows
    expect(fewest.slice(0, 3).map((row) => row.id)).toEqual(['unirtk-f9-gnss-module', 'unipilot-nano-h7', 'unipilot-x7-pro'])
    expect(fewest[2]).toMatchObject({ onHand: 12, reserved: 2 })
    expect((await listStaffProducts(database.db, view('page=2'))).rows).toEqual([])
  })

  it('saves a price and a stock count from the list with a history row, keeping the price id; a stale row is refused', async () => {
    const [row] = (await listStaffProducts(database.db, view('q=x7%20pro'))).rows
    const before = await getProduct(database.db, 'unipilot-x7-pro')
    await quickEditProduct(database.db, 'unipilot-x7-pro', row!.version, { priceCents: 79_900, stockOnHand: 20 }, 'ann@shop.example')
    const after = await getProduct(database.db, 'unipilot-x7-pro')
    expect(after!.productPrices[0]).toEqual({ ...before!.productPrices[0], value: 79_900 })
    expect(after!.productStockOnHand).toBe(20)
    const written = await database.db
      .select()
      .from(history)
      .where(and(eq(history.documentId, 'unipilot-x7-pro'), eq(history.updatedBy, 'ann@shop.example')))
    expect(written).toHaveLength(1)
    expect(written[0]!.document).toMatchObject({ productStockOnHand: 20, productPrices: [{ value: 79_900 }] })
    // The same row saved again (the list not reloaded) is someone else's older view now.
    await expect(quickEditProduct(database.db, 'unipilot-x7-pro', row!.version, { priceCents: 1 }, 'bo@shop.example')).rejects.toBeInstanceOf(StaleEditError)
    // A save that changes nothing writes nothing; one without the stock leaves the count sales changed.
    const [current] = (await listStaffProducts(database.db, view('q=x7%20pro'))).rows
    await database.db.update(products).set({ productStockOnHand: 19 }).where(eq(products.id, 'unipilot-x7-pro'))
    await quickEditProduct(database.db, 'unipilot-x7-pro', current!.version, { priceCents: 79_900 }, 'ann@shop.example')
    expect(await database.db.$count(history, and(eq(history.documentId, 'unipilot-x7-pro'), eq(history.updatedBy, 'ann@shop.example')))).toBe(1)
    await quickEditProduct(database.db, 'unipilot-x7-pro', current!.version, { priceCents: 75_000 }, 'ann@shop.example')
    expect(await getProduct(database.db, 'unipilot-x7-pro')).toMatchObject({ productStockOnHand: 19, productPrices: [{ value: 75_000 }] })
  })

  it('changes the status, category or stock of ticked products at once, each with a history row, skipping what does not apply', async () => {
    const ticked = ['unicam-f1-fpv-camera', 'unipilot-nano-h7', 'no-such-product']
    expect(await bulkEditProducts(database.db, ticked, { status: 'draft' }, 'ann@shop.example')).toEqual({
      changed: ['unicam-f1-fpv-camera', 'unipilot-nano-h7'],
      skipped: ['no-such-product'],
    })
    expect((await listStaffProducts(database.db, view('status=draft'))).rows.map((row) => row.id)).toEqual(['unicam-f1-fpv-camera', 'unipilot-nano-h7'])
    await bulkEditProducts(database.db, ticked, { category: 'parts-accessories' }, 'ann@shop.example')
    expect(await getProduct(database.db, 'unicam-f1-fpv-camera')).toMatchObject({ productCategory: 'parts-accessories', productStatus: 'draft' })
    // The FPV camera's stock is not tracked: a count is set only on the Nano.
    expect(await bulkEditProducts(database.db, ticked, { stockOnHand: 7 }, 'ann@shop.example')).toEqual({
      changed: ['unipilot-nano-h7'],
      skipped: ['no-such-product', 'unicam-f1-fpv-camera'],
    })
    expect(await getProduct(database.db, 'unipilot-nano-h7')).toMatchObject({ productStockOnHand: 7 })
    const rows = await database.db
      .select()
      .from(history)
      .where(and(eq(history.documentId, 'unipilot-nano-h7'), eq(history.updatedBy, 'ann@shop.example')))
    expect(rows.map((row) => (row.document as { productStatus: string; productCategory: string; productStockOnHand: number }).productStockOnHand)).toEqual([
      2, 2, 7,
    ])
  })

  it('lists a kit by the kits its components allow, and its stock filters and sort count it so', async () => {
    const add = (id: string, productName: string, onHand: number | null) =>
      database.db.insert(products).values({
        id,
        productName,
        STUPID: '',
        productCategory: 'parts-accessories',
        productPrices: [{ value: 10_000, label: 'Price (inc. GST)', description: '' }],
        productStockOnHand: onHand,
      })
    await add('listkit-drone', 'Listkit Drone', 3)
    await add('listkit-battery', 'Listkit Battery', 5)
    await add('listkit-case', 'Listkit Case', null)
    await add('listkit-kit', 'Listkit Kit', 9)
    const [{ version }] = (await database.db.select({ version: products.version }).from(products).where(eq(products.id, 'listkit-kit'))) as [
      { version: number },
    ]
    await saveKit(
      database.db,
      'listkit-kit',
      version,
      [
        { productId: 'listkit-drone', quantity: 1 },
        { productId: 'listkit-battery', quantity: 2 },
        { productId: 'listkit-case', quantity: 1 },
      ],
      'ann@shop.example',
    )
    const ids = async (text: string) => (await listStaffProducts(database.db, view(`q=listkit&${text}`))).rows.map((row) => row.id)
    const kitRow = async () => (await listStaffProducts(database.db, view('q=listkit-kit'))).rows[0]
    // Three drones, but five batteries (two a kit) make two kits; the case is not tracked and limits nothing.
    expect(await kitRow()).toMatchObject({ id: 'listkit-kit', kit: true, kitUnits: 2, onHand: null })
    expect((await listStaffProducts(database.db, view('q=listkit-drone'))).rows[0]).toMatchObject({ kit: false, kitUnits: null, onHand: 3 })
    // Two kits is at its alert level (3): low, not out, and tracked (by its components).
    expect(await ids('stock=low')).toEqual(['listkit-drone', 'listkit-kit'])
    expect(await ids('stock=out')).toEqual([])
    expect(await ids('stock=untracked')).toEqual(['listkit-case'])
    expect(await ids('sort=stock-asc')).toEqual(['listkit-kit', 'listkit-drone', 'listkit-battery', 'listkit-case'])

    // A component sold out: no kit can be made.
    await database.db.update(products).set({ productStockOnHand: 0 }).where(eq(products.id, 'listkit-drone'))
    expect(await kitRow()).toMatchObject({ kit: true, kitUnits: 0 })
    expect(await ids('stock=out')).toEqual(['listkit-drone', 'listkit-kit'])
    expect((await ids('sort=stock-asc')).slice(0, 2)).toEqual(['listkit-drone', 'listkit-kit'])
  })
})
