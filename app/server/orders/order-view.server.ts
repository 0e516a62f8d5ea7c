import { carrierName, trackingLink } from '../../lib/orders/fulfilment.ts'
import { paymentState } from '../../lib/orders/refunds.ts'
import { changeOfMindUntil, OPEN_RETURN_STATES, returnRefusal } from '../../lib/orders/returns.ts'
import { orderStateHistory, orderSummary, type OrderWithLines } from '../checkout/orders.server.ts'
import type { Executor } from '../db/client.server.ts'
import { owingCents, type BankAccount } from '../../lib/orders/bank-transfer.ts'
import type { TransferDue } from '../../components/shop/transfer-details.tsx'
import { refundsOf } from './refunds.server.ts'
import { returnsOf } from './returns.server.ts'

/**
 * What a customer (signed in, or a guest through an e-mailed link) sees of their order: where it is,
 * its refunds with their adjustment notes, its returns, and what they may still send back.
 * `documentsBase` is where this viewer's invoice and notes are (`/orders/:id` or `/track-order/view`).
 */
export async function orderView(db: Executor, order: OrderWithLines, documentsBase: string, bankAccount: BankAccount | null, now = new Date()) {
  const [states, refunds, returns] = await Promise.all([orderStateHistory(db, order.id), refundsOf(db, order.id), returnsOf(db, order.id)])
  const held = new Map<number, number>()
  for (const item of returns) {
    if (!OPEN_RETURN_STATES.includes(item.status)) continue
    for (const line of item.lines) held.set(line.position, (held.get(line.position) ?? 0) + line.quantity)
  }
  const returnable = order.lines
    .map((line) => ({ position: line.position, name: line.productName, quantity: line.quantity - line.refundedQuantity - (held.get(line.position) ?? 0) }))
    .filter((line) => line.quantity > 0)
  const until = changeOfMindUntil(order)
  return {
    order: {
      ...orderSummary(order),
      fulfilment: order.fulfilment,
      payment: paymentState(order),
      refundedCents: order.refundedCents,
      purchaseOrder: order.purchaseOrder,
    },
    transfer: transferDue(order, bankAccount),
    tracking: order.carrier
      ? { carrier: carrierName(order.carrier), number: order.trackingNumber, link: trackingLink(order.carrier, order.trackingNumber) }
      : null,
    // The customer sees what happened to the order, not who in the shop did it, nor staff's notes.
    timeline: states.filter((state) => state.note === undefined).map((state) => ({ status: state.status, at: state.at.toISOString() })),
    documentsBase,
    refunds: refunds
      .filter((refund) => refund.status === 'succeeded')
      .map((refund) => ({ id: refund.id, amountCents: refund.amountCents, at: (refund.settledAt ?? refund.createdAt).toISOString() })),
    returns: returns.map((item) => ({
      id: item.id,
      status: item.status,
      reason: item.reason,
      declineReason: item.declineReason,
      lines: item.lines.map((line) => ({ name: line.productName, quantity: line.quantity })),
    })),
    // A return can be asked for once the goods are on their way; which reasons apply is said on the form.
    returnForm:
      returnable.length > 0 && returnRefusal(order, 'faulty', now) === null
        ? { lines: returnable, changeOfMind: returnRefusal(order, 'change-of-mind', now) === null, changeOfMindUntil: until?.toISOString() ?? null }
        : null,
  }
}

export type OrderView = Awaited<ReturnType<typeof orderView>>

/**
 * A bank-transfer order still awaiting (some of) its money, or an invoice on account not yet paid in
 * full: what the customer is to pay, where, and (on account) by when.
 */
export function transferDue(order: OrderWithLines, account: BankAccount | null): TransferDue | null {
  if (order.status !== 'awaiting-payment' && order.status !== 'invoiced') return null
  const invoiced = order.status === 'invoiced'
  return {
    account,
    reference: order.id,
    owingCents: owingCents(order),
    receivedCents: order.receivedCents,
    holdUntil: !invoiced && order.receivedCents === 0 && order.reservedUntil ? order.reservedUntil.toISOString() : null,
    dueAt: invoiced && order.paymentDueAt ? order.paymentDueAt.toISOString() : null,
  }
}
