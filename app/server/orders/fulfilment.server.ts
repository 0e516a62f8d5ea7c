import { and, eq, inArray } from 'drizzle-orm'
import { applyAction, isCarrier, TRACKING_NUMBER, type FulfilmentAction } from '../../lib/orders/fulfilment.ts'
import { getOrder, orderDocument } from '../checkout/orders.server.ts'
import type { Database } from '../db/client.server.ts'
import { orders, refunds, shippingMethods } from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { recordHistory } from '../history/record.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { deliveredMail, orderMailContext, readyForPickupMail, shippedMail } from './order-mail.server.tsx'

export type FulfilmentResult = { ok: true } | { ok: false; message: string }

type Deps = { db: Database; mailer: MailService; config: Env }

/**
 * Moves a paid order one step on (docs/domain.md, Orders): the order is locked, the state table
 * decides, the move and its history row (who, when) are written, and the customer's e-mail (shipped,
 * ready for pickup, delivered) is queued, all in one transaction. A second click, or two staff at once, find
 * the order moved already and change nothing.
 */
export async function advanceFulfilment(
  deps: Deps,
  input: { orderId: string; action: FulfilmentAction; carrier?: string; trackingNumber?: string; by: string },
): Promise<FulfilmentResult> {
  const shipping = input.action === 'ship' ? shipmentOf(input) : null
  if (shipping && 'message' in shipping) return { ok: false, message: shipping.message }
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
    if (!locked) return { ok: false, message: `There is no order ${input.orderId}.` }
    const next = applyAction(locked, input.action)
    if ('refused' in next) return { ok: false, message: next.refused }
    // A cancellation whose refund is still with the provider will put the stock back: nothing may leave meanwhile.
    const [cancelling] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, locked.id), eq(refunds.source, 'cancel'), eq(refunds.status, 'pending')))
    if (cancelling)
      return {
        ok: false,
        message: `Order ${locked.id} is being cancelled (refund ${cancelling.id} is waiting for the payment provider), so it cannot move on.`,
      }
    await tx
      .update(orders)
      .set({
        fulfilment: next.to,
        updatedAt: new Date(),
        ...(shipping ?? {}),
        ...(next.to === 'delivered' || next.to === 'collected' ? { fulfilledAt: new Date() } : {}),
      })
      .where(eq(orders.id, locked.id))
    const order = (await getOrder(tx, locked.id))!
    await recordHistory(tx, { collection: 'orders', documentId: order.id, action: 'update', document: orderDocument(order), updatedBy: input.by })
    if (order.email && (next.to === 'shipped' || next.to === 'ready' || next.to === 'delivered')) {
      const context = await orderMailContext(tx, deps.config, order.id)
      const customer = { ...order, email: order.email }
      if (next.to === 'shipped') await deps.mailer.send(await shippedMail(context, customer), tx)
      if (next.to === 'delivered') await deps.mailer.send(await deliveredMail(context, customer), tx)
      if (next.to === 'ready') {
        const [method] = await tx.select({ hours: shippingMethods.pickupHours }).from(shippingMethods).where(eq(shippingMethods.id, order.shippingMethodId))
        await deps.mailer.send(await readyForPickupMail(context, { ...customer, pickupHours: method?.hours ?? '' }), tx)
      }
    }
    return { ok: true }
  })
}

function shipmentOf(input: { carrier?: string; trackingNumber?: string }): { carrier: string; trackingNumber: string } | { message: string } {
  const carrier = (input.carrier ?? '').trim()
  const trackingNumber = (input.trackingNumber ?? '').replace(/\s+/g, '')
  if (!isCarrier(carrier)) return { message: 'Choose the carrier.' }
  if (carrier !== 'other' && !TRACKING_NUMBER.test(trackingNumber))
    return { message: 'Enter the tracking number as the carrier printed it (letters, digits and hyphens).' }
  if (trackingNumber && !TRACKING_NUMBER.test(trackingNumber)) return { message: 'A tracking number has letters, digits and hyphens only.' }
  return { carrier, trackingNumber }
}

/** "Mark packed" on several orders from the list: each moves on its own; what could not is said. */
export async function packOrders(deps: Deps, orderIds: string[], by: string): Promise<{ packed: string[]; refused: string[] }> {
  const packed: string[] = []
  const refused: string[] = []
  const known = new Set((await deps.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, orderIds))).map((row) => row.id))
  for (const orderId of orderIds) {
    if (!known.has(orderId)) {
      refused.push(`There is no order ${orderId}.`)
      continue
    }
    const result = await advanceFulfilment(deps, { orderId, action: 'pack', by })
    if (result.ok) packed.push(orderId)
    else refused.push(result.message)
  }
  return { packed, refused }
}
