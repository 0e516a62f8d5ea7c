import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductFields } from '../../app/lib/catalog'
import { deleteProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { documentTimeline, NotRestorableError, restoreVersion } from '../../app/server/history/history.server'
import { createProduct, getProduct, getShownProduct, listCategoryPage } from '../../app/server/catalog/products.server'
import { saveVariants, VariantsRefusedError } from '../../app/server/catalog/variant-editor.server'
import { StaleEditError } from '../../app/server/catalog/product-changes.server'
import { createPendingOrder, priceCart } from '../../app/server/checkout/orders.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { orderLines, products } from '../../app/server/db/schema'
import { exportFile } from '../../app/server/migration/export.server'
import { applyImport, dryRunImport } from '../../app/server/migration/import.server'
import { readExportFile } from '../../app/server/migration/reader'
import { OutOfStockError, settleOrderStock } from '../../app/server/stock/stock.server'
import { testDatabaseKinds } from '../support/databases'
import { overlappingDatabase } from '../support/overlapping'
import { batteryWithVariants as makeBattery, editorRow } from '../support/variants'

const MINUTE = 60_000

/** A battery sold singly (the product, its first variant) and as a pair (a variant of its own). */
const BATTERY: ProductFields = {
  productName: 'Test Cell 6S Battery',
  STUPID: 'prod_TestCell6S',
  productCategory: 'parts-accessories',
  productImages: [{ value: '/images/cell.svg', label: 'A battery', description: '' }],
  productDescriptions: [{ value: '', label: '', description: 'A smart battery.' }],
  productFeatures: [],
  productSpecifications: [],
  productDimensions: [],
  productShipping: [],
  productDownloads: [],
  productPrices: [{ label: 'Price (inc. GST)', value: 99_900, description: '' }],
  productStockOnHand: 10,
  productWeightGrams: 2_700,
  productContainsLithium: true,
  productSku: 'TC-6S-1',
}

const row = editorRow

describe.each(testDatabaseKinds())('variants on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })

  const versionOf = async (id: string) => (await database.db.select({ version: products.version }).from(products).where(eq(products.id, id)))[0]!.version

  /** A new battery product under its own name, with a pair of 3 units and a 16,000 mAh pack. */
  const batteryWithVariants = (name: string) => makeBattery(database.db, { ...BATTERY, productName: name })

  it('each variant has its own price, stock and name, in a cart and an order; a list shows the product once, from its lowest price of one that can be bought', async () => {
    const battery = await batteryWithVariants('Variant Cell One')
    expect(battery.pair).toBe('variant-cell-one-matched-pair')

    const shown = (await getShownProduct(database.db, battery.id))!
    expect(shown.optionNames).toEqual(['Pack'])
    expect(shown.variants.map((variant) => [variant.optionValues, variant.price?.value, variant.stock.available])).toEqual([
      [['Single'], 99_900, 10],
      [['Matched pair'], 194_900, 3],
      [['16,000 mAh'], 79_900, 0],
    ])
    // A variant is not a product of its own page: its id leads to its product's.
    expect(await getShownProduct(database.db, battery.pair)).toBeNull()

    const priced = await priceCart(database.db, [{ FBUID: battery.pair, productCount: 2 }])
    expect(priced.problems).toEqual([])
    expect(priced.lines).toMatchObject([
      { productId: battery.pair, productName: 'Variant Cell One — Matched pair', unitPriceCents: 194_900, quantity: 2, image: '/images/cell.svg' },
    ])
    const soldOut = await priceCart(database.db, [{ FBUID: battery.small, productCount: 1 }])
    expect(soldOut.problems).toMatchObject([{ kind: 'stock', message: 'Variant Cell One — 16,000 mAh is sold out.' }])

    const order = await createPendingOrder(database.db, {
      lines: priced.lines,
      email: 'pair@example.com',
      userId: null,
      provider: 'stripe',
      updatedBy: null,
      reserveUntil: new Date(Date.now() + 35 * MINUTE),
    })
    const [line] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
    expect(line).toMatchObject({ productId: battery.pair, productName: 'Variant Cell One — Matched pair', reservedQuantity: 2 })
    const stock = await database.db
      .select({ id: products.id, onHand: products.productStockOnHand, reserved: products.stockReserved })
      .from(products)
      .where(eq(products.id, battery.pair))
    expect(stock).toEqual([{ id: battery.pair, onHand: 3, reserved: 2 }])

    // The 16,000 mAh pack at $799 is sold out: the card starts from the cheapest one that can be bought.
    const { cards } = await listCategoryPage(database.db, 'parts-accessories', 1)
    const card = cards.filter((candidate) => candidate.productName === 'Variant Cell One')
    expect(card).toMatchObject([{ FBUID: battery.id, price: { value: 99_900 }, priceFrom: true, hasVariants: true, stock: { available: 11 } }])
  })

  it('20 buyers racing for the last 3 units of one variant: 3 orders, 17 told it sold out, and the other variants untouched', async () => {
    const BUYERS = 20
    const battery = await batteryWithVariants('Variant Cell Race')
    const priced = await priceCart(database.db, [{ FBUID: battery.pair, productCount: 1 }])
    const { db, pool } = await overlappingDatabase(kind, database, BUYERS)
    try {
      const results = await Promise.allSettled(
        Array.from({ length: BUYERS }, (_, buyer) =>
          createPendingOrder(db, {
            lines: priced.lines,
            email: `racer${buyer}@example.com`,
            userId: null,
            provider: 'stripe',
            updatedBy: null,
            reserveUntil: new Date(Date.now() + 35 * MINUTE),
          }),
        ),
      )
      if (pool) expect(pool.totalCount).toBeGreaterThan(1)
      const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
      expect(refusals).toHaveLength(BUYERS - 3)
      for (const refusal of refusals)
        expect((refusal as OutOfStockError).shortages).toEqual([{ productId: battery.pair, productName: 'Variant Cell Race — Matched pair', available: 0 }])
    } finally {
      await pool?.end()
    }
    const stock = await database.db
      .select({ id: products.id, onHand: products.productStockOnHand, reserved: products.stockReserved })
      .from(products)
      .where(eq(products.parentId, battery.id))
    expect(new Map(stock.map((variant) => [variant.id, [variant.onHand, variant.reserved]]))).toEqual(
      new Map([
        [battery.pair, [3, 3]],
        [battery.small, [0, 0]],
      ]),
    )
    const [own] = await database.db
      .select({ onHand: products.productStockOnHand, reserved: products.stockReserved })
      .from(products)
      .where(eq(products.id, battery.id))
    expect(own).toEqual({ onHand: 10, reserved: 0 })
  })

  it('two staff saving the variants from their own forms: one is saved, the other asked to reload; a bad combination is refused with the reason', async () => {
    const battery = await batteryWithVariants('Variant Cell Editors')
    const version = await versionOf(battery.id)
    const rows = (pairPrice: number) => [
      row(battery.id, ['Single'], 99_900, 10),
      row(battery.pair, ['Matched pair'], pairPrice, 3),
      row(battery.small, ['16,000 mAh'], 79_900, 0),
    ]
    const results = await Promise.allSettled([
      saveVariants(database.db, battery.id, version, { optionNames: ['Pack'], rows: rows(189_900) }, 'ann@example.com'),
      saveVariants(database.db, battery.id, version, { optionNames: ['Pack'], rows: rows(184_900) }, 'bob@example.com'),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))[0]).toBeInstanceOf(StaleEditError)
    const price = (await getProduct(database.db, battery.id))!.productVariants![0]!.productPrices[0]!.value
    expect([189_900, 184_900]).toContain(price)

    const twice = saveVariants(
      database.db,
      battery.id,
      await versionOf(battery.id),
      { optionNames: ['Pack'], rows: [row(battery.id, ['Single'], 99_900, 10), row(battery.pair, ['single'], 194_900, 3)] },
      'ann@example.com',
    )
    await expect(twice).rejects.toThrow(VariantsRefusedError)
    await expect(twice).rejects.toThrow('Two variants are both single: each combination of values once.')
  })

  it('a deleted product with variants comes back with them when staff restore its last version', async () => {
    const battery = await batteryWithVariants('Variant Cell Restore')
    const before = await getProduct(database.db, battery.id)
    await deleteProduct(database.db, battery.id, 'ann@example.com')
    expect(await database.db.$count(products, eq(products.parentId, battery.id))).toBe(0)
    // The timeline is newest first: the version before the deletion.
    const [latest] = (await documentTimeline(database.db, 'products', battery.id)).filter((version) => version.action !== 'delete')
    await restoreVersion(database.db, latest!.id, 'ann@example.com')
    expect(await getProduct(database.db, battery.id)).toEqual(before)
    const priced = await priceCart(database.db, [{ FBUID: battery.pair, productCount: 1 }])
    expect(priced.lines[0]!.productName).toBe('Variant Cell Restore — Matched pair')
  })

  it('restoring an older version of a standing product makes its variants that version’s: one added since is removed, a changed price goes back, counts on hand stay', async () => {
    const created = await createProduct(database.db, { ...BATTERY, productName: 'Variant Cell Versions', productSku: 'VCV-1' }, 'ann@example.com')
    const id = created.FBUID
    // Saved with two variants: the product itself (Single) and a matched pair.
    await saveVariants(
      database.db,
      id,
      await versionOf(id),
      { optionNames: ['Pack'], rows: [row(id, ['Single'], 99_900, 10, { sku: 'VCV-1' }), row(null, ['Matched pair'], 194_900, 3, { sku: 'VCV-2' })] },
      'ann@example.com',
    )
    const [first] = await documentTimeline(database.db, 'products', id)
    const pair = `${id}-matched-pair`
    const triple = `${id}-triple`
    // Then a third added and the pair's price changed.
    await saveVariants(
      database.db,
      id,
      await versionOf(id),
      {
        optionNames: ['Pack'],
        rows: [
          row(id, ['Single'], 99_900, 10, { sku: 'VCV-1' }),
          row(pair, ['Matched pair'], 184_900, 3, { sku: 'VCV-2' }),
          row(null, ['Triple'], 279_900, 4, { sku: 'VCV-3' }),
        ],
      },
      'bob@example.com',
    )
    const [second] = await documentTimeline(database.db, 'products', id)
    expect((await getProduct(database.db, id))!.productVariants!.map((variant) => variant.FBUID)).toEqual([pair, triple])
    // A pair sold meanwhile (3 → 2), and a buyer paying for a triple when the version is restored.
    await database.db.update(products).set({ productStockOnHand: 2 }).where(eq(products.id, pair))
    const priced = await priceCart(database.db, [{ FBUID: triple, productCount: 1 }])
    const order = await createPendingOrder(database.db, {
      lines: priced.lines,
      email: 'triple@example.com',
      userId: null,
      provider: 'demo',
      updatedBy: null,
      reserveUntil: new Date(Date.now() + 35 * MINUTE),
    })

    await restoreVersion(database.db, first!.id, 'cat@example.com')
    const restored = (await getProduct(database.db, id))!
    expect(restored.productOptionNames).toEqual(['Pack'])
    expect(
      restored.productVariants!.map((variant) => [variant.FBUID, variant.productOptionValues, variant.productPrices[0]!.value, variant.productStockOnHand]),
    ).toEqual([[pair, ['Matched pair'], 194_900, 2]])
    expect(await database.db.$count(products, eq(products.id, triple))).toBe(0)
    const [latest] = await documentTimeline(database.db, 'products', id)
    expect(latest).toMatchObject({ action: 'set', updatedBy: 'cat@example.com', document: { restored: true, productVariants: [{ FBUID: pair }] } })
    // The order keeps its line as sold, and letting it lapse settles without the variant; a cart holding one is told it is gone.
    expect((await database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).map((line) => line.productId)).toEqual([triple])
    expect(await database.db.transaction((tx) => settleOrderStock(tx, order.id, 'released'))).toBe(true)
    expect((await priceCart(database.db, [{ FBUID: triple, productCount: 1 }])).problems).toMatchObject([{ kind: 'missing' }])

    // The later version again, after another product took the triple's SKU: refused with the reason, nothing written.
    await createProduct(database.db, { ...BATTERY, productName: 'Variant Cell Thief', productSku: 'vcv-3' }, 'ann@example.com')
    const refused = restoreVersion(database.db, second!.id, 'cat@example.com')
    await expect(refused).rejects.toThrow(NotRestorableError)
    await expect(refused).rejects.toThrow('This version cannot be restored. The SKU VCV-3 is already used by “Variant Cell Thief”: each product has its own.')
    expect(await getProduct(database.db, id)).toEqual(restored)
  })

  it('renaming the product carries its variants; a draft product sells none of them', async () => {
    const battery = await batteryWithVariants('Variant Cell Rename')
    const current = (await getProduct(database.db, battery.id))!
    const { productOptionNames: _names, productOptionValues: _values, productVariants: _variants, FBUID: _id, ...fields } = current
    const renamed = await updateProduct(
      database.db,
      battery.id,
      await versionOf(battery.id),
      { ...fields, productName: 'Variant Cell Renamed' },
      'ann@example.com',
    )
    expect(renamed.FBUID).toBe('variant-cell-renamed')
    expect(renamed.productVariants!.map((variant) => variant.FBUID)).toEqual([battery.pair, battery.small])
    const priced = await priceCart(database.db, [{ FBUID: battery.pair, productCount: 1 }])
    expect(priced.lines[0]!.productName).toBe('Variant Cell Renamed — Matched pair')

    await updateProduct(
      database.db,
      renamed.FBUID,
      await versionOf(renamed.FBUID),
      { ...fields, productName: 'Variant Cell Renamed', productStatus: 'draft' },
      'ann@example.com',
    )
    const draft = await priceCart(database.db, [{ FBUID: battery.pair, productCount: 1 }])
    expect(draft.problems).toMatchObject([{ kind: 'missing' }])
  })

  it('an export carries the variants inside the product; importing it elsewhere makes the same product, and a changed variant price imports as one update', async () => {
    const battery = await batteryWithVariants('Variant Cell Export')
    const exported = async (db: DatabaseHandle['db']) => {
      let text = ''
      for await (const piece of exportFile(db, 'products')) text += piece
      return text
    }
    const file = await exported(database.db)
    const documents = (text: string) => readExportFile(Readable.from([text]), 'products')
    const entries = []
    for await (const entry of documents(file)) entries.push(entry)
    // One document for the product, none for its variants.
    const mine = entries.filter((entry) => JSON.stringify(entry).includes('Variant Cell Export'))
    expect(mine).toHaveLength(1)

    const target = await kind.open()
    try {
      const plan = await dryRunImport(target.db, 'products', documents(file), { updatedBy: 'data import' })
      expect(plan.rejected).toEqual([])
      await applyImport(target.db, 'products', documents(file), { updatedBy: 'data import', expectedPlan: plan.plan })
      expect(await getProduct(target.db, battery.id)).toEqual(await getProduct(database.db, battery.id))
      // The same file again changes nothing.
      const again = await dryRunImport(target.db, 'products', documents(file), { updatedBy: 'data import' })
      expect(again.counts).toMatchObject({ create: 0, update: 0, rejected: 0 })

      const changed = file.replace(/"value": 194900/, '"value": 179900')
      expect(changed).not.toBe(file)
      const update = await dryRunImport(target.db, 'products', documents(changed), { updatedBy: 'data import' })
      expect(update.counts).toMatchObject({ create: 0, update: 1, rejected: 0 })
      expect(update.updated).toEqual([{ id: battery.id, fields: ['productVariants'] }])
      await applyImport(target.db, 'products', documents(changed), { updatedBy: 'data import', expectedPlan: update.plan })
      const priced = await priceCart(target.db, [{ FBUID: battery.pair, productCount: 1 }])
      expect(priced.lines[0]!.unitPriceCents).toBe(179_900)

      // A variant may not share a SKU with another product of the same file, whichever comes first.
      const [mineEntry] = mine as { id: string; document: Record<string, any>; line: number }[]
      const withSku = structuredClone(mineEntry!)
      withSku.document.productVariants[0].productSku = 'CELL-PAIR'
      const { productOptionNames: _names, productOptionValues: _values, productVariants: _variants, ...plain } = structuredClone(mineEntry!.document)
      const other = {
        id: 'variant-cell-twin',
        line: 99,
        document: { ...plain, FBUID: 'variant-cell-twin', productName: 'Variant Cell Twin', productSku: 'cell-pair' },
      }
      async function* twoDocuments() {
        yield withSku
        yield other
      }
      const clash = await dryRunImport(target.db, 'products', twoDocuments(), { updatedBy: 'data import' })
      expect(clash.rejected).toEqual([
        {
          id: 'variant-cell-twin',
          reason:
            '“Variant Cell Export — Matched pair” and “Variant Cell Twin” both have the SKU cell-pair in this file (a SKU whatever its case): each product has its own.',
        },
      ])
    } finally {
      await target.close()
    }
  })
})
