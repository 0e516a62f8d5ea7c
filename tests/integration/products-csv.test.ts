import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { BOM, parseCsv, restoreFormula } from '../../app/lib/csv'
import { getEditableProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct, getProduct } from '../../app/server/catalog/products.server'
import { priceCart } from '../../app/server/checkout/orders.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history, products } from '../../app/server/db/schema'
import { CSV_COLUMNS } from '../../app/server/migration/products-csv'
import { handleImportForm, productsCsvDownload, type ImportOutcome } from '../../app/server/migration/screen.server'
import { testDatabaseKinds } from '../support/databases'
import { batteryWithVariants as makeBattery } from '../support/variants'

const STAFF = 'sheets@shop.example'
const context = { vendor: 'UniDrone Robotics', origin: 'https://shop.example' }

/** A CSV file's rows as records by column name (the formula guard taken off), and back. */
const recordsOf = (text: string) => {
  const [header, ...rows] = parseCsv(text).map((row) => row.cells.map(restoreFormula))
  return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])))
}
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
const textOf = (columns: readonly string[], records: Record<string, string>[]) =>
  [columns, ...records.map((record) => columns.map((column) => record[column] ?? ''))].map((cells) => cells.map(quote).join(',')).join('\r\n')

describe.each(testDatabaseKinds())('products as CSV on $name', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-products-csv-'))
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
  })
  afterAll(async () => {
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const deps = () => ({ db: database.db, dataDir, requestId: 'test-request', staffEmail: STAFF, csv: context })
  const post = (fields: Record<string, string | Blob>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    return handleImportForm(new Request('https://shop.example/migration', { method: 'POST', body: form }), deps())
  }
  /** The Data screen's dry run of a CSV file. */
  async function check(text: string, fileName = 'products.csv'): Promise<Extract<ImportOutcome, { kind: 'dry-run' }>> {
    const outcome = await post({ intent: 'check', collection: 'products', renames: '', file: new File([text], fileName, { type: 'text/csv' }) })
    if (outcome.kind !== 'dry-run') throw new Error(JSON.stringify(outcome))
    return outcome
  }
  const apply = (checked: Extract<ImportOutcome, { kind: 'dry-run' }>) =>
    post({ intent: 'apply', collection: 'products', format: 'csv', renames: '', token: checked.token, fileName: checked.fileName, plan: checked.report.plan })
  async function exported(): Promise<string> {
    const response = await productsCsvDownload(deps(), context)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="products.csv"')
    // Response.text() would drop the BOM: the bytes are read as the file is saved.
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
  }
  const historyRows = async (id: string) =>
    (
      await database.db
        .select({ total: count() })
        .from(history)
        .where(and(eq(history.collection, 'products'), eq(history.documentId, id)))
    )[0]!.total
  const allProducts = async () => database.db.select().from(products).orderBy(products.id)

  it('exports every product with Shopify’s columns, and importing the same file changes nothing', async () => {
    const text = await exported()
    expect(text.startsWith(BOM)).toBe(true)
    const records = recordsOf(text)
    expect(Object.keys(records[0]!)).toEqual(CSV_COLUMNS)
    const main = records.filter((record) => record.Title !== '')
    expect(main).toHaveLength(demoProducts.length)
    expect(main.find((record) => record.Handle === 'unidrone-e900')).toMatchObject({
      'Variant Price': '12999.00',
      Vendor: 'UniDrone Robotics',
      Status: 'active',
    })
    // Every further image is a row of its own with only Handle and the image's columns.
    const images = demoProducts.reduce((sum, product) => sum + product.productImages.length, 0)
    expect(records).toHaveLength(images)

    const before = await allProducts()
    const checked = await check(text)
    expect(checked.report.counts).toEqual({ create: 0, update: 0, unchanged: demoProducts.length, rejected: 0 })
    expect(checked.ignoredColumns).toEqual([])
    expect(await allProducts()).toEqual(before)
  })

  it('imports the file with one price changed as one update, with its history row', async () => {
    const records = recordsOf(await exported())
    const row = records.find((record) => record.Handle === 'unicam-f1-fpv-camera' && record.Title !== '')!
    row['Variant Price'] = '1,234.50'
    const rows = await historyRows('unicam-f1-fpv-camera')
    const checked = await check(textOf(CSV_COLUMNS, records), 'edited.csv')
    expect(checked.report.counts).toEqual({ create: 0, update: 1, unchanged: demoProducts.length - 1, rejected: 0 })
    expect(checked.report.updated).toEqual([{ id: 'unicam-f1-fpv-camera', fields: ['Variant Price'] }])
    expect((await getProduct(database.db, 'unicam-f1-fpv-camera'))!.productPrices[0]!.value).not.toBe(123_450)

    expect(await apply(checked)).toMatchObject({ kind: 'applied', format: 'csv', report: { counts: { update: 1 } } })
    expect((await getProduct(database.db, 'unicam-f1-fpv-camera'))!.productPrices[0]!.value).toBe(123_450)
    expect(await historyRows('unicam-f1-fpv-camera')).toBe(rows + 1)
    const [last] = await database.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'products'), eq(history.documentId, 'unicam-f1-fpv-camera')))
      .orderBy(desc(history.id))
      .limit(1)
    expect(last).toMatchObject({ action: 'set', updatedBy: STAFF })
  })

  it('changes only prices from a file of Handle and Variant Price, and lists the columns it ignores', async () => {
    const before = (await getProduct(database.db, 'unipilot-x7-pro'))!
    const checked = await check(textOf(['Handle', 'Variant Price', 'Tags'], [{ Handle: 'unipilot-x7-pro', 'Variant Price': '999', Tags: 'autopilot' }]))
    expect(checked.ignoredColumns).toEqual(['Tags'])
    expect(checked.report.updated).toEqual([{ id: 'unipilot-x7-pro', fields: ['Variant Price'] }])
    await apply(checked)
    const after = (await getProduct(database.db, 'unipilot-x7-pro'))!
    expect(after).toEqual({ ...before, productPrices: [{ ...before.productPrices[0]!, value: 99_900 }] })
  })

  it('refuses a bad barcode, a price of "abc" and another product’s SKU with each row’s reason, writing nothing', async () => {
    await database.db.update(products).set({ productSku: 'UD-E900' }).where(eq(products.id, 'unidrone-e900'))
    const before = await allProducts()
    const checked = await check(
      textOf(
        ['Handle', 'Variant Price', 'Variant Barcode', 'Variant SKU'],
        [
          { Handle: 'unicam-z10-zoom-gimbal-camera', 'Variant Price': '100', 'Variant Barcode': '9780306406158' },
          { Handle: 'unicam-t2-thermal-gimbal', 'Variant Price': 'abc' },
          { Handle: 'unicam-m24-mapping-camera', 'Variant Price': '100', 'Variant SKU': 'ud-e900' },
          { Handle: 'unilink-hd20-air-unit', 'Variant Price': '100' },
        ],
      ),
    )
    expect(checked.report.counts).toEqual({ create: 0, update: 1, unchanged: 0, rejected: 3 })
    expect(checked.report.rejected).toEqual([
      { id: 'unicam-z10-zoom-gimbal-camera', reason: 'Line 2: Variant Barcode: This barcode’s last digit does not match the others: please check it.' },
      { id: 'unicam-t2-thermal-gimbal', reason: 'Line 3: Variant Price: "abc" is not an amount in dollars, such as 1299.00.' },
      { id: 'unicam-m24-mapping-camera', reason: 'Line 4: The SKU ud-e900 is already used by “UniDrone E900”: each product has its own.' },
    ])
    const applied = await apply(checked)
    expect(applied).toMatchObject({ kind: 'dry-run', notice: '3 documents were rejected, so nothing was written.' })
    expect(await allProducts()).toEqual(before)
  })

  it('refuses two rows that give one SKU or one barcode to two products, naming both, writing nothing', async () => {
    const before = await allProducts()
    const checked = await check(
      textOf(
        ['Handle', 'Variant SKU', 'Variant Barcode'],
        [
          { Handle: 'unimotor-6215-kv180', 'Variant SKU': 'UM-6215', 'Variant Barcode': '4006381333931' },
          { Handle: 'unimotor-4114-kv400', 'Variant SKU': 'um-6215' },
          { Handle: 'uniesc-80a-foc', 'Variant Barcode': '4006381333931' },
        ],
      ),
    )
    expect(checked.report.rejected).toEqual([
      {
        id: 'unimotor-4114-kv400',
        reason:
          'Line 3: “UniMotor 6215 KV180” and “UniMotor 4114 KV400” both have the SKU um-6215 in this file (a SKU whatever its case): each product has its own.',
      },
      {
        id: 'uniesc-80a-foc',
        reason: 'Line 4: “UniMotor 6215 KV180” and “UniESC 80A FOC” both have the barcode 4006381333931 in this file: each product has its own.',
      },
    ])
    expect(checked.report.counts).toEqual({ create: 0, update: 1, unchanged: 0, rejected: 2 })
    const applied = await apply(checked)
    expect(applied).toMatchObject({ kind: 'dry-run', notice: '2 documents were rejected, so nothing was written.' })
    expect(await allProducts()).toEqual(before)
  })

  it('keeps a formula-looking title through a round trip, defused in the file', async () => {
    const base = demoProducts.find((product) => product.productCategory === 'cameras')!
    await createProduct(database.db, { ...base, productName: '=cmd|calc!A0 Camera', productSku: '', productBarcode: '' }, 'seed')
    const text = await exported()
    expect(text).toContain("\r\ncmd-calc-a0-camera,'=cmd|calc!A0 Camera,")
    const checked = await check(text)
    expect(checked.report.counts).toMatchObject({ create: 0, update: 0, rejected: 0 })
    expect((await getProduct(database.db, 'cmd-calc-a0-camera'))!.productName).toBe('=cmd|calc!A0 Camera')
  })

  it('updates a renamed product from a row under its old Handle, creating nothing', async () => {
    const records = recordsOf(await exported()).filter((record) => record.Handle === 'unigps-m10-compass-module')
    const { product, version } = (await getEditableProduct(database.db, 'unigps-m10-compass-module'))!
    await updateProduct(database.db, 'unigps-m10-compass-module', version, { ...product, productName: 'UniGPS M10 Pro Compass' }, 'someone@shop.example')
    records[0]!['Variant Price'] = '77.00'
    for (const file of [textOf(CSV_COLUMNS, records), textOf(['Handle', 'Variant Price'], records.slice(0, 1))]) {
      const checked = await check(file)
      expect(checked.report.counts).toEqual({ create: 0, update: 1, unchanged: 0, rejected: 0 })
      expect(checked.report.updated).toEqual([{ id: 'unigps-m10-pro-compass', fields: ['Variant Price'], renamedFrom: 'unigps-m10-compass-module' }])
    }
    await apply(await check(textOf(['Handle', 'Variant Price'], records.slice(0, 1))))
    expect(await getProduct(database.db, 'unigps-m10-compass-module')).toBeNull()
    expect(await getProduct(database.db, 'unigps-m10-pro-compass')).toMatchObject({ productName: 'UniGPS M10 Pro Compass', productPrices: [{ value: 7700 }] })
  })

  /** A battery of this test's own, with SKUs and costs: sold singly (the product) and as a matched pair and a small pack (its variants). */
  const batteryWithVariants = (name: string) =>
    makeBattery(database.db, { ...demoProducts.find((product) => product.productCategory === 'parts-accessories')!, productName: name }, (row, id) => ({
      costCents: 50_000,
      sku: row < 2 ? `${id}-${row + 1}` : '',
    }))
  /** This product's rows of a fresh export (other tests' products are left out of the file). */
  const rowsOf = async (id: string) => recordsOf(await exported()).filter((record) => record.Handle === id)

  it('exports a product with variants as its row and a row per variant, and importing the same file changes nothing', async () => {
    const battery = await batteryWithVariants('CSV Cell Round Trip')
    const text = await exported()
    const own = recordsOf(text).filter((record) => record.Handle === battery.id)
    expect(
      own.slice(0, 3).map((record) => [record['Option1 Name'], record['Option1 Value'], record['Variant Price'], record['Variant ID'], record.Title]),
    ).toEqual([
      ['Pack', 'Single', '999.00', '', 'CSV Cell Round Trip'],
      ['', 'Matched pair', '1949.00', battery.pair, ''],
      ['', '16,000 mAh', '799.00', battery.small, ''],
    ])
    const before = await allProducts()
    const whole = await check(text)
    expect(whole.report.counts).toMatchObject({ create: 0, update: 0, rejected: 0 })
    const mine = await check(textOf(CSV_COLUMNS, own))
    expect(mine.report.counts).toEqual({ create: 0, update: 0, unchanged: 1, rejected: 0 })
    expect(await allProducts()).toEqual(before)
  })

  it('imports a changed variant price as one update, and the cart prices the variant at it', async () => {
    const battery = await batteryWithVariants('CSV Cell Price')
    const records = await rowsOf(battery.id)
    records.find((record) => record['Variant ID'] === battery.pair)!['Variant Price'] = '1,799.00'
    const rows = await historyRows(battery.id)
    const checked = await check(textOf(CSV_COLUMNS, records))
    expect(checked.report.counts).toEqual({ create: 0, update: 1, unchanged: 0, rejected: 0 })
    expect(checked.report.updated).toEqual([{ id: battery.id, fields: ['Variant Price (Matched pair)'] }])
    expect(await apply(checked)).toMatchObject({ kind: 'applied', report: { counts: { update: 1 } } })
    expect(await historyRows(battery.id)).toBe(rows + 1)
    const priced = await priceCart(database.db, [{ FBUID: battery.pair, productCount: 2 }])
    expect(priced.problems).toEqual([])
    expect(priced.lines).toMatchObject([{ productId: battery.pair, productName: 'CSV Cell Price — Matched pair', unitPriceCents: 179_900, quantity: 2 }])
    // The product's own price and the other variant's are as they were.
    expect((await priceCart(database.db, [{ FBUID: battery.id, productCount: 1 }])).lines[0]!.unitPriceCents).toBe(99_900)
    expect((await getProduct(database.db, battery.id))!.productVariants!.map((variant) => variant.productPrices[0]!.value)).toEqual([179_900, 79_900])
  })

  it('adds a variant from a new row without an id, under the id the variants editor would give it; a row left out removes its variant', async () => {
    const battery = await batteryWithVariants('CSV Cell New Row')
    const records = await rowsOf(battery.id)
    const small = records.findIndex((record) => record['Variant ID'] === battery.small)
    records.splice(small, 1, {
      Handle: battery.id,
      'Option1 Value': 'Triple',
      'Variant Price': '2799',
      'Variant SKU': `${battery.id}-3`,
      'Variant Inventory Qty': '4',
      'Variant Grams': '8100',
      'Contains Lithium': 'TRUE',
    })
    const checked = await check(textOf(CSV_COLUMNS, records))
    expect(checked.report.rejected).toEqual([])
    expect(checked.report.updated).toEqual([{ id: battery.id, fields: ['new variant (Triple)', 'removed variant (16,000 mAh)'] }])
    await apply(checked)
    const after = (await getProduct(database.db, battery.id))!
    expect(
      after.productVariants!.map((variant) => [variant.FBUID, variant.productOptionValues, variant.productPrices[0]?.value, variant.productStockOnHand]),
    ).toEqual([
      [battery.pair, ['Matched pair'], 194_900, 3],
      [`${battery.id}-triple`, ['Triple'], 279_900, 4],
    ])
    const priced = await priceCart(database.db, [{ FBUID: `${battery.id}-triple`, productCount: 1 }])
    expect(priced.lines).toMatchObject([{ productName: 'CSV Cell New Row — Triple', unitPriceCents: 279_900 }])
    // Exporting and importing again changes nothing.
    expect((await check(textOf(CSV_COLUMNS, await rowsOf(battery.id)))).report.counts).toMatchObject({ update: 0, unchanged: 1 })
  })

  it('refuses a variant’s bad price, a SKU or barcode another product has, or one another product of the file has, by its own row’s line, writing nothing', async () => {
    const battery = await batteryWithVariants('CSV Cell Taken SKU')
    await database.db.update(products).set({ productSku: 'TAKEN-SKU', productBarcode: '9780306406157' }).where(eq(products.id, 'unidrone-e900'))
    const records = await rowsOf(battery.id)
    // The product's row is line 2, the matched pair's line 3 and the small pack's line 4 (rows of more pictures after them).
    expect(records.slice(0, 3).map((record) => record['Variant ID'])).toEqual(['', battery.pair, battery.small])
    const [, pair, small] = records as [Record<string, string>, Record<string, string>, Record<string, string>]
    pair['Variant Price'] = 'lots'
    const price = await check(textOf(CSV_COLUMNS, records))
    expect(price.report.rejected).toEqual([{ id: battery.id, reason: 'Line 3: Variant Price: "lots" is not an amount in dollars, such as 1299.00.' }])
    pair['Variant Price'] = '1949.00'
    pair['Variant SKU'] = 'taken-sku'
    const before = await allProducts()
    const sku = await check(textOf(CSV_COLUMNS, records))
    expect(sku.report.rejected).toEqual([
      { id: battery.id, reason: 'Line 3: Variant SKU: The SKU taken-sku is already used by “UniDrone E900”: each product has its own.' },
    ])
    expect(await apply(sku)).toMatchObject({ kind: 'dry-run', notice: '1 document was rejected, so nothing was written.' })
    expect(await allProducts()).toEqual(before)

    pair['Variant SKU'] = `${battery.id}-2`
    small['Variant Barcode'] = '9780306406157'
    const barcode = await check(textOf(CSV_COLUMNS, records))
    expect(barcode.report.rejected).toEqual([
      { id: battery.id, reason: 'Line 4: Variant Barcode: The barcode 9780306406157 is already on “UniDrone E900”: each product has its own.' },
    ])

    // Another product of the file, on line 2 (its own row only), with the SKU the small pack (now line 5) gives itself.
    small['Variant Barcode'] = ''
    small['Variant SKU'] = 'CELL-SMALL'
    const [air] = await rowsOf('unilink-hd20-air-unit')
    const twin = await check(textOf(CSV_COLUMNS, [{ ...air!, 'Variant SKU': 'cell-small' }, ...records]))
    expect(twin.report.rejected).toEqual([
      {
        id: battery.id,
        reason:
          'Line 5: Variant SKU: “UniLink HD20 Air Unit” and “CSV Cell Taken SKU — 16,000 mAh” both have the SKU CELL-SMALL in this file (a SKU whatever its case): each product has its own.',
      },
    ])
    expect(await allProducts()).toEqual(before)
  })

  it('answers a malformed file, a CSV for another collection and renames with a CSV with a 400 and the reason', async () => {
    const file = (text: string) => new File([text], 'products.csv', { type: 'text/csv' })
    expect(await post({ intent: 'check', collection: 'products', file: file('Handle,Title\r\nx,"open\r\ny,Y\r\n') })).toEqual({
      kind: 'error',
      status: 400,
      message: 'Line 2: a quoted field starts here and is never closed (a " is missing). Nothing was written.',
    })
    expect(await post({ intent: 'check', collection: 'products', file: file('Title,Price\r\nA,1\r\n') })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The file has no Handle column/),
    })
    expect(await post({ intent: 'check', collection: 'templates', file: file('Handle\r\nx\r\n') })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Only products can be imported from a spreadsheet/),
    })
    expect(await post({ intent: 'check', collection: 'products', renames: 'a=b', file: file('Handle\r\nx\r\n') })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Renaming fields is for JSON files/),
    })
  })
})
