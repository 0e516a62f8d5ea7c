import { describe, expect, it } from 'vitest'
import { checkWasPrice, daysOfferedAt, shownWasPrice, wasPriceNeedsCheck, type PriceRecord } from './was-price'

/** An instant on the Brisbane clock (UTC+10 all year). */
const brisbane = (day: string, time = '00:00') => new Date(`${day}T${time}:00+10:00`)
const offered = (day: string, cents: number, time?: string): PriceRecord => ({ at: brisbane(day, time), cents, active: true })

// Midday on 15 March 2026 in Brisbane: the 90 days looked at are 15 December 2025 to 14 March 2026.
const NOW = brisbane('2026-03-15', '12:00')
const WAS = 200_00
const SALE = 150_00

const check = (history: PriceRecord[], now = NOW, wasCents = WAS, priceCents: number | null = SALE) => checkWasPrice({ wasCents, priceCents, history, now })

describe('an honest was price', () => {
  it('is one the product was offered at on 28 whole days of the last 90; 27 are refused, saying how many there were', () => {
    expect(check([offered('2026-01-01', WAS), offered('2026-01-29', SALE)])).toEqual({ ok: true, days: 28 })
    expect(check([offered('2026-01-01', WAS), offered('2026-01-28', SALE)])).toEqual({
      ok: false,
      reason: 'This product was offered at $200.00 on only 27 of the last 90 days; a was price needs at least 28.',
    })
  })

  it('counts only days the price held from midnight to midnight: the days it was set and changed do not count', () => {
    // Set at 10:30 on 1 January, changed at 10:30 on 29 January: 2 to 28 January, 27 days.
    expect(daysOfferedAt([offered('2026-01-01', WAS, '10:30'), offered('2026-01-29', SALE, '10:30')], WAS, NOW)).toBe(27)
    // A price that went away for an hour in the middle of a run loses that day only.
    const history = [offered('2026-01-01', WAS), offered('2026-01-10', 180_00, '09:00'), offered('2026-01-10', WAS, '10:00'), offered('2026-02-01', SALE)]
    expect(daysOfferedAt(history, WAS, NOW)).toBe(30)
    // Other writes on a day (stock, text) that leave the price as it was do not break it.
    expect(daysOfferedAt([offered('2026-01-01', WAS), offered('2026-01-10', WAS, '09:00'), offered('2026-02-01', SALE)], WAS, NOW)).toBe(31)
  })

  it('is the exact price: days at a higher price are not days at the was price', () => {
    expect(check([offered('2025-12-01', 250_00), offered('2026-03-14', SALE, '09:00')])).toEqual({
      ok: false,
      reason: 'This product was never offered at $200.00 in the last 90 days; a was price needs at least 28 days at that price.',
    })
  })

  it('counts a price set before the 90 days from the first of them, and nothing from before them', () => {
    // In the shop at $200 since June, on sale from 20 January: 15 December to 19 January, 36 days.
    expect(check([offered('2025-06-01', WAS), offered('2026-01-20', SALE)])).toEqual({ ok: true, days: 36 })
    // At $200 all winter, but on sale since 1 December: none of it is in the last 90 days.
    expect(check([offered('2025-06-01', WAS), offered('2025-12-01', SALE)])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^This product was never offered at \$200\.00/),
    })
    // A product with no history, or only younger than 28 days, has no was price yet.
    expect(check([])).toMatchObject({ ok: false })
    expect(daysOfferedAt([offered('2026-02-20', WAS)], WAS, NOW)).toBe(23)
  })

  it('counts only days the product was in the shop: hidden (draft, archived) or deleted days are not offered', () => {
    const history: PriceRecord[] = [
      offered('2026-01-01', WAS),
      { at: brisbane('2026-01-11'), cents: WAS, active: false },
      offered('2026-01-21', WAS),
      { at: brisbane('2026-02-01'), cents: null, active: false },
    ]
    // 1–10 and 21–31 January.
    expect(daysOfferedAt(history, WAS, NOW)).toBe(21)
  })

  it('goes by Brisbane days, not UTC ones, and never counts today', () => {
    // Midnight in Brisbane is 14:00 UTC the day before: a count on UTC days would lose a day each end.
    const history = [
      { at: new Date('2025-12-31T14:00:00Z'), cents: WAS, active: true },
      { at: new Date('2026-01-28T14:00:00Z'), cents: SALE, active: true },
    ]
    expect(daysOfferedAt(history, WAS, NOW)).toBe(28)
    // At $200 from 14 February to this moment: at 23:59 on 14 March the days are 14 February to 13 March (28);
    // a minute later, 15 March in Brisbane but still 14 March in UTC, 14 March is a whole day gone too (29).
    const running = [offered('2026-02-14', WAS)]
    expect(daysOfferedAt(running, WAS, new Date('2026-03-14T13:59:00Z'))).toBe(28)
    expect(daysOfferedAt(running, WAS, new Date('2026-03-14T14:00:00Z'))).toBe(29)
    // Records in any order are read by their time.
    expect(daysOfferedAt([...history].reverse(), WAS, NOW)).toBe(28)
  })

  it('must be higher than the price, which the product must have', () => {
    const history = [offered('2025-06-01', WAS), offered('2026-03-01', SALE)]
    expect(check(history, NOW, WAS, WAS)).toEqual({ ok: false, reason: 'A was price must be higher than the product’s price ($200.00).' })
    expect(check(history, NOW, WAS, 210_00)).toEqual({ ok: false, reason: 'A was price must be higher than the product’s price ($210.00).' })
    expect(check(history, NOW, WAS, null)).toEqual({ ok: false, reason: 'A was price needs a price to compare with: give the product its price first.' })
    expect(check(history, NOW, WAS, 199_99)).toEqual({ ok: true, days: 76 })
  })
})

describe('when a write is judged, and what a page shows', () => {
  it('judges a new or changed was price, or a new price beside one; never its removal or a write that touches neither', () => {
    expect(wasPriceNeedsCheck(null, { wasCents: WAS, priceCents: SALE })).toBe(true)
    expect(wasPriceNeedsCheck({ wasCents: null, priceCents: SALE }, { wasCents: WAS, priceCents: SALE })).toBe(true)
    expect(wasPriceNeedsCheck({ wasCents: 210_00, priceCents: SALE }, { wasCents: WAS, priceCents: SALE })).toBe(true)
    expect(wasPriceNeedsCheck({ wasCents: WAS, priceCents: SALE }, { wasCents: WAS, priceCents: 140_00 })).toBe(true)
    expect(wasPriceNeedsCheck({ wasCents: WAS, priceCents: SALE }, { wasCents: WAS, priceCents: SALE })).toBe(false)
    expect(wasPriceNeedsCheck({ wasCents: WAS, priceCents: SALE }, { wasCents: null, priceCents: 90_00 })).toBe(false)
    expect(wasPriceNeedsCheck(null, { wasCents: null, priceCents: SALE })).toBe(false)
  })

  it('shows a was price only above the price', () => {
    expect(shownWasPrice(WAS, SALE)).toBe(WAS)
    expect(shownWasPrice(WAS, WAS)).toBeNull()
    expect(shownWasPrice(WAS, 250_00)).toBeNull()
    expect(shownWasPrice(null, SALE)).toBeNull()
    expect(shownWasPrice(undefined, SALE)).toBeNull()
    expect(shownWasPrice(WAS, null)).toBeNull()
  })
})
