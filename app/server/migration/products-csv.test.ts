import { describe, expect, it } from 'vitest'
import { demoProducts } from '../../../db/seed/catalog'
import { DEFAULT_LOGISTICS, DEFAULT_PLACEMENT, DEFAULT_STOCK_KEEPING, DEFAULT_WAS_PRICE } from '../../lib/catalog'
import { BOM, CsvError, csvLine, parseCsv } from '../../lib/csv'
import { slugify } from '../../lib/slug'
import type { Document } from './format'
import type { ImportReport } from './import.server'
import { CSV_COLUMNS, csvHeader, describeCsvReport, htmlToText, productCsvRows, ProductsCsvError, readProductsCsv, textToHtml } from './products-csv'

const context = { vendor: 'UniDrone Robotics', origin: 'https://shop.example' }

/** A stored product document, as the export reads it: the demo product with every default filled in. */
function stored(index = 0, changes: Record<string, unknown> = {}): Document {
  const fields = { ...demoProducts[index]!, ...DEFAULT_WAS_PRICE, ...DEFAULT_LOGISTICS, ...DEFAULT_STOCK_KEEPING, ...DEFAULT_PLACEMENT, ...changes }
  return { FBUID: slugify(String(fields.productName)), ...fields }
}

async function* pieces(text: string) {
  for (let index = 0; index < text.length; index += 100) yield text.slice(index, index + 100)
}

/**
 * Each product of the file completed over its stored document, as the import does (`moved`: a file id
 * renamed away from, and the product's current id).
 */
async function complete(text: string, storedDocuments: Document[], moved: Record<string, string> = {}) {
  const csv = await readProductsCsv(pieces(text), context)
  const current = new Map(storedDocuments.map((document) => [String(document.FBUID), document]))
  const byId = new Map(csv.entries.map((entry) => [entry.id, current.get(moved[entry.id] ?? entry.id)]))
  return { csv, documents: Object.fromEntries(csv.entries.map((entry) => [entry.id, entry.complete!(byId.get(entry.id))])) }
}

const withoutId = ({ FBUID: _id, ...fields }: Document) => fields
const file = (...lines: string[]) => `${lines.join('\r\n')}\r\n`

describe('products as CSV', () => {
  it('writes one row per product with Shopify’s columns, then a row per further image', () => {
    const product = stored(0, { productSku: 'UD-E900', productBarcode: '9780306406157', productCostCents: 845_000, productStockOnHand: 4 })
    const rows = parseCsv(csvHeader() + productCsvRows(product, context)).map((row) => row.cells)
    expect(rows[0]).toEqual(CSV_COLUMNS)
    const main = Object.fromEntries(CSV_COLUMNS.map((name, index) => [name, rows[1]![index]]))
    expect(main).toMatchObject({
      Handle: 'unidrone-e900',
      Title: 'UniDrone E900',
      Vendor: 'UniDrone Robotics',
      Type: 'autopilots',
      Published: 'TRUE',
      Status: 'active',
      'Option1 Name': 'Title',
      'Option1 Value': 'Default Title',
      'Variant SKU': 'UD-E900',
      'Variant Price': '12999.00',
      'Variant Compare At Price': '',
      'Variant Barcode': '9780306406157',
      'Variant Inventory Qty': '4',
      'Variant Inventory Policy': 'deny',
      'Cost per item': '8450.00',
      'Image Src': 'https://shop.example/images/products/unidrone-e900/1.svg',
      'Image Position': '1',
      'Stripe Product ID': 'prod_7NoxWgQfSpUvdk',
      'Contains Lithium': 'FALSE',
    })
    expect(main['Body (HTML)']).toMatch(/^<p>.+<\/p>$/)
    const images = (product.productImages as unknown[]).length
    expect(rows).toHaveLength(1 + images)
    expect(rows[2]!.filter(Boolean)).toEqual([
      'unidrone-e900',
      'https://shop.example/images/products/unidrone-e900/2.svg',
      '2',
      (product.productImages as { label: string }[])[1]!.label,
    ])
  })

  it('starts with a BOM and ends every row with CRLF', () => {
    const text = csvHeader() + productCsvRows(stored(1), context)
    expect(text.startsWith(BOM)).toBe(true)
    expect(
      text
        .replace(/"[^"]*"/g, '')
        .split('\r\n')
        .at(-1),
    ).toBe('')
  })

  it('reads its own file back into the same documents', async () => {
    const products = [stored(0), stored(3, { productStatus: 'draft', productWasPriceCents: 99_900, productRelated: ['unidrone-e900', 'unicam-f1-fpv-camera'] })]
    const text = csvHeader() + products.map((product) => productCsvRows(product, context)).join('')
    const { csv, documents } = await complete(text, products)
    expect(csv.ignoredColumns).toEqual([])
    for (const product of products) expect(documents[String(product.FBUID)]).toEqual(withoutId(product))
    expect(csv.rows).toBe(products.reduce((sum, product) => sum + (product.productImages as unknown[]).length, 0))
  })

  it('keeps a formula-looking title, defused in the file, as it was', async () => {
    const product = stored(0, { productName: '=HYPERLINK("http://evil.example")' })
    const text = csvHeader() + productCsvRows({ ...product, FBUID: 'hyperlink-http-evil-example' }, context)
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    const { documents } = await complete(text, [{ ...product, FBUID: 'hyperlink-http-evil-example' }])
    expect(documents['hyperlink-http-evil-example']).toMatchObject({ productName: '=HYPERLINK("http://evil.example")' })
  })

  it('changes only what the file’s columns hold: a file of Handle and Variant Price changes prices', async () => {
    const product = stored(0, { productSku: 'UD-E900' })
    const { csv, documents } = await complete(file('Handle,Variant Price', 'unidrone-e900,"13,499.50"'), [product])
    expect(documents['unidrone-e900']).toEqual({
      ...withoutId(product),
      productPrices: [{ ...(product.productPrices as object[])[0], value: 1_349_950 }],
    })
    expect(csv.changes.get('unidrone-e900')).toEqual(['Variant Price'])
  })

  it('lists the columns it does not read, and reads known ones whatever their case', async () => {
    const { csv, documents } = await complete(file('handle,TAGS,variant price,Vendor,Gift Card,', 'unidrone-e900,drones,12000,Someone,FALSE,'), [stored(0)])
    expect(csv.ignoredColumns).toEqual(['TAGS', 'Gift Card', 'column 6 (no name)'])
    expect(documents['unidrone-e900']).toMatchObject({ productPrices: [{ value: 1_200_000 }] })
  })

  it('gives each product the reasons of its cells, by column', async () => {
    const { documents } = await complete(
      file(
        'Handle,Variant Price,Variant Compare At Price,Variant Inventory Qty,Contains Lithium,Type,Status',
        'unidrone-e900,abc,12,lots,maybe,drones,live',
        'unicam-f1-fpv-camera,,,,,Cameras,DRAFT',
      ),
      [stored(0), stored(7)],
    )
    expect(documents['unidrone-e900']).toEqual({
      // In the order of the shop's columns.
      reason: [
        'Type: "drones" is not one of the shop\'s ranges: autopilots, cameras, radio-controllers, propulsion, parts-accessories.',
        'Status: "live" is not active, draft or archived.',
        'Variant Inventory Qty: "lots" is not a whole number of units, such as 12 (or empty when stock is not tracked).',
        'Variant Price: "abc" is not an amount in dollars, such as 1299.00.',
        'Contains Lithium: "maybe" is neither TRUE nor FALSE.',
      ].join('; '),
    })
    expect(documents['unicam-f1-fpv-camera']).toEqual({ reason: 'Variant Price: empty: enter the price as an amount in dollars, such as 1299.00.' })
  })

  it('refuses an option value without its name and second product rows, and adds images from image rows', async () => {
    const product = stored(7)
    const { documents } = await complete(
      file(
        'Handle,Title,Option1 Value,Image Src,Image Position,Image Alt Text',
        'unicam-f1-fpv-camera,UniCam F1 FPV Camera,Default Title,https://shop.example/images/a.svg,2,Second',
        'unicam-f1-fpv-camera,,,https://cdn.example.com/b.png,1,First',
        'unicam-f1-fpv-camera,,,/images/c.svg,,Third',
        'red-thing,Red Thing,Red,,,',
        'twice,Twice,,,,',
        'twice,Twice again,,,,',
      ),
      [product],
    )
    expect(documents['unicam-f1-fpv-camera']).toMatchObject({
      productImages: [
        { value: 'https://cdn.example.com/b.png', label: 'First', description: '' },
        { value: '/images/a.svg', label: 'Second', description: '' },
        { value: '/images/c.svg', label: 'Third', description: '' },
      ],
    })
    expect(documents['red-thing']).toEqual({ reason: 'Option1 Value: "Red" has no option: its name goes in Option1 Name.' })
    expect(documents.twice).toEqual({ reason: expect.stringMatching(/^Line 7 repeats this Handle with more than an image \(Title\)/) })
  })

  /** The demo product with options Pack and Plug: itself Single / XT60, and a pair and a small pack. */
  function withVariants(changes: Record<string, unknown> = {}): Document {
    const product = stored(0, { productSku: 'UD-E900', productWeightGrams: 2_700, productContainsLithium: true, ...changes })
    const variant = (id: string, values: string[], cents: number, more: Record<string, unknown> = {}) => ({
      ...DEFAULT_WAS_PRICE,
      ...DEFAULT_LOGISTICS,
      ...DEFAULT_STOCK_KEEPING,
      FBUID: id,
      productOptionValues: values,
      productPrices: [{ label: values.join(' / '), value: cents, description: '' }],
      productImages: [],
      ...more,
    })
    return {
      ...product,
      productOptionNames: ['Pack', 'Plug'],
      productOptionValues: ['Single', 'XT60'],
      productVariants: [
        variant('unidrone-e900-matched-pair-xt60', ['Matched pair', 'XT60'], 2_499_900, {
          productSku: 'UD-E900-2',
          productBarcode: '9780306406157',
          productStockOnHand: 3,
          productCostCents: 1_600_000,
          productWasPriceCents: 2_599_900,
          productWeightGrams: 5_400,
          productContainsLithium: true,
          productImages: [
            { value: '/images/pair.svg', label: 'The pair', description: 'Two packs' },
            { value: '/images/pair-2.svg', label: 'Side', description: '' },
          ],
          productPrices: [{ label: 'Matched pair / XT60', value: 2_499_900, description: 'price_pair' }],
        }),
        variant('unidrone-e900-single-xt90', ['Single', 'XT90'], 1_299_900, {
          productStockOnHand: 0,
          productAllowBackorder: true,
          productBackorderLeadTime: '2 weeks',
        }),
      ],
    }
  }
  const variantsOf = (document: unknown) => (document as { productVariants: Record<string, unknown>[] }).productVariants
  /** The file's rows as records by column name. */
  const recordsOf = (text: string) => {
    const [header, ...rows] = parseCsv(text).map((row) => row.cells)
    return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])))
  }
  const textOf = (records: Record<string, string>[]) => csvHeader() + records.map((record) => csvLine(CSV_COLUMNS.map((name) => record[name] ?? ''))).join('')

  it('writes a product with options as its row, a row per other variant and its image rows, as Shopify does', () => {
    const product = withVariants()
    const records = recordsOf(csvHeader() + productCsvRows(product, context))
    const images = (product.productImages as unknown[]).length
    expect(records).toHaveLength(1 + 2 + images - 1)
    expect(records[0]).toMatchObject({
      Handle: 'unidrone-e900',
      Title: 'UniDrone E900',
      'Option1 Name': 'Pack',
      'Option1 Value': 'Single',
      'Option2 Name': 'Plug',
      'Option2 Value': 'XT60',
      'Option3 Name': '',
      'Variant SKU': 'UD-E900',
      'Variant Image': '',
      'Variant ID': '',
    })
    // A variant's row: its Handle, values and own columns; the product's columns are its first row's.
    const pair = Object.fromEntries(Object.entries(records[1]!).filter(([, cell]) => cell !== ''))
    expect(pair).toEqual({
      Handle: 'unidrone-e900',
      'Option1 Value': 'Matched pair',
      'Option2 Value': 'XT60',
      'Variant SKU': 'UD-E900-2',
      'Variant Grams': '5400',
      'Variant Inventory Qty': '3',
      'Variant Inventory Policy': 'deny',
      'Variant Price': '24999.00',
      'Variant Compare At Price': '25999.00',
      'Variant Barcode': '9780306406157',
      'Cost per item': '16000.00',
      'Variant Image': 'https://shop.example/images/pair.svg',
      'Stripe Price ID': 'price_pair',
      'Contains Lithium': 'TRUE',
      'Low Stock Alert': '3',
      'Variant ID': 'unidrone-e900-matched-pair-xt60',
    })
    expect(records[2]).toMatchObject({
      'Option1 Value': 'Single',
      'Option2 Value': 'XT90',
      'Variant Inventory Policy': 'continue',
      'Backorder Lead Time': '2 weeks',
    })
    expect(records[3]!['Image Position']).toBe('2')
    expect(records[3]!['Option1 Value']).toBe('')
    // Without options, Shopify's Title and Default Title as before.
    expect(recordsOf(csvHeader() + productCsvRows(stored(1), context))[0]).toMatchObject({
      'Option1 Name': 'Title',
      'Option1 Value': 'Default Title',
      'Option2 Name': '',
    })
  })

  it('reads a product with options back into the same document, and a file without option columns keeps the stored variants', async () => {
    const product = withVariants()
    const { csv, documents } = await complete(csvHeader() + productCsvRows(product, context), [product])
    expect(documents['unidrone-e900']).toEqual(withoutId(product))
    expect(csv.changes.get('unidrone-e900')).toEqual([])
    expect(csv.variantLines.get('unidrone-e900')).toEqual([3, 4])

    const prices = await complete(file('Handle,Variant Price', 'unidrone-e900,100'), [product])
    expect(variantsOf(prices.documents['unidrone-e900'])).toEqual(product.productVariants)
    // Shopify's "no options" keeps them too: a file from before variants were in it removes none.
    const old = await complete(file('Handle,Option1 Name,Option1 Value', 'unidrone-e900,Title,Default Title'), [product])
    expect(old.documents['unidrone-e900']).toEqual(withoutId(product))
  })

  it('reads a changed variant, a new variant without an id and a variant left out', async () => {
    const product = withVariants()
    const records = recordsOf(csvHeader() + productCsvRows(product, context))
    records[1]!['Variant Price'] = '23,999'
    records[1]!['Variant Image'] = 'https://shop.example/images/pair-2.svg'
    // The small pack's row is left out, and a new one added without an id.
    records.splice(2, 1, {
      Handle: 'unidrone-e900',
      'Option1 Value': 'Matched pair',
      'Option2 Value': 'XT90',
      'Variant Price': '249.99',
      'Variant SKU': 'UD-E900-2-90',
    })
    const { csv, documents } = await complete(textOf(records), [product])
    const [pair, added] = variantsOf(documents['unidrone-e900'])
    expect(pair).toMatchObject({
      FBUID: 'unidrone-e900-matched-pair-xt60',
      productPrices: [{ label: 'Matched pair / XT60', value: 2_399_900, description: 'price_pair' }],
      productImages: [
        { value: '/images/pair-2.svg', label: '', description: '' },
        { value: '/images/pair-2.svg', label: 'Side', description: '' },
      ],
    })
    // A new variant: the editor's id and price label; the file's empty cells are what they say (0 grams, no lithium, not tracked).
    expect(added).toEqual({
      FBUID: 'unidrone-e900-matched-pair-xt90',
      productOptionValues: ['Matched pair', 'XT90'],
      productPrices: [{ label: 'Matched pair / XT90', value: 24_999, description: '' }],
      productImages: [],
      productWasPriceCents: null,
      productSku: 'UD-E900-2-90',
      productBarcode: '',
      productCostCents: null,
      productStockOnHand: null,
      productWeightGrams: 0,
      productContainsLithium: false,
      productAllowBackorder: false,
      productBackorderLeadTime: '',
      productLowStockThreshold: 3,
    })
    expect(variantsOf(documents['unidrone-e900'])).toHaveLength(2)
    expect(csv.changes.get('unidrone-e900')).toEqual([
      'Variant Price (Matched pair / XT60)',
      'Variant Image (Matched pair / XT60)',
      'new variant (Matched pair / XT90)',
      'removed variant (Single / XT90)',
    ])
  })

  it('takes a variant row without an id as the stored variant of its values, and numbers a new id that is taken', async () => {
    const product = withVariants()
    const rows = [
      'Handle,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price',
      'unidrone-e900,Pack,Single,Plug,XT60,12999',
      'unidrone-e900,,single,,xt90,99',
      'unidrone-e900,,Matched pair,,XT90,250',
    ]
    const taken = withVariants()
    ;(taken.productVariants as { FBUID: string }[])[0]!.FBUID = 'unidrone-e900-matched-pair-xt90'
    const { documents } = await complete(file(...rows), [product])
    expect(variantsOf(documents['unidrone-e900']).map((variant) => [variant.FBUID, variant.productOptionValues])).toEqual([
      ['unidrone-e900-single-xt90', ['single', 'xt90']],
      ['unidrone-e900-matched-pair-xt90', ['Matched pair', 'XT90']],
    ])
    // Columns the file does not have: the stored variant keeps its own, a new one takes the product's weight and lithium.
    expect(variantsOf(documents['unidrone-e900'])[0]).toMatchObject({ productAllowBackorder: true, productBackorderLeadTime: '2 weeks', productStockOnHand: 0 })
    expect(variantsOf(documents['unidrone-e900'])[1]).toMatchObject({ productWeightGrams: 2_700, productContainsLithium: true, productStockOnHand: null })
    const again = await complete(file(...rows), [taken])
    expect(variantsOf(again.documents['unidrone-e900']).map((variant) => variant.FBUID)).toEqual([
      'unidrone-e900-single-xt90',
      'unidrone-e900-matched-pair-xt90-2',
    ])
  })

  it('gives a product’s option and variant rows their reasons, by line and column', async () => {
    const { documents } = await complete(
      file(
        'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Variant ID',
        'unidrone-e900,UniDrone E900,Title,Default Title,,,1,',
        'unidrone-e900,,,Red,,,2,',
        'unicam-f1-fpv-camera,UniCam F1 FPV Camera,Lens,,,Wide,3,',
        'unimotor-6215-kv180,UniMotor 6215 KV180,,,Size,Big,3,',
        'unipilot-x7-pro,UniPilot X7 Pro,Pack,Single,,,4,',
        'unipilot-x7-pro,Another Title,Size,Pair,,Big,abc,',
        'unipilot-x7-pro,,,,,,,unipilot-x7-pro-pair',
      ),
      [stored(0), stored(7), stored(3)],
    )
    expect(documents['unimotor-6215-kv180']).toEqual({
      reason: 'Option2 Name: "Size" follows an empty Option1 Name: name the options in order.',
    })
    expect(documents['unidrone-e900']).toEqual({
      reason: expect.stringMatching(/^Line 3 is a variant \(Option1 Value "Red"\), but the product's first row names no options/),
    })
    expect(documents['unicam-f1-fpv-camera']).toEqual({
      reason:
        'Option1 Value: empty: give the product\'s own Lens (the product is its first variant).; Option2 Value: "Wide" has no option: its name goes in Option2 Name.',
    })
    expect(documents['unipilot-x7-pro']).toEqual({
      reason: [
        'Line 8 repeats this Handle with more than an image (Variant ID): a product has one row, then a row per other variant with its Option1 Value, and rows holding only Handle, Image Src, Image Position and Image Alt Text.',
      ].join('; '),
    })
    const variantRow = await complete(
      file(
        'Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price',
        'unipilot-x7-pro,UniPilot X7 Pro,Pack,Single,,,4',
        'unipilot-x7-pro,Another Title,Size,Pair,,Big,abc',
        'unipilot-x7-pro,UniPilot X7 Pro,Pack,Trio,,,5',
      ),
      [stored(3)],
    )
    expect(variantRow.documents['unipilot-x7-pro']).toEqual({
      reason: [
        'Line 3: Option1 Name: "Size" is not the product\'s "Pack": a variant\'s row leaves the names empty or repeats its first row\'s.',
        'Option2 Value: "Big", but the product has no Option2 Name.',
        "Title: a variant's row leaves the product's columns empty; they are read from its first row (line 2).",
        'Variant Price: "abc" is not an amount in dollars, such as 1299.00.',
      ].join('; '),
    })
  })

  it('gives a new product the empty required fields for the schema to name', async () => {
    const { documents } = await complete(file('Handle,Title,Variant Price', 'new-drone,New Drone,99'), [])
    expect(documents['new-drone']).toMatchObject({
      productName: 'New Drone',
      STUPID: '',
      productCategory: '',
      productPrices: [{ value: 9900, label: 'Price' }],
    })
  })

  it('takes a renamed product’s old Handle without a Title as that product', async () => {
    const renamed = stored(0, { productName: 'UniDrone E900 Pro' })
    const { documents } = await complete(file('Handle,Variant Price', 'unidrone-e900,1'), [{ ...renamed, FBUID: 'unidrone-e900-pro' }], {
      'unidrone-e900': 'unidrone-e900-pro',
    })
    // The import keeps the current name; the file's id must only be its name's id.
    expect(documents['unidrone-e900']).toMatchObject({ productName: 'unidrone-e900', productPrices: [{ value: 100 }] })
  })

  it('refuses a file without a Handle column, a row without a Handle, a row wider than the header and an unclosed quote', async () => {
    await expect(readProductsCsv(pieces(file('Title,Variant Price', 'A,1')), context)).rejects.toThrowError(ProductsCsvError)
    await expect(readProductsCsv(pieces(file('Handle,Title', 'a,A', ',B')), context)).rejects.toThrowError(
      new CsvError(3, 'this row has no Handle: each row names its product by its Handle (its id).'),
    )
    await expect(readProductsCsv(pieces(file('Handle,Title', 'a,A,extra')), context)).rejects.toThrowError(
      'Line 2: this row has 3 cells, more than the 2 columns of the header.',
    )
    await expect(readProductsCsv(pieces(file('Handle,Title', 'a,"A', 'b,B')), context)).rejects.toThrowError('Line 2: a quoted field starts here')
    await expect(readProductsCsv(pieces(''), context)).rejects.toThrowError('The file is empty')
    // Trailing empty cells and cleared rows, as spreadsheets save them, are no problem.
    expect((await readProductsCsv(pieces(file('Handle,Title', 'a,A,,', ',', ',,')), context)).entries.map((entry) => entry.id)).toEqual(['a'])
  })

  it('writes the main text as HTML paragraphs and reads HTML back as text', () => {
    expect(textToHtml('First <b> & "that"\nline two\n\nSecond')).toBe('<p>First &lt;b&gt; &amp; &quot;that&quot;<br>line two</p><p>Second</p>')
    expect(htmlToText('<p>First &lt;b&gt; &amp; &quot;that&quot;<br>line two</p><p>Second</p>')).toBe('First <b> & "that"\nline two\n\nSecond')
    expect(htmlToText('<h2>Title</h2><ul><li>One&nbsp;&#8211; <strong>bold</strong></li></ul>')).toBe('Title\n\nOne – bold')
    expect(textToHtml('')).toBe('')
  })

  it('tells the dry run by line and column', () => {
    const report: ImportReport = {
      collection: 'products',
      total: 2,
      counts: { create: 0, update: 1, unchanged: 0, rejected: 1 },
      created: [],
      updated: [{ id: 'unidrone-e900', fields: ['productPrices'] }],
      rejected: [{ id: 'unicam-f1-fpv-camera', reason: 'productBarcode: This barcode’s last digit does not match the others: please check it.' }],
      plan: '',
    }
    const told = describeCsvReport(report, {
      lines: new Map([
        ['unidrone-e900', 2],
        ['unicam-f1-fpv-camera', 7],
      ]),
      columns: ['Handle', 'Variant Price', 'Variant Barcode'],
      changes: new Map(),
    })
    expect(told.rejected).toEqual([
      { id: 'unicam-f1-fpv-camera', reason: 'Line 7: Variant Barcode: This barcode’s last digit does not match the others: please check it.' },
    ])
    expect(told.updated).toEqual([{ id: 'unidrone-e900', fields: ['Variant Price'] }])

    const variants = describeCsvReport(
      {
        ...report,
        rejected: [
          { id: 'unicam-f1-fpv-camera', reason: 'productVariants.1.productBarcode: This barcode’s last digit does not match the others: please check it.' },
          { id: 'unidrone-e900', reason: 'productOptionValues.1: An option or value cannot contain " / ", which separates values in names.' },
        ],
      },
      {
        lines: new Map([
          ['unicam-f1-fpv-camera', 7],
          ['unidrone-e900', 2],
        ]),
        variantLines: new Map([['unicam-f1-fpv-camera', [8, 10]]]),
        columns: [],
        changes: new Map(),
      },
    )
    expect(variants.rejected).toEqual([
      { id: 'unicam-f1-fpv-camera', reason: 'Line 10: Variant Barcode: This barcode’s last digit does not match the others: please check it.' },
      { id: 'unidrone-e900', reason: 'Line 2: Option2 Value: An option or value cannot contain " / ", which separates values in names.' },
    ])

    // A variant's id another product has: at its row, under the Variant ID column.
    const ids = describeCsvReport(
      {
        ...report,
        rejected: [
          {
            id: 'unicam-f1-fpv-camera',
            reason: "productVariants.0.FBUID: The variant id unidrone-e900 is already another product's or another product's variant.",
          },
        ],
      },
      { lines: new Map([['unicam-f1-fpv-camera', 7]]), variantLines: new Map([['unicam-f1-fpv-camera', [8, 10]]]), columns: [], changes: new Map() },
    )
    expect(ids.rejected).toEqual([
      { id: 'unicam-f1-fpv-camera', reason: "Line 8: Variant ID: The variant id unidrone-e900 is already another product's or another product's variant." },
    ])
  })
})
