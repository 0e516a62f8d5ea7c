import { randomBytes } from 'node:crypto'
import { and, asc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { DEFAULT_HOLD_DAYS, MAX_HOLD_DAYS, MIN_HOLD_DAYS, REMINDER_AFTER_DAYS, owingCents, paymentRefusal } from '../../lib/orders/bank-transfer.ts'
import { applyPaymentEvent } from '../checkout/payment-events.server.ts'
import { getOrder, orderDocument, type OrderWithLines } from '../checkout/orders.server.ts'
import { formatAud } from '../../lib/money.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { orderPayments, orders, shopSettings } from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { recordHistory } from '../history/record.server.ts'
import { catalogWritten } from '../catalog/catalog-events.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { settleOrderStock } from '../stock/stock.server.ts'
import { accountPaymentReceivedMail, orderMailContext, transferCancelledMail, transferReminderMail, transferReceivedMail } from './order-mail.server.tsx'
import { takesRecordedPayments } from '../../lib/orders/payment-status.ts'

/**
 * Orders paid by bank transfer (docs/domain.md, Bank transfer). Placed `awaiting-payment` with their
 * stock held for the days staff set; staff record each transfer as it shows on the bank statement;
 * paid in full, the order moves on through applyPaymentEvent as a card payment does (once: its event
 * id is the order's). One reminder after three days; nothing received by the end of the hold and the
 * order cancels itself and gives its stock back, once, whichever process gets there.
 *
 * Invoices on a trade customer's account (`invoiced`, provider `account`: docs/domain.md, Trade
 * accounts) are paid the same way, by transfers staff record (recordPayment); they were sold and
 * confirmed when placed, so paid in full they only become `paid`. No reminder, no cancelling.
 */

type Deps = { db: Database; mailer: MailService; config: Env }

export const TRANSFER_SETTINGS_KEY = 'bank-transfer'

/** How many days an unpaid bank-transfer order keeps its stock (staff's setting, or the default). */
export async function holdDays(db: Executor): Promise<number> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, TRANSFER_SETTINGS_KEY)).limit(1)
  const days = (row?.value as { holdDays?: unknown } | undefined)?.holdDays
  return typeof days === 'number' && Number.isInteger(days) && days >= MIN_HOLD_DAYS && days <= MAX_HOLD_DAYS ? days : DEFAULT_HOLD_DAYS
}

/** Staff's days, with a history row naming who set them (collection `settings`) when `by` is given. */
export async function setHoldDays(db: Executor, days: number, by?: string): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key: TRANSFER_SETTINGS_KEY, value: { holdDays: days } })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: { holdDays: days } } })
  if (by) await recordHistory(db, { collection: 'settings', documentId: TRANSFER_SETTINGS_KEY, action: 'update', document: { holdDays: days }, updatedBy: by })
}

/** The success page's key for a bank-transfer order (it has no payment page): secret, like a payment session's id. */
export const newTransferSessionId = () => `bt_${randomBytes(18).toString('base64url')}`

/**
 * The event that moves an order paid in full by recorded payments to `paid`: one id per order (and
 * kind), so it is applied once.
 */
function paidInFullEvent(order: { id: string; email: string | null; provider: string }, reference: string) {
  const kind = order.provider === 'account' ? 'account' : 'bank-transfer'
  return {
    eventId: `${kind}-paid:${order.id}`,
    type: `shop.${kind}.paid`,
    orderId: order.id,
    sessionId: null,
    outcome: 'paid' as const,
    paymentReference: reference,
    email: order.email,
  }
}

export type PaymentRecordResult = { ok: true; order: OrderWithLines; repeated: boolean; paidInFull: boolean } | { ok: false; message: string }

/**
 * Records a payment that arrived for a bank-transfer order or an invoice on account. Under the
 * order's row lock: the request key unused (a double click is the same payment), the order still
 * taking payments (awaiting its transfer, or invoiced), the amount within what is owing. A part
 * leaves the order as it is (the customer is told what is left); the last part moves it to `paid`
 * through applyPaymentEvent, whose event id is the order's, so two staff recording the last part at
 * once move it once (and the second finds nothing owing).
 */
export async function recordPayment(
  deps: Deps,
  input: { orderId: string; amountCents: number; receivedOn: string; reference: string; requestKey: string; by: string },
): Promise<PaymentRecordResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update')
    if (!locked) return { refused: `There is no order ${input.orderId}.` }
    const [earlier] = await tx.select({ id: orderPayments.id }).from(orderPayments).where(eq(orderPayments.requestKey, input.requestKey))
    if (earlier) return { repeated: true, paidInFull: locked.receivedCents >= locked.totalCents }
    if (locked.provider !== 'bank-transfer' && locked.provider !== 'account') {
      return { refused: `Order ${locked.id} was not placed to be paid by bank transfer or on account.` }
    }
    if (!takesRecordedPayments(locked)) {
      return {
        refused: locked.status === 'paid' ? `Order ${locked.id} is already paid in full.` : `Order ${locked.id} is ${locked.status} and takes no payment.`,
      }
    }
    const onAccount = locked.provider === 'account'
    const refusal = paymentRefusal(locked, input.amountCents)
    if (refusal) return { refused: refusal }
    await tx.insert(orderPayments).values({
      orderId: locked.id,
      amountCents: input.amountCents,
      receivedOn: input.receivedOn,
      reference: input.reference,
      requestKey: input.requestKey,
      recordedBy: input.by,
    })
    const receivedCents = locked.receivedCents + input.amountCents
    await tx.update(orders).set({ receivedCents, updatedAt: new Date() }).where(eq(orders.id, locked.id))
    const order = (await getOrder(tx, locked.id))!
    const note = `${onAccount ? 'Payment' : 'Bank transfer'} of ${formatAud(input.amountCents)} received on ${input.receivedOn}${input.reference ? ` (${input.reference})` : ''}`
    await recordHistory(tx, { collection: 'orders', documentId: order.id, action: 'update', document: { ...orderDocument(order), note }, updatedBy: input.by })
    const paidInFull = receivedCents >= locked.totalCents
    // A part: the customer learns what arrived and what is left. The last part's e-mail is the confirmation.
    if (!paidInFull && order.email) {
      const context = await orderMailContext(tx, deps.config, order.id)
      const customer = { ...order, email: order.email }
      await deps.mailer.send(
        await (onAccount
          ? accountPaymentReceivedMail(context, customer, input.amountCents, deps.config.bankAccount)
          : transferReceivedMail(context, customer, input.amountCents, deps.config.bankAccount)),
        tx,
      )
    }
    return { repeated: false, paidInFull }
  })
  if ('refused' in outcome) return { ok: false, message: outcome.refused! }
  if (outcome.paidInFull) await finishPaidInFull(deps, input.orderId, input.reference || 'bank transfer')
  return { ok: true, order: (await getOrder(deps.db, input.orderId))!, repeated: outcome.repeated, paidInFull: outcome.paidInFull }
}

/**
 * An order received in full moves to paid (once): a bank-transfer order's stock is sold and its
 * confirmation and staff's notice queued; an invoice on account, sold and confirmed when placed, is
 * marked paid and its customer thanked.
 */
async function finishPaidInFull(deps: Deps, orderId: string, reference: string): Promise<void> {
  const order = await getOrder(deps.db, orderId)
  if (order && takesRecordedPayments(order) && order.receivedCents >= order.totalCents) await applyPaymentEvent(deps, paidInFullEvent(order, reference))
}

export type CancelResult = { ok: true; changed: true } | { ok: false; message: string }

/**
 * Cancels a bank-transfer order that nothing was received for: its stock goes back and the customer
 * is told, once (guarded on the status and on nothing received, under the order's lock). `lapsed`:
 * the hold ended (timed work, only when the order's hold has ended); `staff`: cancelled on the order screen.
 */
export async function cancelUnpaidTransfer(deps: Deps, orderId: string, why: 'lapsed' | 'staff', by: string, now = new Date()): Promise<CancelResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (!locked || locked.provider !== 'bank-transfer' || locked.status !== 'awaiting-payment') {
      return { refused: `Order ${orderId} is not awaiting a bank transfer.` }
    }
    if (locked.receivedCents > 0) {
      return { refused: `Part of order ${orderId} is paid. Pay that back by transfer before cancelling it, or wait for the rest.` }
    }
    if (why === 'lapsed' && (!locked.reservedUntil || locked.reservedUntil > now)) return { refused: 'Its hold has not ended.' }
    await tx.update(orders).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(orders.id, orderId))
    await settleOrderStock(tx, orderId, 'released')
    const order = (await getOrder(tx, orderId))!
    const note = why === 'lapsed' ? 'Cancelled: no bank transfer arrived before the hold ended' : 'Cancelled before payment'
    await recordHistory(tx, { collection: 'orders', documentId: orderId, action: 'update', document: { ...orderDocument(order), note }, updatedBy: by })
    if (order.email)
      await deps.mailer.send(await transferCancelledMail(await orderMailContext(tx, deps.config, orderId), { ...order, email: order.email }, why), tx)
    return { refused: null }
  })
  if (outcome.refused !== null) return { ok: false, message: outcome.refused }
  catalogWritten()
  return { ok: true, changed: true }
}

/** The actor timed work writes into history. */
export const SHOP_ACTOR = 'shop (timed work)'

/**
 * Timed work, safe in every process at once: finishes orders received in full whose move to paid was
 * cut off (invoices on account too), sends the one reminder (claimed by a guarded UPDATE), and
 * cancels what was not paid by the end of its hold (cancelUnpaidTransfer's lock and guard).
 */
export async function sweepBankTransfers(deps: Deps, now = new Date()): Promise<{ reminded: number; cancelled: number; finished: number }> {
  const awaiting = and(eq(orders.status, 'awaiting-payment'), eq(orders.provider, 'bank-transfer'))
  const invoiced = and(eq(orders.status, 'invoiced'), eq(orders.provider, 'account'))
  const full = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(awaiting, invoiced), gte(orders.receivedCents, orders.totalCents)))
    .limit(100)
  for (const order of full) await finishPaidInFull(deps, order.id, 'payment')

  let reminded = 0
  const dueBefore = new Date(now.getTime() - REMINDER_AFTER_DAYS * 86_400_000)
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaiting, isNull(orders.paymentReminderSentAt), lte(orders.createdAt, dueBefore)))
    .orderBy(asc(orders.createdAt))
    .limit(50)
  for (const { id } of due) {
    const sent = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(orders)
        .set({ paymentReminderSentAt: now })
        .where(and(eq(orders.id, id), awaiting, isNull(orders.paymentReminderSentAt), sql`${orders.reservedUntil} > ${now}`))
        .returning({ id: orders.id })
      if (!claimed) return false
      const order = (await getOrder(tx, id))!
      if (order.email && owingCents(order) > 0) {
        await deps.mailer.send(
          await transferReminderMail(await orderMailContext(tx, deps.config, id), { ...order, email: order.email }, deps.config.bankAccount),
          tx,
        )
      }
      return true
    })
    if (sent) reminded++
  }

  let cancelled = 0
  const lapsed = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaiting, eq(orders.receivedCents, 0), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(100)
  for (const { id } of lapsed) {
    const result = await cancelUnpaidTransfer(deps, id, 'lapsed', SHOP_ACTOR, now)
    if (result.ok) cancelled++
  }
  return { reminded, cancelled, finished: full.length }
}

/** The payments recorded on an order, oldest first (staff's order screen). */
export async function transfersOf(db: Executor, orderId: string) {
  return db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.id))
}
