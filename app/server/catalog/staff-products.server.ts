import { normaliseGtin } from '../../lib/gtin.ts'
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Category, ProductStatus } from '../../lib/catalog.ts'
import { STAFF_PRODUCTS_PAGE_SIZE, type StaffProductQuery } from '../../lib/staff-product-query.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { containing } from '../db/like.server.ts'
import { products } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { afterCatalogWrite } from './catalog-events.server.ts'
import { StaleEditError, ProductNotFoundError } from './product-changes.server.ts'
import { refuseDishonestWasPrice } from './was-price.server.ts'
import { availableUnits, getProduct, isKit, kitUnitsSql, ownInStockNow, ownPriceCents as priceCents, variantNameSql } from './products.server.ts'

/** One row of the staff products list: what it shows and edits, not the whole document. */
export interface StaffProductRow {
  id: string
  name: string
  category: Category
  status: ProductStatus
  /** The first price, in cents; null without one. */
  priceCents: number | null
  /** null: not tracked (a kit's own count is always null: its components' stock is its stock). */
  onHand: number | null
  reserved: number
  /** A kit (docs/domain.md, Kits): its stock is what its components allow. */
  kit: boolean
  /** For a kit, how many its components allow now (app/lib/kits.ts, kitAvailable); null when none limits it, or for anything else. */
  kitUnits: number | null
  threshold: number
  version: number
  updatedAt: Date
  /** Confirmed addresses waiting for it to be back in stock (docs/domain.md, Back-in-stock alerts). */
  waiting: number
  /** The product whose variant this row is (the list shows each variant with its own price and stock); null for a product. */
  parentId: string | null
}

/**
 * A search of the staff list: the name or id containing it, or the SKU (containing it, or close to it:
 * a typo such as UD-E90O finds UD-E900, by trigram similarity as the shop's search reads names), or
 * the barcode, typed with or without its spaces.
 */
function matching(q: string): SQL | undefined {
  const digits = normaliseGtin(q)
  return or(
    ilike(products.productName, containing(q)),
    ilike(products.id, containing(q)),
    ilike(products.productSku, containing(q)),
    and(sql`${products.productSku} <> ''`, sql`similarity(lower(${products.productSku}), lower(${q})) >= 0.4`),
    /^\d{8,14}$/.test(digits) ? eq(products.productBarcode, digits) : undefined,
  )
}

/**
 * Confirmed addresses waiting for the row's product to be back (docs/domain.md, Back-in-stock alerts).
 * Spelt out in SQL: inside a select of one table, column names would lose their table and `id` would
 * be read as the alert's.
 */
const waitingAlerts = sql<number>`(select count(*)::int from stock_alerts waiting where waiting.product_id = "products"."id" and waiting.confirmed_at is not null and waiting.notified_at is null and waiting.unsubscribed_at is null)`

/**
 * The units the list counts a row by: its own on hand less what payments hold, or for a kit as many
 * kits as its components allow (docs/domain.md, Kits); null when nothing limits it (not tracked, or a
 * kit none of whose components is tracked).
 */
const listedAvailable = sql<number | null>`(case when ${isKit} then ${kitUnitsSql} else ${availableUnits} end)`

function conditions(query: StaffProductQuery): SQL | undefined {
  return and(
    query.q ? matching(query.q) : undefined,
    query.category ? eq(products.productCategory, query.category) : undefined,
    query.status ? eq(products.productStatus, query.status) : undefined,
    // Tracked, at or under its own alert level: a kit by the kits its components allow.
    query.stock === 'low' ? sql`${listedAvailable} <= ${products.productLowStockThreshold}` : undefined,
    query.stock === 'out' ? sql`not ${ownInStockNow}` : undefined,
    query.stock === 'untracked' ? sql`${listedAvailable} is null` : undefined,
  )
}

const orders: Record<StaffProductQuery['sort'], SQL[]> = {
  name: [asc(products.productName), asc(products.id)],
  'price-asc': [sql`${priceCents} asc nulls last`, asc(products.productName), asc(products.id)],
  'price-desc': [sql`${priceCents} desc nulls last`, asc(products.productName), asc(products.id)],
  // Untracked products (always available) last; a kit by what its components allow.
  'stock-asc': [sql`${listedAvailable} asc nulls last`, asc(products.productName), asc(products.id)],
  updated: [desc(products.updatedAt), asc(products.id)],
}

/** One page (50) of the products a query finds, and how many it finds in all. */
export async function listStaffProducts(db: Executor, query: StaffProductQuery): Promise<{ rows: StaffProductRow[]; total: number }> {
  const where = conditions(query)
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        // A variant is listed as a row of its own (its own price and stock), named with its values.
        name: variantNameSql,
        parentId: products.parentId,
        category: sql<Category>`${products.productCategory}`,
        status: products.productStatus,
        priceCents,
        onHand: products.productStockOnHand,
        reserved: products.stockReserved,
        kit: sql<boolean>`${isKit}`,
        kitUnits: sql<number | null>`case when ${isKit} then ${kitUnitsSql} end`,
        threshold: products.productLowStockThreshold,
        version: products.version,
        updatedAt: products.updatedAt,
        waiting: waitingAlerts,
      })
      .from(products)
      .where(where)
      .orderBy(...orders[query.sort])
      .limit(STAFF_PRODUCTS_PAGE_SIZE)
      .offset((query.page - 1) * STAFF_PRODUCTS_PAGE_SIZE),
    db.select({ total: count() }).from(products).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/** A change made in the list: the first price and, when the editor changed it, the stock on hand. */
export interface QuickEdit {
  priceCents: number
  /** Left out: the stored count stays (sales made since the list was loaded are not undone). */
  stockOnHand?: number
}

/**
 * Saves a change made in the products list, as a save of the form would: refused when someone saved
 * the product since the list was loaded (its version), written with a history row. The first price
 * keeps its label and payment provider's price id; a product without a price gets one.
 */
export async function quickEditProduct(db: Database, productId: string, expectedVersion: number, change: QuickEdit, updatedBy: string) {
  return afterCatalogWrite(
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
      if (!current) throw new ProductNotFoundError(`There is no product "${productId}".`)
      if (current.version !== expectedVersion) throw new StaleEditError()
      const [first, ...others] = current.productPrices
      const stockChanges = change.stockOnHand !== undefined && current.productStockOnHand !== null && change.stockOnHand !== current.productStockOnHand
      // Nothing changed: nothing written, no history row.
      if (first?.value === change.priceCents && !stockChanges) return (await getProduct(tx, current.parentId ?? productId))!
      // A new price beside a standing was price is judged again, as on the form.
      const was = current.productWasPriceCents
      await refuseDishonestWasPrice(tx, productId, { wasCents: was, priceCents: first?.value ?? null }, { wasCents: was, priceCents: change.priceCents })
      const prices = [{ label: first?.label ?? 'Price (inc. GST)', description: first?.description ?? '', value: change.priceCents }, ...others]
      await tx
        .update(products)
        .set({
          productPrices: prices,
          ...(stockChanges ? { productStockOnHand: change.stockOnHand } : {}),
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(eq(products.id, productId))
      // A variant's change is a change of its product's document (which carries its variants).
      const documentId = current.parentId ?? productId
      const product = (await getProduct(tx, documentId))!
      await recordHistory(tx, { collection: 'products', documentId, action: 'update', document: { ...product }, updatedBy })
      return product
    }),
  )
}

/** What a bulk action of the products list sets on every ticked product. */
export type BulkChange = { status: ProductStatus } | { category: Category } | { stockOnHand: number }

/** At most this many products are changed by one bulk action (two pages of the list). */
export const MAX_BULK = 100

/**
 * Sets one thing on several products at once, each with its version raised and a history row, in
 * one transaction. A stock count is set on products whose stock is tracked only (the others are
 * counted as skipped); products that no longer exist are skipped too.
 */
export async function bulkEditProducts(
  db: Database,
  productIds: string[],
  change: BulkChange,
  updatedBy: string,
): Promise<{ changed: string[]; skipped: string[] }> {
  const ids = [...new Set(productIds)].slice(0, MAX_BULK)
  return afterCatalogWrite(
    db.transaction(async (tx) => {
      const changed: string[] = []
      const skipped: string[] = []
      for (const productId of ids.sort()) {
        const [current] = await tx
          .select({ version: products.version, onHand: products.productStockOnHand, parentId: products.parentId })
          .from(products)
          .where(eq(products.id, productId))
          .for('update')
        // A variant's status and range are its product's: only its stock is its own.
        if (!current || ('stockOnHand' in change && current.onHand === null) || (current.parentId !== null && !('stockOnHand' in change))) {
          skipped.push(productId)
          continue
        }
        const set =
          'status' in change
            ? { productStatus: change.status }
            : 'category' in change
              ? { productCategory: change.category }
              : { productStockOnHand: change.stockOnHand }
        await tx
          .update(products)
          .set({ ...set, version: current.version + 1, updatedAt: new Date() })
          .where(eq(products.id, productId))
        const documentId = current.parentId ?? productId
        const product = (await getProduct(tx, documentId))!
        await recordHistory(tx, { collection: 'products', documentId, action: 'update', document: { ...product }, updatedBy })
        changed.push(productId)
      }
      return { changed, skipped }
    }),
  )
}
