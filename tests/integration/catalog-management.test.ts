import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import type { ProductFields } from '../../app/lib/catalog'
import {
  deleteProduct,
  getEditableProduct,
  resolveProductRedirect,
  restoreProduct,
  StaleEditError,
  updateProduct,
} from '../../app/server/catalog/product-changes.server'
import { createProduct, getProduct, ProductIdTakenError } from '../../app/server/catalog/products.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history } from '../../app/server/db/schema'
import { testDatabaseKinds } from '../support/databases'

const base = demoProducts.find((product) => product.productCategory === 'cameras')!
const fields = (productName: string, changes: Partial<ProductFields> = {}): ProductFields => ({ ...base, productName, ...changes })

describe.each(testDatabaseKinds())('staff changes to the catalogue on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database?.close()
  })

  const historyOf = (documentId: string) =>
    database.db
      .select({ action: history.action, updatedBy: history.updatedBy, document: history.document })
      .from(history)
      .where(and(eq(history.collection, 'products'), eq(history.documentId, documentId)))
      .orderBy(history.id)

  it('updates a product, raising its version, with a history row naming the editor', async () => {
    await createProduct(database.db, fields('Sky Eye 1'), 'staff@example.com')
    const editable = (await getEditableProduct(database.db, 'sky-eye-1'))!
    expect(editable.version).toBe(1)
    const prices = [{ value: 123450, label: 'Price', description: 'price_123' }]
    await updateProduct(database.db, 'sky-eye-1', 1, fields('Sky Eye 1', { productPrices: prices }), 'editor@example.com')
    expect((await getEditableProduct(database.db, 'sky-eye-1'))!).toMatchObject({ version: 2, product: { productPrices: prices } })
    expect((await historyOf('sky-eye-1')).map((row) => [row.action, row.updatedBy])).toEqual([
      ['create', 'staff@example.com'],
      ['update', 'editor@example.com'],
    ])
  })

  it('refuses a stale edit and writes nothing', async () => {
    const before = await getEditableProduct(database.db, 'sky-eye-1')
    await expect(updateProduct(database.db, 'sky-eye-1', 1, fields('Sky Eye 1', { STUPID: 'prod_stale' }), 'late@example.com')).rejects.toBeInstanceOf(
      StaleEditError,
    )
    expect(await getEditableProduct(database.db, 'sky-eye-1')).toEqual(before)
    expect(await historyOf('sky-eye-1')).toHaveLength(2)
  })

  it('moves a renamed product to its new id, leaving a redirect and both histories', async () => {
    await updateProduct(database.db, 'sky-eye-1', 2, fields('Sky Eye 2'), 'editor@example.com')
    expect(await getProduct(database.db, 'sky-eye-1')).toBeNull()
    expect((await getEditableProduct(database.db, 'sky-eye-2'))!.version).toBe(3)
    expect(await resolveProductRedirect(database.db, 'sky-eye-1')).toBe('sky-eye-2')
    expect((await historyOf('sky-eye-1')).at(-1)).toMatchObject({ action: 'delete', document: { movedTo: 'sky-eye-2' } })
    expect((await historyOf('sky-eye-2')).map((row) => row.action)).toEqual(['create'])

    await updateProduct(database.db, 'sky-eye-2', 3, fields('Sky Eye 3'), 'editor@example.com')
    expect(await resolveProductRedirect(database.db, 'sky-eye-1')).toBe('sky-eye-3')
    expect(await resolveProductRedirect(database.db, 'sky-eye-2')).toBe('sky-eye-3')
  })

  it('refuses a rename onto an id that is taken, changing nothing', async () => {
    await createProduct(database.db, fields('Sky Eye Taken'), 'staff@example.com')
    const version = (await getEditableProduct(database.db, 'sky-eye-3'))!.version
    await expect(updateProduct(database.db, 'sky-eye-3', version, fields('SKY EYE taken!'), 'editor@example.com')).rejects.toBeInstanceOf(ProductIdTakenError)
    expect(await getProduct(database.db, 'sky-eye-3')).not.toBeNull()
    expect((await getProduct(database.db, 'sky-eye-taken'))!.productName).toBe('Sky Eye Taken')
  })

  it('a write whose history row fails leaves no product behind', async () => {
    // A trigger makes the history insert fail after the product row is written.
    await database.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_doomed_history() RETURNS trigger AS $$
      BEGIN
        IF NEW.document_id LIKE 'doomed%' THEN RAISE EXCEPTION 'history is unavailable'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`)
    await database.db.execute(sql`CREATE TRIGGER refuse_doomed BEFORE INSERT ON history FOR EACH ROW EXECUTE FUNCTION refuse_doomed_history()`)
    try {
      await expect(createProduct(database.db, fields('Doomed'), 'staff@example.com')).rejects.toThrow()
      expect(await getProduct(database.db, 'doomed')).toBeNull()
      const version = (await getEditableProduct(database.db, 'sky-eye-taken'))!.version
      await expect(updateProduct(database.db, 'sky-eye-taken', version, fields('Doomed Rename'), 'staff@example.com')).rejects.toThrow()
      expect(await getProduct(database.db, 'sky-eye-taken')).not.toBeNull()
      expect(await getProduct(database.db, 'doomed-rename')).toBeNull()
      expect(await resolveProductRedirect(database.db, 'sky-eye-taken')).toBeNull()
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_doomed ON history`)
    }
  })

  it('deletes a product for good and restores it from its history as a new write', async () => {
    expect(await resolveProductRedirect(database.db, 'sky-eye-1')).toBe('sky-eye-3')
    const deleted = await deleteProduct(database.db, 'sky-eye-3', 'remover@example.com')
    expect(await getProduct(database.db, 'sky-eye-3')).toBeNull()
    expect(await resolveProductRedirect(database.db, 'sky-eye-1')).toBeNull()
    const rows = await historyOf('sky-eye-3')
    expect(rows.at(-1)).toMatchObject({ action: 'delete', updatedBy: 'remover@example.com', document: deleted })

    await restoreProduct(database.db, rows.at(-1)!.document, 'restorer@example.com')
    expect(await getProduct(database.db, 'sky-eye-3')).toEqual(deleted)
    expect((await historyOf('sky-eye-3')).at(-1)).toMatchObject({ action: 'set', updatedBy: 'restorer@example.com', document: { restored: true } })
  })

  it('refuses to restore a version that is not a valid product', async () => {
    await expect(restoreProduct(database.db, { FBUID: 'broken', productName: '', productCategory: 'boats' }, 'x')).rejects.toThrow(/cannot be restored/)
    expect(await getProduct(database.db, 'broken')).toBeNull()
  })
})
