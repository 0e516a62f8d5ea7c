import { describe, expect, it } from 'vitest'
import {
  creditLimitRefusal,
  formatPercent,
  isOverdue,
  onAccountLabel,
  parsePercent,
  paymentDueAt,
  percentOff,
  tradeUnitPrice,
  type TradePriceList,
} from './trade'
import { shopDay } from './reports/periods'

const list: TradePriceList = { categories: { cameras: 1000, autopilots: 1250 }, products: { 'unicam-m24': 99_900 } }
const camera = { id: 'unicam-x7', category: 'cameras' }

describe('the trade price rule', () => {
  it('takes the fixed price of the product before its category’s percentage', () => {
    expect(tradeUnitPrice(129_900, { id: 'unicam-m24', category: 'cameras' }, list)).toEqual({ cents: 99_900, normalCents: 129_900, rule: 'fixed' })
  })

  it('takes the category’s percentage off the normal price when the product has no fixed price', () => {
    expect(tradeUnitPrice(129_900, camera, list)).toEqual({ cents: 116_910, normalCents: 129_900, rule: 'percent' })
  })

  it('leaves the normal price for a category and product the list does not name, and for anyone without a list', () => {
    expect(tradeUnitPrice(5_000, { id: 'prop', category: 'propulsion' }, list)).toEqual({ cents: 5_000, normalCents: 5_000, rule: 'normal' })
    expect(tradeUnitPrice(129_900, camera, null)).toEqual({ cents: 129_900, normalCents: 129_900, rule: 'normal' })
  })

  it('a fixed price wins even where it is above what the percentage would give', () => {
    const dear = { categories: { cameras: 5000 }, products: { 'unicam-x7': 120_000 } }
    expect(tradeUnitPrice(129_900, camera, dear).cents).toBe(120_000)
  })

  it('reads only the list’s own entries, never names an object inherits', () => {
    expect(tradeUnitPrice(1_000, { id: 'constructor', category: 'toString' }, list).rule).toBe('normal')
  })

  it.each([
    // 12.5 % off $19.99 is 1749.125 cents: down to 1749.
    [1_999, 1_250, 1_749],
    // 10 % off $0.05 is 4.5 cents: half up to 5.
    [5, 1_000, 5],
    // 12.5 % off $0.99 is 86.625 cents: up to 87.
    [99, 1_250, 87],
    // 33.33 % off $100.01 is 6667.6667 cents: 6668.
    [10_001, 3_333, 6_668],
    [129_900, 1_000, 116_910],
    [0, 1_000, 0],
  ])('%i cents less %i hundredths of a percent is %i cents (rounded half up to the cent)', (cents, basisPoints, expected) => {
    expect(percentOff(cents, basisPoints)).toBe(expected)
  })

  it('refuses amounts and percentages that are not whole', () => {
    expect(() => percentOff(10.5, 1000)).toThrow(RangeError)
    expect(() => percentOff(100, 10_001)).toThrow(RangeError)
  })

  it('reads percentages as staff type them, and writes them back the same way', () => {
    expect(parsePercent('10')).toBe(1000)
    expect(parsePercent('12.5')).toBe(1250)
    expect(parsePercent(' 7,25 % ')).toBe(725)
    expect(parsePercent('0.01')).toBe(1)
    for (const refused of ['0', '100', '-5', '12.345', 'ten', '']) expect(parsePercent(refused), refused).toBeNull()
    expect([1000, 1250, 725, 1].map(formatPercent)).toEqual(['10', '12.5', '7.25', '0.01'])
  })
})

describe('orders on account', () => {
  it('fall due the days of their terms after the invoice, on the Brisbane calendar', () => {
    // 11:30 pm on 1 March in Brisbane (13:30 UTC): the invoice is of 1 March, due 31 March.
    const lateEvening = new Date('2026-03-01T13:30:00Z')
    expect(shopDay(lateEvening)).toBe('2026-03-01')
    expect(shopDay(paymentDueAt(lateEvening, 30))).toBe('2026-03-31')
    // 12:30 am on 2 March in Brisbane (14:30 UTC on 1 March): due 1 April.
    expect(shopDay(paymentDueAt(new Date('2026-03-01T14:30:00Z'), 30))).toBe('2026-04-01')
    // Across the end of the financial year and a leap day.
    expect(shopDay(paymentDueAt(new Date('2028-02-10T02:00:00Z'), 30))).toBe('2028-03-11')
    expect(shopDay(paymentDueAt(new Date('2026-06-15T02:00:00Z'), 14))).toBe('2026-06-29')
    expect(() => paymentDueAt(lateEvening, 0)).toThrow(RangeError)
    expect(() => paymentDueAt(lateEvening, 121)).toThrow(RangeError)
  })

  it('are overdue from the day after their due date, not on it', () => {
    const due = new Date('2026-03-31T13:30:00Z') // 11:30 pm, 31 March, Brisbane
    expect(isOverdue(due, new Date('2026-03-31T00:00:00Z'))).toBe(false) // 10 am on the day
    expect(isOverdue(due, new Date('2026-03-31T13:59:00Z'))).toBe(false) // 11:59 pm on the day
    expect(isOverdue(due, new Date('2026-03-31T14:00:00Z'))).toBe(true) // midnight after it
    expect(isOverdue(due.toISOString(), new Date('2026-04-20T00:00:00Z'))).toBe(true)
  })

  it('are refused past the credit limit, saying what is available', () => {
    expect(creditLimitRefusal({ orderCents: 40_000, owingCents: 60_000, limitCents: 100_000 })).toBeNull()
    expect(creditLimitRefusal({ orderCents: 40_001, owingCents: 60_000, limitCents: 100_000 })).toBe(
      'This order ($400.01) would take what you owe on account to $1,000.01, over your credit limit of $1,000.00: $400.00 is available. Please pay by card or bank transfer, or pay an open invoice first.',
    )
    expect(creditLimitRefusal({ orderCents: 1, owingCents: 120_000, limitCents: 100_000 })).toContain('$0.00 is available')
  })

  it('are offered with their terms in the words', () => {
    expect(onAccountLabel(30)).toBe('On account (pay within 30 days of invoice)')
    expect(onAccountLabel(1)).toBe('On account (pay within 1 day of invoice)')
  })
})
