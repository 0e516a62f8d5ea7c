import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.server.ts'
import { checkouts, orders, paymentEvents } from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { recordHistory } from '../history/record.server.ts'
import { catalogWritten } from '../catalog/catalog-events.server.ts'
import { settleOrderStock } from '../stock/stock.server.ts'
import { logger } from '../log.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { accountPaidMail, confirmationMail, orderMailContext } from '../orders/order-mail.server.tsx'
import { noticeStaffOfPaidOrder } from '../reports/staff-notices.server.ts'
import { attachGuestOrders } from '../orders/guest-orders.server.ts'
import { reopenQuoteOf } from '../quotes/quotes.server.ts'
import { getOrder, orderDocument, type Order, type OrderWithLines } from './orders.server.ts'
import type { PaymentEvent } from './payments/provider.ts'

export const PAYMENT_ACTOR = 'payment provider'

/**
 * The order state table (docs/domain.md): money received always wins, so `paid` can follow
 * any state (an invoice on account included, once paid in full); `failed` and `expired` only end a
 * pending order; `paid` is final.
 */
export function nextStatus(current: Order['status'], outcome: NonNullable<PaymentEvent['outcome']>): Order['status'] | null {
  if (current === 'paid') return null
  if (outcome === 'paid') return 'paid'
  return current === 'pending' ? outcome : null
}

export interface PaymentEventResult {
  order: OrderWithLines | null
  /** True when this event moved the order; false for duplicates, replays and stale events. */
  changed: boolean
}

/**
 * Applies what a payment provider reports (paid, failed, expired) to its order: the one way an order's
 * payment state and its reserved stock change (docs/domain.md, Orders). Idempotent: it records each
 * event id once, locks the order, applies the state table, and queues the order confirmation in the same
 * transaction as the move to `paid`, so duplicated, replayed or out-of-order events leave exactly
 * one paid order and one confirmation e-mail. A payment that ends without money stores why (an
 * abandoned checkout); a paid guest order joins the verified account of its address (guest-orders.server.ts);
 * a paid order whose checkout had its reminder is marked recovered (cart-reminders.server.ts).
 */
export async function applyPaymentEvent(deps: { db: Database; mailer: MailService; config: Env }, event: PaymentEvent): Promise<PaymentEventResult> {
  const { db, mailer, config } = deps
  const result = await db.transaction(async (tx) => {
    const [firstSight] = await tx
      .insert(paymentEvents)
      .values({ id: event.eventId, orderId: event.orderId, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id })
    const [locked] = await tx.select().from(orders).where(eq(orders.id, event.orderId)).for('update')
    if (!locked) return { changed: false, missing: true }
    if (!firstSight || !event.outcome) return { changed: false, missing: false }
    if (event.sessionId && locked.providerSessionId && event.sessionId !== locked.providerSessionId) return { changed: false, missing: false }

    const status = nextStatus(locked.status, event.outcome)
    if (!status) return { changed: false, missing: false }
    const now = new Date()
    // A checkout that got its reminder and is paid now: the reminder recovered the sale (kept on the
    // order, since the checkout is gone once paid). Locked, so a reminder being claimed this moment
    // is either before the payment (and counted) or finds the checkout gone.
    const [reminded] =
      status === 'paid' && locked.checkoutId
        ? await tx.select({ at: checkouts.remindedAt }).from(checkouts).where(eq(checkouts.id, locked.checkoutId)).for('update')
        : []
    await tx
      .update(orders)
      .set({
        status,
        updatedAt: now,
        // A payment that ended without money is an abandoned checkout, and says why; money received clears it.
        abandonedReason: status === 'paid' ? null : (event.reason ?? (status === 'failed' ? 'declined' : 'expired')),
        ...(status === 'paid' ? { paidAt: now, paymentReference: event.paymentReference ?? locked.paymentReference, email: locked.email ?? event.email } : {}),
        ...(reminded?.at ? { reminderSentAt: reminded.at } : {}),
      })
      .where(eq(orders.id, locked.id))
    // The reservation becomes a sale, or goes back on the shelf: once, guarded by the order's stock state.
    await settleOrderStock(tx, locked.id, status === 'paid' ? 'sold' : 'released')
    let order = (await getOrder(tx, locked.id))!
    await recordHistory(tx, { collection: 'orders', documentId: order.id, action: 'update', document: orderDocument(order), updatedBy: PAYMENT_ACTOR })
    // A guest paying with the address of a verified account: the order joins that account at once.
    if (status === 'paid' && order.userId === null && order.email) {
      if ((await attachGuestOrders(tx, { orderId: order.id }, 'paid', PAYMENT_ACTOR)).length > 0) order = (await getOrder(tx, order.id))!
    }
    // A quote's card payment that ended without money: the quote can be accepted again.
    if (status !== 'paid') await reopenQuoteOf(tx, locked, PAYMENT_ACTOR)
    // Paid: the checkout it came from is done; the next visit to the delivery step starts afresh.
    if (status === 'paid' && locked.checkoutId) await tx.delete(checkouts).where(eq(checkouts.id, locked.checkoutId))
    // An invoice on account was confirmed, and staff told, when it was placed: its payment only closes it.
    const invoiced = locked.status === 'invoiced'
    if (status === 'paid' && order.email) {
      const context = await orderMailContext(tx, config, order.id)
      const customer = { ...order, email: order.email }
      await mailer.send(await (invoiced ? accountPaidMail(context, customer) : confirmationMail(context, customer)), tx)
    }
    if (status === 'paid' && !invoiced) await noticeStaffOfPaidOrder({ tx, mailer, config }, order)
    return { changed: true, missing: false }
  })
  if (result.changed) catalogWritten()
  if (result.missing) logger.warn({ eventId: event.eventId, orderId: event.orderId }, 'payment event for an unknown order')
  let order = await getOrder(db, event.orderId)
  // Again after the commit: an account verified while this transaction ran was not visible to it,
  // and its verification could not see this order paid yet. Guarded, so it attaches at most once;
  // a repeated event (a webhook retried after a failure here) tries again.
  if (order?.status === 'paid' && order.userId === null && order.email) {
    const orderId = order.id
    if ((await db.transaction((tx) => attachGuestOrders(tx, { orderId }, 'paid', PAYMENT_ACTOR))).length > 0) order = await getOrder(db, orderId)
  }
  return { order, changed: result.changed }
}
