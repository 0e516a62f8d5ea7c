import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm'
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
import { fromPrice, type ShownVariant } from '../../lib/variants.ts'
import { readVariants } from './variants.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { products } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { afterCatalogWrite } from './catalog-events.server.ts'
import { firstPriceCents, refuseDishonestWasPrice } from './was-price.server.ts'

// A product's variants are read and written on their own (variants.server.ts), beside its document.
const { id, version, createdAt, updatedAt, stockReserved, parentId, optionNames, optionValues, variantPosition, ...fieldColumns } = getTableColumns(products)

/** The columns that make up the product document, with the id under its spec name FBUID. */
const documentColumns = { FBUID: id, ...fieldColumns }

function toProduct(row: Omit<Product, 'productCategory'> & { productCategory: string }): Product {
  return row as Product
}

export async function getProduct(db: Executor, productId: string): Promise<Product | null> {
  const [row] = await db
    .select(documentColumns)
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.parentId)))
    .limit(1)
  if (!row) return null
  // A product with options carries them and its other variants (docs/domain.md, Variants), a kit its
  // components (Kits): its history and export keep them; anything else's document is as it was.
  const variants = (await readVariants(db, [productId])).get(productId)
  const { productKitComponents, ...fields } = row
  return toProduct({ ...fields, ...(productKitComponents.length > 0 ? { productKitComponents } : {}), ...variants })
}

/** A product as the storefront shows it: the document without what only staff see, and what is available of it now. */
export interface ShownProduct {
  product: StorefrontProduct
  stock: StockFacts
  /** Its options' names ("Capacity"), and its variants, itself first; both empty for a product without options. */
  optionNames: string[]
  variants: ShownVariant[]
  /** A kit's contents, each with its name and how many the kit holds (docs/domain.md, Kits); empty for anything else. */
  kit: { productId: string; productName: string; quantity: number }[]
}

// The cost is never read for a storefront page (it would travel in the page's data, and the page cache).
const { productCostCents: _staffOnly, ...storefrontColumns } = documentColumns

/** What the storefront shows of one variant (the product itself, or one of its other variants). */
const variantColumns = {
  id: products.id,
  optionValues: products.optionValues,
  prices: products.productPrices,
  wasPriceCents: products.productWasPriceCents,
  images: products.productImages,
  sku: products.productSku,
  barcode: products.productBarcode,
  weightGrams: products.productWeightGrams,
  containsLithium: products.productContainsLithium,
  onHand: products.productStockOnHand,
  reserved: products.stockReserved,
  allowBackorder: products.productAllowBackorder,
  leadTime: products.productBackorderLeadTime,
}

type VariantRow = Awaited<ReturnType<ReturnType<typeof selectVariants>['where']>>[number]
const selectVariants = (db: Executor) => db.select(variantColumns).from(products)

function toShownVariant(row: VariantRow): ShownVariant {
  return {
    id: row.id,
    optionValues: row.optionValues,
    price: row.prices[0] ?? null,
    wasPriceCents: row.wasPriceCents,
    stock: { available: row.onHand === null ? null : row.onHand - row.reserved, allowBackorder: row.allowBackorder, leadTime: row.leadTime },
    image: row.images[0] ?? null,
    sku: row.sku,
    barcode: row.barcode,
    weightGrams: row.weightGrams,
    containsLithium: row.containsLithium,
  }
}

export async function getShownProduct(db: Executor, productId: string): Promise<ShownProduct | null> {
  const [row] = await db
    .select({ ...storefrontColumns, productStockOnHand: shownOnHand, reserved: shownReserved, optionNames: products.optionNames, variant: variantColumns })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.parentId)))
    .limit(1)
  if (!row) return null
  const { reserved, optionNames, variant, ...product } = row
  const others =
    optionNames.length > 0 ? await selectVariants(db).where(eq(products.parentId, productId)).orderBy(asc(products.variantPosition), asc(products.id)) : []
  const components = product.productKitComponents
  const names =
    components.length > 0
      ? new Map(
          (
            await db
              .select({ id: products.id, name: variantNameSql })
              .from(products)
              .where(
                inArray(
                  products.id,
                  components.map((component) => component.productId),
                ),
              )
          ).map((found) => [found.id, found.name]),
        )
      : new Map<string, string>()
  return {
    product: product as StorefrontProduct,
    stock: stockFactsOf(product, reserved),
    optionNames,
    variants: optionNames.length > 0 ? [variant, ...others].map(toShownVariant) : [],
    kit: components.flatMap((component) => {
      const productName = names.get(component.productId)
      return productName ? [{ ...component, productName }] : []
    }),
  }
}

/** The product a variant (other than the product itself) belongs to; null for anything else. */
export async function variantParent(db: Executor, variantId: string): Promise<string | null> {
  const [row] = await db.select({ parentId: products.parentId }).from(products).where(eq(products.id, variantId)).limit(1)
  return row?.parentId ?? null
}

// Named in full: drizzle writes a column of a one-table query without its table, which inside this
// subquery would name the variant's own column.
const variantsOf = sql.raw('from products v where v.id = "products"."id" or v.parent_id = "products"."id"')

/** The product is a kit (docs/domain.md, Kits): its stock is what its components allow. */
export const isKit = sql.raw(`jsonb_array_length("products"."kit_components") > 0`)
/** Not a kit: what a kit may contain (no kits of kits). */
export const notKit = sql<boolean>`${sql.raw(`jsonb_array_length("products"."kit_components") = 0`)}`
/**
 * Every component of the row (if it is a kit) is in the shop: none draft, archived or deleted, which
 * would make the kit sold out whatever the stock (kitUnitsSql). What a quote may offer of kits.
 */
export const componentsInShop = sql<boolean>`${sql.raw(`not exists (select 1 from jsonb_array_elements("products"."kit_components") k
    left join products c on c.id = k ->> 'productId' where c.id is null or c.status <> 'active')`)}`
/**
 * How many kits its components allow now (app/lib/kits.ts, kitAvailable, in SQL): the fewest whole
 * kits a tracked component covers; 0 when one is not in the shop; null when none limits it.
 */
export const kitUnitsSql = sql<number | null>`${sql.raw(`(select min(case when c.id is null or c.status <> 'active' then 0
    when c.stock_on_hand is null or c.allow_backorder then null
    else greatest(c.stock_on_hand - c.stock_reserved, 0) / greatest((k ->> 'quantity')::integer, 1) end)
  from jsonb_array_elements("products"."kit_components") k left join products c on c.id = k ->> 'productId')`)}`
/** Units on hand for a card or page: a kit's from its components, anything else its own. */
const shownOnHand = sql<number | null>`case when ${isKit} then ${kitUnitsSql} else ${products.productStockOnHand} end`
const shownReserved = sql<number>`case when ${isKit} then 0 else ${products.stockReserved} end`

/**
 * The variants a card of a product with options sums up: each one's price and stock (the product's
 * own among them). Null for a product without options, whose card is its own row.
 */
const cardVariants = sql<{ price: PriceItem | null; onHand: number | null; reserved: number; allowBackorder: boolean; leadTime: string }[] | null>`case
  when cardinality(${products.optionNames}) > 0 then (
    select json_agg(json_build_object('price', v.product_prices -> 0, 'onHand', v.stock_on_hand, 'reserved', v.stock_reserved,
      'allowBackorder', v.allow_backorder, 'leadTime', v.backorder_lead_time) order by v.variant_position, v.id)
    ${variantsOf})
  end`

/** The first image, the card text (docs/domain.md) and the first price, picked out by the database. */
export const cardColumns = {
  FBUID: products.id,
  productName: products.productName,
  category: products.productCategory,
  image: sql<ProductItem | null>`${products.productImages} -> 0`,
  cardText: sql<string>`coalesce(coalesce(${products.productDescriptions} -> 5, ${products.productDescriptions} -> 0) ->> 'description', '')`,
  price: sql<PriceItem | null>`${products.productPrices} -> 0`,
  wasPrice: products.productWasPriceCents,
  onHand: shownOnHand,
  reserved: shownReserved,
  allowBackorder: products.productAllowBackorder,
  leadTime: products.productBackorderLeadTime,
  variants: cardVariants,
}

export const toCard = ({
  onHand,
  reserved,
  allowBackorder,
  leadTime,
  wasPrice,
  variants,
  ...card
}: Awaited<ReturnType<typeof selectCards>>[number]): ProductCard => {
  if (variants) return { ...card, ...groupCard(variants) }
  return {
    ...card,
    // Only cards of products with a was price carry one: the cards travel in every listing page's data.
    ...(wasPrice !== null ? { wasPrice } : {}),
    stock: { available: onHand === null ? null : onHand - reserved, allowBackorder, leadTime },
  }
}

/**
 * A product with options on a card: its lowest price of a variant that can be bought ("from $…"
 * when they differ), and in stock while any variant is (the units of all of them together).
 */
function groupCard(variants: NonNullable<(typeof cardVariants)['_']['type']>): Pick<ProductCard, 'price' | 'stock' | 'priceFrom' | 'hasVariants'> {
  const stocks = variants.map((variant) => ({
    available: variant.onHand === null ? null : variant.onHand - variant.reserved,
    allowBackorder: variant.allowBackorder,
    leadTime: variant.leadTime,
  }))
  const lowest = fromPrice(variants.map((variant, index) => ({ price: variant.price, stock: stocks[index]! })))
  const backorder = stocks.find((stock) => stock.allowBackorder)
  return {
    price: lowest ? { label: '', value: lowest.cents, description: '' } : null,
    ...(lowest?.from ? { priceFrom: true } : {}),
    hasVariants: true,
    stock: {
      available: stocks.some((stock) => stock.available === null) ? null : stocks.reduce((sum, stock) => sum + Math.max(0, stock.available!), 0),
      allowBackorder: backorder !== undefined,
      leadTime: backorder?.leadTime ?? '',
    },
  }
}

export const selectCards = (db: Executor) => db.select(cardColumns).from(products)

/** The cards of these products in this order; ids without a product are left out. */
export async function cardsInOrder(db: Executor, ids: string[]): Promise<ProductCard[]> {
  if (ids.length === 0) return []
  const cards = (await selectCards(db).where(and(inArray(products.id, ids), inShop))).map(toCard)
  const byId = new Map(cards.map((card) => [card.FBUID, card]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * In the shop: what visitors see (draft and archived products are for staff only). A product's other
 * variants are not products of their own: lists, search and the sitemap show the product.
 */
export const inShop = and(eq(products.productStatus, 'active'), isNull(products.parentId))!
/** What can be put in a cart and sold: a product in the shop, or one of its variants (whose status is the product's). */
export const sellable = eq(products.productStatus, 'active')

/** A variant's name on a cart or order line, as app/lib/variants.ts writes it: the product's name, and its values. */
export const variantNameSql = sql<string>`(${products.productName} || case when cardinality(${products.optionValues}) > 0 then ' — ' || array_to_string(${products.optionValues}, ' / ') else '' end)`

/** A cart or order line's picture: the variant's own first, else its product's (an empty string: none). */
export const variantImageSql = sql<string>`coalesce(${products.productImages} -> 0 ->> 'value', ${sql.raw(
  `(select p.product_images -> 0 ->> 'value' from products p where p.id = "products"."parent_id")`,
)}, '')`

/** Whether one row (a product, or a variant of one) can be bought now: untracked, on backorder, or with units available. */
const buyableRow = (row: string) => sql.raw(`(${row}.stock_on_hand is null or ${row}.allow_backorder or ${row}.stock_on_hand - ${row}.stock_reserved > 0)`)
const rowPrice = (row: string) => sql.raw(`(${row}.product_prices -> 0 ->> 'value')::integer`)
/** The product and its variants, as rows `v` of a subquery. */
/** A row's own first price in cents (null without one): a variant's, or a product's as its first variant. */
export const ownPriceCents = sql<number | null>`(${products.productPrices} -> 0 ->> 'value')::integer`

/**
 * A product's shown price in cents (its first price entry; null without one), as the database reads
 * it; for a product with options, the lowest of a variant that can be bought, else of any.
 */
export const priceCents = sql<number | null>`case when cardinality(${products.optionNames}) = 0 then (${products.productPrices} -> 0 ->> 'value')::integer
  else coalesce((select min(${rowPrice('v')}) ${variantsOf} and ${buyableRow('v')}), (select min(${rowPrice('v')}) ${variantsOf})) end`
/** Units on hand not held by payments under way; null when stock is not tracked. */
export const availableUnits = sql<number>`(${products.productStockOnHand} - ${products.stockReserved})`
/** A row's own units available now (a variant's, or a product's as its first variant; a kit's from its components): untracked or some not reserved. */
export const ownInStockNow = sql<boolean>`(case when ${isKit} then coalesce(${kitUnitsSql} > 0, true) else (${products.productStockOnHand} is null or ${availableUnits} > 0) end)`
/**
 * Available now, as app/lib/stock.ts says "In stock" or "Only N left": untracked, or units on hand
 * not reserved; for a product with options, any of its variants; for a kit, one whole kit.
 */
export const inStockNow = sql<boolean>`case when cardinality(${products.optionNames}) = 0 then ${ownInStockNow}
  else exists (select 1 ${variantsOf} and (v.stock_on_hand is null or v.stock_on_hand - v.stock_reserved > 0)) end`
/** Tracked, and available units at or below the product's own alert level (reports, digest, dashboard; the products list counts a kit by its components too). */
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
