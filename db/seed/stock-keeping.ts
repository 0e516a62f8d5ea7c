import type { ProductFields, ProductStockKeeping } from '../../app/lib/catalog.ts'
import { gtinCheckDigit } from '../../app/lib/gtin.ts'
import { slugify } from '../../app/lib/slug.ts'

/**
 * The demo products' SKUs, barcodes and costs (docs/domain.md, Stock keeping), made from the catalogue
 * so each product has its own: a SKU from its id ("UD-UNIPILOT-X7-PRO"), a GTIN-13 under a made-up
 * Australian company prefix (93 12345) numbered in catalogue order, and a cost of 55 % of its price
 * before GST, so the reports' margin has something to show.
 */
export function demoStockKeeping(products: ProductFields[]): Record<string, ProductStockKeeping> {
  return Object.fromEntries(
    products.map((product, index) => {
      const id = slugify(product.productName)
      const body = `9312345${String(index + 1).padStart(5, '0')}`
      const price = product.productPrices[0]?.value
      return [
        id,
        {
          productSku: `UD-${id.toUpperCase()}`.slice(0, 64),
          productBarcode: `${body}${gtinCheckDigit(body)}`,
          productCostCents: price === undefined ? null : Math.round(((price / 1.1) * 55) / 100),
        },
      ]
    }),
  )
}
