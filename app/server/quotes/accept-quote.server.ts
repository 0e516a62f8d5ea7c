import { and, eq } from 'drizzle-orm'
import type { SessionUser } from '../auth/session.server.ts'
import { placeOrder, type CheckoutResult } from '../checkout/checkout.server.ts'
import type { Database } from '../db/client.server.ts'
import { orders } from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { applyPaymentEvent } from '../checkout/payment-events.server.ts'
import { paymentProvider } from '../checkout/payments/index.server.ts'
import { logger } from '../log.server.ts'
import { acceptRefusal, claimQuote, quoteOrderLines, type QuoteWithLines } from './quotes.server.ts'

type Deps = { db: Database; config: Env; mailer: MailService }

/**
 * What the buyer gives on acceptance: where the goods go (the quote's postcode and state), their purchase
 * order, how they pay (on account: a signed-in trade customer with payment terms, checked by placeOrder).
 */
export interface Acceptance {
  fullName: string
  phone: string
  addressLine1: string
  addressLine2: string
  suburb: string
  purchaseOrder: string
  payment: 'card' | 'bank-transfer' | 'account'
}

/**
 * The buyer accepts a sent quote: one order at the quote's prices and freight (whatever the catalogue
 * says now), its stock reserved, placed as a checkout's order is (placeOrder: by card through the payment
 * page, or awaiting a bank transfer). The quote is marked accepted inside the order's transaction, under
 * its row lock, so two acceptances at once make one order; a card payment that ends without money opens
 * the quote again (applyPaymentEvent).
 */
export async function acceptQuote(
  deps: Deps,
  quote: QuoteWithLines,
  acceptance: Acceptance,
  context: { user: SessionUser | null; origin: string },
): Promise<CheckoutResult> {
  const refusal = acceptRefusal(quote)
  if (refusal) return { kind: 'refused', message: refusal }
  return placeOrder(deps, {
    lines: quoteOrderLines(quote),
    shipping: { id: 'quote-freight', name: 'Freight', cents: quote.freightCents, collect: false, pickupAddress: '' },
    details: {
      fullName: acceptance.fullName,
      email: quote.email,
      phone: acceptance.phone,
      company: quote.company,
      abn: quote.abn,
      addressLine1: acceptance.addressLine1,
      addressLine2: acceptance.addressLine2,
      suburb: acceptance.suburb,
      state: quote.state,
      postcode: quote.postcode,
      purchaseOrder: acceptance.purchaseOrder,
      payment: acceptance.payment,
    },
    // The quote's own customer, or the signed-in buyer who accepts it.
    user: context.user,
    origin: context.origin,
    checkoutId: null,
    cancelPath: `/quote/${quote.token}?payment=cancelled`,
    quoteId: quote.id,
    // A quote is a business purchase: never paid later with Afterpay or Zip.
    withoutPayLater: true,
    // Nothing was held for the quote: a product (or a kit's component) sold out since is the shop's to re-quote.
    soldOutAdvice: 'please contact us for a revised quote.',
    then: (tx, order) => claimQuote(tx, quote.id, order.id, context.user?.email ?? quote.email),
  })
}

/**
 * Back from the payment page without paying: the quote's open card payment is closed, its stock goes
 * back and the quote can be accepted again (through applyPaymentEvent, once).
 */
export async function abandonQuotePayment(deps: Deps, quote: QuoteWithLines): Promise<void> {
  if (!quote.orderId) return
  const [order] = await deps.db
    .select({ id: orders.id, sessionId: orders.providerSessionId })
    .from(orders)
    .where(and(eq(orders.id, quote.orderId), eq(orders.status, 'pending')))
  if (!order) return
  try {
    if (order.sessionId && (await paymentProvider(deps.config).expireSession(order.sessionId)) === 'not-open') return
  } catch (error) {
    logger.warn({ err: error, orderId: order.id }, 'could not close a quote’s payment page; its reservation lapses on its own')
    return
  }
  await applyPaymentEvent(deps, {
    eventId: `abandoned:${order.id}`,
    type: 'shop.abandoned',
    orderId: order.id,
    sessionId: null,
    outcome: 'expired',
    reason: 'cancelled',
    paymentReference: null,
    email: null,
  })
}
