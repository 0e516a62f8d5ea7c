import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  applyPromotions,
  codeRefusal,
  isRunning,
  normaliseCode,
  type CodeOutcome,
  type CodeUsage,
  type Promotion,
  type PromotionOutcome,
} from '../../lib/promotions.ts'
import type { Executor } from '../db/client.server.ts'
import { orderDiscounts, orders, promotions } from '../db/schema.ts'
import type { PricedLine } from '../checkout/orders.server.ts'

/**
 * Promotions at the till (docs/domain.md, Promotions): the offers and the code a cart is priced with,
 * a code's uses, and, in the order's own transaction, the check that every discount still stands and
 * that a limited code has a use left (under the code's lock, so that concurrent checkouts never use
 * it more times than its limit).
 */

/** An order whose status is one of these holds its code's use: placed, and not ended without money. */
export const LIVE_STATUSES = ['pending', 'awaiting-payment', 'invoiced', 'paid'] as const

export type PromotionRow = typeof promotions.$inferSelect

export function promotionOf(row: PromotionRow): Promotion {
  return {
    id: row.id,
    kind: row.kind,
    code: row.code,
    name: row.name,
    active: row.active,
    benefit: row.benefit,
    percentBp: row.percentBp,
    amountCents: row.amountCents,
    productIds: row.productIds,
    categories: row.categories,
    kit: row.kit,
    shippingMethodId: row.shippingMethodId,
    minSpendCents: row.minSpendCents,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    combinesWithOffers: row.combinesWithOffers,
  }
}

/** The offers that are switched on (whether each is running now is the pricing's to decide). */
export async function activeOffers(db: Executor): Promise<Promotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.kind, 'offer'), eq(promotions.active, true)))
  return rows.map(promotionOf)
}

export async function findCode(db: Executor, text: string): Promise<Promotion | null> {
  const code = normaliseCode(text)
  if (!code) return null
  const [row] = await db.select().from(promotions).where(eq(promotions.code, code)).limit(1)
  return row ? promotionOf(row) : null
}

/** A code's uses: its discounts on orders still live, in all and by one e-mail (case-insensitive). */
export async function codeUsage(db: Executor, promotionId: string, email: string | null): Promise<CodeUsage> {
  const [row] = await db
    .select({
      uses: sql<number>`count(*)::int`,
      byEmail: sql<number>`count(*) filter (where ${email ? sql`lower(${orders.email}) = lower(${email})` : sql`false`})::int`,
    })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(and(eq(orderDiscounts.promotionId, promotionId), inArray(orders.status, [...LIVE_STATUSES])))
  return { uses: Number(row?.uses ?? 0), usesByEmail: Number(row?.byEmail ?? 0) }
}

/** A cart's lines as the pricing reads them: a line at a trade customer's own price takes no promotion. */
export function promotionLines(lines: PricedLine[]) {
  return lines.map((line) => ({
    productId: line.productId,
    category: line.category ?? '',
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    tradePriced: line.normalUnitPriceCents !== undefined,
  }))
}

/** What promotions are read for a cart: the offers switched on and the code entered, with its uses. */
export interface PromotionContext {
  offers: Promotion[]
  code: { text: string; promotion: Promotion | null; usage: CodeUsage } | null
}

export async function promotionContext(db: Executor, codeText: string | null, email: string | null): Promise<PromotionContext> {
  const text = codeText ? normaliseCode(codeText) : ''
  const [offers, promotion] = await Promise.all([activeOffers(db), text ? findCode(db, text) : null])
  const usage = promotion ? await codeUsage(db, promotion.id, email) : { uses: 0, usesByEmail: 0 }
  return { offers, code: text ? { text, promotion, usage } : null }
}

/** The discounts on priced lines, and the shipping chosen (null before one is). */
export function priceWithPromotions(
  context: PromotionContext,
  lines: PricedLine[],
  shipping: { methodId: string; cents: number } | null,
  options: { email: string | null; now?: Date; methodNames?: Record<string, string> },
): PromotionOutcome {
  return applyPromotions({
    lines: promotionLines(lines),
    shipping,
    offers: context.offers,
    code: context.code,
    email: options.email,
    now: options.now ?? new Date(),
    methodNames: options.methodNames,
  })
}

/** The lines as the order keeps them: each at its discounted amount, with its part of the discounts and its GST. */
export function discountedLines(lines: PricedLine[], outcome: PromotionOutcome, gstOf: (cents: number) => number): PricedLine[] {
  return lines.map((line, index) => {
    const discountCents = outcome.lineDiscountCents[index] ?? 0
    if (discountCents === 0) return line
    const lineTotalCents = line.unitPriceCents * line.quantity - discountCents
    return { ...line, discountCents, lineTotalCents, gstCents: gstOf(lineTotalCents) }
  })
}

/** The items' part of each discount (free shipping is the shipping's), as the cart's summary shows them. */
export function itemDiscounts(outcome: PromotionOutcome): { label: string; amountCents: number }[] {
  return outcome.discounts
    .map((discount) => ({ label: discount.label, amountCents: discount.amountCents - discount.shippingCents }))
    .filter((discount) => discount.amountCents > 0)
}

/** What choosing a method adds to a cart's discounts: its free shipping, and the code's message with it. */
export interface MethodPromotion {
  shippingDiscount: { label: string; amountCents: number } | null
  code: CodeOutcome | null
}

export function methodPromotion(outcome: PromotionOutcome): MethodPromotion {
  const free = outcome.discounts.find((discount) => discount.shippingCents > 0)
  return { shippingDiscount: free ? { label: free.label, amountCents: free.shippingCents } : null, code: outcome.code }
}

/** A discount the cart was priced with no longer stands: the order is not placed, and the shopper is told why. */
export class PromotionChangedError extends Error {
  override name = 'PromotionChangedError'
}

/** A discount as an order keeps it (order_discounts), in the order's transaction. */
export interface DiscountToRecord {
  promotionId: string
  kind: Promotion['kind']
  code: string | null
  label: string
  amountCents: number
  shippingCents: number
}

/**
 * In the order's transaction, before it is written: every discount's promotion still runs, and a code
 * has a use left for this e-mail. The code's row is locked first, so a second checkout using the same
 * code waits here until this one has written its order (or given up) and then counts it.
 */
export async function claimDiscounts(tx: Executor, discounts: DiscountToRecord[], email: string | null, now = new Date()): Promise<void> {
  if (discounts.length === 0) return
  const ids = discounts.map((discount) => discount.promotionId)
  // Locked in a fixed order, so two checkouts with the same two promotions never wait on each other.
  const rows = await tx.select().from(promotions).where(inArray(promotions.id, ids)).orderBy(promotions.id).for('update')
  const byId = new Map(rows.map((row) => [row.id, promotionOf(row)]))
  for (const discount of discounts) {
    const promotion = byId.get(discount.promotionId)
    if (!promotion || !isRunning(promotion, now)) {
      throw new PromotionChangedError(`${discount.label} has just ended. Nothing was charged: please check your order's new total and try again.`)
    }
    if (promotion.kind !== 'code') continue
    const refusal = codeRefusal(promotion, await codeUsage(tx, promotion.id, email), now, email)
    if (refusal) throw new PromotionChangedError(`${refusal} Nothing was charged: please check your order's new total and try again.`)
  }
}

export async function recordDiscounts(tx: Executor, orderId: string, discounts: DiscountToRecord[]): Promise<void> {
  if (discounts.length === 0) return
  await tx.insert(orderDiscounts).values(discounts.map((discount, position) => ({ orderId, position, ...discount })))
}

export function discountsToRecord(outcome: PromotionOutcome): DiscountToRecord[] {
  return outcome.discounts.map(({ promotionId, kind, code, label, amountCents, shippingCents }) => ({
    promotionId,
    kind,
    code,
    label,
    amountCents,
    shippingCents,
  }))
}
