/**
 * An order's payment state (`orders.status`, docs/domain.md, Orders): the one table every screen
 * and e-mail reads its words from.
 */
export const ORDER_STATUSES = ['pending', 'awaiting-payment', 'invoiced', 'paid', 'failed', 'expired', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Orders whose goods may be packed, shipped or collected: the money is in. */
export function isPaid(order: { status: string }): boolean {
  return order.status === 'paid'
}

/** A bank-transfer order placed and not yet paid in full. */
export function isAwaitingTransfer(order: { status: string }): boolean {
  return order.status === 'awaiting-payment'
}
