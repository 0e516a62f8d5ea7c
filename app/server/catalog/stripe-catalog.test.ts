import { describe, expect, it } from 'vitest'
import {
  compareProduct,
  formatAmount,
  formatCatalogCheck,
  matchLine,
  proposePrices,
  readFetchRequest,
  unusableReason,
  type FormPriceEntry,
  type PriceProposal,
  type PriceRefusal,
  type ShopProductPrices,
  type StripePriceFacts,
  type StripeProductFacts,
} from './stripe-catalog.server'

const PRODUCT: StripeProductFacts = { id: 'prod_e900', name: 'UniDrone E900', active: true, defaultPriceId: null }

const price = (id: string, changes: Partial<StripePriceFacts> = {}): StripePriceFacts => ({
  id,
  productId: 'prod_e900',
  active: true,
  currency: 'aud',
  unitAmount: 1299900,
  recurring: false,
  nickname: null,
  ...changes,
})

const entry = (value: number | null, description = '', label = 'Price (inc. GST)'): FormPriceEntry => ({ value, label, description })

function proposal(result: PriceProposal | PriceRefusal): PriceProposal {
  if (!result.ok) throw new Error(`refused: ${result.message}`)
  return result
}

describe('unusableReason', () => {
  it('accepts an active one-off AUD price of the product', () => {
    expect(unusableReason(price('price_a'), 'prod_e900')).toBeNull()
  })
  it.each([
    [{ productId: 'prod_other' }, 'belongs to another Stripe product (prod_other)'],
    [{ active: false }, 'is archived in Stripe'],
    [{ currency: 'usd' }, 'is in USD; the shop sells in AUD only'],
    [{ recurring: true }, 'is a recurring price'],
    [{ unitAmount: null }, 'has no fixed amount'],
  ] as const)('refuses %o', (changes, reason) => {
    expect(unusableReason(price('price_a', changes), 'prod_e900')).toContain(reason)
  })
})

describe('proposePrices', () => {
  it('fills an entry without a price id with the default price, keeping its label', () => {
    const result = proposal(
      proposePrices(
        { ...PRODUCT, defaultPriceId: 'price_default' },
        [price('price_other', { unitAmount: 100 }), price('price_default', { unitAmount: 1199900 })],
        new Map(),
        [entry(1299900)],
      ),
    )
    expect(result.rows[0]).toEqual({
      from: 0,
      change: 'linked',
      before: entry(1299900),
      after: { value: 1199900, label: 'Price (inc. GST)', description: 'price_default' },
      note: null,
    })
    // Stripe's other active price is offered as a new entry, named by its nickname or the default label.
    expect(result.rows[1]).toMatchObject({ from: null, change: 'added', after: { value: 100, label: 'Price (inc. GST)', description: 'price_other' } })
    expect(result.changes).toBe(2)
  })

  it('corrects the amount of an entry that names an active price, and leaves a matching one alone', () => {
    const result = proposal(
      proposePrices(PRODUCT, [price('price_a', { unitAmount: 5000 }), price('price_b', { unitAmount: 7000 })], new Map(), [
        entry(5000, 'price_a', 'Standard'),
        entry(6500, 'price_b', 'With case'),
      ]),
    )
    expect(result.rows.map((row) => [row.change, row.after])).toEqual([
      ['unchanged', { value: 5000, label: 'Standard', description: 'price_a' }],
      ['corrected', { value: 7000, label: 'With case', description: 'price_b' }],
    ])
    expect(result.changes).toBe(1)
  })

  it('replaces an archived price with the active one that took its place', () => {
    const archived = price('price_old', { active: false, unitAmount: 1299900 })
    const result = proposal(
      proposePrices(PRODUCT, [price('price_new', { unitAmount: 1199900 })], new Map([['price_old', archived]]), [entry(1299900, 'price_old')]),
    )
    expect(result.rows).toEqual([
      {
        from: 0,
        change: 'replaced',
        before: entry(1299900, 'price_old'),
        after: { value: 1199900, label: 'Price (inc. GST)', description: 'price_new' },
        note: 'price_old is archived in Stripe; price_new takes its place.',
      },
    ])
  })

  it('keeps, with the reason, an entry whose price cannot be used when there is nothing to put in its place', () => {
    const result = proposal(
      proposePrices(PRODUCT, [price('price_a')], new Map([['price_gone', null]]), [
        entry(1299900, 'price_a'),
        entry(500, 'price_gone', 'Spare'),
        entry(null, '', 'Typo'),
      ]),
    )
    expect(result.rows.map((row) => [row.change, row.after, row.note])).toEqual([
      ['unchanged', { value: 1299900, label: 'Price (inc. GST)', description: 'price_a' }, null],
      ['kept', null, 'Stripe has no price price_gone, and Stripe has no other active AUD price for it: kept as it is.'],
      ['kept', null, 'Stripe has no more active AUD prices: kept as it is.'],
    ])
    expect(result.changes).toBe(0)
  })

  it('does not use a price twice', () => {
    const result = proposal(proposePrices(PRODUCT, [price('price_a')], new Map(), [entry(1299900, 'price_a'), entry(1299900, 'price_a')]))
    expect(result.rows[1]).toMatchObject({ change: 'kept', note: expect.stringContaining('price_a is already the price of entry 1') })
  })

  it('skips non-AUD and recurring prices with a note, and refuses when no AUD one-off price is left', () => {
    const prices = [price('price_usd', { currency: 'usd' }), price('price_monthly', { recurring: true })]
    const refused = proposePrices(PRODUCT, prices, new Map(), [entry(1299900)])
    expect(refused.ok).toBe(false)
    expect(refused.ok ? '' : refused.message).toContain('has no active one-off price in AUD')
    expect(refused.notes).toEqual([
      'Not used: price_usd is in USD; the shop sells in AUD only.',
      'Not used: price_monthly is a recurring price; the shop sells one-off purchases.',
    ])

    const mixed = proposal(proposePrices(PRODUCT, [...prices, price('price_aud')], new Map(), [entry(1, 'price_usd')]))
    expect(mixed.rows[0]).toMatchObject({ change: 'replaced', after: { description: 'price_aud' }, note: expect.stringContaining('price_usd is in USD') })
    expect(mixed.notes).toHaveLength(2)
  })

  it('refuses an archived product', () => {
    const refused = proposePrices({ ...PRODUCT, active: false }, [price('price_a')], new Map(), [])
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining('is archived') })
  })

  it('adds at most ten entries in all', () => {
    const many = Array.from({ length: 12 }, (_, index) => price(`price_${index}`, { unitAmount: 100 + index }))
    const result = proposal(proposePrices(PRODUCT, many, new Map(), []))
    expect(result.rows).toHaveLength(10)
    expect(result.notes.filter((note) => note.startsWith('Not added'))).toHaveLength(2)
  })
})

describe('readFetchRequest', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [key, value] of Object.entries(fields)) data.set(key, value)
    return data
  }
  it('reads the STUPID and the typed prices, dollars to cents', () => {
    const prices = JSON.stringify([
      { value: '1,299.50', label: 'Price', description: ' price_a ' },
      { value: 'twelve', label: '', description: '' },
    ])
    expect(readFetchRequest(form({ STUPID: ' prod_x ', prices }))).toEqual({
      ok: true,
      STUPID: 'prod_x',
      prices: [entry(129950, 'price_a', 'Price'), entry(null, '', '')],
    })
  })
  it('asks for the STUPID first, and refuses prices it cannot read', () => {
    expect(readFetchRequest(form({ STUPID: '  ', prices: '[]' }))).toEqual({ ok: false, message: expect.stringContaining('Enter the STUPID') })
    expect(readFetchRequest(form({ STUPID: 'prod_x', prices: '{' }))).toMatchObject({ ok: false })
    expect(readFetchRequest(form({ probe: '1' }))).toMatchObject({ ok: false })
  })
})

const shopProduct = (changes: Partial<ShopProductPrices> = {}): ShopProductPrices => ({
  FBUID: 'unidrone-e900',
  productName: 'UniDrone E900',
  STUPID: 'prod_e900',
  productPrices: [{ value: 1299900, label: 'Price (inc. GST)', description: 'price_a' }],
  ...changes,
})

describe('matchLine', () => {
  const shop = [
    shopProduct(),
    shopProduct({ FBUID: 'unicam-z10', productName: 'UniCam Z10', STUPID: 'prod_z10', productPrices: [{ value: 250000, label: '', description: '' }] }),
  ]
  const line = (changes: Partial<Parameters<typeof matchLine>[0]> = {}) => ({
    priceId: 'price_a',
    productId: 'prod_e900',
    unitAmount: 1299900,
    currency: 'aud',
    ...changes,
  })

  it('matches a price the shop shows, at its amount', () => {
    expect(matchLine(line(), shop)).toEqual({ kind: 'price', FBUID: 'unidrone-e900', productName: 'UniDrone E900', shopAmount: 1299900 })
  })
  it('marks a shop price that Stripe sells at another amount or currency', () => {
    expect(matchLine(line({ unitAmount: 999 }), shop)).toMatchObject({ kind: 'other-amount', shopAmount: 1299900 })
    expect(matchLine(line({ currency: 'usd' }), shop)).toMatchObject({ kind: 'other-amount' })
  })
  it('matches by STUPID when the price is not the shop’s', () => {
    expect(matchLine(line({ priceId: 'price_z', productId: 'prod_z10' }), shop)).toEqual({
      kind: 'product',
      FBUID: 'unicam-z10',
      productName: 'UniCam Z10',
      shopAmount: 250000,
    })
  })
  it('says when the product is not in the shop at all', () => {
    expect(matchLine(line({ priceId: 'price_z', productId: 'prod_elsewhere' }), shop)).toEqual({ kind: 'none' })
    expect(matchLine(line({ priceId: null, productId: null }), shop)).toEqual({ kind: 'none' })
  })
})

describe('compareProduct', () => {
  it('finds nothing when the shop and Stripe agree', () => {
    expect(compareProduct(shopProduct(), PRODUCT, [price('price_a')], new Map())).toEqual([])
  })
  it('reports a missing product and nothing else', () => {
    expect(compareProduct(shopProduct(), null, [], new Map())).toEqual([
      { kind: 'missing-product', label: 'Missing product', entry: null, message: 'Stripe has no product prod_e900.' },
    ])
  })
  it('reports an inactive price, another amount, another currency, another product and a missing price', () => {
    const product = shopProduct({
      productPrices: [
        { value: 1299900, label: '', description: 'price_old' },
        { value: 1299900, label: '', description: 'price_cheap' },
        { value: 1299900, label: '', description: 'price_usd' },
        { value: 1299900, label: '', description: 'price_theirs' },
        { value: 1299900, label: '', description: 'price_gone' },
      ],
    })
    const referenced = new Map<string, StripePriceFacts | null>([
      ['price_old', price('price_old', { active: false })],
      ['price_theirs', price('price_theirs', { productId: 'prod_other' })],
      ['price_gone', null],
    ])
    const found = compareProduct(product, PRODUCT, [price('price_cheap', { unitAmount: 1199900 }), price('price_usd', { currency: 'usd' })], referenced)
    expect(found.map((mismatch) => [mismatch.kind, mismatch.entry])).toEqual([
      ['inactive-price', 0],
      ['other-amount', 1],
      ['other-currency', 2],
      ['other-product', 3],
      ['missing-price', 4],
    ])
    expect(found[1]!.message).toBe('Price 2: Stripe charges $11,999.00 for price_cheap; the shop shows $12,999.00.')
  })
  it('compares an entry without a price id with the product’s active AUD prices', () => {
    const unlinked = shopProduct({ productPrices: [{ value: 1299900, label: '', description: '' }] })
    expect(compareProduct(unlinked, PRODUCT, [price('price_a')], new Map())).toEqual([])
    expect(compareProduct(unlinked, PRODUCT, [price('price_a', { unitAmount: 5 })], new Map())[0]).toMatchObject({ kind: 'other-amount' })
    expect(compareProduct(unlinked, { ...PRODUCT, active: false }, [], new Map()).map((mismatch) => mismatch.kind)).toEqual([
      'inactive-product',
      'missing-price',
    ])
  })
})

describe('formatting', () => {
  it('shows amounts in their currency’s units', () => {
    expect(formatAmount(129950, 'aud')).toBe('$1,299.50')
    // Intl puts a no-break space between a currency code and the amount.
    expect(formatAmount(1000, 'usd').replace(/\u00a0/g, ' ')).toBe('USD 10.00')
    expect(formatAmount(1000, 'jpy').replace(/\u00a0/g, ' ')).toBe('JPY 1,000')
    expect(formatAmount(null, 'aud')).toBe('no fixed amount')
  })
  it('summarises a check for the command', () => {
    const text = formatCatalogCheck({
      checked: 2,
      mismatches: 1,
      products: [
        { FBUID: 'a', productName: 'A', STUPID: 'prod_a', mismatches: [] },
        {
          FBUID: 'b',
          productName: 'B',
          STUPID: 'prod_b',
          mismatches: [{ kind: 'missing-product', label: 'Missing product', entry: null, message: 'Stripe has no product prod_b.' }],
        },
      ],
    })
    expect(text).toBe('B (b, Stripe prod_b):\n  - Missing product: Stripe has no product prod_b.\n1 mismatch in 1 of 2 products.')
    expect(formatCatalogCheck({ checked: 3, mismatches: 0, products: [] })).toBe('All 3 products match Stripe.')
    expect(formatCatalogCheck({ checked: 0, mismatches: 0, products: [] })).toBe('There are no products to check.')
  })
})
