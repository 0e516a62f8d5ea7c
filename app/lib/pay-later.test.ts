import { describe, expect, it } from 'vitest'
import { DEFAULT_PAY_LATER, payLaterSettingOf, showsPayLater } from './pay-later'

describe('the pay later message', () => {
  const on = { enabled: true, maxCents: 200_000 }
  const now = (amountCents: number) => ({ amountCents, availableNow: true })

  it('shows with Stripe, when on, for an amount up to the limit (included) that can be sent now', () => {
    expect(showsPayLater(on, 'stripe', now(200_000))).toBe(true)
    expect(showsPayLater(on, 'stripe', now(200_001))).toBe(false)
    expect(showsPayLater(on, 'stripe', { amountCents: 84_900, availableNow: false })).toBe(false)
    // A product without a price has nothing to pay later.
    expect(showsPayLater(on, 'stripe', now(0))).toBe(false)
    expect(showsPayLater({ ...on, enabled: false }, 'stripe', now(84_900))).toBe(false)
    expect(showsPayLater(on, 'demo', now(84_900))).toBe(false)
  })

  it('reads a stored value, and takes the default (off, $2,000) for anything that is not one', () => {
    expect(payLaterSettingOf({ enabled: true, maxCents: 150_000 })).toEqual({ enabled: true, maxCents: 150_000 })
    for (const value of [
      null,
      'on',
      {},
      { enabled: 'yes', maxCents: 150_000 },
      { enabled: true, maxCents: 99 },
      { enabled: true, maxCents: 1_000_001 },
      { enabled: true, maxCents: 1.5 },
    ]) {
      expect(payLaterSettingOf(value), JSON.stringify(value)).toEqual(DEFAULT_PAY_LATER)
    }
    expect(DEFAULT_PAY_LATER).toEqual({ enabled: false, maxCents: 200_000 })
  })
})
