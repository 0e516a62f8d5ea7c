import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { canMoveReturn, isReturnReason, OPEN_RETURN_STATES, reasonLabel, returnRefusal, type ReturnState } from '../../lib/orders/returns.ts'
import { repeatedPosition, unitsAmount } from '../../lib/orders/refunds.ts'
import { getOrder, orderDocument } from '../checkout/orders.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { orders, returns, type RefundLine } from '../db/schema.ts'
import { shopIdentity, type Env } from '../env.server.ts'
import { recordHistory } from '../history/record.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { orderMailContext, returnMail } from './order-mail.server.tsx'
import { refundOrder, type RefundDeps, type RefundResult } from './refunds.server.ts'

export type Return = typeof returns.$inferSelect
type Deps = { db: Database; mailer: MailService; config: Env }
export type ReturnResult = { ok: true; returnId: string } | { ok: false; message: string }

/**
 * A customer asks to send back units of their order's lines (docs/domain.md, Returns). Under the
 * order's lock: the reason's rule (change of mind within 14 days of delivery or collection; faults
 * always), and no unit asked back twice (refunded units, and units in returns still open, are not
 * available). The customer gets an acknowledgement; staff see it on the order.
 */
export async function requestReturn(
  deps: Deps,
  input: { orderId: string; lines: { position: number; quantity: number }[]; reason: string; details: string; by: string; now?: Date },
): Promise<ReturnResult> {
  if (!isReturnReason(input.reason)) return { ok: false, message: 'Choose why you are returning the items.' }
  const reason = input.reason
  const details = input.details.trim()
  if (details.length > 2000) return { ok: false, message: 'Please describe the problem in at most 2,000 characters.' }
  if (reason !== 'change-of-mind' && details.length < 5) return { ok: false, message: 'Please describe what is wrong, so that we can help quickly.' }
  if (repeatedPosition(input.lines) !== null) return { ok: false, message: 'An item of this order is listed twice. Please reload the page and try again.' }
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
    if (!locked) return { ok: false, message: `There is no order ${input.orderId}.` }
    const refusal = returnRefusal(locked, reason, input.now ?? new Date())
    if (refusal) return { ok: false, message: refusal }
    const order = (await getOrder(tx, locked.id))!
    const held = await unitsInOpenReturns(tx, order.id)
    const lines: RefundLine[] = []
    for (const wanted of input.lines) {
      if (wanted.quantity === 0) continue
      const line = order.lines.find((candidate) => candidate.position === wanted.position)
      if (!line) return { ok: false, message: 'A chosen item is not part of this order. Please reload the page.' }
      const left = line.quantity - line.refundedQuantity - (held.get(line.position) ?? 0)
      if (!Number.isSafeInteger(wanted.quantity) || wanted.quantity < 0)
        return { ok: false, message: `Enter how many of ${line.productName} you are returning.` }
      if (wanted.quantity > left) {
        return {
          ok: false,
          message: left <= 0 ? `${line.productName} is already being returned or refunded.` : `At most ${left} of ${line.productName} can be returned.`,
        }
      }
      lines.push({
        position: line.position,
        productId: line.productId,
        productName: line.productName,
        quantity: wanted.quantity,
        // At the price paid for them: a discounted line's units at their discounted amount.
        amountCents: unitsAmount({ ...line, refundedQuantity: line.refundedQuantity + (held.get(line.position) ?? 0) }, wanted.quantity),
      })
    }
    if (lines.length === 0) return { ok: false, message: 'Choose the items you are returning and how many.' }
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(returns)
      .where(eq(returns.orderId, order.id))) as [{ count: number }]
    const id = `${order.id}-RT${count + 1}`
    await tx.insert(returns).values({ id, orderId: order.id, status: 'requested', reason, details, lines, requestedBy: input.by })
    await recordHistory(tx, {
      collection: 'orders',
      documentId: order.id,
      action: 'update',
      document: { ...orderDocument(order), return: id, returnStatus: 'requested' },
      updatedBy: input.by,
    })
    if (order.email) {
      const paragraphs = [
        `We have your return request ${id} for order ${order.id} (${reasonLabel(reason).toLowerCase()}).`,
        'Please keep the items until we reply: we will e-mail you the return instructions, usually within one business day.',
      ]
      await deps.mailer.send(
        await returnMail(
          await orderMailContext(tx, deps.config, order.id),
          { ...order, email: order.email },
          lines,
          `We have your return request ${id}`,
          paragraphs,
        ),
        tx,
      )
    }
    return { ok: true, returnId: id }
  })
}

/** Units of each line (by position) that returns still open are asking back. */
async function unitsInOpenReturns(tx: Executor, orderId: string): Promise<Map<number, number>> {
  const open = await tx
    .select({ lines: returns.lines })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, [...OPEN_RETURN_STATES])))
  const held = new Map<number, number>()
  for (const row of open) for (const line of row.lines) held.set(line.position, (held.get(line.position) ?? 0) + line.quantity)
  return held
}

/**
 * Staff move a return on: approve (the customer is e-mailed where to send it), decline (with the
 * reason they are told), or mark it received. Guarded on the state it was in, so two staff at once
 * move it once.
 */
export async function moveReturn(
  deps: Deps,
  input: { returnId: string; to: 'approved' | 'declined' | 'received'; note: string; by: string },
): Promise<ReturnResult> {
  const note = input.note.trim()
  if (note.length > 2000) return { ok: false, message: 'Keep the note to at most 2,000 characters.' }
  if (input.to === 'declined' && note.length < 5) return { ok: false, message: 'Say why the return is declined: the customer is told.' }
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select().from(returns).where(eq(returns.id, input.returnId))
    if (!found) return { ok: false, message: `There is no return ${input.returnId}.` }
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for('update')
    const [current] = await tx.select().from(returns).where(eq(returns.id, input.returnId))
    if (!current || !canMoveReturn(current.status, input.to)) {
      return { ok: false, message: `Return ${input.returnId} is ${current?.status ?? 'gone'}; it cannot be ${input.to} now.` }
    }
    await tx
      .update(returns)
      .set({ status: input.to, updatedAt: new Date(), ...(input.to === 'declined' ? { declineReason: note } : {}) })
      .where(and(eq(returns.id, current.id), eq(returns.status, current.status)))
    const order = (await getOrder(tx, current.orderId))!
    await recordHistory(tx, {
      collection: 'orders',
      documentId: order.id,
      action: 'update',
      document: { ...orderDocument(order), return: current.id, returnStatus: input.to },
      updatedBy: input.by,
    })
    if (order.email) {
      const shop = shopIdentity(deps.config)
      const texts: Record<typeof input.to, [string, string[]]> = {
        approved: [
          `Your return ${current.id} is approved`,
          [
            `Your return ${current.id} for order ${order.id} is approved.`,
            `Please pack the items securely, write ${current.id} on the parcel and send it to: ${shop.legalName}, ${shop.address}.`,
            current.reason === 'change-of-mind'
              ? 'For a change-of-mind return the postage is yours to pay; we suggest a tracked service.'
              : 'Keep the postage receipt: we reimburse reasonable return postage for faulty items.',
            ...(note ? [note] : []),
          ],
        ],
        declined: [
          `Your return ${current.id} was declined`,
          [
            `We cannot accept return ${current.id} for order ${order.id}.`,
            `Reason: ${note}`,
            'If you think this is wrong, reply to this e-mail: your rights under the Australian Consumer Law are not affected.',
          ],
        ],
        received: [
          `We have received your return ${current.id}`,
          [
            `Your return ${current.id} for order ${order.id} has arrived. We are checking it and will e-mail you when the refund is made.`,
            ...(note ? [note] : []),
          ],
        ],
      }
      const [subject, paragraphs] = texts[input.to]
      await deps.mailer.send(
        await returnMail(await orderMailContext(tx, deps.config, order.id), { ...order, email: order.email }, current.lines, subject, paragraphs),
        tx,
      )
    }
    return { ok: true, returnId: current.id }
  })
}

/** A received return's refund, once: its lines, with their stock put back if staff choose (the refund e-mails the adjustment note). */
export async function refundReturn(deps: RefundDeps, input: { returnId: string; requestKey: string; restock: boolean; by: string }): Promise<RefundResult> {
  const [found] = await deps.db.select().from(returns).where(eq(returns.id, input.returnId))
  if (!found) return { ok: false, message: `There is no return ${input.returnId}.` }
  // Its state is checked under the order's lock, where two refunds of it cannot both pass.
  return refundOrder(deps, {
    orderId: found.orderId,
    requestKey: input.requestKey,
    request: { lines: found.lines.map((line) => ({ position: line.position, quantity: line.quantity })), shipping: false, amountCents: null },
    restock: input.restock,
    reason: `Return ${found.id}: ${reasonLabel(found.reason).toLowerCase()}`,
    source: 'return',
    returnId: found.id,
    by: input.by,
  })
}

export async function returnsOf(db: Executor, orderId: string): Promise<Return[]> {
  return db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.createdAt))
}

/** Returns staff still have to act on (approve or decline, receive, refund): the staff home counts them. */
export async function openReturnCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(returns)
    .where(inArray(returns.status, [...OPEN_RETURN_STATES] satisfies ReturnState[]))
  return row?.count ?? 0
}
