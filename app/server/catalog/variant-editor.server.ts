import { eq, inArray, sql } from 'drizzle-orm'
import type { Product, ProductItem, ProductVariantDocument } from '../../lib/catalog.ts'
import type { KitComponent } from '../../lib/kits.ts'
import type { VariantFormRow } from '../../lib/schemas/variants-form.ts'
import { slugify } from '../../lib/slug.ts'
import { MAX_VARIANTS, variantLabel, variantsProblem } from '../../lib/variants.ts'
import type { Database } from '../db/client.server.ts'
import { products } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { afterCatalogWrite } from './catalog-events.server.ts'
import { ProductNotFoundError, StaleEditError } from './product-changes.server.ts'
import { getProduct } from './products.server.ts'
import { stockKeepingErrors } from './stock-keeping.server.ts'
import { readVariants, takenVariantIds, writeVariants } from './variants.server.ts'
import { refuseDishonestWasPrice, WasPriceRefusedError } from './was-price.server.ts'

/** One row of the variants editor as staff submitted it, checked field by field (its first row is always the product itself). */
export type VariantRow = VariantFormRow

/**
 * A variant's pictures from the editor's choice of the product's pictures: the one it shows first
 * keeps all it has (more came from an import), another takes the product's picture of that address,
 * and none leaves it showing the product's. An address the product does not have is refused.
 */
function chosenImages(address: string, stored: ProductItem[], productImages: ProductItem[]): ProductItem[] {
  if (address === '') return []
  if (stored[0]?.value === address) return stored
  const picture = productImages.find((image) => image.value === address)
  if (!picture) throw new VariantsRefusedError('A picture chosen is no longer one of the product’s. Please reload the page and choose again.')
  return [picture]
}

/**
 * A save the editor refuses, with the reason staff read above the form; `at` names the variant and
 * the form's row and field when the reason is one value's (a was price it was never offered at).
 */
export class VariantsRefusedError extends Error {
  override name = 'VariantsRefusedError'
  readonly at: { formRow: number; field: string } | undefined
  constructor(message: string, at?: { formRow: number; field: string }) {
    super(message)
    this.at = at
  }
}

/** The honest was price check (refuseDishonestWasPrice) of one row of the editor, refused at its field. */
async function refuseDishonestVariantWasPrice(formRow: number, ...[tx, productId, before, after, now, variant]: Parameters<typeof refuseDishonestWasPrice>) {
  try {
    await refuseDishonestWasPrice(tx, productId, before, after, now, variant)
  } catch (error) {
    if (error instanceof WasPriceRefusedError) throw new VariantsRefusedError(error.message, { formRow, field: 'was' })
    throw error
  }
}

/**
 * A new variant's id: the product's and its values ("unicell-6s-pair"), numbered when taken; the id
 * is added to `taken`. The editor's and products.csv's new variants (app/server/migration/products-csv.ts).
 */
export function newVariantId(productId: string, values: string[], taken: Set<string>): string {
  const base = `${productId}-${slugify(values.join(' ')) || 'variant'}`.slice(0, 190)
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
  taken.add(id)
  return id
}

/**
 * Saves the product's options and variants as the editor lists them (docs/domain.md, Variants):
 * under the product's row lock and the version the editor was loaded at, as the product form saves;
 * the product's own values and its price, stock and stock keeping (the first row), each other
 * variant's, added and removed ones; one history row of the product with its variants.
 */
export async function saveVariants(
  db: Database,
  productId: string,
  expectedVersion: number,
  input: { optionNames: string[]; rows: VariantRow[] },
  updatedBy: string,
): Promise<Product> {
  return afterCatalogWrite(
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
      if (!current || current.parentId !== null) throw new ProductNotFoundError(`There is no product "${productId}".`)
      if (current.version !== expectedVersion) throw new StaleEditError()
      if (current.productKitComponents.length > 0 && input.optionNames.length > 0)
        throw new VariantsRefusedError('A kit cannot have options: make each version a kit of its own.')
      const stored = (await readVariants(tx, [productId])).get(productId)?.productVariants ?? []
      const byId = new Map(stored.map((variant) => [variant.FBUID, variant]))
      const [first, ...rest] = input.rows
      if (!first || first.id !== productId) throw new VariantsRefusedError('The form could not be read. Please reload the page and try again.')
      const kept = input.optionNames.length > 0 ? rest.filter((row) => !row.remove) : []
      if (kept.length + 1 > MAX_VARIANTS) throw new VariantsRefusedError(`A product has at most ${MAX_VARIANTS} variants.`)
      const ids = new Set([productId, ...stored.map((variant) => variant.FBUID)])
      const others: ProductVariantDocument[] = kept.map((row) => {
        const before = row.id ? byId.get(row.id) : undefined
        if (row.id && !before) throw new VariantsRefusedError('A variant was removed by someone else meanwhile. Please reload the page and try again.')
        const label = variantLabel(row.optionValues)
        return {
          productImages: chosenImages(row.image, before?.productImages ?? [], current.productImages),
          productWasPriceCents: row.wasPriceCents,
          productAllowBackorder: row.allowBackorder,
          productBackorderLeadTime: row.backorderLeadTime,
          // A row whose id is known keeps what the editor does not show (its alert level).
          productLowStockThreshold: before?.productLowStockThreshold ?? current.productLowStockThreshold,
          FBUID: row.id ?? newVariantId(productId, row.optionValues, ids),
          productOptionValues: row.optionValues,
          productPrices: row.priceCents === null ? [] : [{ label: before?.productPrices[0]?.label ?? label, description: row.priceId, value: row.priceCents }],
          productStockOnHand: row.stockOnHand,
          productSku: row.sku,
          productBarcode: row.barcode,
          productCostCents: row.costCents,
          productWeightGrams: row.weightGrams,
          productContainsLithium: row.containsLithium,
        }
      })
      // A product left with one variant is a product without options again: nothing to choose between.
      const optionNames = others.length > 0 ? input.optionNames : []
      const firstValues = optionNames.length > 0 ? first.optionValues : []
      const problem = variantsProblem(productId, optionNames, firstValues, others)
      if (problem) throw new VariantsRefusedError(problem)
      const [elsewhere] = await takenVariantIds(
        tx,
        productId,
        others.map((variant) => variant.FBUID),
      )
      if (elsewhere) throw new VariantsRefusedError(`The id ${elsewhere} is another product's. Please give this variant other values.`)
      // Each variant's SKU and barcode are its own: among these rows, and in the whole catalogue.
      const rows = [{ FBUID: productId, productSku: first.sku, productBarcode: first.barcode }, ...others]
      for (const [index, row] of rows.entries()) {
        const twin = rows.findIndex(
          (other, at) =>
            at !== index &&
            ((row.productSku && other.productSku.toLowerCase() === row.productSku.toLowerCase()) ||
              (row.productBarcode && other.productBarcode === row.productBarcode)),
        )
        if (twin !== -1)
          throw new VariantsRefusedError(`Two variants have the SKU or barcode ${row.productSku || row.productBarcode}: each variant has its own.`)
        const taken = await stockKeepingErrors(tx, row, row.FBUID)
        const message = taken.productSku ?? taken.productBarcode
        if (message) throw new VariantsRefusedError(message)
      }
      if (current.productKitComponents.length > 0 && first.allowBackorder)
        throw new VariantsRefusedError('A kit is never backordered: what its components allow is what it can sell.')
      // Each was price honest for its own prices (docs/decisions/048-honest-was-prices.md), read under this lock.
      const [price, ...otherPrices] = current.productPrices
      await refuseDishonestVariantWasPrice(
        first.formRow,
        tx,
        productId,
        { wasCents: current.productWasPriceCents, priceCents: price?.value ?? null },
        { wasCents: first.wasPriceCents, priceCents: first.priceCents },
      )
      for (const [index, variant] of others.entries()) {
        const before = byId.get(variant.FBUID)
        await refuseDishonestVariantWasPrice(
          kept[index]!.formRow,
          tx,
          productId,
          before ? { wasCents: before.productWasPriceCents ?? null, priceCents: before.productPrices[0]?.value ?? null } : null,
          { wasCents: variant.productWasPriceCents ?? null, priceCents: variant.productPrices[0]?.value ?? null },
          new Date(),
          { id: variant.FBUID, label: variantLabel(variant.productOptionValues) },
        )
      }
      await tx
        .update(products)
        .set({
          productPrices:
            first.priceCents === null
              ? otherPrices
              : [{ label: price?.label ?? 'Price (inc. GST)', description: first.priceId, value: first.priceCents }, ...otherPrices],
          productWasPriceCents: first.wasPriceCents,
          productAllowBackorder: first.allowBackorder,
          productBackorderLeadTime: first.backorderLeadTime,
          productStockOnHand: first.stockOnHand,
          productSku: first.sku,
          productBarcode: first.barcode,
          productCostCents: first.costCents,
          productWeightGrams: first.weightGrams,
          productContainsLithium: first.containsLithium,
          version: sql`${products.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(products.id, productId))
      await writeVariants(tx, productId, { productOptionNames: optionNames, productOptionValues: firstValues, productVariants: others })
      const product = (await getProduct(tx, productId))!
      await recordHistory(tx, { collection: 'products', documentId: productId, action: 'update', document: { ...product }, updatedBy })
      return product
    }),
  )
}

/**
 * Saves what a kit is made of (docs/domain.md, Kits), under the product's row lock and the version
 * its screen was loaded at, with one history row. A kit has no options and keeps no stock of its own
 * (its own count is cleared, never backordered): its components' stock is its stock. A component is
 * another product or variant that is not itself a kit, each once. No components: not a kit.
 */
export async function saveKit(db: Database, productId: string, expectedVersion: number, components: KitComponent[], updatedBy: string): Promise<Product> {
  return afterCatalogWrite(
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
      if (!current || current.parentId !== null) throw new ProductNotFoundError(`There is no product "${productId}".`)
      if (current.version !== expectedVersion) throw new StaleEditError()
      if (components.length > 0 && current.optionNames.length > 0)
        throw new VariantsRefusedError('A product with options cannot be a kit: make the kit a product of its own.')
      const ids = components.map((component) => component.productId)
      if (new Set(ids).size !== ids.length) throw new VariantsRefusedError('Each product once in a kit: give it a quantity instead.')
      if (ids.includes(productId)) throw new VariantsRefusedError('A kit cannot contain itself.')
      const found = ids.length ? await tx.select({ id: products.id, kit: products.productKitComponents }).from(products).where(inArray(products.id, ids)) : []
      const missing = ids.find((id) => !found.some((row) => row.id === id))
      if (missing) throw new VariantsRefusedError(`There is no product or variant "${missing}".`)
      if (found.some((row) => row.kit.length > 0)) throw new VariantsRefusedError('A kit cannot contain another kit: list its contents instead.')
      await tx
        .update(products)
        .set({
          productKitComponents: components,
          ...(components.length > 0 ? { productStockOnHand: null, productAllowBackorder: false } : {}),
          version: sql`${products.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(products.id, productId))
      const product = (await getProduct(tx, productId))!
      await recordHistory(tx, { collection: 'products', documentId: productId, action: 'update', document: { ...product }, updatedBy })
      return product
    }),
  )
}
