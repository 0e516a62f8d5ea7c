import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ProductCard } from '../../lib/catalog.ts'
import type { Executor } from '../db/client.server.ts'
import { orderLines, orders, products } from '../db/schema.ts'
import { currentProducts } from './product-changes.server.ts'
import { cardsInOrder, inShop, inStockNow, priceCents, selectCards, toCard } from './products.server.ts'

/** Cards under a product page's two lists. */
export const RELATED_SHOWN = 4
/** At most this many featured products on the home page (two rows of four). */
export const FEATURED_SHOWN = 8

/**
 * "Compatible and related": the products staff chose on the form, in their order (a renamed one
 * under its new id, a deleted one left out). When they chose none, other products of the same range: those available now first,
 * then the nearest in price (a buyer of a $2,000 autopilot is shown autopilots near $2,000, not $30
 * spares first).
 */
export async function listRelatedCards(db: Executor, productId: string): Promise<ProductCard[]> {
  const [product] = await db
    .select({ category: products.productCategory, price: priceCents, chosen: products.productRelated })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1)
  if (!product) return []
  if (product.chosen.length > 0)
    return cardsInOrder(
      db,
      (await currentProducts(db, product.chosen)).flatMap(({ id }) => (id === productId ? [] : [id])),
    )
  const order = [sql`${inStockNow} desc`, sql`abs(coalesce(${priceCents}, 0) - ${product.price ?? 0}) asc`, asc(products.productName), asc(products.id)]
  // Ids first from narrow columns, then cards for those rows only (as listCategoryPage does).
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.productCategory, product.category), ne(products.id, productId), inShop))
    .orderBy(...order)
    .limit(RELATED_SHOWN)
  const rows = await selectCards(db)
    .where(inArray(products.id, ids))
    .orderBy(...order)
  return rows.map(toCard)
}

/**
 * The home page's featured products: those staff marked, most recently changed first; when none
 * is marked, the newest products.
 */
export async function listFeaturedCards(db: Executor): Promise<ProductCard[]> {
  const marked = await selectCards(db)
    .where(and(eq(products.productFeatured, true), inShop))
    .orderBy(desc(products.updatedAt), asc(products.id))
    .limit(FEATURED_SHOWN)
  if (marked.length > 0) return marked.map(toCard)
  const newest = await selectCards(db).where(inShop).orderBy(desc(products.createdAt), asc(products.id)).limit(RELATED_SHOWN)
  return newest.map(toCard)
}

/**
 * "Customers also bought": the products most often in the same paid orders as this one (counted
 * once per order), the most shared first. Products that no longer exist drop out.
 */
export async function listAlsoBoughtCards(db: Executor, productId: string): Promise<ProductCard[]> {
  const other = alias(orderLines, 'other_line')
  const shared = count(sql`distinct ${other.orderId}`)
  const picked = await db
    .select({ id: other.productId, orders: shared })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.id, orderLines.orderId), inArray(orders.status, ['paid', 'invoiced'])))
    .innerJoin(other, and(eq(other.orderId, orderLines.orderId), ne(other.productId, productId)))
    .innerJoin(products, and(eq(products.id, other.productId), inShop))
    .where(eq(orderLines.productId, productId))
    .groupBy(other.productId)
    .orderBy(desc(shared), asc(other.productId))
    .limit(RELATED_SHOWN)
  return cardsInOrder(
    db,
    picked.map((row) => row.id),
  )
}
