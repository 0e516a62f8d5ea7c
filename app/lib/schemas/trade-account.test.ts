import { describe, expect, it } from 'vitest'
import { parseTradeForm, tradeFormValues } from './trade-account'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return tradeFormValues(data)
}

const base = {
  company: ' Survey Co Pty Ltd ',
  abn: '51 824 753 556',
  paymentDays: '30',
  creditLimit: '20,000',
  'categoryName-0': 'cameras',
  'categoryPercent-0': '12.5',
  'categoryName-1': 'propulsion',
  'categoryPercent-1': '',
  'productId-0': 'unidrone-e900',
  'productPrice-0': '11,111.11',
  'productId-1': '',
  'productPrice-1': '',
}

describe('the trade account form', () => {
  it('reads the business, its terms and its price list, leaving out empty rows', () => {
    expect(parseTradeForm(form(base))).toEqual({
      ok: true,
      account: {
        company: 'Survey Co Pty Ltd',
        abn: '51824753556',
        terms: { paymentDays: 30, creditLimitCents: 2_000_000 },
        prices: { categories: { cameras: 1250 }, products: { 'unidrone-e900': 1_111_111 } },
      },
    })
  })

  it('takes terms whole or not at all', () => {
    expect(parseTradeForm(form({ ...base, paymentDays: '', creditLimit: '' }))).toMatchObject({ ok: true, account: { terms: null } })
    expect(parseTradeForm(form({ ...base, creditLimit: '' }))).toEqual({
      ok: false,
      errors: { creditLimit: 'Give a credit limit with the payment days, or clear both for no terms.' },
    })
    expect(parseTradeForm(form({ ...base, paymentDays: '0' }))).toMatchObject({ ok: false, errors: { paymentDays: expect.stringContaining('from 1 to 120') } })
  })

  it('names each field it refuses', () => {
    const refused = parseTradeForm(
      form({
        ...base,
        company: '',
        abn: '51 824 753 557',
        'categoryPercent-0': '100',
        'productId-1': 'unidrone-e900',
        'productPrice-1': '5',
        'productPrice-0': '0',
      }),
    )
    expect(refused.ok).toBe(false)
    expect(Object.keys(refused.ok ? {} : refused.errors).sort()).toEqual(['abn', 'categoryPercent-0', 'company', 'productPrice-0'].sort())
    // A product given twice is refused on its second row.
    expect(parseTradeForm(form({ ...base, 'productId-1': 'unidrone-e900', 'productPrice-1': '5' }))).toEqual({
      ok: false,
      errors: { 'productId-1': 'This product has a fixed price above already.' },
    })
    expect(parseTradeForm(form({ ...base, 'productId-1': '', 'productPrice-1': '12' }))).toEqual({
      ok: false,
      errors: { 'productId-1': 'Choose the product this price is for.' },
    })
  })
})
