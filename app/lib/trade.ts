import type { PriceItem } from './catalog.ts'
import { formatAud } from './money.ts'
import { shopDay } from './reports/periods.ts'

/**
 * Trade accounts (docs/domain.md, Trade accounts): the price list staff give a business customer,
 * the rule that picks a line's price from it, and the dates of an order placed on account. Shared by
 * the browser (the staff form, the pages) and the server, which alone decides what is charged.
 */

/** A trade customer's price list. Plain records (they travel in loader data); read with `Object.hasOwn`. */
export interface TradePriceList {
  /** Percentage off the normal price per category (products' `productCategory`), in hundredths of a percent: 1000 is 10 %. */
  categories: Record<string, number>
  /** A fixed GST-inclusive price in cents per product id, whatever its category's percentage. */
  products: Record<string, number>
}

/** Where a trade price came from: the product's fixed price, its category's percentage, or neither. */
export type TradeRule = 'fixed' | 'percent' | 'normal'

export interface TradePrice {
  cents: number
  /** The price everyone else pays. */
  normalCents: number
  rule: TradeRule
}

/** Hundredths of a percent, so that 12.5 % is a whole number: at most 99.99 % off. */
export const MIN_PERCENT_OFF = 1
export const MAX_PERCENT_OFF = 9999
/** Payment terms staff may give: 1 to 120 days from the invoice. */
export const MIN_PAYMENT_DAYS = 1
export const MAX_PAYMENT_DAYS = 120

/**
 * A price less a percentage, rounded half up to the cent, in integers only:
 * round(cents × (10000 − bp) / 10000) = floor((cents × (10000 − bp) + 5000) / 10000).
 */
export function percentOff(cents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`)
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) throw new RangeError(`Not a percentage: ${basisPoints}`)
  return Math.floor((cents * (10_000 - basisPoints) + 5_000) / 10_000)
}

/**
 * The price a trade customer pays for one unit: the product's fixed price if the list has one, else
 * its category's percentage off the normal price, else the normal price. Without a list (anyone who
 * is not a trade customer), always the normal price.
 */
export function tradeUnitPrice(normalCents: number, product: { id: string; category: string }, list: TradePriceList | null): TradePrice {
  if (list && Object.hasOwn(list.products, product.id)) return { cents: list.products[product.id]!, normalCents, rule: 'fixed' }
  if (list && Object.hasOwn(list.categories, product.category)) {
    return { cents: percentOff(normalCents, list.categories[product.category]!), normalCents, rule: 'percent' }
  }
  return { cents: normalCents, normalCents, rule: 'normal' }
}

/**
 * Cards as a trade customer sees them: each price their own, with the normal one beside it where
 * they differ. New objects every time: the cards come from reads kept for every visitor, which must
 * never carry one customer's prices. Without a list, the cards as they are.
 */
export function tradeCards<Card extends { FBUID: string; category: string; price: PriceItem | null; normalPrice?: number }>(
  cards: Card[],
  list: TradePriceList | null,
): Card[] {
  if (!list) return cards
  return cards.map((card) => {
    if (!card.price) return card
    const price = tradeUnitPrice(card.price.value, { id: card.FBUID, category: card.category }, list)
    return price.rule === 'normal' ? card : { ...card, price: { ...card.price, value: price.cents }, normalPrice: price.normalCents }
  })
}

/** A percentage as staff type it ("10", "12.5", "7.25 %") in hundredths of a percent, or null when it is not one (0.01 to 99.99). */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?\s*%?$/.exec(text.trim())
  if (!match) return null
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return basisPoints >= MIN_PERCENT_OFF && basisPoints <= MAX_PERCENT_OFF ? basisPoints : null
}

/** Hundredths of a percent as people write a percentage: 1000 → "10", 1250 → "12.5", 725 → "7.25". */
export function formatPercent(basisPoints: number): string {
  return (basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')
}

/** "On account (pay within 30 days of invoice)": the delivery step's choice and the order pages' words. */
export const onAccountLabel = (days: number): string => `On account (pay within ${days} ${days === 1 ? 'day' : 'days'} of invoice)`

/**
 * When an invoice placed on account falls due: the days of its terms after it was issued. Brisbane
 * keeps no daylight saving, so whole days of 24 hours land on the same clock time, and the due date is
 * the Brisbane day of that instant.
 */
export function paymentDueAt(invoicedAt: Date, days: number): Date {
  if (!Number.isInteger(days) || days < MIN_PAYMENT_DAYS || days > MAX_PAYMENT_DAYS) throw new RangeError(`Not payment terms: ${days}`)
  return new Date(invoicedAt.getTime() + days * 86_400_000)
}

/** Overdue once the Brisbane day it is due has passed: an invoice due today is not overdue yet. */
export function isOverdue(dueAt: Date | string, now: Date = new Date()): boolean {
  return shopDay(now) > shopDay(new Date(dueAt))
}

/** What a credit limit refusal says: the order, what would then be owing, and the limit. */
export function creditLimitRefusal(input: { orderCents: number; owingCents: number; limitCents: number }): string | null {
  const after = input.owingCents + input.orderCents
  if (after <= input.limitCents) return null
  const available = Math.max(0, input.limitCents - input.owingCents)
  return (
    `This order (${formatAud(input.orderCents)}) would take what you owe on account to ${formatAud(after)}, over your credit limit of ` +
    `${formatAud(input.limitCents)}: ${formatAud(available)} is available. Please pay by card or bank transfer, or pay an open invoice first.`
  )
}
