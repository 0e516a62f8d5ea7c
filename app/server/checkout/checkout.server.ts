import { and, asc, eq, lt } from 'drizzle-orm'
import { quoteShipping, type CartForShipping, type ShippingMethod, type ShippingQuote } from '../../lib/delivery/shipping.ts'
import type { DeliveryDetails } from '../../lib/schemas/delivery.ts'
import type { CheckoutItems } from '../../lib/schemas/checkout.ts'
import type { SessionUser } from '../auth/session.server.ts'
import { checkouts, orders } from '../db/schema.ts'
import { catalogWritten } from '../catalog/catalog-events.server.ts'
import { holdDays, newTransferSessionId } from '../orders/bank-transfer.server.ts'
import { invoicedMail, orderMailContext, transferPlacedMail } from '../orders/order-mail.server.tsx'
import { paymentDueAt } from '../../lib/trade.ts'
import { formatAbn } from '../../lib/abn.ts'
import { getTradeAccount, holdCredit, newAccountSessionId, NO_TERMS, OnAccountRefusedError, type TradeTerms } from '../trade/trade-accounts.server.ts'
import { noticeStaffOfPaidOrder } from '../reports/staff-notices.server.ts'
import { settleOrderStock } from '../stock/stock.server.ts'
import type { Env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { OutOfStockError } from '../stock/stock.server.ts'
import { getOrder, orderDocument } from './orders.server.ts'
import { recordHistory } from '../history/record.server.ts'
import { paymentCancelPath } from './drafts.server.ts'
import { applyPaymentEvent } from './payment-events.server.ts'
import { attachPaymentSession, createPendingOrder, priceCart, type CartProblem, type OrderWithLines, type PricedLine } from './orders.server.ts'
import { QuoteNotAcceptableError } from '../quotes/quotes.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { paymentProvider } from './payments/index.server.ts'
import { gstIncluded } from '../../lib/money.ts'
import type { CodeOutcome } from '../../lib/promotions.ts'
import {
  discountedLines,
  discountsToRecord,
  priceWithPromotions,
  promotionContext,
  PromotionChangedError,
  type DiscountToRecord,
} from '../promotions/pricing.server.ts'
import { PaymentProviderError, type PaymentEvent } from './payments/provider.ts'

/** A payment page stays open this long (Stripe's shortest); demo sessions expire after it too. */
export const PAYMENT_MINUTES = 30
/** The reservation outlives its payment page a little, so that a payment made at the last second still finds it. */
export const RESERVATION_GRACE_MINUTES = 5

export type CheckoutResult =
  | { kind: 'redirect'; url: string; orderId: string }
  | { kind: 'problems'; problems: CartProblem[] }
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string }

export function cartForShipping(lines: PricedLine[]): CartForShipping {
  return {
    subtotalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    weightGrams: lines.reduce((sum, line) => sum + line.weightGrams, 0),
    hasLithium: lines.some((line) => line.containsLithium),
  }
}

/** Every method with its price for this cart, or the reason it cannot carry it. */
export function quoteMethods(methods: ShippingMethod[], lines: PricedLine[]): { method: ShippingMethod; quote: ShippingQuote }[] {
  const cart = cartForShipping(lines)
  return methods.map((method) => ({ method, quote: quoteShipping(method, cart) }))
}

type Deps = { db: Database; config: Env; mailer: MailService }

/**
 * Pay for a checkout (or place it to be paid by bank transfer): price every line and the shipping from
 * the database, stop if anything changed since the shopper saw it, close a payment page this checkout
 * opened before (so the shopper's own earlier reservation never stands in their way), then place the
 * order (placeOrder).
 */
export async function startCheckout(
  deps: Deps,
  input: {
    checkoutId: string
    items: CheckoutItems
    /** The discount code the shopper entered on the cart or this step; null for none. */
    code?: string | null
    details: DeliveryDetails
    method: ShippingMethod
    /** The shop's methods by id, for a code's words ("free shipping with Standard"). */
    methodNames?: Record<string, string>
    user: SessionUser | null
    origin: string
  },
): Promise<CheckoutResult> {
  const { db } = deps
  // The units this checkout's own open payment holds count as available to it (priceCart), and
  // that payment is closed only once this one is sure to go ahead.
  // At the prices of the customer who will own the order: a trade customer's own (docs/domain.md, Trade accounts).
  const priced = await priceCart(db, input.items, { checkoutId: input.checkoutId, buyerId: input.user?.id })
  if (priced.problems.length > 0) return { kind: 'problems', problems: priced.problems }
  // The discounts (docs/domain.md, Promotions): on the items first, whose discounted total the
  // shipping is quoted on; then free shipping, if an offer or the code gives it with this method.
  const promotions = await promotionContext(db, input.code ?? null, input.details.email)
  const options = { email: input.details.email, methodNames: input.methodNames }
  const items = discountedLines(priced.lines, priceWithPromotions(promotions, priced.lines, null, options), gstIncluded)
  const quote = quoteShipping(input.method, cartForShipping(items))
  if (!quote.available) return { kind: 'refused', message: quote.reason }
  const outcome = priceWithPromotions(promotions, priced.lines, { methodId: input.method.id, cents: quote.priceCents }, options)
  if (outcome.code && !outcome.code.applied) return { kind: 'refused', message: codeNotApplied(outcome.code) }
  if (input.details.payment === 'bank-transfer' && !deps.config.bankAccount) return { kind: 'refused', message: TRANSFER_NOT_OFFERED }
  await abandonPayments(deps, input.checkoutId)
  const { method } = input
  return placeOrder(deps, {
    lines: discountedLines(priced.lines, outcome, gstIncluded),
    shipping: {
      id: method.id,
      name: method.name,
      cents: quote.priceCents - outcome.shippingDiscountCents,
      discountCents: outcome.shippingDiscountCents,
      collect: method.kind === 'collect',
      pickupAddress: method.pickupAddress ?? '',
    },
    discounts: discountsToRecord(outcome),
    details: input.details,
    user: input.user,
    origin: input.origin,
    checkoutId: input.checkoutId,
    cancelPath: paymentCancelPath(input.checkoutId),
    withoutPayLater: priced.backordered.length > 0,
  })
}

const TRANSFER_NOT_OFFERED = 'This shop does not take bank transfers. Please choose card.'

/** A code entered that does not apply to the order about to be paid: said, rather than charging without it. */
export function codeNotApplied(code: CodeOutcome): string {
  return `Code ${code.code}: ${code.message} Remove the code to order without it.`
}

/** An order about to be placed: lines and shipping priced by the server (from the catalogue or a quote). */
export interface OrderToPlace {
  /** At their discounted amounts (each line's `discountCents` its part of `discounts`). */
  lines: PricedLine[]
  /** `cents`: charged, after `discountCents` (free shipping) came off the method's price. */
  shipping: { id: string; name: string; cents: number; discountCents?: number; collect: boolean; pickupAddress: string }
  /** The discounts the order was priced with (app/server/promotions), checked again as it is written. */
  discounts?: DiscountToRecord[]
  details: Omit<DeliveryDetails, 'shippingMethod' | 'collect'>
  user: SessionUser | null
  origin: string
  /** The checkout it comes from (closed once placed by bank transfer, or once paid); null for a quote. */
  checkoutId: string | null
  /** Where the payment page sends a shopper who leaves it. */
  cancelPath: string
  /** More writes in the order's own transaction (a quote marked accepted); throwing undoes the order. */
  then?: (tx: Executor, order: OrderWithLines) => Promise<void>
  quoteId?: string
  /** Afterpay and Zip are left out of the payment page (a backordered line, a quote); always for an ABN. */
  withoutPayLater?: boolean
  /** What the buyer can do when a line has sold out meanwhile: change their cart, unless the caller says otherwise (a quote). */
  soldOutAdvice?: string
}

/**
 * Places an order, by card or by bank transfer. In one transaction the stock is reserved and the order
 * stored with its snapshot and delivery details (and the caller's own writes). By card: the provider's
 * payment page opens for it, the reservation lasting as long as the page. By bank transfer: no payment
 * page, the order awaits payment with the stock held for staff's days, the checkout is closed and the
 * buyer e-mailed the account, and they are sent to the thank-you page (docs/domain.md, Bank transfer).
 */
export async function placeOrder(deps: Deps, input: OrderToPlace): Promise<CheckoutResult> {
  const { db, config } = deps
  const provider = paymentProvider(config)
  const { details, shipping } = input
  const collect = shipping.collect
  const transfer = details.payment === 'bank-transfer'
  if (transfer && !config.bankAccount) return { kind: 'refused', message: TRANSFER_NOT_OFFERED }
  const onAccount = details.payment === 'account'
  // Checked again under the account's lock as the order is written (holdCredit); this answers most refusals before any work.
  const trade = onAccount && input.user?.role === 'customer' ? await getTradeAccount(db, input.user.id) : null
  const terms = trade?.terms ?? null
  if (onAccount && !terms) return { kind: 'refused', message: NO_TERMS }
  const now = Date.now()
  // Stripe refuses an expires_at under 30 minutes after it creates the session: a minute's margin for the order's write, the request and clock skew.
  const expiresAt = new Date(now + (PAYMENT_MINUTES + 1) * 60_000)
  const placedSession = transfer ? newTransferSessionId() : onAccount ? newAccountSessionId() : undefined
  const account =
    onAccount && input.user
      ? placedOnAccount(deps, {
          userId: input.user.id,
          by: input.user.email,
          checkoutId: input.checkoutId,
          now: new Date(now),
          terms: terms!,
          placedSession: placedSession!,
        })
      : null
  let order: Awaited<ReturnType<typeof createPendingOrder>>
  try {
    order = await createPendingOrder(db, {
      lines: input.lines,
      email: details.email,
      userId: input.user?.id ?? null,
      provider: transfer ? 'bank-transfer' : onAccount ? 'account' : provider.name,
      updatedBy: input.user?.email ?? null,
      purchaseOrder: details.purchaseOrder,
      quoteId: input.quoteId,
      discounts: input.discounts,
      ...(account ?? {}),
      ...(transfer ? { status: 'awaiting-payment' as const, providerSessionId: placedSession } : {}),
      then: async (tx, placed) => {
        await input.then?.(tx, placed)
        if (account) return account.then(tx, placed)
        if (!transfer) return
        // Placed: the checkout is done, and the customer has the account to pay into (docs/domain.md, Bank transfer).
        if (input.checkoutId) await tx.delete(checkouts).where(eq(checkouts.id, input.checkoutId))
        if (placed.email) {
          await deps.mailer.send(
            await transferPlacedMail(await orderMailContext(tx, config, placed.id), { ...placed, email: placed.email }, config.bankAccount),
            tx,
          )
        }
      },
      delivery: {
        customerName: details.fullName,
        phone: details.phone,
        // An invoice on account is to the business staff approved, unless the buyer named one on the step.
        company: details.company || (trade?.company ?? ''),
        abn: details.abn || (details.company ? '' : trade ? formatAbn(trade.abn) : ''),
        shippingMethodId: shipping.id,
        shippingMethodName: shipping.name,
        collect,
        pickupAddress: collect ? shipping.pickupAddress : '',
        addressLine1: collect ? '' : details.addressLine1,
        addressLine2: collect ? '' : details.addressLine2,
        suburb: collect ? '' : details.suburb,
        state: collect ? '' : details.state,
        postcode: collect ? '' : details.postcode,
        shippingCents: shipping.cents,
        shippingDiscountCents: shipping.discountCents ?? 0,
        checkoutId: input.checkoutId,
      },
      // An order on account holds its stock only for the moment between reserving and selling it, in its own transaction.
      reserveUntil: transfer
        ? new Date(now + (await holdDays(db)) * 86_400_000)
        : onAccount
          ? new Date(now)
          : new Date(expiresAt.getTime() + RESERVATION_GRACE_MINUTES * 60_000),
    })
  } catch (error) {
    if (error instanceof OutOfStockError)
      return { kind: 'refused', message: `${error.message} Nothing was charged; ${input.soldOutAdvice ?? 'please change your cart.'}` }
    if (error instanceof QuoteNotAcceptableError) return { kind: 'refused', message: error.message }
    if (error instanceof OnAccountRefusedError) return { kind: 'refused', message: error.message }
    if (error instanceof PromotionChangedError) return { kind: 'refused', message: error.message }
    throw error
  }
  if (placedSession) {
    catalogWritten()
    return { kind: 'redirect', url: `${input.origin}/success?session_id=${placedSession}`, orderId: order.id }
  }
  let session: Awaited<ReturnType<typeof provider.createSession>>
  try {
    session = await provider.createSession({
      orderId: order.id,
      email: details.email,
      lines: input.lines.map((line) => ({ name: line.productName, unitPriceCents: line.unitPriceCents, quantity: line.quantity, priceId: line.priceId })),
      shipping: { name: shipping.name, amountCents: shipping.cents },
      discount: itemsDiscount(input),
      customer: {
        name: details.fullName,
        phone: details.phone,
        address: collect
          ? null
          : { line1: details.addressLine1, line2: details.addressLine2, suburb: details.suburb, state: details.state, postcode: details.postcode },
      },
      withoutPayLater: input.withoutPayLater || details.abn !== '',
      expiresAt,
      successUrl: `${input.origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.origin}${input.cancelPath}`,
    })
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, 'could not open a payment session')
    // No payment page: the reservation goes back at once.
    await applyPaymentEvent(deps, expiryEvent(order.id, 'no-session'))
    return {
      kind: 'error',
      message: error instanceof PaymentProviderError ? error.message : 'The payment provider could not be reached. Please try again.',
    }
  }
  try {
    await attachPaymentSession(db, order.id, session.id, input.user?.email ?? null)
  } catch (error) {
    // Not the provider's fault (the database went away, say): the caller answers accordingly (503
    // "try again in a few seconds"). The visitor is not sent to a payment page whose order does not
    // know it; the order's reservation lapses on its own.
    logger.warn({ err: error, orderId: order.id, sessionId: session.id }, 'could not record the payment session on its order')
    throw error
  }
  return { kind: 'redirect', url: session.url, orderId: order.id }
}

/** What the discounts take off the items (the provider's page shows it as one discount; free shipping is in the shipping's price). */
function itemsDiscount(input: OrderToPlace): { name: string; amountCents: number } | null {
  const discounts = input.discounts ?? []
  const amountCents = discounts.reduce((sum, discount) => sum + discount.amountCents - discount.shippingCents, 0)
  if (amountCents === 0) return null
  return {
    name: discounts
      .filter((discount) => discount.amountCents > discount.shippingCents)
      .map((discount) => discount.label)
      .join(', '),
    amountCents,
  }
}

/**
 * An order placed on a trade customer's account (docs/domain.md, Trade accounts), as createPendingOrder
 * writes it, in one transaction: first the credit limit under the account's lock (holdCredit); then
 * the order `invoiced` with its invoice's time and due date, its stock reserved and sold at once (it
 * is shipped before it is paid), the checkout closed, the confirmation with the tax invoice and due
 * date queued, and staff told of a new order to pack.
 */
function placedOnAccount(deps: Deps, input: { userId: string; by: string; checkoutId: string | null; now: Date; terms: TradeTerms; placedSession: string }) {
  const due = paymentDueAt(input.now, input.terms.paymentDays)
  return {
    status: 'invoiced' as const,
    invoicedAt: input.now,
    paymentDueAt: due,
    providerSessionId: input.placedSession,
    guard: async (tx: Executor, order: { totalCents: number }) => {
      const terms = await holdCredit(tx, input.userId, order.totalCents)
      // Terms changed since the shopper chose: the due date the order carries must be the one now in force.
      if (terms.paymentDays !== input.terms.paymentDays)
        throw new OnAccountRefusedError('Your payment terms have just changed. Please check your order and place it again.')
    },
    then: async (tx: Executor, placed: OrderWithLines) => {
      await settleOrderStock(tx, placed.id, 'sold')
      // A checkout that got its reminder and is ordered now: the reminder recovered the sale (as applyPaymentEvent marks a paid one).
      if (input.checkoutId) {
        const [reminded] = await tx.select({ at: checkouts.remindedAt }).from(checkouts).where(eq(checkouts.id, input.checkoutId)).for('update')
        if (reminded?.at) await tx.update(orders).set({ reminderSentAt: reminded.at }).where(eq(orders.id, placed.id))
        await tx.delete(checkouts).where(eq(checkouts.id, input.checkoutId))
      }
      const order = (await getOrder(tx, placed.id))!
      await recordHistory(tx, { collection: 'orders', documentId: order.id, action: 'update', document: orderDocument(order), updatedBy: input.by })
      if (order.email) {
        await deps.mailer.send(
          await invoicedMail(await orderMailContext(tx, deps.config, order.id), { ...order, email: order.email }, deps.config.bankAccount),
          tx,
        )
      }
      await noticeStaffOfPaidOrder({ tx, mailer: deps.mailer, config: deps.config }, order)
    },
  }
}

/** What each of the shop's own expiries tells staff about the abandoned checkout (app/lib/orders/abandoned.ts). */
const EXPIRY_REASONS = { abandoned: 'cancelled', lapsed: 'expired', 'no-session': 'not-opened' } as const

/** The event that ends a pending order whose payment will not come, as the provider's expiry would. */
function expiryEvent(orderId: string, why: keyof typeof EXPIRY_REASONS): PaymentEvent {
  return {
    eventId: `${why}:${orderId}`,
    type: `shop.${why}`,
    orderId,
    sessionId: null,
    outcome: 'expired',
    reason: EXPIRY_REASONS[why],
    paymentReference: null,
    email: null,
  }
}

/**
 * Closes the payment pages this checkout opened that were never paid (the shopper came back from
 * one, or is starting another), and gives their stock back. A page the provider says is already
 * closed or paid is left to the provider's own event.
 */
export async function abandonPayments(deps: Deps, checkoutId: string): Promise<number> {
  const pending = await deps.db
    .select({ id: orders.id, sessionId: orders.providerSessionId })
    .from(orders)
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, 'pending')))
  const provider = paymentProvider(deps.config)
  let released = 0
  for (const order of pending) {
    try {
      if (order.sessionId && (await provider.expireSession(order.sessionId)) === 'not-open') continue
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, 'could not close an abandoned payment page; its reservation lapses on its own')
      continue
    }
    if ((await applyPaymentEvent(deps, expiryEvent(order.id, 'abandoned'))).changed) released++
  }
  return released
}

/**
 * Timed work: pending orders (a payment page's) whose reservation has lapsed (a demo page left open, a Stripe expiry
 * event that never arrived) expire and give their stock back. Safe to run in every process at once:
 * each order moves through applyPaymentEvent, which applies an event once.
 */
export async function expireLapsedReservations(deps: Deps, now = new Date()): Promise<number> {
  const lapsed = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.stockState, 'reserved'), eq(orders.status, 'pending'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.reservedUntil))
    .limit(200)
  let expired = 0
  for (const order of lapsed) {
    if ((await applyPaymentEvent(deps, expiryEvent(order.id, 'lapsed'))).changed) expired++
  }
  return expired
}
