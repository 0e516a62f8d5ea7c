import { eq } from 'drizzle-orm'
import type { ProductFields } from '../../app/lib/catalog.ts'
import { createProduct } from '../../app/server/catalog/products.server.ts'
import { saveVariants, type VariantRow } from '../../app/server/catalog/variant-editor.server.ts'
import type { Database } from '../../app/server/db/client.server.ts'
import { products } from '../../app/server/db/schema.ts'

/** A row of the variants editor, as a staff member fills it in. */
export const editorRow = (id: string | null, values: string[], priceCents: number, stockOnHand: number | null, more: Partial<VariantRow> = {}): VariantRow => ({
  id,
  optionValues: values,
  priceCents,
  wasPriceCents: null,
  priceId: '',
  stockOnHand,
  allowBackorder: false,
  backorderLeadTime: '',
  image: '',
  sku: '',
  barcode: '',
  costCents: null,
  weightGrams: 2_700,
  containsLithium: true,
  remove: false,
  formRow: 0,
  ...more,
})

/**
 * A battery of the test's own, made as staff would: the product (sold singly, $999, 10 on hand), then
 * on its variants screen a matched pair ($1,949, 3 on hand) and a 16,000 mAh pack ($799, sold out).
 * `more(n)` adds to the n-th row (0: the product itself).
 */
export async function batteryWithVariants(db: Database, fields: ProductFields, more: (row: number, productId: string) => Partial<VariantRow> = () => ({})) {
  const product = await createProduct(
    db,
    { ...fields, productSku: '', productBarcode: '', productPrices: [{ label: 'Price (inc. GST)', value: 99_900, description: '' }] },
    'staff@example.com',
  )
  const id = product.FBUID
  const [{ version }] = (await db.select({ version: products.version }).from(products).where(eq(products.id, id))) as [{ version: number }]
  const saved = await saveVariants(
    db,
    id,
    version,
    {
      optionNames: ['Pack'],
      rows: [
        editorRow(id, ['Single'], 99_900, 10, more(0, id)),
        editorRow(null, ['Matched pair'], 194_900, 3, more(1, id)),
        editorRow(null, ['16,000 mAh'], 79_900, 0, more(2, id)),
      ],
    },
    'staff@example.com',
  )
  const [pair, small] = saved.productVariants!
  return { id, pair: pair!.FBUID, small: small!.FBUID }
}
