import { formatAud } from './money.ts'
import { addDays, dayStart, shopDay } from './reports/periods.ts'

/**
 * Honest "was" prices (docs/domain.md, Was prices; docs/decisions/048-honest-was-prices.md). A product
 * may show a price struck through beside its price only when it really was offered at that price
 * before: on at least 28 whole Brisbane days of the 90 before today, read from its own history.
 * Shared by the browser (the product form, the pages) and the server, which alone decides a save.
 */

/** The days before today that are looked at. */
export const WAS_PRICE_WINDOW_DAYS = 90
/** How many of them the product must have been offered at the was price. */
export const WAS_PRICE_MIN_DAYS = 28

/** The product as one write of its history left it, from `at` until its next write. */
export interface PriceRecord {
  at: Date
  /** Its shown price (the first price entry) in cents; null without one. */
  cents: number | null
  /** In the shop: status active, and not deleted. */
  active: boolean
}

const offeredAt = (record: PriceRecord | undefined, cents: number) => record !== undefined && record.active && record.cents === cents

/**
 * On how many of the 90 whole Brisbane days before `now`'s day the product was offered at exactly
 * `cents` for the whole day: in the shop at that price when the day began, and every write during the
 * day left it so. A day it was repriced, hidden or deleted does not count, nor does today (not over
 * yet), nor a day before its first write. A higher price those days is not the was price either: the
 * saving shown would be one nobody could have had.
 */
export function daysOfferedAt(history: readonly PriceRecord[], cents: number, now: Date): number {
  const records = [...history].sort((a, b) => a.at.getTime() - b.at.getTime())
  const today = shopDay(now)
  let count = 0
  for (let back = WAS_PRICE_WINDOW_DAYS; back >= 1; back--) {
    const day = addDays(today, -back)
    const begins = dayStart(day).getTime()
    const ends = dayStart(addDays(day, 1)).getTime()
    const atStart = records.filter((record) => record.at.getTime() <= begins).at(-1)
    const during = records.filter((record) => record.at.getTime() > begins && record.at.getTime() < ends)
    if (offeredAt(atStart, cents) && during.every((record) => offeredAt(record, cents))) count++
  }
  return count
}

/** What the form says when the was price is not above the price (also checked in the browser as staff type). */
export function wasPriceNotHigher(wasCents: number, priceCents: number | null): string | null {
  if (priceCents === null) return 'A was price needs a price to compare with: give the product its price first.'
  if (wasCents <= priceCents) return `A was price must be higher than the product’s price (${formatAud(priceCents)}).`
  return null
}

export type WasPriceCheck = { ok: true; days: number } | { ok: false; reason: string }

/**
 * Whether `wasCents` may stand beside `priceCents` (the price the product will have), judged from the
 * product's history up to `now`. The reason is in words staff can act on.
 */
export function checkWasPrice(input: {
  wasCents: number
  priceCents: number | null
  history: readonly PriceRecord[]
  now: Date
  /** What the reason names ("The Pair variant"); the product by default. */
  subject?: string
}): WasPriceCheck {
  const notHigher = wasPriceNotHigher(input.wasCents, input.priceCents)
  if (notHigher) return { ok: false, reason: notHigher }
  const days = daysOfferedAt(input.history, input.wasCents, input.now)
  if (days >= WAS_PRICE_MIN_DAYS) return { ok: true, days }
  const was = formatAud(input.wasCents)
  const subject = input.subject ?? 'This product'
  if (days === 0) {
    return {
      ok: false,
      reason: `${subject} was never offered at ${was} in the last ${WAS_PRICE_WINDOW_DAYS} days; a was price needs at least ${WAS_PRICE_MIN_DAYS} days at that price.`,
    }
  }
  return {
    ok: false,
    reason: `${subject} was offered at ${was} on only ${days} of the last ${WAS_PRICE_WINDOW_DAYS} days; a was price needs at least ${WAS_PRICE_MIN_DAYS}.`,
  }
}

/**
 * Whether a write must pass the check: a was price that stands after it, and is new, changed, or now
 * beside a changed price. Taking the was price away, or a write that touches neither, is never held up.
 */
export function wasPriceNeedsCheck(
  before: { wasCents: number | null; priceCents: number | null } | null,
  after: { wasCents: number | null; priceCents: number | null },
): boolean {
  if (after.wasCents === null) return false
  return before === null || before.wasCents !== after.wasCents || before.priceCents !== after.priceCents
}

/** The was price a page shows beside `priceCents`: only one above it (a stored one that is not shows nothing). */
export function shownWasPrice(wasCents: number | null | undefined, priceCents: number | null | undefined): number | null {
  if (wasCents === null || wasCents === undefined || priceCents === null || priceCents === undefined) return null
  return wasCents > priceCents ? wasCents : null
}
