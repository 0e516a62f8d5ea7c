import { and, count } from 'drizzle-orm'
import { ORDERS_PAGE_SIZE, type OrderQuery } from '../../lib/orders/order-query.ts'
import type { Executor } from '../db/client.server.ts'
import { orders } from '../db/schema.ts'
import { abandonedReason, isAbandoned } from './order-kind.server.ts'
import { matching, ordering } from './order-list.server.ts'

/**
 * Abandoned checkouts (docs/domain.md, Orders): the order rows whose payment ended without money
 * (declined, cancelled, expired, or the payment page never opened), kept for staff apart from the
 * orders. This is the one query that finds them, for the staff list and its CSV alike; what a later
 * follow-up needs (a reminder sent, a later paid order that recovered the sale) belongs in its
 * columns and conditions here.
 */
export async function listAbandonedCheckouts(db: Executor, query: OrderQuery, page: { limit: number; offset: number } = pageOf(query)) {
  const where = and(isAbandoned(query.reason), matching(query))
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        /** When the attempt ended (its last change). */
        endedAt: orders.updatedAt,
        reason: abandonedReason,
        email: orders.email,
        customerName: orders.customerName,
        phone: orders.phone,
        userId: orders.userId,
        shippingMethodName: orders.shippingMethodName,
        /** What the shopper would have paid, GST inclusive: nothing was charged. */
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(where)
      .orderBy(...ordering(query))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(where),
  ])
  return { checkouts: rows, total: counted?.total ?? 0 }
}

export type AbandonedCheckout = Awaited<ReturnType<typeof listAbandonedCheckouts>>['checkouts'][number]

function pageOf(query: OrderQuery) {
  return { limit: ORDERS_PAGE_SIZE, offset: (query.page - 1) * ORDERS_PAGE_SIZE }
}
