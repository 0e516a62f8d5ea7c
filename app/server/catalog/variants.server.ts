import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm'
import type { ProductVariantDocument } from '../../lib/catalog.ts'
import type { Executor } from '../db/client.server.ts'
import { products } from '../db/schema.ts'

/** A product's options and other variants, as its document carries them. */
export interface ProductVariants {
  productOptionNames: string[]
  productOptionValues: string[]
  productVariants: ProductVariantDocument[]
}

export const NO_VARIANTS: ProductVariants = { productOptionNames: [], productOptionValues: [], productVariants: [] }

const variantDocumentColumns = {
  parentId: products.parentId,
  FBUID: products.id,
  productOptionValues: products.optionValues,
  productPrices: products.productPrices,
  productWasPriceCents: products.productWasPriceCents,
  productImages: products.productImages,
  productWeightGrams: products.productWeightGrams,
  productContainsLithium: products.productContainsLithium,
  productStockOnHand: products.productStockOnHand,
  productAllowBackorder: products.productAllowBackorder,
  productBackorderLeadTime: products.productBackorderLeadTime,
  productLowStockThreshold: products.productLowStockThreshold,
  productSku: products.productSku,
  productBarcode: products.productBarcode,
  productCostCents: products.productCostCents,
}

/** The options and other variants of these products, by product id (a product without options has none). */
export async function readVariants(db: Executor, productIds: string[]): Promise<Map<string, ProductVariants>> {
  const found = new Map<string, ProductVariants>()
  if (productIds.length === 0) return found
  const owners = await db
    .select({ id: products.id, names: products.optionNames, values: products.optionValues })
    .from(products)
    .where(and(inArray(products.id, productIds), sql`cardinality(${products.optionNames}) > 0`))
  if (owners.length === 0) return found
  for (const owner of owners) found.set(owner.id, { productOptionNames: owner.names, productOptionValues: owner.values, productVariants: [] })
  const rows = await db
    .select(variantDocumentColumns)
    .from(products)
    .where(
      inArray(
        products.parentId,
        owners.map((owner) => owner.id),
      ),
    )
    .orderBy(asc(products.parentId), asc(products.variantPosition), asc(products.id))
  for (const { parentId, ...variant } of rows) found.get(parentId!)?.productVariants.push(variant)
  return found
}

/** Variant ids among these that are some other row: a product of its own, or another product's variant. */
export async function takenVariantIds(db: Executor, productId: string, variantIds: string[]): Promise<string[]> {
  if (variantIds.length === 0) return []
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, variantIds), or(isNull(products.parentId), ne(products.parentId, productId))))
  return rows.map((row) => row.id)
}

/**
 * Writes a product's options and other variants as its document has them, in the caller's
 * transaction: its own values, each variant's row (added or changed), and variants no longer listed
 * removed (past orders keep their lines: an order line is a snapshot, not a reference). The held
 * units of a variant (`stock_reserved`) are never written: payments under way keep them. With
 * `keepStock` (a restore of an older version), a variant that stands keeps its count on hand too:
 * units sold since are gone from the shelf; one added takes the document's. The caller has checked
 * the document (variantsProblem, takenVariantIds) and holds the product's row lock.
 */
export async function writeVariants(tx: Executor, productId: string, variants: ProductVariants, options: { keepStock?: boolean } = {}): Promise<void> {
  const [owner] = await tx
    .update(products)
    .set({ optionNames: variants.productOptionNames, optionValues: variants.productOptionValues })
    .where(eq(products.id, productId))
    .returning({ name: products.productName, stupid: products.STUPID, category: products.productCategory, status: products.productStatus })
  if (!owner) return
  const keep = variants.productVariants.map((variant) => variant.FBUID)
  await tx.delete(products).where(and(eq(products.parentId, productId), keep.length ? notInArray(products.id, keep) : undefined))
  for (const [index, { FBUID, productOptionValues, ...fields }] of variants.productVariants.entries()) {
    const row = {
      ...fields,
      optionValues: productOptionValues,
      variantPosition: index + 1,
      productCostCents: fields.productCostCents ?? null,
      productWasPriceCents: fields.productWasPriceCents ?? null,
    }
    await tx
      .insert(products)
      // The name, category, Stripe product id and status are the product's (the trigger copies them too).
      .values({
        id: FBUID,
        parentId: productId,
        productName: owner.name,
        STUPID: owner.stupid,
        productCategory: owner.category,
        productStatus: owner.status,
        ...row,
      })
      .onConflictDoUpdate({
        target: products.id,
        set: { ...(options.keepStock ? withoutStock(row) : row), version: sql`${products.version} + 1`, updatedAt: sql`now()` },
        where: eq(products.parentId, productId),
      })
  }
}

/** A variant's row without its count on hand (a restore leaves a standing variant's as it is). */
function withoutStock<Row extends { productStockOnHand?: number | null }>({ productStockOnHand: _onHand, ...row }: Row): Omit<Row, 'productStockOnHand'> {
  return row
}
