import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import { DEFAULT_CATEGORY_QUERY, type CategoryQuery, type CategorySort } from '../../lib/category-query.ts'
import {
  CATEGORY_PAGE_SIZE,
  stockFactsOf,
  type StockFacts,
  type Category,
  type PriceItem,
  type Product,
  type ProductCard,
  type ProductFields,
  type ProductItem,
  type StorefrontProduct,
} from '../../lib/catalog.ts'
import { slugify } from '../../lib/slug.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { products } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { afterCatalogWrite } from './catalog-events.server.ts'
import { firstPriceCents, refuseDishonestWasPrice } from './was-price.server.ts'

const { id, version, createdAt, updatedAt, stockReserved, ...fieldColumns } = getTableColumns(products)

/** The columns that make up the product document, with the id under its spec name FBUID. */
const documentColumns = { FBUID: id, ...fieldColumns }

function toProduct(row: Omit<Product, 'productCategory'> & { productCategory: string }): Product {
  return row as Product
}

export async function getProduct(db: Executor, productId: string): Promise<Product | null> {
  const [row] = await db.select(documentColumns).from(products).where(eq(products.id, productId)).limit(1)
  return row ? toProduct(row) : null
}

/** A product as the storefront shows it: the document without what only staff see, and what is available of it now. */
export interface ShownProduct {
  product: StorefrontProduct
  stock: StockFacts
}

// The cost is never read for a storefront page (it would travel in the page's data, and the page cache).
const { productCostCents: _staffOnly, ...storefrontColumns } = documentColumns

export async function getShownProduct(db: Executor, productId: string): Promise<ShownProduct | null> {
  const [row] = await db
    .select({ ...storefrontColumns, reserved: products.stockReserved })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1)
  if (!row) return null
  const { reserved, ...product } = row
  return { product: product as StorefrontProduct, stock: stockFactsOf(product, reserved) }
}

/** The first image, the card text (docs/domain.md) and the first price, picked out by the database. */
export const cardColumns = {
  FBUID: products.id,
  productName: products.productName,
  category: products.productCategory,
  image: sql<ProductItem | null>`${products.productImages} -> 0`,
  cardText: sql<string>`coalesce(coalesce(${products.productDescriptions} -> 5, ${products.productDescriptions} -> 0) ->> 'description', '')`,
  price: sql<PriceItem | null>`${products.productPrices} -> 0`,
  wasPrice: products.productWasPriceCents,
  onHand: products.productStockOnHand,
  reserved: products.stockReserved,
  allowBackorder: products.productAllowBackorder,
  leadTime: products.productBackorderLeadTime,
}

export const toCard = ({ onHand, reserved, allowBackorder, leadTime, wasPrice, ...card }: Awaited<ReturnType<typeof selectCards>>[number]): ProductCard => ({
  ...card,
  // Only cards of products with a was price carry one: the cards travel in every listing page's data.
  ...(wasPrice !== null ? { wasPrice } : {}),
  stock: { available: onHand === null ? null : onHand - reserved, allowBackorder, leadTime },
})

export const selectCards = (db: Executor) => db.select(cardColumns).from(products)

/** The cards of these products in this order; ids without a product are left out. */
export async function cardsInOrder(db: Executor, ids: string[]): Promise<ProductCard[]> {
  if (ids.length === 0) return []
  const cards = (await selectCards(db).where(and(inArray(products.id, ids), inShop))).map(toCard)
  const byId = new Map(cards.map((card) => [card.FBUID, card]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** In the shop: what visitors see and can buy (draft and archived products are for staff only). */
export const inShop = eq(products.productStatus, 'active')

/** A product's shown price in cents (its first price entry; null without one), as the database reads it. */
export const priceCents = sql<number | null>`(${products.productPrices} -> 0 ->> 'value')::integer`
/** Units on hand not held by payments under way; null when stock is not tracked. */
export const availableUnits = sql<number>`(${products.productStockOnHand} - ${products.stockReserved})`
/** Available now, as app/lib/stock.ts says "In stock" or "Only N left": untracked, or units on hand not reserved. */
export const inStockNow = sql<boolean>`(${products.productStockOnHand} is null or ${availableUnits} > 0)`
/** Tracked, and available units at or below the product's own alert level (reports, digest, dashboard, products list). */
export const lowOnStock = sql<boolean>`(${products.productStockOnHand} is not null and ${availableUnits} <= ${products.productLowStockThreshold})`

/**
 * The orders of a category list (docs/domain.md, Catalogue pages). Each ends with the id, so a page
 * boundary never moves between two reads. Featured: what staff feature, then what can be bought now, then by name.
 */
const sortOrders: Record<CategorySort, SQL[]> = {
  featured: [desc(products.productFeatured), sql`${inStockNow} desc`, asc(products.productName), asc(products.id)],
  'price-asc': [sql`${priceCents} asc nulls last`, asc(products.productName), asc(products.id)],
  'price-desc': [sql`${priceCents} desc nulls last`, asc(products.productName), asc(products.id)],
  name: [asc(products.productName), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
}

/**
 * One page of a category's cards (of every product's for null: `/products`) in the order asked for,
 * and how many products the filters leave.
 */
export async function listCategoryPage(
  db: Executor,
  category: Category | null,
  query: Pick<CategoryQuery, 'page' | 'sort' | 'inStock' | 'minCents' | 'maxCents'> | number,
): Promise<{ cards: ProductCard[]; total: number }> {
  const view = typeof query === 'number' ? { ...DEFAULT_CATEGORY_QUERY, sort: 'name' as const, page: query } : query
  const where = and(
    category === null ? undefined : eq(products.productCategory, category),
    inShop,
    view.inStock ? inStockNow : undefined,
    view.minCents !== null ? sql`${priceCents} >= ${view.minCents}` : undefined,
    view.maxCents !== null ? sql`${priceCents} <= ${view.maxCents}` : undefined,
  )
  // The page's ids are chosen first, from narrow columns; only those 24 rows are then read for their
  // cards. Sorting the cards themselves would pick images and descriptions out of every product of
  // the category before the sort (a range of thousands costs several times as much).
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...sortOrders[view.sort])
    .limit(CATEGORY_PAGE_SIZE)
    .offset((view.page - 1) * CATEGORY_PAGE_SIZE)
  const [rows, [counted]] = await Promise.all([
    selectCards(db)
      .where(inArray(products.id, pageIds))
      .orderBy(...sortOrders[view.sort]),
    db.select({ total: count() }).from(products).where(where),
  ])
  return { cards: rows.map(toCard), total: counted?.total ?? 0 }
}

/** Every product's id and last change, for the sitemap. */
export async function listProductStamps(db: Executor): Promise<{ id: string; updatedAt: Date }[]> {
  return db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(inShop).orderBy(asc(products.id))
}

export async function countProducts(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products)
  return row?.total ?? 0
}

export class ProductIdTakenError extends Error {
  readonly productId: string
  constructor(productId: string) {
    super(`A product with the id "${productId}" already exists.`)
    this.productId = productId
  }
}

/**
 * Creates a product under the id derived from its name, with its history row, in one
 * transaction. An id that is already taken is an error, never an overwrite.
 */
export async function createProduct(db: Database, fields: ProductFields, updatedBy: string | null): Promise<Product> {
  const productId = slugify(fields.productName)
  if (!productId) throw new Error('A product name needs at least one letter or digit.')
  return afterCatalogWrite(
    db.transaction(async (tx) => {
      const inserted = await tx
        .insert(products)
        .values({ id: productId, ...fields })
        .onConflictDoNothing({ target: products.id })
        .returning({ id: products.id })
      if (inserted.length === 0) throw new ProductIdTakenError(productId)
      // A new product was offered at no price yet (unless an older product of the same id left history): a was price is judged all the same.
      await refuseDishonestWasPrice(tx, productId, null, { wasCents: fields.productWasPriceCents ?? null, priceCents: firstPriceCents(fields.productPrices) })
      const product = (await getProduct(tx, productId))!
      await recordHistory(tx, { collection: 'products', documentId: productId, action: 'create', document: { ...product }, updatedBy })
      return product
    }),
  )
}
