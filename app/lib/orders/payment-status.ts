/**
 * An order's payment state (`orders.status`, docs/domain.md, Orders): the one table every screen
 * and e-mail reads its words from.
 */
export const ORDER_STATUSES = ['pending', 'awaiting-payment', 'invoiced', 'paid', 'failed', 'expired', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/**
 * Orders whose goods may be packed, shipped or collected: the money is in, or the order was placed on
 * a trade customer's account, whose terms are to pay after the invoice (docs/domain.md, Trade accounts).
 */
export function goodsMayLeave(order: { status: string }): boolean {
  return order.status === 'paid' || order.status === 'invoiced'
}

/** Orders that have a tax invoice: paid ones, and those placed on account, invoiced as they are placed. */
export const hasTaxInvoice = goodsMayLeave

/** An order placed on account whose invoice is not yet paid in full. */
export function isInvoiced(order: { status: string }): boolean {
  return order.status === 'invoiced'
}

/**
 * Orders whose payments staff record as they arrive (amount, day, reference; in parts): a bank
 * transfer awaiting payment, or an invoice on account (app/server/orders/recorded-payments.server.ts).
 */
export function takesRecordedPayments(order: { status: string; provider: string }): boolean {
  return (order.provider === 'bank-transfer' && order.status === 'awaiting-payment') || (order.provider === 'account' && order.status === 'invoiced')
}

/** A bank-transfer order placed and not yet paid in full. */
export function isAwaitingTransfer(order: { status: string }): boolean {
  return order.status === 'awaiting-payment'
}
