import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm'
import { usesLeft } from '../../lib/promotion-summary.ts'
import type { PromotionKind } from '../../lib/promotions.ts'
import type { Executor } from '../db/client.server.ts'
import { orderDiscounts, orders, promotions } from '../db/schema.ts'
import { promotionUses } from '../promotions/promotions.server.ts'
import { isSale, saleAt } from './sales.server.ts'

/**
 * The Reports screen's promotions (docs/domain.md, Reports): sales of the period before and after
 * their discounts, and per code and per offer what it gave. Sales are counted as the rest of the
 * report counts them: paid or invoiced orders, on the day of their tax invoice (isSale, saleAt).
 * Every amount is GST inclusive, in cents.
 */

export interface DiscountTotals {
  orders: number
  /** What the sales were charged: their totals, after discounts. */
  netCents: number
  /** What the promotions took off them (lines and shipping). */
  discountCents: number
  /** net + discounts: what the same sales would have come to without promotions. */
  grossCents: number
  /** Of the sales, those with a discount. */
  discountedOrders: number
}

const sum = (value: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${value}), 0)::bigint`.mapWith(Number)

export async function discountTotals(db: Executor, range: { from: Date; until: Date }): Promise<DiscountTotals> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`.mapWith(Number),
      netCents: sum(sql`${orders.totalCents}`),
      discountCents: sum(sql`${orders.discountCents}`),
      discountedOrders: sql<number>`count(*) filter (where ${orders.discountCents} > 0)::int`.mapWith(Number),
    })
    .from(orders)
    .where(and(isSale, gte(saleAt, range.from), lt(saleAt, range.until)))
  const totals = {
    orders: row?.orders ?? 0,
    netCents: row?.netCents ?? 0,
    discountCents: row?.discountCents ?? 0,
    discountedOrders: row?.discountedOrders ?? 0,
  }
  return { ...totals, grossCents: totals.netCents + totals.discountCents }
}

export interface PromotionFigures {
  promotionId: string
  kind: PromotionKind
  code: string | null
  name: string
  /** Sales in the period that it took something off. */
  orders: number
  discountCents: number
  /** Those orders' totals, after all their discounts (an order with an offer and a code counts under both). */
  netSalesCents: number
  /** Its uses so far, as a code's limit counts them (live orders, whenever placed), and what is left of its limit. */
  uses: number
  usesLeft: number | null
}

/** Per promotion, the sales of the period it gave a discount on: the one that gave most first. */
export async function promotionFigures(db: Executor, range: { from: Date; until: Date }): Promise<PromotionFigures[]> {
  const discountCents = sum(sql`${orderDiscounts.amountCents}`)
  const rows = await db
    .select({
      promotionId: orderDiscounts.promotionId,
      kind: promotions.kind,
      code: promotions.code,
      name: promotions.name,
      usageLimit: promotions.usageLimit,
      // An order names a promotion once, so its rows' orders are distinct.
      orders: sql<number>`count(*)::int`.mapWith(Number),
      discountCents,
      netSalesCents: sum(sql`${orders.totalCents}`),
    })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .innerJoin(promotions, eq(promotions.id, orderDiscounts.promotionId))
    .where(and(isSale, gte(saleAt, range.from), lt(saleAt, range.until)))
    .groupBy(orderDiscounts.promotionId, promotions.kind, promotions.code, promotions.name, promotions.usageLimit)
    .orderBy(desc(discountCents), asc(promotions.name), asc(orderDiscounts.promotionId))
  const uses = await promotionUses(
    db,
    rows.map((row) => row.promotionId),
  )
  return rows.map(({ usageLimit, ...row }) => {
    const used = uses.get(row.promotionId) ?? 0
    return { ...row, uses: used, usesLeft: usesLeft({ kind: row.kind, usageLimit }, used) }
  })
}
