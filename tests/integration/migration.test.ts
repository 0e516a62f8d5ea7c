import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { DEFAULT_LOGISTICS, DEFAULT_PLACEMENT, DEFAULT_STOCK_KEEPING, DEFAULT_WAS_PRICE } from '../../app/lib/catalog'
import { slugify } from '../../app/lib/slug'
import { resolveProductRedirect, updateProduct } from '../../app/server/catalog/product-changes.server'
import { getProduct } from '../../app/server/catalog/products.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { attachPaymentSession, createPendingOrder, getOrder, priceCart } from '../../app/server/checkout/orders.server'
import { openPglite, type DatabaseHandle } from '../../app/server/db/client.server'
import { contacts, history, media, mediaVariants, products } from '../../app/server/db/schema'
import { databaseImageFiles, type ImageFileStore } from '../../app/server/images/file-store.server'
import type { StoredImage } from '../../app/server/images/media.server'
import { processImage } from '../../app/server/images/pipeline.server'
import { logger } from '../../app/server/log.server'
import type { ImageFileReader } from '../../app/server/migration/collection.server'
import { imageFileNames, readingInTurn } from '../../app/server/migration/collections/images.server'
import { COPY_ORDER, copyCollection } from '../../app/server/migration/copy.server'
import { exportFile } from '../../app/server/migration/export.server'
import { MIGRATION_COLLECTIONS, type MigrationCollection } from '../../app/server/migration/format'
import { applyImport, dryRunImport, ImportRefusedError, type ImportOptions } from '../../app/server/migration/import.server'
import { ExportFileError, readExportFile } from '../../app/server/migration/reader'
import { parseRenames } from '../../app/server/migration/renames'
import { exportDownload, handleImportForm } from '../../app/server/migration/screen.server'
import { syncProfileFromUser } from '../../app/server/profiles/profiles.server'
import { createTemplate } from '../../app/server/templates/templates.server'
import { addProductPhoto, imageFiles, photo, productPhoto } from '../support/product-photo'
import { testDatabaseKinds } from '../support/databases'

const IMPORTABLE = MIGRATION_COLLECTIONS.filter((collection) => collection !== 'history')
const STAFF = 'migrator@example.com'
const asStaff: ImportOptions = { updatedBy: STAFF }

async function exportText(database: DatabaseHandle, collection: MigrationCollection): Promise<string> {
  let text = ''
  for await (const piece of exportFile(database.db, collection, { pageSize: 7 })) text += piece
  return text
}

async function exportAll(database: DatabaseHandle): Promise<Record<MigrationCollection, string>> {
  const files = {} as Record<MigrationCollection, string>
  for (const collection of MIGRATION_COLLECTIONS) files[collection] = await exportText(database, collection)
  return files
}

async function* textPieces(text: string) {
  for (let index = 0; index < text.length; index += 4096) yield text.slice(index, index + 4096)
}
const documentsOf = (text: string, collection: MigrationCollection) => readExportFile(textPieces(text), collection)
const fileOf = (collection: MigrationCollection, documents: Record<string, unknown>) =>
  JSON.stringify({ format: 'unidrone-shop-export', version: 1, collection, documents })

const imageCount = async (database: DatabaseHandle) => (await database.db.select({ total: count() }).from(media))[0]!.total
const imageFileCount = async (database: DatabaseHandle) => (await database.db.select({ total: count() }).from(mediaVariants))[0]!.total

/**
 * Something in every collection: the demo catalogue with an uploaded photo on one product, a
 * template, an enquiry, a profile and a paid order with two lines.
 */
async function fillShop(database: DatabaseHandle) {
  await seedCatalog(database.db)
  // A low-stock level of its own, which an export and import must carry.
  await database.db.update(products).set({ productLowStockThreshold: 7 }).where(eq(products.id, 'unidrone-e900'))
  const image = await addProductPhoto(database)
  await createTemplate(database.db, { templateName: 'Survey kit', templateImage: '' }, STAFF)
  await database.db
    .insert(contacts)
    .values({ id: 'enquiry-1', contactName: 'Ann Lee', contactEmail: 'ann@example.com', contactMessage: 'Do you ship to Perth?' })
  await syncProfileFromUser(database.db, { id: 'user-1', email: 'pat@example.com', name: 'Pat Smith' })
  const priced = await priceCart(database.db, [
    { FBUID: 'unidrone-e900', productCount: 1 },
    { FBUID: 'unicam-f1-fpv-camera', productCount: 2 },
  ])
  const order = await createPendingOrder(database.db, { lines: priced.lines, email: 'buyer@example.com', userId: null, provider: 'demo', updatedBy: null })
  await attachPaymentSession(database.db, order.id, `demo_${order.id}`, null)
  return { orderId: order.id, image }
}

const historyCount = async (database: DatabaseHandle) => (await database.db.select({ total: count() }).from(history))[0]!.total
const productCount = async (database: DatabaseHandle) => (await database.db.select({ total: count() }).from(products))[0]!.total

describe.each(testDatabaseKinds())('data migration on $name', (kind) => {
  let source: DatabaseHandle
  let orderId: string
  let image: StoredImage
  let exported: Record<MigrationCollection, string>
  const opened: DatabaseHandle[] = []
  const fresh = async () => {
    const database = await kind.open()
    opened.push(database)
    return database
  }

  beforeAll(async () => {
    source = await fresh()
    ;({ orderId, image } = await fillShop(source))
    exported = await exportAll(source)
  })
  afterAll(async () => {
    for (const database of opened) await database.close()
  })

  it('exports the same bytes twice, in the documented format', async () => {
    expect(await exportAll(source)).toEqual(exported)
    const file = JSON.parse(exported.products)
    expect(Object.keys(file)).toEqual(['format', 'version', 'collection', 'documents'])
    expect(file).toMatchObject({ format: 'unidrone-shop-export', version: 1, collection: 'products' })
    expect(Object.keys(file.documents)).toHaveLength(demoProducts.length)
    expect(file.documents['unidrone-e900']).toEqual({
      FBUID: 'unidrone-e900',
      ...DEFAULT_LOGISTICS,
      ...DEFAULT_PLACEMENT,
      ...DEFAULT_WAS_PRICE,
      ...DEFAULT_STOCK_KEEPING,
      ...demoProducts.find((product) => slugify(product.productName) === 'unidrone-e900'),
      productLowStockThreshold: 7,
    })
    expect(JSON.parse(exported.orders).documents[orderId].lines).toHaveLength(2)
  })

  it('round trip: export everything, import it into an empty database, and export the same files again', async () => {
    const target = await fresh()
    for (const collection of IMPORTABLE) {
      const result = await applyImport(target.db, collection, documentsOf(exported[collection], collection), { updatedBy: 'data import' })
      expect(result.applied, collection).toBe(true)
      expect(result.report.counts.rejected, collection).toBe(0)
    }
    await expect(applyImport(target.db, 'history', documentsOf(exported.history, 'history'), asStaff)).rejects.toBeInstanceOf(ImportRefusedError)
    const again = await exportAll(target)
    for (const collection of IMPORTABLE) expect(again[collection], collection).toBe(exported[collection])
    expect((await getOrder(target.db, orderId))!.lines.map((line) => line.productId)).toEqual(['unidrone-e900', 'unicam-f1-fpv-camera'])

    const written = await target.db.select({ collection: history.collection, action: history.action, updatedBy: history.updatedBy }).from(history)
    expect(written).toHaveLength(demoProducts.length + 4)
    expect(new Set(written.map((row) => `${row.action} by ${row.updatedBy}`))).toEqual(new Set(['create by data import']))

    const rerun = await applyImport(target.db, 'products', documentsOf(exported.products, 'products'), asStaff)
    expect(rerun.report.counts).toEqual({ create: 0, update: 0, unchanged: demoProducts.length, rejected: 0 })
    expect(await historyCount(target)).toBe(written.length)
  })

  it('a dry run reports an edited price as one update and writes nothing; applying writes it with a history row', async () => {
    const target = await fresh()
    await applyImport(target.db, 'products', documentsOf(exported.products, 'products'), asStaff)
    const file = JSON.parse(exported.products)
    file.documents['unidrone-e900'].productPrices[0].value = 123456
    const edited = JSON.stringify(file)
    const historyBefore = await historyCount(target)

    const report = await dryRunImport(target.db, 'products', documentsOf(edited, 'products'), asStaff)
    expect(report.counts).toEqual({ create: 0, update: 1, unchanged: demoProducts.length - 1, rejected: 0 })
    expect(report.updated).toEqual([{ id: 'unidrone-e900', fields: ['productPrices'] }])
    expect((await getProduct(target.db, 'unidrone-e900'))!.productPrices[0]!.value).not.toBe(123456)
    expect(await historyCount(target)).toBe(historyBefore)

    const result = await applyImport(target.db, 'products', documentsOf(edited, 'products'), { ...asStaff, expectedPlan: report.plan })
    expect(result.applied).toBe(true)
    expect((await getProduct(target.db, 'unidrone-e900'))!.productPrices[0]!.value).toBe(123456)
    const rows = await target.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'products'), eq(history.documentId, 'unidrone-e900')))
      .orderBy(history.id)
    expect(rows.at(-1)).toMatchObject({ action: 'set', updatedBy: STAFF, document: { FBUID: 'unidrone-e900', productPrices: [{ value: 123456 }] } })
    expect(await historyCount(target)).toBe(historyBefore + 1)
  })

  it('a dry run reports text the database cannot store, naming the field, and applying refuses it the same way', async () => {
    const target = await fresh()
    const file = JSON.parse(exported.products)
    file.documents['unidrone-e900'].productName = 'UniDrone\u0000E900'
    file.documents['unidrone-e900'].productFeatures[0].description = 'broken \ud800'
    const templates = JSON.parse(exported.templates)
    const [firstTemplate] = Object.keys(templates.documents)
    templates.documents[firstTemplate!].templateName = 'Flyer\udc00'
    const report = await dryRunImport(target.db, 'products', documentsOf(JSON.stringify(file), 'products'), asStaff)
    expect(report.rejected).toEqual([{ id: 'unidrone-e900', reason: 'productName: Contains characters that cannot be stored (a NUL or a broken character).' }])
    const templateReport = await dryRunImport(target.db, 'templates', documentsOf(JSON.stringify(templates), 'templates'), asStaff)
    expect(templateReport.rejected).toEqual([
      { id: firstTemplate, reason: 'templateName: Contains characters that cannot be stored (a NUL or a broken character).' },
    ])
    const result = await applyImport(target.db, 'products', documentsOf(JSON.stringify(file), 'products'), { ...asStaff, expectedPlan: report.plan })
    expect(result.applied).toBe(false)
    expect(await getProduct(target.db, 'unidrone-e900')).toBeFalsy()
  })

  it('rejects a product whose Stripe product id is not in Stripe’s form, with the reason', async () => {
    const target = await fresh()
    const file = JSON.parse(exported.products)
    file.documents['unidrone-e900'].STUPID = 'abc'
    const report = await dryRunImport(target.db, 'products', documentsOf(JSON.stringify(file), 'products'), asStaff)
    expect(report.rejected).toEqual([
      { id: 'unidrone-e900', reason: 'STUPID: A Stripe product id is prod_ followed by letters and digits, such as prod_NWjs8kKbJWmuuc.' },
    ])
    expect(report.counts.create).toBe(demoProducts.length - 1)
  })

  it('refuses a file that gives one SKU (whatever its case) or one barcode to two of its products, naming both, and writes nothing', async () => {
    const target = await fresh()
    const file = JSON.parse(exported.products)
    file.documents['unicam-f1-fpv-camera'].productSku = 'UD-E900'
    file.documents['unidrone-e900'].productSku = 'ud-e900'
    file.documents['unicam-m24-mapping-camera'].productBarcode = '9780306406157'
    // Printed with dashes: the same barcode once they are taken out.
    file.documents['unilink-hd20-air-unit'].productBarcode = '978-0-306-40615-7'
    const text = JSON.stringify(file)
    const report = await dryRunImport(target.db, 'products', documentsOf(text, 'products'), asStaff)
    // Documents come in the order of their ids: the later of each pair is refused.
    expect(report.rejected).toEqual([
      {
        id: 'unidrone-e900',
        reason: '“UniCam F1 FPV Camera” and “UniDrone E900” both have the SKU ud-e900 in this file (a SKU whatever its case): each product has its own.',
      },
      {
        id: 'unilink-hd20-air-unit',
        reason: '“UniCam M24 Mapping Camera” and “UniLink HD20 Air Unit” both have the barcode 9780306406157 in this file: each product has its own.',
      },
    ])
    expect(report.counts).toEqual({ create: demoProducts.length - 2, update: 0, unchanged: 0, rejected: 2 })
    const result = await applyImport(target.db, 'products', documentsOf(text, 'products'), { ...asStaff, expectedPlan: report.plan })
    expect(result).toMatchObject({ applied: false, reason: '2 documents were rejected, so nothing was written.' })
    expect(await productCount(target)).toBe(0)
  })

  it('takes a file from before a rename as the renamed product: updated under its new id, never created again', async () => {
    const target = await fresh()
    await applyImport(target.db, 'products', documentsOf(exported.products, 'products'), asStaff)
    const before = (await getProduct(target.db, 'unidrone-e900'))!
    const oldPrice = before.productPrices[0]!.value
    // Renamed, and repriced in the same save, after the file was exported.
    await updateProduct(
      target.db,
      'unidrone-e900',
      1,
      { ...before, productName: 'UniDrone E900 Pro', productPrices: [{ ...before.productPrices[0]!, value: oldPrice + 10_000 }] },
      'someone@example.com',
    )
    const products = await productCount(target)

    const report = await dryRunImport(target.db, 'products', documentsOf(exported.products, 'products'), asStaff)
    expect(report.counts).toEqual({ create: 0, update: 1, unchanged: demoProducts.length - 1, rejected: 0 })
    expect(report.updated).toEqual([{ id: 'unidrone-e900-pro', fields: ['productPrices'], renamedFrom: 'unidrone-e900' }])

    const result = await applyImport(target.db, 'products', documentsOf(exported.products, 'products'), { ...asStaff, expectedPlan: report.plan })
    expect(result.applied).toBe(true)
    expect(await productCount(target)).toBe(products)
    expect(await getProduct(target.db, 'unidrone-e900')).toBeNull()
    const renamed = (await getProduct(target.db, 'unidrone-e900-pro'))!
    // The file's price is written; the rename stands, so its old address still leads to it.
    expect(renamed.productName).toBe('UniDrone E900 Pro')
    expect(renamed.productPrices[0]!.value).toBe(oldPrice)
    expect(await resolveProductRedirect(target.db, 'unidrone-e900')).toBe('unidrone-e900-pro')
    const [last] = await target.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'products'), eq(history.documentId, 'unidrone-e900-pro')))
      .orderBy(desc(history.id))
      .limit(1)
    expect(last).toMatchObject({ action: 'set', updatedBy: STAFF, document: { FBUID: 'unidrone-e900-pro', productName: 'UniDrone E900 Pro' } })

    // Once more: nothing left to change, and still nothing to create.
    const again = await dryRunImport(target.db, 'products', documentsOf(exported.products, 'products'), asStaff)
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: demoProducts.length, rejected: 0 })

    // A file holding the product under both ids would write it twice: that is refused.
    const both = JSON.parse(exported.products)
    both.documents['unidrone-e900-pro'] = { ...both.documents['unidrone-e900'], FBUID: 'unidrone-e900-pro', productName: 'UniDrone E900 Pro' }
    const twice = await dryRunImport(target.db, 'products', documentsOf(JSON.stringify(both), 'products'), asStaff)
    expect(twice.counts.rejected).toBe(1)
    expect(twice.rejected[0]!.reason).toMatch(/holds the product unidrone-e900-pro twice/)
  })

  it('does not apply a dry run the stored data has moved on from', async () => {
    const target = await fresh()
    await applyImport(target.db, 'products', documentsOf(exported.products, 'products'), asStaff)
    const file = JSON.parse(exported.products)
    file.documents['unidrone-e900'].STUPID = 'prod_FromFile'
    const edited = JSON.stringify(file)
    const report = await dryRunImport(target.db, 'products', documentsOf(edited, 'products'), asStaff)
    const e900 = file.documents['unidrone-e900']
    await updateProduct(
      target.db,
      'unidrone-e900',
      1,
      { ...demoProducts.find((product) => product.productName === e900.productName)!, productPrices: [] },
      'someone@example.com',
    )
    const result = await applyImport(target.db, 'products', documentsOf(edited, 'products'), { ...asStaff, expectedPlan: report.plan })
    expect(result).toMatchObject({ applied: false, reason: expect.stringMatching(/changed since the dry run/) })
    expect((await getProduct(target.db, 'unidrone-e900'))!.STUPID).not.toBe('prod_FromFile')
  })

  it('refuses malformed files with a clear message and writes nothing', async () => {
    const target = await fresh()
    const before = { products: await productCount(target), history: await historyCount(target) }
    const good = JSON.parse(exported.products).documents
    const [firstId, secondId] = Object.keys(good) as [string, string]
    const fileErrors: [string, string, RegExp][] = [
      ['bad JSON', exported.products.replace('"productName":', '"productName"'), /line 6\): the document "unicam-f1-fpv-camera" is not valid JSON/],
      ['cut short', exported.products.slice(0, 5000), /ends too early/],
      ['a newer format version', exported.products.replace('"version": 1', '"version": 2'), /version 2 of the export format; this shop reads version 1/],
      ['an unknown collection', exported.products.replace('"collection": "products"', '"collection": "drones"'), /unknown collection "drones"/],
      ['another collection', exported.templates, /This file holds templates, not products./],
    ]
    for (const [what, text, message] of fileErrors) {
      await expect(applyImport(target.db, 'products', documentsOf(text, 'products'), asStaff), what).rejects.toThrow(ExportFileError)
      await expect(dryRunImport(target.db, 'products', documentsOf(text, 'products'), asStaff), what).rejects.toThrow(message)
    }
    const rejections: [string, string, RegExp][] = [
      [
        'wrong types',
        fileOf('products', { ...good, [secondId]: { ...good[secondId], productPrices: [{ value: '19.99', label: '', description: '' }] } }),
        /productPrices.0.value: Invalid input: expected number/,
      ],
      [
        'an id that is not the product’s slug',
        fileOf('products', { ...good, 'not-its-name': { ...good[secondId], FBUID: undefined } }),
        /A product's id comes from its name/,
      ],
      ['an FBUID that is not its key', fileOf('products', { ...good, [secondId]: { ...good[secondId], FBUID: 'elsewhere' } }), /differs from its key/],
      ['a document that is not an object', fileOf('products', { ...good, [secondId]: [1, 2] }), /must be a JSON object/],
      [
        'a duplicate id',
        exported.products.replace(/\n {2}}\n}\n$/, `,\n    ${JSON.stringify(firstId)}: ${JSON.stringify(good[firstId])}\n  }\n}\n`),
        /appears more than once/,
      ],
    ]
    for (const [what, text, reason] of rejections) {
      const result = await applyImport(target.db, 'products', documentsOf(text, 'products'), asStaff)
      expect(result.applied, what).toBe(false)
      expect(result.report.rejected.map((item) => item.reason).join(' | '), what).toMatch(reason)
      expect(result.report.counts.create, what).toBeGreaterThan(0)
    }
    expect({ products: await productCount(target), history: await historyCount(target) }).toEqual(before)
  })

  it('renames fields before checking, so a file with other field names can be imported', async () => {
    const target = await fresh()
    const documents = JSON.parse(exported.templates).documents as Record<string, Record<string, unknown>>
    const renamed = Object.fromEntries(Object.entries(documents).map(([id, { templateName, ...rest }]) => [id, { ...rest, name: templateName }]))
    const without = await dryRunImport(target.db, 'templates', documentsOf(fileOf('templates', renamed), 'templates'), asStaff)
    expect(without.rejected[0]!.reason).toMatch(/templateName: .*Unrecognized key: "name"|Unrecognized key: "name".*templateName/)
    const result = await applyImport(target.db, 'templates', documentsOf(fileOf('templates', renamed), 'templates'), {
      ...asStaff,
      renames: parseRenames(['name=templateName']),
    })
    expect(result.applied).toBe(true)
    expect(await exportText(target, 'templates')).toBe(exported.templates)
  })

  it('carries uploaded images: every file the same bytes in another database, so the product’s photo shows there', async () => {
    const file = JSON.parse(exported.images)
    expect(Object.keys(file.documents)).toEqual([image.id])
    const document = file.documents[image.id]
    expect(Object.keys(document)).toEqual(['FBUID', 'width', 'height', 'placeholder', 'createdAt', 'files'])
    expect(document).toMatchObject({ FBUID: image.id, width: 700, height: 500, placeholder: image.placeholder })
    expect(Object.keys(document.files)).toEqual(['320.avif', '320.webp', '640.avif', '640.webp'])
    expect(imageFileNames(700).sort()).toEqual(Object.keys(document.files))

    const target = await fresh()
    const historyBefore = await historyCount(target)
    const result = await applyImport(target.db, 'images', documentsOf(exported.images, 'images'), asStaff)
    expect(result).toMatchObject({ applied: true, report: { counts: { create: 1, update: 0, unchanged: 0, rejected: 0 }, created: [image.id] } })
    const original = await imageFiles(source, image.id)
    expect(original).toHaveLength(4)
    const copied = await imageFiles(target, image.id)
    expect(copied).toEqual(original)
    for (const { format, width, bytes } of copied) expect(bytes.equals(Buffer.from(document.files[`${width}.${format}`], 'base64'))).toBe(true)
    expect(await exportText(target, 'images')).toBe(exported.images)
    // Images have no history rows, as an upload writes none.
    expect(await historyCount(target)).toBe(historyBefore)

    // The same file again: the image is there already, and is left as it is.
    const again = await applyImport(target.db, 'images', documentsOf(exported.images, 'images'), asStaff)
    expect(again).toMatchObject({ applied: true, report: { counts: { create: 0, update: 0, unchanged: 1, rejected: 0 } } })
    expect({ images: await imageCount(target), files: await imageFileCount(target) }).toEqual({ images: 1, files: 4 })

    // A file the store has lost is left out of the export, and the import names it.
    const losing: ImageFileReader = {
      get: (db, id, format, width) => (format === 'webp' && width === 640 ? Promise.resolve(null) : databaseImageFiles.get(db, id, format, width)),
    }
    let partial = ''
    for await (const piece of exportFile(source.db, 'images', { images: losing })) partial += piece
    expect(Object.keys(JSON.parse(partial).documents[image.id].files)).toEqual(['320.avif', '320.webp', '640.avif'])
    const elsewhere = await fresh()
    const refused = await applyImport(elsewhere.db, 'images', documentsOf(partial, 'images'), asStaff)
    expect(refused.report.rejected).toEqual([{ id: image.id, reason: expect.stringMatching(/^files: 640\.webp is missing/) }])

    expect((await applyImport(target.db, 'products', documentsOf(exported.products, 'products'), asStaff)).applied).toBe(true)
    const shown = await productPhoto(target)
    expect(shown?.address).toEqual({ id: image.id, width: 700, height: 500 })
    expect(shown?.file?.bytes.equals(original.find((each) => each.format === 'webp' && each.width === 640)!.bytes)).toBe(true)
  })

  it('refuses image documents it cannot store, with the reason, and writes nothing', async () => {
    const target = await fresh()
    const good = JSON.parse(exported.images).documents[image.id]
    const files = good.files as Record<string, string>
    const base64 = (text: string) => Buffer.from(text).toString('base64')
    const id = (n: number) => n.toString(16).padStart(32, '0')
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['not-an-image-id', good, /^An image's id is 32 characters 0–9 and a–f/],
      [
        id(1),
        { ...good, files: { ...files, '640.webp': undefined } },
        /^files: 640\.webp is missing; an image 700 pixels wide has 320\.avif, 320\.webp, 640\.avif, 640\.webp\.$/,
      ],
      [id(2), { ...good, files: { ...files, '1280.webp': files['640.webp'] } }, /^files: "1280\.webp" is not a file of an image 700 pixels wide/],
      [id(3), { ...good, files: { ...files, '320.avif': 'not base64!' } }, /^files\.320\.avif: Not base64/],
      [id(4), { ...good, files: { ...files, '320.avif': base64('<svg onload="alert(1)"/>') } }, /^files\.320\.avif: Not an AVIF picture\.$/],
      [id(5), { ...good, files: { ...files, '320.avif': files['320.webp'] } }, /^files\.320\.avif: Not an AVIF picture\.$/],
      [
        id(6),
        { ...good, files: { ...files, '320.webp': files['640.webp'] } },
        /^files\.320\.webp: The picture is 640×457; at 320 pixels wide, an image of 700×500 is 320×229\.$/,
      ],
      [id(7), { ...good, width: 1400 }, /^files: 960\.avif, 960\.webp, 1280\.avif, 1280\.webp are missing/],
      [id(8), { ...good, height: 900 }, /^files\.320\.avif: The picture is 320×229; at 320 pixels wide, an image of 700×900 is 320×411\.$/],
      [id(9), { ...good, placeholder: 'javascript:alert(1)' }, /^placeholder: A data: URL of a small picture/],
      [id(10), { ...good, width: '700' }, /^width: Invalid input: expected number/],
      [id(11), { ...good, files: undefined }, /^files: Invalid input/],
      [id(12), { ...good, caption: 'A camera' }, /Unrecognized key: "caption"/],
    ]
    const text = fileOf('images', Object.fromEntries(cases.map(([key, document]) => [key, { ...document, FBUID: undefined }])))
    const result = await applyImport(target.db, 'images', documentsOf(text, 'images'), asStaff)
    expect(result.applied).toBe(false)
    expect(result.report.counts).toEqual({ create: 0, update: 0, unchanged: 0, rejected: cases.length })
    const reasons = new Map(result.report.rejected.map((item) => [item.id, item.reason]))
    for (const [key, , reason] of cases) expect(reasons.get(key), key).toMatch(reason)
    expect({ images: await imageCount(target), files: await imageFileCount(target) }).toEqual({ images: 0, files: 0 })

    // Another picture under the id of a stored one: an image's id never names another picture.
    await applyImport(target.db, 'images', documentsOf(exported.images, 'images'), asStaff)
    const other = await processImage(await photo({ r: 10, g: 200, b: 90 }, 400, 300))
    const otherFiles = Object.fromEntries(other.variants.map((variant) => [`${variant.width}.${variant.format}`, variant.bytes.toString('base64')]))
    const impostor = fileOf('images', { [image.id]: { width: other.width, height: other.height, placeholder: other.placeholder, files: otherFiles } })
    const refused = await applyImport(target.db, 'images', documentsOf(impostor, 'images'), asStaff)
    expect(refused.report.rejected).toEqual([
      { id: image.id, reason: `This id is stored as an image of 700×500, not 400×300: an image's id never names another picture.` },
    ])
    expect(await imageFiles(target, image.id)).toEqual(await imageFiles(source, image.id))
  })

  it('copies every collection from an embedded database here, history first and only once', async () => {
    const embedded = await openPglite()
    opened.push(embedded)
    await embedded.migrate()
    await fillShop(embedded)
    const target = await fresh()
    // Files read from the first store that has them, and written through the target's store.
    const nowhere: ImageFileReader = { get: async () => null }
    const written: string[] = []
    const targetFiles: ImageFileStore = {
      kind: 'database',
      put: async (tx, id, variants) => {
        written.push(...variants.map((variant) => `${id}/${variant.width}.${variant.format}`))
        await databaseImageFiles.put(tx, id, variants)
      },
      get: databaseImageFiles.get,
    }
    const images = { from: readingInTurn(nowhere, databaseImageFiles), to: targetFiles }
    for (const collection of COPY_ORDER) expect((await copyCollection(embedded, target, collection, { images })).applied, collection).toBe(true)
    const copied = await exportAll(target)
    const original = await exportAll(embedded)
    for (const collection of IMPORTABLE) expect(copied[collection], collection).toBe(original[collection])
    // The product's photo shows from the target's own copy of its files.
    const shown = await productPhoto(target)
    expect(shown?.address.id).toMatch(/^[0-9a-f]{32}$/)
    expect(shown?.file?.bytes.equals((await productPhoto(embedded))!.file!.bytes)).toBe(true)
    expect(await imageFiles(target, shown!.address.id)).toEqual(await imageFiles(embedded, shown!.address.id))
    expect(written.sort()).toEqual(
      imageFileNames(700)
        .map((name) => `${shown!.address.id}/${name}`)
        .sort(),
    )
    const sourceHistory = await historyCount(embedded)
    expect(await historyCount(target)).toBe(sourceHistory + demoProducts.length + 4)
    expect(await copyCollection(embedded, target, 'history')).toEqual({ applied: true, history: { appended: 0, present: sourceHistory } })
  })
})

describe('the migration screen on the server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-migration-screen-'))
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await openPglite()
    await database.migrate()
    await seedCatalog(database.db)
  })
  afterAll(async () => {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const deps = () => ({ db: database.db, dataDir, requestId: 'test-request', staffEmail: STAFF })
  const post = (fields: Record<string, string | Blob>) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    return handleImportForm(new Request('http://shop.test/migration', { method: 'POST', body: form }), deps())
  }

  it('downloads an export, checks an edited copy, and applies it under the dry run it showed', async () => {
    const response = await exportDownload(deps(), 'products')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.json"$/)
    const text = await response.text()
    expect(text).toBe(await exportText(database, 'products'))
    const file = JSON.parse(text)
    file.documents['unidrone-e900'].productPrices[0].value = 4242
    const upload = new File([JSON.stringify(file)], 'edited.json', { type: 'application/json' })

    const checked = await post({ intent: 'check', collection: 'products', renames: '', file: upload })
    if (checked.kind !== 'dry-run') throw new Error(JSON.stringify(checked))
    expect(checked.report.counts).toMatchObject({ update: 1, rejected: 0 })
    const apply = { intent: 'apply', collection: 'products', renames: '', token: checked.token, fileName: 'edited.json' }

    const stale = await post({ ...apply, plan: 'a plan from another dry run' })
    expect(stale).toMatchObject({ kind: 'dry-run', notice: expect.stringMatching(/changed since the dry run/) })
    expect((await getProduct(database.db, 'unidrone-e900'))!.productPrices[0]!.value).not.toBe(4242)

    expect(await post({ ...apply, plan: checked.report.plan })).toMatchObject({ kind: 'applied', report: { counts: { update: 1 } } })
    expect((await getProduct(database.db, 'unidrone-e900'))!.productPrices[0]!.value).toBe(4242)
    expect(await post({ ...apply, plan: checked.report.plan })).toMatchObject({ kind: 'error', status: 400, message: expect.stringMatching(/no longer here/) })
  })

  it('answers bad forms with a 400 and the reason', async () => {
    const file = new File(['{"format": "unidrone-shop-export"'], 'cut.json')
    expect(await post({ intent: 'check', collection: 'history', file })).toMatchObject({ status: 400, message: expect.stringMatching(/^History is read-only/) })
    expect(await post({ intent: 'check', collection: 'drones', file })).toMatchObject({ status: 400, message: 'Choose the collection to import into.' })
    expect(await post({ intent: 'check', collection: 'images', file })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Images are exported and imported with npm run data/),
    })
    expect(await post({ intent: 'check', collection: 'products' })).toMatchObject({
      status: 400,
      message: 'Choose an export file (.json) or products.csv to upload.',
    })
    expect(await post({ intent: 'check', collection: 'products', file })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/ends too early.*Nothing was written\.$/),
    })
    expect(await post({ intent: 'check', collection: 'products', renames: 'price', file })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/is not a rename/),
    })
    expect(await post({ intent: 'apply', collection: 'products', token: '../../etc/passwd' })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/no longer here/),
    })
  })

  it('logs a failing database with the specification’s messages and tells the staff member', async () => {
    const broken = await openPglite()
    await broken.close()
    const errors = vi.spyOn(logger, 'error')
    try {
      const failing = { db: broken.db, dataDir, requestId: 'test-request', staffEmail: STAFF }
      const response = await exportDownload(failing, 'products')
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/migration?exportFailed=products')
      expect(errors).toHaveBeenLastCalledWith(
        expect.objectContaining({ collection: 'products', reqId: 'test-request' }),
        'Error fetching migration data collection',
      )

      const upload = new File([await exportText(database, 'products')], 'products.json')
      const form = new FormData()
      form.append('intent', 'check')
      form.append('collection', 'products')
      form.append('file', upload)
      const outcome = await handleImportForm(new Request('http://shop.test/migration', { method: 'POST', body: form }), failing)
      expect(outcome).toMatchObject({
        kind: 'error',
        status: 503,
        message: expect.stringMatching(/^Error fetching migration result collection "products"\. Nothing was written/),
      })
      expect(errors).toHaveBeenLastCalledWith(expect.objectContaining({ collection: 'products' }), 'Error fetching migration result collection')
    } finally {
      errors.mockRestore()
    }
  })
})
