import { carrierName, trackingLink } from '../../lib/orders/fulfilment.ts'
import { orderStateHistory, orderSummary, type OrderWithLines } from '../checkout/orders.server.ts'
import type { Executor } from '../db/client.server.ts'

/** What a customer (signed in, or a guest through an e-mailed link) sees of their order. */
export async function orderView(db: Executor, order: OrderWithLines) {
  const states = await orderStateHistory(db, order.id)
  return {
    order: { ...orderSummary(order), fulfilment: order.fulfilment },
    tracking: order.carrier ? { carrier: carrierName(order.carrier), number: order.trackingNumber, link: trackingLink(order.carrier, order.trackingNumber) } : null,
    // The customer sees what happened to the order, not who in the shop did it.
    timeline: states.map((state) => ({ status: state.status, at: state.at.toISOString() })),
  }
}

export type OrderView = Awaited<ReturnType<typeof orderView>>
