import { getTableColumns, inArray, sql } from 'drizzle-orm'
import { DEFAULT_LOGISTICS, DEFAULT_PLACEMENT, DEFAULT_STOCK_KEEPING, DEFAULT_WAS_PRICE, type ProductFields } from '../../../lib/catalog.ts'
import { productFieldsSchema } from '../../../lib/schemas/product.ts'
import { slugify } from '../../../lib/slug.ts'
import { productRedirects, products } from '../../db/schema.ts'
import { afterTextId, byCodeUnit, recordHistoryRows, schemaReason, type CollectionDefinition, type Importer } from '../collection.server.ts'
import type { Document } from '../format.ts'
import { stockKeepingErrors } from '../../catalog/stock-keeping.server.ts'

// Units held by payments under way are not part of the document: an import never changes them.
const { id, version, createdAt, updatedAt, stockReserved, ...fieldColumns } = getTableColumns(products)
const columns = { id, ...fieldColumns }

/** Prices stay in cents, as the program keeps them (docs/data-format.md). */
const documentSchema = productFieldsSchema.strict()

function productDocument(productId: string, fields: ProductFields): Document {
  return {
    FBUID: productId,
    productName: fields.productName,
    STUPID: fields.STUPID,
    productCategory: fields.productCategory,
    productImages: fields.productImages,
    productDescriptions: fields.productDescriptions,
    productFeatures: fields.productFeatures,
    productSpecifications: fields.productSpecifications,
    productDimensions: fields.productDimensions,
    productShipping: fields.productShipping,
    productDownloads: fields.productDownloads,
    productPrices: fields.productPrices,
    productWasPriceCents: fields.productWasPriceCents === undefined ? DEFAULT_WAS_PRICE.productWasPriceCents : fields.productWasPriceCents,
    productWeightGrams: fields.productWeightGrams ?? DEFAULT_LOGISTICS.productWeightGrams,
    productContainsLithium: fields.productContainsLithium ?? DEFAULT_LOGISTICS.productContainsLithium,
    productStockOnHand: fields.productStockOnHand === undefined ? DEFAULT_LOGISTICS.productStockOnHand : fields.productStockOnHand,
    productAllowBackorder: fields.productAllowBackorder ?? DEFAULT_LOGISTICS.productAllowBackorder,
    productBackorderLeadTime: fields.productBackorderLeadTime ?? DEFAULT_LOGISTICS.productBackorderLeadTime,
    productLowStockThreshold: fields.productLowStockThreshold ?? DEFAULT_LOGISTICS.productLowStockThreshold,
    productSku: fields.productSku ?? DEFAULT_STOCK_KEEPING.productSku,
    productBarcode: fields.productBarcode ?? DEFAULT_STOCK_KEEPING.productBarcode,
    productCostCents: fields.productCostCents === undefined ? DEFAULT_STOCK_KEEPING.productCostCents : fields.productCostCents,
    productStatus: fields.productStatus ?? DEFAULT_PLACEMENT.productStatus,
    productFeatured: fields.productFeatured ?? DEFAULT_PLACEMENT.productFeatured,
    productRelated: fields.productRelated ?? DEFAULT_PLACEMENT.productRelated,
    productUseCases: fields.productUseCases ?? DEFAULT_PLACEMENT.productUseCases,
  }
}

/** The fields a document may leave out, with a new product's values. */
const OPTIONAL_DEFAULTS: Record<string, unknown> = { ...DEFAULT_WAS_PRICE, ...DEFAULT_LOGISTICS, ...DEFAULT_STOCK_KEEPING, ...DEFAULT_PLACEMENT }

/**
 * The was price, shipping, stock, stock keeping (SKU, barcode, cost) and placement a document leaves out (a file from before they were
 * exported) keep the stored product's values, or a new product's defaults: an older file never resets
 * a product's was price, stock, weight, low-stock level or the staff's choices of where it is shown.
 * An imported was price is taken as the file has it: the file is the shop's own record moved between
 * databases, not a staff member's new claim (docs/decisions/048-honest-was-prices.md).
 */
function withOptionalFields(fields: ProductFields, existing: Document | undefined): ProductFields {
  const filled: Record<string, unknown> = { ...fields }
  for (const [key, fallback] of Object.entries(OPTIONAL_DEFAULTS)) {
    if (filled[key] !== undefined) continue
    const stored = existing?.[key]
    filled[key] = stored === undefined ? fallback : stored
  }
  return filled as unknown as ProductFields
}

type ProductRow = Pick<typeof products.$inferSelect, 'id' | keyof typeof fieldColumns>

/** A stored category is one of the list: only checked documents are ever written. */
const fromRow = ({ id: productId, ...fields }: ProductRow) => productDocument(productId, fields as ProductFields)

/** `excluded.<column>` for every field: an upsert writes the whole document. */
const fromExcluded = Object.fromEntries(Object.entries(fieldColumns).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]))

const productImporter: Importer<ProductFields> = {
  async readByIds(db, ids, lock) {
    const query = db.select(columns).from(products).where(inArray(products.id, ids))
    const rows = lock ? await query.for('update') : await query
    return new Map(rows.map((row) => [row.id, fromRow(row)]))
  },
  /** Old ids of renamed products (product_redirects keeps each pointing at the product's current id). */
  async movedIds(db, ids) {
    const rows = await db.select().from(productRedirects).where(inArray(productRedirects.fromId, ids))
    return new Map(rows.map((row) => [row.fromId, row.toId]))
  },
  prepare(productId, fields, existing, storedId = productId) {
    const parsed = documentSchema.safeParse(fields)
    if (!parsed.success) return { ok: false, reason: schemaReason(parsed.error) }
    const expectedId = slugify(parsed.data.productName)
    if (expectedId !== productId) {
      return { ok: false, reason: `A product's id comes from its name: "${parsed.data.productName}" has the id "${expectedId}", not "${productId}".` }
    }
    const product = withOptionalFields(parsed.data as ProductFields, existing)
    // A file from before a rename: the product keeps its new name (and so its id and address); the
    // rest of the document is written over it as for any stored product.
    if (storedId !== productId && existing) product.productName = String(existing.productName)
    return { ok: true, document: productDocument(storedId, product), row: product }
  },
  /** Products come by the thousand: one upsert, one redirect clean-up and one history insert per batch. */
  /** A SKU or barcode another product has is refused by name, as the form refuses it (docs/domain.md, Stock keeping). */
  async storedRefusal(db, productId, fields) {
    const taken = await stockKeepingErrors(db, fields, productId)
    return taken.productSku ?? taken.productBarcode ?? null
  },
  /** Nor may two products of one file share one: the second is refused, naming both (the first would be written). */
  uniqueInFile(product) {
    const name = `“${product.productName}”`
    const both = (earlier: string) => `${earlier} and ${name} both have`
    const unique = []
    const sku = product.productSku
    if (sku) {
      unique.push({
        key: `sku\0${sku.toLowerCase()}`,
        name,
        refusal: (earlier: string) => `${both(earlier)} the SKU ${sku} in this file (a SKU whatever its case): each product has its own.`,
      })
    }
    const barcode = product.productBarcode
    if (barcode) {
      unique.push({
        key: `barcode\0${barcode}`,
        name,
        refusal: (earlier: string) => `${both(earlier)} the barcode ${barcode} in this file: each product has its own.`,
      })
    }
    return unique
  },
  async write(tx, staged, updatedBy) {
    if (staged.length === 0) return
    await tx
      .insert(products)
      .values(staged.map((item) => ({ ...item.row, id: item.id })))
      .onConflictDoUpdate({
        target: products.id,
        set: { ...fromExcluded, version: sql`${products.version} + 1`, updatedAt: sql`now()` },
      })
    const created = staged.filter((item) => !item.existed).map((item) => item.id)
    if (created.length) await tx.delete(productRedirects).where(inArray(productRedirects.fromId, created))
    await recordHistoryRows(
      tx,
      staged.map((item) => ({ collection: 'products', documentId: item.id, action: item.existed ? 'set' : 'create', document: item.document, updatedBy })),
    )
  },
}

export const productsCollection: CollectionDefinition = {
  name: 'products',
  async readPage(db, afterId, limit) {
    const rows = await db.select(columns).from(products).where(afterTextId(products.id, afterId)).orderBy(byCodeUnit(products.id)).limit(limit)
    return rows.map((row) => ({ id: row.id, document: fromRow(row) }))
  },
  importer: productImporter,
}
