import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { filterStates, ORDERS_PAGE_SIZE, type OrderQuery } from '../../lib/orders/order-query.ts'
import type { Executor } from '../db/client.server.ts'
import { containing } from '../db/like.server.ts'
import { orderDiscounts, orders, returns } from '../db/schema.ts'
import { isOrder } from './order-kind.server.ts'

/** The shop keeps Brisbane's time, which has no daylight saving. */
const SHOP_OFFSET = '+10:00'

/** The search and the days, which the orders and the abandoned checkouts share. */
export function matching(query: OrderQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = []
  if (query.q) {
    const digits = query.q.replace(/\D/g, '')
    parts.push(
      or(
        ilike(orders.id, containing(query.q)),
        ilike(orders.customerName, containing(query.q)),
        ilike(orders.email, containing(query.q)),
        ilike(orders.company, containing(query.q)),
        ilike(orders.purchaseOrder, containing(query.q)),
        // A phone number however it was typed: its digits.
        digits.length >= 4 ? sql`regexp_replace(${orders.phone}, '\\D', '', 'g') like ${containing(digits)}` : undefined,
      ),
    )
  }
  if (query.from) parts.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00${SHOP_OFFSET}`)))
  if (query.to) parts.push(lt(orders.createdAt, new Date(new Date(`${query.to}T00:00:00${SHOP_OFFSET}`).getTime() + 86_400_000)))
  return and(...parts)
}

/** Orders (never abandoned checkouts) that the query finds. */
function conditions(query: OrderQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [isOrder, matching(query)]
  const states = filterStates(query.filter)
  if (states.statuses) parts.push(inArray(orders.status, states.statuses as (typeof orders.status._.data)[]))
  if (states.fulfilment) parts.push(eq(orders.fulfilment, states.fulfilment))
  if (states.refunded) parts.push(gt(orders.refundedCents, 0))
  // A return staff still have to act on: to approve or decline, to receive, or to refund.
  if (states.openReturns)
    parts.push(sql`exists (select 1 from ${returns} where ${returns.orderId} = ${orders.id} and ${returns.status} in ('requested', 'approved', 'received'))`)
  return and(...parts)
}

export function ordering(query: OrderQuery) {
  switch (query.sort) {
    case 'oldest':
      return [asc(orders.createdAt), asc(orders.id)]
    case 'total-desc':
      return [desc(orders.totalCents), desc(orders.createdAt)]
    case 'total-asc':
      return [asc(orders.totalCents), desc(orders.createdAt)]
    default:
      return [desc(orders.createdAt), desc(orders.id)]
  }
}

/** How many orders a query finds (the dashboard's counts); abandoned checkouts are not orders. */
export async function countOrders(db: Executor, query: OrderQuery): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(conditions(query))
  return row?.total ?? 0
}

/** One page (50) of the orders a query finds, and how many it finds in all (abandoned checkouts: abandoned-checkouts.server.ts). */
export async function listOrdersPage(db: Executor, query: OrderQuery) {
  const where = conditions(query)
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...ordering(query))
      .limit(ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * ORDERS_PAGE_SIZE),
    db.select({ total: count() }).from(orders).where(where),
  ])
  return { orders: rows, total: counted?.total ?? 0 }
}

/** The most orders one CSV holds; a larger export is narrowed by dates. */
export const CSV_LIMIT = 20_000

/** Every order a query finds (up to CSV_LIMIT), for the CSV download: orders only, as the list shows them. */
/** The orders of the CSV, each with the codes it used (comma-separated; empty when none). */
export async function listOrdersForExport(db: Executor, query: OrderQuery) {
  return db
    .select({
      ...getTableColumns(orders),
      codes: sql<string>`coalesce((select string_agg(${orderDiscounts.code}, ', ' order by ${orderDiscounts.position}) from ${orderDiscounts} where ${orderDiscounts.orderId} = ${orders.id} and ${orderDiscounts.code} is not null), '')`,
    })
    .from(orders)
    .where(conditions(query))
    .orderBy(...ordering(query))
    .limit(CSV_LIMIT)
}
