import { and, getTableColumns, inArray, isNull, sql } from 'drizzle-orm'
import {
  DEFAULT_LOGISTICS,
  DEFAULT_PLACEMENT,
  DEFAULT_STOCK_KEEPING,
  DEFAULT_WAS_PRICE,
  type ProductFields,
  type ProductVariantDocument,
} from '../../../lib/catalog.ts'
import { productFieldsSchema, productVariantsSchema } from '../../../lib/schemas/product.ts'
import { variantName, variantsProblem } from '../../../lib/variants.ts'
import { readVariants, takenVariantIds, writeVariants, type ProductVariants } from '../../catalog/variants.server.ts'
import { slugify } from '../../../lib/slug.ts'
import { productRedirects, products } from '../../db/schema.ts'
import { afterTextId, byCodeUnit, recordHistoryRows, schemaReason, type CollectionDefinition, type Importer } from '../collection.server.ts'
import type { Document } from '../format.ts'
import { stockKeepingErrors } from '../../catalog/stock-keeping.server.ts'

// Units held by payments under way are not part of the document: an import never changes them. A
// product's options and other variants are, nested in its document (readVariants, writeVariants).
const { id, version, createdAt, updatedAt, stockReserved, parentId, optionNames, optionValues, variantPosition, ...fieldColumns } = getTableColumns(products)
const columns = { id, ...fieldColumns }

/** Prices stay in cents, as the program keeps them (docs/data-format.md). */
const documentSchema = productFieldsSchema.extend(productVariantsSchema.shape).strict()

/** A variant's fields a document may leave out, with a new variant's values. */
const VARIANT_DEFAULTS = {
  productWasPriceCents: DEFAULT_WAS_PRICE.productWasPriceCents,
  productWeightGrams: DEFAULT_LOGISTICS.productWeightGrams,
  productContainsLithium: DEFAULT_LOGISTICS.productContainsLithium,
  productStockOnHand: DEFAULT_LOGISTICS.productStockOnHand,
  productAllowBackorder: DEFAULT_LOGISTICS.productAllowBackorder,
  productBackorderLeadTime: DEFAULT_LOGISTICS.productBackorderLeadTime,
  productLowStockThreshold: DEFAULT_LOGISTICS.productLowStockThreshold,
  productSku: DEFAULT_STOCK_KEEPING.productSku,
  productBarcode: DEFAULT_STOCK_KEEPING.productBarcode,
  productCostCents: DEFAULT_STOCK_KEEPING.productCostCents,
}

/** The options and variants of a product that has them; a product without options carries none of these fields. */
const variantsPart = (variants: ProductVariants | undefined): Document =>
  variants && variants.productOptionNames.length > 0
    ? {
        productOptionNames: variants.productOptionNames,
        productOptionValues: variants.productOptionValues,
        productVariants: variants.productVariants.map((variant) => ({ ...VARIANT_DEFAULTS, ...variant })),
      }
    : {}

type ImportedProduct = ProductFields & Partial<ProductVariants>

function productDocument(productId: string, fields: ImportedProduct): Document {
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
    ...variantsPart(fields.productOptionNames ? (fields as ProductVariants) : undefined),
    // Only a kit carries its components.
    ...((fields.productKitComponents?.length ?? 0) > 0 ? { productKitComponents: fields.productKitComponents } : {}),
  }
}

/** The fields a document may leave out, with a new product's values. */
const OPTIONAL_DEFAULTS: Record<string, unknown> = {
  ...DEFAULT_WAS_PRICE,
  ...DEFAULT_LOGISTICS,
  ...DEFAULT_STOCK_KEEPING,
  ...DEFAULT_PLACEMENT,
  productKitComponents: [],
}

/**
 * The was price, shipping, stock, stock keeping (SKU, barcode, cost) and placement a document leaves out (a file from before they were
 * exported) keep the stored product's values, or a new product's defaults: an older file never resets
 * a product's was price, stock, weight, low-stock level or the staff's choices of where it is shown.
 * An imported was price is taken as the file has it: the file is the shop's own record moved between
 * databases, not a staff member's new claim (docs/decisions/048-honest-was-prices.md).
 */
function withOptionalFields(fields: ImportedProduct, existing: Document | undefined): ImportedProduct {
  const filled: Record<string, unknown> = { ...fields }
  for (const [key, fallback] of Object.entries(OPTIONAL_DEFAULTS)) {
    if (filled[key] !== undefined) continue
    const stored = existing?.[key]
    filled[key] = stored === undefined ? fallback : stored
  }
  // Options and variants: a document without them keeps the stored ones; with options, it lists every variant.
  if (fields.productOptionNames === undefined) {
    for (const key of ['productOptionNames', 'productOptionValues', 'productVariants'] as const) if (existing?.[key] !== undefined) filled[key] = existing[key]
  } else {
    filled.productOptionValues ??= []
    filled.productVariants = ((fields.productVariants ?? []) as Partial<ProductVariantDocument>[]).map((variant) => ({ ...VARIANT_DEFAULTS, ...variant }))
  }
  return filled as unknown as ImportedProduct
}

type ProductRow = Pick<typeof products.$inferSelect, 'id' | keyof typeof fieldColumns>

/** A stored category is one of the list: only checked documents are ever written. */
const fromRow = ({ id: productId, ...fields }: ProductRow, variants?: ProductVariants) =>
  productDocument(productId, { ...(fields as ProductFields), ...variants })

/** `excluded.<column>` for every field: an upsert writes the whole document. */
const fromExcluded = Object.fromEntries(Object.entries(fieldColumns).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]))

const productImporter: Importer<ImportedProduct> = {
  async readByIds(db, ids, lock) {
    const query = db
      .select(columns)
      .from(products)
      .where(and(inArray(products.id, ids), isNull(products.parentId)))
    const rows = lock ? await query.for('update') : await query
    const variants = await readVariants(
      db,
      rows.map((row) => row.id),
    )
    return new Map(rows.map((row) => [row.id, fromRow(row, variants.get(row.id))]))
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
    const product = withOptionalFields(parsed.data as ImportedProduct, existing)
    const problem = variantsProblem(storedId, product.productOptionNames ?? [], product.productOptionValues ?? [], product.productVariants ?? [])
    if (problem) return { ok: false, reason: problem }
    // A file from before a rename: the product keeps its new name (and so its id and address); the
    // rest of the document is written over it as for any stored product.
    if (storedId !== productId && existing) product.productName = String(existing.productName)
    return { ok: true, document: productDocument(storedId, product), row: product }
  },
  /** Products come by the thousand: one upsert, one redirect clean-up and one history insert per batch. */
  /**
   * A SKU or barcode another product has is refused by name, as the form refuses it (docs/domain.md,
   * Stock keeping). A variant's reason names its field as a schema reason does
   * (`productVariants.1.productSku: …`), so products.csv tells it at the variant's own row.
   */
  async storedRefusal(db, productId, fields) {
    const taken = await stockKeepingErrors(db, fields, productId)
    if (taken.productSku ?? taken.productBarcode) return taken.productSku ?? taken.productBarcode ?? null
    const variants = fields.productVariants ?? []
    const [elsewhere] = await takenVariantIds(
      db,
      productId,
      variants.map((variant) => variant.FBUID),
    )
    if (elsewhere) {
      const index = variants.findIndex((variant) => variant.FBUID === elsewhere)
      return `productVariants.${index}.FBUID: The variant id ${elsewhere} is already another product's or another product's variant.`
    }
    for (const [index, variant] of variants.entries()) {
      const held = await stockKeepingErrors(db, variant, variant.FBUID)
      if (held.productSku) return `productVariants.${index}.productSku: ${held.productSku}`
      if (held.productBarcode) return `productVariants.${index}.productBarcode: ${held.productBarcode}`
    }
    return null
  },
  /**
   * Nor may two products (or variants) of one file share one, nor two variants one id: the second is
   * refused, naming both (the first would be written); a variant's reason after its field's path, as
   * in storedRefusal.
   */
  uniqueInFile(product) {
    const unique = []
    const holders = [
      { name: product.productName, sku: product.productSku, barcode: product.productBarcode, id: null as string | null, path: '' },
      ...(product.productVariants ?? []).map((variant, index) => ({
        name: variantName(product.productName, variant.productOptionValues),
        sku: variant.productSku,
        barcode: variant.productBarcode,
        id: variant.FBUID,
        path: `productVariants.${index}.`,
      })),
    ]
    for (const holder of holders) {
      const name = `“${holder.name}”`
      const both = (field: string, earlier: string) => `${holder.path ? `${holder.path}${field}: ` : ''}${earlier} and ${name} both have`
      if (holder.sku) {
        const sku = holder.sku
        unique.push({
          key: `sku\0${sku.toLowerCase()}`,
          name,
          refusal: (earlier: string) => `${both('productSku', earlier)} the SKU ${sku} in this file (a SKU whatever its case): each product has its own.`,
        })
      }
      if (holder.barcode) {
        const barcode = holder.barcode
        unique.push({
          key: `barcode\0${barcode}`,
          name,
          refusal: (earlier: string) => `${both('productBarcode', earlier)} the barcode ${barcode} in this file: each product has its own.`,
        })
      }
      if (holder.id) {
        const id = holder.id
        unique.push({
          key: `variant\0${id}`,
          name,
          refusal: (earlier: string) => `${both('FBUID', earlier)} the variant id ${id} in this file: each variant has its own.`,
        })
      }
    }
    return unique
  },
  async write(tx, staged, updatedBy) {
    if (staged.length === 0) return
    await tx
      .insert(products)
      .values(staged.map(({ row: { productOptionNames: _names, productOptionValues: _values, productVariants: _variants, ...row }, id }) => ({ ...row, id })))
      .onConflictDoUpdate({
        target: products.id,
        set: { ...fromExcluded, version: sql`${products.version} + 1`, updatedAt: sql`now()` },
      })
    for (const item of staged) {
      const { productOptionNames, productOptionValues, productVariants } = item.row
      if (productOptionNames)
        await writeVariants(tx, item.id, { productOptionNames, productOptionValues: productOptionValues ?? [], productVariants: productVariants ?? [] })
    }
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
    // A product's other variants travel inside its document, never as documents of their own.
    const rows = await db
      .select(columns)
      .from(products)
      .where(and(afterTextId(products.id, afterId), isNull(products.parentId)))
      .orderBy(byCodeUnit(products.id))
      .limit(limit)
    const variants = await readVariants(
      db,
      rows.map((row) => row.id),
    )
    return rows.map((row) => ({ id: row.id, document: fromRow(row, variants.get(row.id)) }))
  },
  importer: productImporter,
}
