import { describe, expect, it } from 'vitest'
import { gtinProblem } from '../../app/lib/gtin'
import { productFieldsSchema } from '../../app/lib/schemas/product'
import { demoProducts } from './catalog'
import { demoStockKeeping } from './stock-keeping'

describe('the demo products’ stock keeping', () => {
  const codes = Object.values(demoStockKeeping(demoProducts))

  it('gives every product its own SKU and a barcode whose check digit is right, as the product form would take them', () => {
    expect(codes).toHaveLength(demoProducts.length)
    expect(new Set(codes.map((code) => code.productSku.toLowerCase())).size).toBe(codes.length)
    expect(new Set(codes.map((code) => code.productBarcode)).size).toBe(codes.length)
    for (const code of codes) {
      expect(gtinProblem(code.productBarcode), code.productBarcode).toBeNull()
      expect(productFieldsSchema.shape.productSku.safeParse(code.productSku).success, code.productSku).toBe(true)
    }
  })

  it('costs each below its price before GST, so the demo’s margins are positive', () => {
    demoProducts.forEach((product, index) => {
      const price = product.productPrices[0]?.value
      if (price !== undefined) expect(codes[index]!.productCostCents!).toBeLessThan(price / 1.1)
    })
  })
})
