import { and, count, eq, sql } from 'drizzle-orm'
import { ORDERS_PAGE_SIZE, type OrderQuery } from '../../lib/orders/order-query.ts'
import type { Executor } from '../db/client.server.ts'
import { checkouts, mailSuppressions, orders } from '../db/schema.ts'
import { abandonedReason, isAbandoned } from './order-kind.server.ts'
import { matching, ordering } from './order-list.server.ts'

/**
 * Abandoned checkouts (docs/domain.md, Orders): the order rows whose payment ended without money
 * (declined, cancelled, expired, or the payment page never opened), kept for staff apart from the
 * orders. This is the one query that finds them, for the staff list and its CSV alike, with where
 * its cart reminder stands (docs/domain.md, Abandoned checkout reminders): the consent and the
 * reminder of its checkout while it is kept, and a later paid order from the same checkout (recovered
 * when the reminder came before the payment).
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
        /** The checkout's consent to the reminder, and its reminder (while the checkout is kept). */
        consentAt: checkouts.reminderConsentAt,
        remindedAt: checkouts.remindedAt,
        /** A paid order from the same checkout, and when its reminder was sent if one came first (recovered). */
        paidOrderId: sql<string | null>`${paidFromSameCheckout('id')}`,
        recoveredReminderAt: sql<Date | null>`${paidFromSameCheckout('reminder_sent_at')}`.mapWith((value: string | Date) => new Date(value)),
        /** The address unsubscribed from reminders and offers. */
        unsubscribed: sql<boolean>`exists (select 1 from ${mailSuppressions} where ${mailSuppressions.email} = lower(coalesce(${checkouts.reminderEmail}, ${orders.email})))`,
      })
      .from(orders)
      .leftJoin(checkouts, eq(checkouts.id, orders.checkoutId))
      .where(where)
      .orderBy(...ordering(query))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(where),
  ])
  return { checkouts: rows, total: counted?.total ?? 0 }
}

/** A column of the first paid order started from the same checkout as the row: the sale made later, if any. */
function paidFromSameCheckout(column: 'id' | 'reminder_sent_at') {
  return sql`(select paid.${sql.raw(column)} from ${orders} as paid where paid.checkout_id = ${orders.checkoutId} and paid.status = 'paid' order by paid.paid_at limit 1)`
}

export type AbandonedCheckout = Awaited<ReturnType<typeof listAbandonedCheckouts>>['checkouts'][number]

function pageOf(query: OrderQuery) {
  return { limit: ORDERS_PAGE_SIZE, offset: (query.page - 1) * ORDERS_PAGE_SIZE }
}
