import { and, eq, inArray } from 'drizzle-orm'
import type { Product, ProductFields, ProductVariantDocument } from '../../lib/catalog.ts'
import { productFieldsSchema, productVariantsSchema } from '../../lib/schemas/product.ts'
import { variantLabel, variantsProblem } from '../../lib/variants.ts'
import { NO_VARIANTS, takenVariantIds, writeVariants, type ProductVariants } from './variants.server.ts'
import { slugify } from '../../lib/slug.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { orderLines, orders, productRedirects, products } from '../db/schema.ts'
import { NotRestorableError, recordHistory } from '../history/record.server.ts'
import { afterCatalogWrite } from './catalog-events.server.ts'
import { stockKeepingErrors } from './stock-keeping.server.ts'
export { stockKeepingErrors, stockKeepingTaken } from './stock-keeping.server.ts'
import { getProduct, ProductIdTakenError } from './products.server.ts'
import { moveTradePrices } from '../trade/trade-accounts.server.ts'
import { moveStockAlerts } from '../stock/stock-alerts.server.tsx'
import { firstPriceCents, refuseDishonestWasPrice, WasPriceRefusedError } from './was-price.server.ts'

export class ProductNotFoundError extends Error {
  override name = 'ProductNotFoundError'
}

/** Someone saved the product after this editor opened it (docs/domain.md, Product ids: never overwrite silently). */
export class StaleEditError extends Error {
  override name = 'StaleEditError'
  constructor() {
    super('Someone else changed this product after you opened it. Reload to see their change; your edits are still in the form.')
  }
}

export interface EditableProduct {
  product: Product
  version: number
}

export async function getEditableProduct(db: Executor, productId: string): Promise<EditableProduct | null> {
  const product = await getProduct(db, productId)
  if (!product) return null
  const [row] = await db.select({ version: products.version }).from(products).where(eq(products.id, productId))
  return { product, version: row!.version }
}

/**
 * What the form says about chosen related products that are not in the catalogue (or are the
 * product itself), keyed as the form's messages are; empty when all are fine.
 */
export async function relatedProductErrors(
  db: Executor,
  fields: Pick<ProductFields, 'productName' | 'productRelated'>,
  editedId?: string,
): Promise<Record<string, string>> {
  const chosen = fields.productRelated ?? []
  if (chosen.length === 0) return {}
  const self = new Set([slugify(fields.productName), editedId])
  if (chosen.some((id) => self.has(id))) return { productRelated: 'A product cannot be related to itself.' }
  const found = new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, chosen))).map((row) => row.id))
  const missing = chosen.filter((id) => !found.has(id))
  if (missing.length === 0) return {}
  return { productRelated: `No product has the id ${missing.map((id) => `“${id}”`).join(', ')}: remove it from the related products.` }
}

/**
 * Chosen product ids as they are now: a renamed product's old id becomes its new one, a deleted
 * product drops out; in the same order, each once, with each product's name.
 */
export async function currentProducts(db: Executor, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return []
  const moved = new Map((await db.select().from(productRedirects).where(inArray(productRedirects.fromId, ids))).map((row) => [row.fromId, row.toId]))
  const current = ids.map((id) => moved.get(id) ?? id)
  const rows = await db.select({ id: products.id, name: products.productName }).from(products).where(inArray(products.id, current))
  const names = new Map(rows.map((row) => [row.id, row.name]))
  return [...new Set(current)].flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []))
}

/** The id a renamed product's old id leads to, if any. */
export async function resolveProductRedirect(db: Executor, productId: string): Promise<string | null> {
  const [row] = await db.select({ toId: productRedirects.toId }).from(productRedirects).where(eq(productRedirects.fromId, productId))
  return row?.toId ?? null
}

/**
 * Saves an edit. The editor names the version it started from; a different stored version means a
 * concurrent change and nothing is written. A new name that gives a new id moves the product there
 * in the same transaction (refused if that id is taken), and the old id redirects to the new one.
 */
export async function updateProduct(db: Database, productId: string, expectedVersion: number, fields: ProductFields, updatedBy: string): Promise<Product> {
  const newId = slugify(fields.productName)
  if (!newId) throw new Error('A product name needs at least one letter or digit.')
  return afterCatalogWrite(
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
      if (!current) throw new ProductNotFoundError(`There is no product "${productId}".`)
      if (current.version !== expectedVersion) throw new StaleEditError()
      const now = new Date()
      await refuseDishonestWasPrice(
        tx,
        productId,
        { wasCents: current.productWasPriceCents, priceCents: firstPriceCents(current.productPrices) },
        {
          wasCents: fields.productWasPriceCents === undefined ? current.productWasPriceCents : fields.productWasPriceCents,
          priceCents: firstPriceCents(fields.productPrices),
        },
        now,
      )

      if (newId === productId) {
        await tx
          .update(products)
          .set({ ...fields, version: current.version + 1, updatedAt: now })
          .where(eq(products.id, productId))
        const product = (await getProduct(tx, productId))!
        await recordHistory(tx, { collection: 'products', documentId: productId, action: 'update', document: { ...product }, updatedBy })
        return product
      }

      const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.id, newId))
      if (taken) throw new ProductIdTakenError(newId)
      const { id: _oldId, version: _version, createdAt, updatedAt: _updatedAt, ...previous } = current
      // Its other variants move with it (deleting the product would delete them): let go while it moves, then under its new id.
      const variants = await tx.update(products).set({ parentId: null }).where(eq(products.parentId, productId)).returning({ id: products.id })
      await tx.delete(products).where(eq(products.id, productId))
      // The stock and weight move with the product unless the edit changed them.
      await tx.insert(products).values({ ...previous, ...definedOnly(fields), id: newId, version: current.version + 1, createdAt, updatedAt: now })
      if (variants.length > 0) {
        await tx
          .update(products)
          .set({ parentId: newId })
          .where(
            inArray(
              products.id,
              variants.map((variant) => variant.id),
            ),
          )
      }
      const product = (await getProduct(tx, newId))!
      // Payments under way (or that may still come) settle their stock by product id: they follow the move.
      await tx
        .update(orderLines)
        .set({ productId: newId })
        .where(
          and(
            eq(orderLines.productId, productId),
            inArray(
              orderLines.orderId,
              tx
                .select({ id: orders.id })
                .from(orders)
                .where(inArray(orders.stockState, ['reserved', 'released'])),
            ),
          ),
        )
      // Trade customers' fixed prices of the product follow it too.
      await moveTradePrices(tx, productId, newId, updatedBy)
      // So do the addresses waiting for it to be back in stock.
      await moveStockAlerts(tx, productId, newId)
      await tx.delete(productRedirects).where(eq(productRedirects.fromId, newId))
      await tx.update(productRedirects).set({ toId: newId }).where(eq(productRedirects.toId, productId))
      await tx.insert(productRedirects).values({ fromId: productId, toId: newId })
      await recordHistory(tx, {
        collection: 'products',
        documentId: productId,
        action: 'delete',
        document: { FBUID: productId, ...pickFields(previous), movedTo: newId },
        updatedBy,
      })
      await recordHistory(tx, { collection: 'products', documentId: newId, action: 'create', document: { ...product, movedFrom: productId }, updatedBy })
      return product
    }),
  )
}

/** Deletes a product for good (past orders keep their line snapshots); its history keeps the last version. */
export async function deleteProduct(db: Database, productId: string, updatedBy: string): Promise<Product> {
  return afterCatalogWrite(
    db.transaction(async (tx) => {
      const product = await getProduct(tx, productId)
      if (!product) throw new ProductNotFoundError(`There is no product "${productId}".`)
      await tx.delete(products).where(eq(products.id, productId))
      // Old names of this product no longer lead anywhere: they answer 404 like the product itself.
      await tx.delete(productRedirects).where(eq(productRedirects.toId, productId))
      await recordHistory(tx, { collection: 'products', documentId: productId, action: 'delete', document: { ...product }, updatedBy })
      return product
    }),
  )
}

/**
 * Puts a version from history back: over the current product if it exists, or as the product again
 * if it was deleted. It is a new write with its own history row. Its options, variants and a kit's
 * contents become the version's (docs/domain.md, Variants): variants it did not have are removed, as
 * the variants editor removes one (orders keep their lines; a cart holding one is told it is no
 * longer sold), and those it had come back. Refused with the reason when an id, SKU or barcode it
 * holds is another product's since, or a component of it is gone or a kit itself now. A standing
 * product and its standing variants keep their counts on hand: units sold since are gone from the shelf.
 */
export async function restoreProduct(db: Database, document: Record<string, unknown>, updatedBy: string): Promise<Product> {
  const parsed = productFieldsSchema.safeParse(pickFields(document))
  if (!parsed.success) throw new NotRestorableError(`This version cannot be restored: ${parsed.error.issues[0]?.message ?? 'it is not a valid product'}.`)
  const fields = parsed.data
  const productId = String(document.FBUID ?? '')
  if (!productId || slugify(fields.productName) !== productId) throw new NotRestorableError('This version cannot be restored: its id does not match its name.')
  const variants = versionVariants(productId, document)
  // A version that was no kit (or from before kits) has no contents: the product is no kit again.
  const kit = fields.productKitComponents ?? []
  return afterCatalogWrite(
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ version: products.version, prices: products.productPrices, wasCents: products.productWasPriceCents, parentId: products.parentId })
        .from(products)
        .where(eq(products.id, productId))
        .for('update')
      if (current && current.parentId !== null)
        throw new NotRestorableError(`This version cannot be restored: its id ${productId} is a variant of another product now.`)
      const now = new Date()
      // An old version's was price (or the one standing, beside an old price) is judged as a new one would be.
      const before = current ? { wasCents: current.wasCents, priceCents: firstPriceCents(current.prices) } : null
      const after = {
        wasCents: fields.productWasPriceCents === undefined ? (current?.wasCents ?? null) : fields.productWasPriceCents,
        priceCents: firstPriceCents(fields.productPrices),
      }
      try {
        await refuseDishonestWasPrice(tx, productId, before, after, now)
        // Each variant's was price too, by that variant's own prices (docs/decisions/048-honest-was-prices.md).
        const stored = await tx
          .select({ id: products.id, prices: products.productPrices, wasCents: products.productWasPriceCents })
          .from(products)
          .where(eq(products.parentId, productId))
        for (const variant of variants.productVariants) {
          const today = stored.find((row) => row.id === variant.FBUID)
          await refuseDishonestWasPrice(
            tx,
            productId,
            today ? { wasCents: today.wasCents, priceCents: firstPriceCents(today.prices) } : null,
            { wasCents: variant.productWasPriceCents ?? null, priceCents: firstPriceCents(variant.productPrices) },
            now,
            { id: variant.FBUID, label: variantLabel(variant.productOptionValues) },
          )
        }
      } catch (error) {
        if (error instanceof WasPriceRefusedError) throw new NotRestorableError(`This version cannot be restored. ${error.message}`)
        throw error
      }
      await refuseTakenSince(tx, productId, fields, variants.productVariants, kit)
      if (current) {
        // Units sold since that version are gone from the shelf: the count on hand stays as it is now.
        const { productStockOnHand: _onHand, ...restored } = fields
        await tx
          .update(products)
          .set({
            ...restored,
            productKitComponents: kit,
            // A kit keeps no stock of its own (docs/domain.md, Kits), as its contents screen clears it.
            ...(kit.length > 0 ? { productStockOnHand: null, productAllowBackorder: false } : {}),
            version: current.version + 1,
            updatedAt: now,
          })
          .where(eq(products.id, productId))
        await writeVariants(tx, productId, variants, { keepStock: true })
      } else {
        await tx.insert(products).values({ ...fields, id: productId })
        await tx.delete(productRedirects).where(eq(productRedirects.fromId, productId))
        // A deleted product comes back with the variants it had then.
        if (variants.productOptionNames.length > 0) await writeVariants(tx, productId, variants)
      }
      const product = (await getProduct(tx, productId))!
      await recordHistory(tx, { collection: 'products', documentId: productId, action: 'set', document: { ...product, restored: true }, updatedBy })
      return product
    }),
  )
}

/** A version's options and other variants, checked as the variants editor checks them; none for a version without options. */
function versionVariants(productId: string, document: Record<string, unknown>): ProductVariants {
  const parsed = productVariantsSchema.safeParse(document)
  if (!parsed.success) throw new NotRestorableError(`This version cannot be restored: ${parsed.error.issues[0]?.message ?? 'its variants cannot be read'}.`)
  const names = parsed.data.productOptionNames ?? []
  if (names.length === 0) return NO_VARIANTS
  const others = (parsed.data.productVariants ?? []) as ProductVariantDocument[]
  const values = parsed.data.productOptionValues ?? []
  const problem = variantsProblem(productId, names, values, others)
  if (problem) throw new NotRestorableError(`This version cannot be restored: ${problem}`)
  return { productOptionNames: names, productOptionValues: values, productVariants: others }
}

/**
 * What a version holds that is no longer free to hold: a variant id another product's row has, a
 * SKU or barcode another product or variant has (as the form and the variants editor refuse one), a
 * kit component that is gone or a kit itself now (as the kit screen refuses one).
 */
async function refuseTakenSince(
  tx: Executor,
  productId: string,
  fields: ProductFields,
  variants: ProductVariantDocument[],
  kit: NonNullable<ProductFields['productKitComponents']>,
): Promise<void> {
  const [elsewhere] = await takenVariantIds(
    tx,
    productId,
    variants.map((variant) => variant.FBUID),
  )
  if (elsewhere) throw new NotRestorableError(`This version cannot be restored: its variant ${elsewhere} is another product's now.`)
  for (const holder of [{ ...fields, FBUID: productId }, ...variants]) {
    const held = await stockKeepingErrors(tx, holder, holder.FBUID)
    const message = held.productSku ?? held.productBarcode
    if (message) throw new NotRestorableError(`This version cannot be restored. ${message}`)
  }
  if (kit.length === 0) return
  const ids = kit.map((component) => component.productId)
  const found = await tx.select({ id: products.id, kit: products.productKitComponents }).from(products).where(inArray(products.id, ids))
  const missing = ids.find((id) => !found.some((row) => row.id === id))
  if (missing) throw new NotRestorableError(`This version cannot be restored: its component ${missing} is no longer in the catalogue.`)
  const nested = found.find((row) => row.kit.length > 0)
  if (nested) throw new NotRestorableError(`This version cannot be restored: its component ${nested.id} is a kit itself now.`)
}

/** The fields a write sets: a document without shipping and stock (an older one) leaves the stored ones. */
function definedOnly(fields: ProductFields): ProductFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as ProductFields
}

/** The product fields of a stored document, without ids, versions, timestamps or notes. */
function pickFields(document: Record<string, unknown>): ProductFields {
  const list = (key: string) => (Array.isArray(document[key]) ? (document[key] as never[]) : [])
  return {
    productName: String(document.productName ?? ''),
    STUPID: String(document.STUPID ?? ''),
    productCategory: String(document.productCategory ?? '') as ProductFields['productCategory'],
    productImages: list('productImages'),
    productDescriptions: list('productDescriptions'),
    productFeatures: list('productFeatures'),
    productSpecifications: list('productSpecifications'),
    productDimensions: list('productDimensions'),
    productShipping: list('productShipping'),
    productDownloads: list('productDownloads'),
    productPrices: list('productPrices'),
    ...(typeof document.productWeightGrams === 'number' ? { productWeightGrams: document.productWeightGrams } : {}),
    ...(typeof document.productContainsLithium === 'boolean' ? { productContainsLithium: document.productContainsLithium } : {}),
    ...(typeof document.productStockOnHand === 'number' || document.productStockOnHand === null
      ? { productStockOnHand: document.productStockOnHand as number | null }
      : {}),
    ...(typeof document.productAllowBackorder === 'boolean' ? { productAllowBackorder: document.productAllowBackorder } : {}),
    ...(typeof document.productBackorderLeadTime === 'string' ? { productBackorderLeadTime: document.productBackorderLeadTime } : {}),
    ...(typeof document.productLowStockThreshold === 'number' ? { productLowStockThreshold: document.productLowStockThreshold } : {}),
    ...(document.productStatus === 'active' || document.productStatus === 'draft' || document.productStatus === 'archived'
      ? { productStatus: document.productStatus }
      : {}),
    ...(typeof document.productFeatured === 'boolean' ? { productFeatured: document.productFeatured } : {}),
    ...(Array.isArray(document.productRelated) ? { productRelated: document.productRelated.filter((id): id is string => typeof id === 'string') } : {}),
    ...(typeof document.productUseCases === 'boolean' ? { productUseCases: document.productUseCases } : {}),
    // The product's own SKU, barcode and cost are its first variant's (docs/domain.md, Variants): a version puts them back too.
    ...(typeof document.productSku === 'string' ? { productSku: document.productSku } : {}),
    ...(typeof document.productBarcode === 'string' ? { productBarcode: document.productBarcode } : {}),
    ...(typeof document.productCostCents === 'number' || document.productCostCents === null
      ? { productCostCents: document.productCostCents as number | null }
      : {}),
    // A kit's contents come back with it: without them it would sell as a product of its own, holding nothing.
    ...(Array.isArray(document.productKitComponents) ? { productKitComponents: document.productKitComponents as ProductFields['productKitComponents'] } : {}),
    ...(typeof document.productWasPriceCents === 'number' || document.productWasPriceCents === null
      ? { productWasPriceCents: document.productWasPriceCents as number | null }
      : {}),
  }
}
