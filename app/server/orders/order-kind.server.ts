import { and, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AbandonedReason } from '../../lib/orders/abandoned.ts'
import { orders } from '../db/schema.ts'

/**
 * An order row is an order (paid; invoiced on account; a bank-transfer order, awaiting payment or cancelled unpaid), or an abandoned checkout (app/lib/orders/abandoned.ts, countsAsOrder):
 * each row is exactly one of the two at a time.
 *
 * A pending order stays with the orders while its payment window is open (until `reserved_until`),
 * because a payment may still complete it in that time and staff must not miss it (its stock is
 * held too). Once the window has closed no payment page is open any more: it is an abandoned
 * checkout even before timed work marks it expired (within a minute), and if money still arrives
 * late it becomes a paid order again.
 */
export const isOrder: SQL = or(
  inArray(orders.status, ['paid', 'invoiced', 'awaiting-payment', 'cancelled']),
  and(eq(orders.status, 'pending'), gt(orders.reservedUntil, sql`now()`)),
)!

/**
 * What an abandoned checkout's reason is: the one stored when its attempt ended, or `expired` for a
 * pending order whose window closed (timed work is about to say so).
 */
export const abandonedReason: SQL<AbandonedReason> = sql<AbandonedReason>`coalesce(${orders.abandonedReason}, 'expired')`

/** Abandoned checkouts, all or those of one reason. */
export function isAbandoned(reason: AbandonedReason | '' = ''): SQL {
  const abandoned = or(
    inArray(orders.status, ['failed', 'expired']),
    and(eq(orders.status, 'pending'), or(isNull(orders.reservedUntil), lte(orders.reservedUntil, sql`now()`))),
  )!
  return reason ? and(abandoned, sql`${abandonedReason} = ${reason}`)! : abandoned
}
