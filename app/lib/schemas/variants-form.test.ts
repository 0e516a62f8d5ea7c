import { describe, expect, it } from 'vitest'
import { readVariantsForm } from './variants-form'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('the variants editor form', () => {
  it('reads the named options, the product and its variants, and leaves out a new row nobody filled in', () => {
    const read = readVariantsForm(
      form({
        'option-0': 'Pack',
        'option-1': '',
        rows: '3',
        'v0-id': 'cell',
        'v0-value-0': 'Single',
        'v0-price': '999',
        'v0-stock': '12',
        'v0-weight': '2,700',
        'v0-lithium': 'on',
        'v1-value-0': 'Matched pair',
        'v1-price': '$1,949.00',
        'v1-stock': '',
        'v1-sku': 'UC-PAIR',
        'v1-barcode': '9312 3459 0001 5',
        'v1-cost': '974',
        'v1-was': '2,099',
        'v1-price-id': 'price_1Pair',
        'v1-backorder': 'on',
        'v1-lead-time': '2–3 weeks',
        'v1-image': '/images/pair.webp',
        'v2-weight': '2700',
      }),
    )
    expect(read).toEqual({
      ok: true,
      optionNames: ['Pack'],
      rows: [
        {
          id: 'cell',
          optionValues: ['Single'],
          priceCents: 99_900,
          wasPriceCents: null,
          priceId: '',
          stockOnHand: 12,
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
        },
        {
          id: null,
          optionValues: ['Matched pair'],
          priceCents: 194_900,
          wasPriceCents: 209_900,
          priceId: 'price_1Pair',
          stockOnHand: null,
          allowBackorder: true,
          backorderLeadTime: '2–3 weeks',
          image: '/images/pair.webp',
          sku: 'UC-PAIR',
          barcode: '9312345900015',
          costCents: 97_400,
          weightGrams: 0,
          containsLithium: false,
          remove: false,
          formRow: 1,
        },
      ],
    })
  })

  it('names each field that cannot be read; a variant taken out is not checked', () => {
    const read = readVariantsForm(
      form({
        'option-0': 'Pack',
        rows: '3',
        'v0-id': 'cell',
        'v0-value-0': 'Single',
        'v0-price': '999',
        'v0-was': '899',
        'v0-price-id': 'prod_NotAPrice',
        'v1-value-0': '',
        'v1-price': 'lots',
        'v1-barcode': '9312345900016',
        'v2-id': 'cell-old',
        'v2-price': 'nonsense',
        'v2-remove': 'on',
      }),
    )
    expect(read).toEqual({
      ok: false,
      errors: {
        'v0-was': 'A was price must be higher than the product’s price ($999.00).',
        'v0-price-id': expect.stringContaining('A Stripe price id is price_'),
        'v1-price': 'Enter the price in dollars, such as 1949.00.',
        'v1-barcode': expect.stringContaining('last digit does not match'),
        'v1-value-0': 'Enter its Pack.',
      },
    })
  })
})
