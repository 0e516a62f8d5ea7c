import { gtinCheckDigit } from '../../app/lib/gtin.ts'

/**
 * The demo catalogue's variants (docs/domain.md, Variants): the UniCell battery, sold singly (the
 * product itself, its first variant) and as a matched pair that an E900 flies on, a SKU of its own
 * with its own price and stock.
 */
export const demoVariants = [
  {
    productId: 'unicell-6s-22000-mah-smart-battery',
    optionNames: ['Pack'],
    firstValues: ['Single'],
    variants: [
      {
        id: 'unicell-6s-22000-mah-smart-battery-pair',
        optionValues: ['Matched pair'],
        priceCents: 194_900,
        stockOnHand: 4,
        weightGrams: 5_500,
        sku: 'UD-UNICELL-6S-22000-PAIR',
        barcode: `931234590001${gtinCheckDigit('931234590001')}`,
        costCents: 97_400,
      },
    ],
  },
]
