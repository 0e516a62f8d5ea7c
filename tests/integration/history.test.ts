import { DEFAULT_LOGISTICS, DEFAULT_PLACEMENT, DEFAULT_STOCK_KEEPING, DEFAULT_WAS_PRICE } from '../../app/lib/catalog'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import { deleteProduct, getEditableProduct, resolveProductRedirect, updateProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct, getProduct } from '../../app/server/catalog/products.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history } from '../../app/server/db/schema'
import { documentTimeline, NotRestorableError, recentWrites, restoreVersion } from '../../app/server/history/history.server'
import { recordHistory, type Collection } from '../../app/server/history/record.server'
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  PLACEHOLDER_TEMPLATE_IMAGE,
  StaleTemplateError,
  updateTemplate,
} from '../../app/server/templates/templates.server'
import { testDatabaseKinds } from '../support/databases'

const STAFF = 'staff@example.com'
const OTHER_STAFF = 'other.staff@example.com'

describe.each(testDatabaseKinds())('history and restore on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })

  const rowsOf = (collection: Collection, documentId: string) =>
    database.db
      .select()
      .from(history)
      .where(and(eq(history.collection, collection), eq(history.documentId, documentId)))
      .orderBy(asc(history.id))

  it('records a template created, updated, deleted and restored, and the timeline shows what changed', async () => {
    const created = await createTemplate(database.db, { templateName: 'Survey kit', templateImage: '' }, STAFF)
    expect(created.templateImage).toBe(PLACEHOLDER_TEMPLATE_IMAGE)
    expect(created.version).toBe(1)

    const updated = await updateTemplate(database.db, created.FBUID, 1, { templateName: 'Survey kit v2', templateImage: '/images/kit.svg' }, OTHER_STAFF)
    expect(updated.version).toBe(2)
    await deleteTemplate(database.db, created.FBUID, STAFF)
    expect(await getTemplate(database.db, created.FBUID)).toBeNull()
    expect((await listTemplates(database.db)).map((template) => template.FBUID)).not.toContain(created.FBUID)

    const rows = await rowsOf('templates', created.FBUID)
    expect(rows.map((row) => [row.action, row.updatedBy])).toEqual([
      ['create', STAFF],
      ['update', OTHER_STAFF],
      ['delete', STAFF],
    ])
    expect(rows[0]!.document).toEqual({ FBUID: created.FBUID, templateName: 'Survey kit', templateImage: PLACEHOLDER_TEMPLATE_IMAGE })
    expect(rows[1]!.document).toEqual({ FBUID: created.FBUID, templateName: 'Survey kit v2', templateImage: '/images/kit.svg' })
    // A delete keeps the record's last state.
    expect(rows[2]!.document).toEqual(rows[1]!.document)

    // Bring back the first version after the delete.
    const restoredFrom = rows[0]!.id
    expect(await restoreVersion(database.db, restoredFrom, OTHER_STAFF)).toEqual({ collection: 'templates', documentId: created.FBUID })
    const back = await getTemplate(database.db, created.FBUID)
    expect(back).toMatchObject({ FBUID: created.FBUID, templateName: 'Survey kit', templateImage: PLACEHOLDER_TEMPLATE_IMAGE })
    expect((await listTemplates(database.db)).map((template) => template.FBUID)).toContain(created.FBUID)

    const after = await rowsOf('templates', created.FBUID)
    expect(after).toHaveLength(4)
    expect(after[3]).toMatchObject({
      action: 'set',
      updatedBy: OTHER_STAFF,
      document: { FBUID: created.FBUID, templateName: 'Survey kit', templateImage: PLACEHOLDER_TEMPLATE_IMAGE, restored: true },
    })

    // Newest first, each with the fields it changed compared with the version before it.
    const timeline = await documentTimeline(database.db, 'templates', created.FBUID)
    expect(timeline.map((version) => [version.action, version.updatedBy])).toEqual([
      ['set', OTHER_STAFF],
      ['delete', STAFF],
      ['update', OTHER_STAFF],
      ['create', STAFF],
    ])
    expect(timeline[3]!.changes).toEqual([
      { field: 'FBUID', before: undefined, after: created.FBUID },
      { field: 'templateName', before: undefined, after: 'Survey kit' },
      { field: 'templateImage', before: undefined, after: PLACEHOLDER_TEMPLATE_IMAGE },
    ])
    expect(timeline[2]!.changes).toEqual([
      { field: 'templateName', before: 'Survey kit', after: 'Survey kit v2' },
      { field: 'templateImage', before: PLACEHOLDER_TEMPLATE_IMAGE, after: '/images/kit.svg' },
    ])
    expect(timeline[1]!.changes).toEqual([])
    // The restore undid the update: `restored` itself is bookkeeping, not a change.
    expect(timeline[0]!.changes).toEqual([
      { field: 'templateName', before: 'Survey kit v2', after: 'Survey kit' },
      { field: 'templateImage', before: '/images/kit.svg', after: PLACEHOLDER_TEMPLATE_IMAGE },
    ])

    const recent = await recentWrites(database.db, 4)
    expect(recent.map((write) => [write.collection, write.documentId, write.action])).toEqual([
      ['templates', created.FBUID, 'set'],
      ['templates', created.FBUID, 'delete'],
      ['templates', created.FBUID, 'update'],
      ['templates', created.FBUID, 'create'],
    ])
  })

  it('restoring over a template that still exists makes a new version of it', async () => {
    const template = await createTemplate(database.db, { templateName: 'Inspection', templateImage: 'https://example.com/a.png' }, STAFF)
    await updateTemplate(database.db, template.FBUID, 1, { templateName: 'Inspection (old)', templateImage: '' }, STAFF)
    const [first] = await rowsOf('templates', template.FBUID)
    await restoreVersion(database.db, first!.id, OTHER_STAFF)
    expect(await getTemplate(database.db, template.FBUID)).toEqual({
      FBUID: template.FBUID,
      templateName: 'Inspection',
      templateImage: 'https://example.com/a.png',
      version: 3,
    })
  })

  it('refuses a stale template update and writes nothing', async () => {
    const template = await createTemplate(database.db, { templateName: 'Mapping', templateImage: '' }, STAFF)
    await updateTemplate(database.db, template.FBUID, 1, { templateName: 'Mapping (first editor)', templateImage: '' }, STAFF)
    const historyBefore = await database.db.$count(history)

    await expect(
      updateTemplate(database.db, template.FBUID, 1, { templateName: 'Mapping (second editor)', templateImage: '' }, OTHER_STAFF),
    ).rejects.toBeInstanceOf(StaleTemplateError)

    expect(await getTemplate(database.db, template.FBUID)).toMatchObject({ templateName: 'Mapping (first editor)', version: 2 })
    expect(await database.db.$count(history)).toBe(historyBefore)
  })

  it('refuses to restore a version of an order, and changes nothing', async () => {
    await recordHistory(database.db, {
      collection: 'orders',
      documentId: 'UD-TEST-1',
      action: 'create',
      document: { id: 'UD-TEST-1', status: 'pending', totalCents: 1100 },
      updatedBy: 'payment provider',
    })
    const [orderRow] = await rowsOf('orders', 'UD-TEST-1')
    const historyBefore = await database.db.$count(history)

    await expect(restoreVersion(database.db, orderRow!.id, STAFF)).rejects.toBeInstanceOf(NotRestorableError)
    await expect(restoreVersion(database.db, 999_999_999, STAFF)).rejects.toBeInstanceOf(NotRestorableError)
    expect(await database.db.$count(history)).toBe(historyBefore)
  })

  it('brings back a renamed and then deleted product from its last version', async () => {
    const source = demoProducts.find((product) => product.productName === 'UniDrone E900')!
    const fields = { ...source, productName: 'History Test Drone' }
    await createProduct(database.db, fields, STAFF)
    const editable = await getEditableProduct(database.db, 'history-test-drone')
    expect(editable?.version).toBe(1)

    // Rename: the old id's timeline ends in a rename record, the new id's starts with a create.
    await updateProduct(database.db, 'history-test-drone', 1, { ...fields, productName: 'History Test Drone Mk2' }, OTHER_STAFF)
    expect(await getProduct(database.db, 'history-test-drone')).toBeNull()
    expect(await resolveProductRedirect(database.db, 'history-test-drone')).toBe('history-test-drone-mk2')
    const oldRows = await rowsOf('products', 'history-test-drone')
    expect(oldRows.map((row) => row.action)).toEqual(['create', 'delete'])
    expect(oldRows[1]!.document.movedTo).toBe('history-test-drone-mk2')
    // A rename record is not a version to put back.
    await expect(restoreVersion(database.db, oldRows[1]!.id, STAFF)).rejects.toBeInstanceOf(NotRestorableError)

    await deleteProduct(database.db, 'history-test-drone-mk2', STAFF)
    expect(await getProduct(database.db, 'history-test-drone-mk2')).toBeNull()

    // The deleted product's timeline still shows, newest (the delete) first.
    const timeline = await documentTimeline(database.db, 'products', 'history-test-drone-mk2')
    expect(timeline.map((version) => [version.action, version.updatedBy])).toEqual([
      ['delete', STAFF],
      ['create', OTHER_STAFF],
    ])
    expect(timeline[1]!.document.movedFrom).toBe('history-test-drone')

    // Restoring the version before the delete brings the product back, as a new `set` row.
    await restoreVersion(database.db, timeline[1]!.id, 'restorer@example.com')
    expect(await getProduct(database.db, 'history-test-drone-mk2')).toEqual({
      FBUID: 'history-test-drone-mk2',
      ...DEFAULT_LOGISTICS,
      ...DEFAULT_PLACEMENT,
      ...DEFAULT_WAS_PRICE,
      ...DEFAULT_STOCK_KEEPING,
      ...fields,
      productName: 'History Test Drone Mk2',
    })
    const rows = await rowsOf('products', 'history-test-drone-mk2')
    expect(rows.map((row) => row.action)).toEqual(['create', 'delete', 'set'])
    expect(rows[2]).toMatchObject({
      updatedBy: 'restorer@example.com',
      document: { FBUID: 'history-test-drone-mk2', productName: 'History Test Drone Mk2', restored: true },
    })
    expect(rows[2]!.document.productPrices).toEqual(source.productPrices)
    // Restored exactly as it was: no field differs from the version it came from.
    expect((await documentTimeline(database.db, 'products', 'history-test-drone-mk2'))[0]!.changes).toEqual([])
  })

  it('refuses a product version that no longer passes the product rules, and writes nothing', async () => {
    await recordHistory(database.db, {
      collection: 'products',
      documentId: 'broken-product',
      action: 'create',
      document: { FBUID: 'broken-product', productName: 'Broken Product', STUPID: '', productCategory: 'cameras' },
      updatedBy: STAFF,
    })
    const [row] = await rowsOf('products', 'broken-product')
    const historyBefore = await database.db.$count(history)
    await expect(restoreVersion(database.db, row!.id, STAFF)).rejects.toThrow(/^This version cannot be restored/)
    expect(await getProduct(database.db, 'broken-product')).toBeNull()
    expect(await database.db.$count(history)).toBe(historyBefore)
  })
})
