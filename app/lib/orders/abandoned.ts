/**
 * Abandoned checkouts (docs/domain.md, Orders): payment attempts that ended without money. They are
 * kept (staff can follow them up) but are not orders: no customer lists them, no report counts them.
 */

/** Why a payment attempt ended without money, as its payment event said (applyPaymentEvent stores it). */
export const ABANDONED_REASONS = {
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
  'not-opened': 'Payment page did not open',
} as const
export type AbandonedReason = keyof typeof ABANDONED_REASONS

/** What each reason means, for the staff list's filter and the order screen. */
export const ABANDONED_REASON_HELP: Record<AbandonedReason, string> = {
  declined: 'The card or payment was declined.',
  cancelled: 'The shopper left the payment page for the shop, or started another payment.',
  expired: 'The payment page closed (30 minutes) with nothing paid.',
  'not-opened': 'The payment provider could not open a payment page.',
}

export function isAbandonedReason(value: string): value is AbandonedReason {
  return Object.hasOwn(ABANDONED_REASONS, value)
}

/**
 * Whether an order row is an order (to its customer, the staff orders list and the totals): paid,
 * invoiced on a trade customer's account, a bank-transfer order (awaiting payment, or cancelled
 * unpaid), or pending while a payment can still
 * complete it. A pending order's window is its reservation
 * (`reserved_until`: the payment page's 30 minutes and 5 minutes' grace for a payment made at the
 * last second); after it, timed work expires it. Everything else (failed, expired, pending past its
 * window or with none) is an abandoned checkout. The SQL twin is `isOrder` in order-kind.server.ts.
 */
export function countsAsOrder(order: { status: string; reservedUntil: Date | string | null }, now = new Date()): boolean {
  // A bank-transfer order is an order from the moment it is placed (its customer has its number and
  // the bank details), and stays one when it is cancelled unpaid.
  if (order.status === 'paid' || order.status === 'invoiced' || order.status === 'awaiting-payment' || order.status === 'cancelled') return true
  return order.status === 'pending' && order.reservedUntil !== null && new Date(order.reservedUntil).getTime() > now.getTime()
}
