import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm'
import { cancelRefusal } from '../../lib/orders/fulfilment.ts'
import { fullRefundRequest, planRefund, refundGst, remainingCents, type RefundPlan, type RefundRequest } from '../../lib/orders/refunds.ts'
import { getOrder, orderDocument, type OrderWithLines } from '../checkout/orders.server.ts'
import { PaymentProviderError, PaymentProviderUnsureError, type PaymentProvider } from '../checkout/payments/provider.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { orderLines, orders, refunds, returns } from '../db/schema.ts'
import { shopIdentity, type Env } from '../env.server.ts'
import { recordHistory } from '../history/record.server.ts'
import { logger } from '../log.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { restockProducts } from '../stock/stock.server.ts'
import { adjustmentNote } from './adjustment-note.ts'
import { orderMailContext, refundMail } from './order-mail.server.tsx'
import { componentUnits } from '../../lib/kits.ts'

export type Refund = typeof refunds.$inferSelect

export interface RefundDeps {
  db: Database
  mailer: MailService
  config: Env
  provider: PaymentProvider
}

export type RefundResult = { ok: true; refund: Refund; repeated: boolean } | { ok: false; message: string }

export interface RefundInput {
  orderId: string
  /** One per form shown (or per return): the same key twice is the same refund. */
  requestKey: string
  request: RefundRequest
  restock: boolean
  reason: string
  source: 'staff' | 'cancel' | 'return'
  returnId?: string
  by: string
}

/**
 * Gives money back on a paid order, exactly once (docs/domain.md, Refunds). Three short steps:
 * 1. under the order's lock, the refund is planned against what is left and written `pending`,
 *    and the order's refunded amounts count it at once (a double click finds the same request key; a
 *    second member of staff finds less left to refund);
 * 2. the provider is asked, with the refund's id as its idempotency key (no lock held meanwhile);
 * 3. the refund is settled: `succeeded` with its stock put back, the history written and the
 *    adjustment note e-mailed; or `failed`, and the amounts it held are given back to the order.
 * A process that stops between 2 and 3 leaves a pending refund that `settlePendingRefunds` finishes.
 */
export async function refundOrder(deps: RefundDeps, input: RefundInput): Promise<RefundResult> {
  const reserved = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
    if (!locked) return { refused: `There is no order ${input.orderId}.` }
    // Looked for under the lock: a double click's second request waits here, then finds the first.
    const [earlier] = await tx.select().from(refunds).where(eq(refunds.requestKey, input.requestKey))
    if (earlier) return { earlier }
    const order = (await getOrder(tx, locked.id))!
    if (input.source === 'cancel') {
      const refusal = cancelRefusal(order)
      if (refusal) return { refused: refusal }
    }
    if (!order.paymentReference) return { refused: `Order ${order.id} has no payment reference, so the payment provider cannot refund it.` }
    if (input.returnId) {
      const refusal = await returnRefundRefusal(tx, order.id, input.returnId)
      if (refusal) return { refused: refusal }
    }
    const plan = planRefund(order, input.request)
    if ('refused' in plan) return { refused: plan.refused }
    const refund = await holdRefund(tx, order, plan, { ...input, providerRefundId: null, status: 'pending' })
    return { refund, paymentReference: order.paymentReference }
  })
  if ('earlier' in reserved) {
    const earlier = reserved.earlier!
    if (earlier.status === 'failed') return { ok: false, message: earlier.failure || 'This refund failed. Please reload the page and try again.' }
    return { ok: true, refund: earlier, repeated: true }
  }
  if ('refused' in reserved) return { ok: false, message: reserved.refused! }
  return askProvider(deps, reserved.refund, reserved.paymentReference)
}

/**
 * Why a return cannot be refunded now, read under the order's lock: it must have been received,
 * and no other refund of it may be under way or made (two staff with their own forms refund it once).
 */
async function returnRefundRefusal(tx: Executor, orderId: string, returnId: string): Promise<string | null> {
  const [found] = await tx
    .select()
    .from(returns)
    .where(and(eq(returns.id, returnId), eq(returns.orderId, orderId)))
  if (!found) return `There is no return ${returnId} on order ${orderId}.`
  if (found.status === 'refunded') return `Return ${found.id} is refunded already.`
  if (found.status !== 'received') return `Return ${found.id} is ${found.status}; mark it received before refunding it.`
  const [other] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.returnId, returnId), inArray(refunds.status, ['pending', 'succeeded'])))
  if (other) return `Return ${found.id} is being refunded already (${other.id}); nothing was refunded twice.`
  return null
}

/** Cancels an order that has not left the shop: everything left is refunded and its stock put back. */
export async function cancelOrder(deps: RefundDeps, input: { orderId: string; requestKey: string; reason: string; by: string }): Promise<RefundResult> {
  const order = await getOrder(deps.db, input.orderId)
  if (!order) return { ok: false, message: `There is no order ${input.orderId}.` }
  const refusal = cancelRefusal(order)
  if (refusal) return { ok: false, message: refusal }
  return refundOrder(deps, {
    orderId: order.id,
    requestKey: input.requestKey,
    request: fullRefundRequest(order),
    restock: true,
    reason: input.reason || 'Order cancelled',
    source: 'cancel',
    by: input.by,
  })
}

/** Writes the refund and counts it on the order and its lines, under the order's lock. */
async function holdRefund(
  tx: Executor,
  order: OrderWithLines,
  plan: RefundPlan,
  input: Pick<RefundInput, 'requestKey' | 'restock' | 'reason' | 'returnId' | 'by'> & {
    source: Refund['source']
    providerRefundId: string | null
    status: Refund['status']
  },
): Promise<Refund> {
  const [{ count }] = (await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id))) as [{ count: number }]
  const [refund] = await tx
    .insert(refunds)
    .values({
      id: `${order.id}-R${count + 1}`,
      orderId: order.id,
      requestKey: input.requestKey,
      status: input.status,
      amountCents: plan.amountCents,
      gstCents: plan.gstCents,
      shippingCents: plan.shippingCents,
      lines: plan.lines,
      restock: input.restock && plan.lines.length > 0,
      reason: input.reason.trim().slice(0, 500),
      source: input.source,
      returnId: input.returnId ?? null,
      providerRefundId: input.providerRefundId,
      createdBy: input.by,
      settledAt: input.status === 'succeeded' ? new Date() : null,
    })
    .returning()
  await countOnOrder(tx, order.id, refund!, 1)
  return refund!
}

/** Adds (+1) or takes back (−1) a refund's amounts on its order and lines. */
async function countOnOrder(tx: Executor, orderId: string, refund: Refund, sign: 1 | -1) {
  await tx
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${sign * refund.amountCents}`,
      refundedGstCents: sql`${orders.refundedGstCents} + ${sign * refund.gstCents}`,
      shippingRefundedCents: sql`${orders.shippingRefundedCents} + ${sign * refund.shippingCents}`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId))
  for (const line of refund.lines) {
    await tx
      .update(orderLines)
      .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${sign * line.quantity}` })
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, line.position)))
  }
}

/**
 * Refunds of orders paid by bank transfer, or on a trade account (paid by transfers too): staff pay
 * the money back by transfer themselves (they are told so on the refund form); the shop records the
 * refund as made, with its adjustment note.
 */
const bankTransferRefunds: Pick<PaymentProvider, 'refund'> = {
  refund: async ({ refundId }) => ({ id: `transfer_${refundId}`, status: 'succeeded' }),
}

async function askProvider(deps: RefundDeps, refund: Refund, paymentReference: string): Promise<RefundResult> {
  try {
    // An order paid by bank transfer (or on account) is paid back by transfer, by staff, outside the shop: no provider to ask.
    const [order] = await deps.db.select({ provider: orders.provider }).from(orders).where(eq(orders.id, refund.orderId))
    const provider = order?.provider === 'bank-transfer' || order?.provider === 'account' ? bankTransferRefunds : deps.provider
    const made = await provider.refund({ refundId: refund.id, orderId: refund.orderId, paymentReference, amountCents: refund.amountCents })
    const settled = await settleRefund(deps, refund.id, { providerRefundId: made.id })
    return { ok: true, refund: settled ?? refund, repeated: false }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    // No clear answer: the refund stays pending, holding its amounts, until the provider's answer to
    // the same idempotency key (timed work) or its charge.refunded event settles it.
    if (error instanceof PaymentProviderUnsureError) return { ok: true, refund, repeated: false }
    await settleRefund(deps, refund.id, { failure: error.message })
    return { ok: false, message: error.message }
  }
}

/**
 * Step 3: a pending refund becomes succeeded or failed, once (guarded on `pending`). On success the
 * stock goes back if asked, a return it belongs to is refunded, the order's history records it and
 * the customer gets the adjustment note; on failure the order's counts are taken back.
 */
async function settleRefund(
  deps: Omit<RefundDeps, 'provider'>,
  refundId: string,
  outcome: { providerRefundId: string } | { failure: string },
): Promise<Refund | null> {
  return deps.db.transaction(async (tx) => {
    const [pending] = await tx.select().from(refunds).where(eq(refunds.id, refundId))
    if (!pending) return null
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, pending.orderId)).for('update')
    const [refund] = await tx
      .update(refunds)
      .set(
        'failure' in outcome
          ? { status: 'failed', failure: outcome.failure.slice(0, 500) }
          : { status: 'succeeded', providerRefundId: outcome.providerRefundId, settledAt: new Date() },
      )
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning()
    if (!refund) return pending
    if (refund.status === 'failed') {
      // A cancellation whose money could not go back leaves the order as it was.
      await countOnOrder(tx, refund.orderId, refund, -1)
      return refund
    }
    await refundSucceeded(tx, deps, refund)
    return refund
  })
}

async function refundSucceeded(tx: Executor, deps: Pick<RefundDeps, 'mailer' | 'config'>, refund: Refund) {
  if (refund.restock) {
    // A kit's units go back as its components' (the order line remembers what the kit held).
    const kits = new Map(
      (await tx.select({ position: orderLines.position, kit: orderLines.kitComponents }).from(orderLines).where(eq(orderLines.orderId, refund.orderId))).map(
        (line) => [line.position, line.kit],
      ),
    )
    await restockProducts(
      tx,
      refund.lines.flatMap((line) => {
        const kit = kits.get(line.position) ?? []
        return kit.length > 0 ? componentUnits(kit, line.quantity) : [{ productId: line.productId, quantity: line.quantity }]
      }),
    )
  }
  if (refund.source === 'cancel') {
    await tx
      .update(orders)
      .set({ fulfilment: 'cancelled' })
      .where(and(eq(orders.id, refund.orderId), inArray(orders.fulfilment, ['unfulfilled', 'packed', 'ready'])))
  }
  if (refund.returnId) await tx.update(returns).set({ status: 'refunded', refundId: refund.id, updatedAt: new Date() }).where(eq(returns.id, refund.returnId))
  const order = (await getOrder(tx, refund.orderId))!
  await recordHistory(tx, {
    collection: 'orders',
    documentId: order.id,
    action: 'update',
    document: { ...orderDocument(order), refund: refund.id },
    updatedBy: refund.createdBy,
  })
  if (order.email) {
    const note = adjustmentNote(shopIdentity(deps.config), order, refund)
    await deps.mailer.send(await refundMail(await orderMailContext(tx, deps.config, order.id), { ...order, email: order.email }, note), tx)
  }
}

/**
 * Finishes refunds a stopped process left pending (timed work): the provider is asked again with the
 * same idempotency key, so a refund it made already is returned, not made twice. Stripe keeps keys
 * for a day; older ones are left for staff, and logged.
 */
export async function settlePendingRefunds(deps: RefundDeps, now = new Date()): Promise<number> {
  const stale = await deps.db
    .select({ refund: refunds, paymentReference: orders.paymentReference })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, new Date(now.getTime() - 2 * 60_000))))
    .orderBy(asc(refunds.createdAt))
    .limit(20)
  let settled = 0
  for (const { refund, paymentReference } of stale) {
    if (now.getTime() - refund.createdAt.getTime() > 23 * 3600_000 || !paymentReference) {
      logger.error(
        { refundId: refund.id, orderId: refund.orderId },
        'a refund has been pending for a day: check it in the payment provider and settle it by hand',
      )
      continue
    }
    await askProvider(deps, refund, paymentReference)
    settled++
  }
  return settled
}

/**
 * Refunds made outside the shop (Stripe's dashboard), seen through `charge.refunded`: each one the
 * shop does not know yet is recorded once, as an amount (no stock moves), with its adjustment note.
 * The provider's refund id is the request key, so a second delivery of the event changes nothing.
 */
export async function recordProviderRefunds(
  deps: Omit<RefundDeps, 'provider'>,
  paymentReference: string,
  seen: { id: string; amountCents: number; status: string; shopRefundId: string | null }[],
): Promise<{ orderId: string | null; recorded: string[] }> {
  const [found] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentReference, paymentReference))
  if (!found) return { orderId: null, recorded: [] }
  const recorded: string[] = []
  for (const refund of seen) {
    const taken = refund.status === 'succeeded' || refund.status === 'pending'
    // A refund of the shop's own whose answer never came (a timeout, a 5xx): the event settles it.
    const [own] = refund.shopRefundId
      ? await deps.db
          .select()
          .from(refunds)
          .where(and(eq(refunds.id, refund.shopRefundId), eq(refunds.orderId, found.id)))
      : []
    if (own) {
      if (own.status === 'pending') {
        const settled = await settleRefund(
          deps,
          own.id,
          taken ? { providerRefundId: refund.id } : { failure: `The payment provider reports this refund as ${refund.status}.` },
        )
        if (settled?.status === 'succeeded') recorded.push(settled.id)
      }
      continue
    }
    if (!taken) continue
    const made = await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update')
      if (!locked || locked.status !== 'paid') return null
      const known = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.orderId, locked.id),
            sql`(${refunds.providerRefundId} = ${refund.id} or ${refunds.requestKey} = ${refund.id}${refund.shopRefundId ? sql` or ${refunds.id} = ${refund.shopRefundId}` : sql``})`,
          ),
        )
      if (known.length > 0) return null
      const amountCents = Math.min(refund.amountCents, remainingCents(locked))
      if (amountCents <= 0) return null
      const order = (await getOrder(tx, locked.id))!
      const plan: RefundPlan = { amountCents, gstCents: refundGst(order, amountCents), shippingCents: 0, lines: [] }
      const row = await holdRefund(tx, order, plan, {
        requestKey: refund.id,
        restock: false,
        reason: 'Refunded in the payment provider’s dashboard',
        by: 'payment provider',
        source: 'provider',
        providerRefundId: refund.id,
        status: 'succeeded',
      })
      await refundSucceeded(tx, deps, row)
      return row.id
    })
    if (made) recorded.push(made)
  }
  return { orderId: found.id, recorded }
}

/** An order's refunds, oldest first. */
export async function refundsOf(db: Executor, orderId: string): Promise<Refund[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt))
}

export async function getRefund(db: Executor, orderId: string, refundId: string): Promise<Refund | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.id, refundId)))
  return row ?? null
}
