import { and, eq, ne, sql, type SQL } from 'drizzle-orm'
import type { ProductFields } from '../../lib/catalog.ts'
import type { Executor } from '../db/client.server.ts'
import { products } from '../db/schema.ts'
import { uniqueViolation } from '../db/unique.server.ts'

// Stock keeping (docs/domain.md; decision 052): a module of its own, so the data commands (npm run data) read it without the product saves.

/**
 * What the form says about a SKU or barcode another product has (docs/domain.md, Stock keeping): each
 * belongs to one product, a SKU whatever its case. Empty when both are free. A save racing another
 * with the same code meets the database's unique index instead (stockKeepingTaken).
 */
export async function stockKeepingErrors(
  db: Executor,
  fields: Pick<ProductFields, 'productSku' | 'productBarcode'>,
  editedId?: string,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {}
  const others = (condition: SQL) =>
    db
      .select({ name: products.productName })
      .from(products)
      .where(and(condition, editedId ? ne(products.id, editedId) : undefined))
      .limit(1)
  if (fields.productSku) {
    const [holder] = await others(sql`lower(${products.productSku}) = lower(${fields.productSku})`)
    if (holder) errors.productSku = skuTaken(fields.productSku, holder.name)
  }
  if (fields.productBarcode) {
    const [holder] = await others(eq(products.productBarcode, fields.productBarcode))
    if (holder) errors.productBarcode = barcodeTaken(fields.productBarcode, holder.name)
  }
  return errors
}

const skuTaken = (sku: string, holder: string | null) => `The SKU ${sku} is already ${holder ? `used by “${holder}”` : 'taken'}: each product has its own.`
const barcodeTaken = (barcode: string, holder: string | null) =>
  `The barcode ${barcode} is already ${holder ? `on “${holder}”` : 'taken'}: each product has its own.`

/** The form's message for a save that lost a race for a SKU or barcode to another product's save; null for any other error. */
export function stockKeepingTaken(error: unknown, fields: Pick<ProductFields, 'productSku' | 'productBarcode'>): Record<string, string> | null {
  const index = uniqueViolation(error)
  if (index === 'products_sku_idx') return { productSku: skuTaken(fields.productSku ?? '', null) }
  if (index === 'products_barcode_idx') return { productBarcode: barcodeTaken(fields.productBarcode ?? '', null) }
  return null
}
