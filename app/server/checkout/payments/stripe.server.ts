import Stripe from 'stripe'
import type { Env } from '../../env.server.ts'
import { logger } from '../../log.server.ts'
import {
  PaymentProviderError,
  PaymentProviderUnsureError,
  REFUND_UNSURE,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentSessionRequest,
  type ProviderRefund,
} from './provider.ts'

export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached. Please try again.'

/**
 * A Stripe client for the shop's secret key. STRIPE_API_URL (tests) points the SDK at another
 * server; in production it talks to api.stripe.com. Bounded so that a shopper waiting for the
 * redirect to the payment page gets an answer within seconds, not minutes.
 */
export function createStripeClient(config: Env): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set')
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null
  return new Stripe(config.STRIPE_SECRET_KEY, {
    timeout: 15_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'unidrone-shop' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  })
}

const clients = new WeakMap<Env, Stripe>()

/** One client per configuration, so requests (the webhook, checkout) share its HTTP agent. */
export function stripeClient(config: Env): Stripe {
  let client = clients.get(config)
  if (!client) {
    client = createStripeClient(config)
    clients.set(config, client)
  }
  return client
}

/** Stripe's names of the pay-later methods the shop's message speaks of. */
export const PAY_LATER_METHODS = ['afterpay_clearpay', 'zip'] as const

function lineItem(line: PaymentSessionRequest['lines'][number]): Stripe.Checkout.SessionCreateParams.LineItem {
  if (line.priceId) return { price: line.priceId, quantity: line.quantity }
  return {
    price_data: { currency: 'aud', unit_amount: line.unitPriceCents, product_data: { name: line.name } },
    quantity: line.quantity,
  }
}

/**
 * Stripe Checkout as the shop's payment page. Amounts come from the order's lines, which the
 * server priced from the database; the idempotency key ties one session to one order, so a retried
 * request (by the SDK or by a double submit) never opens a second payment page for the same order.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createSession(request) {
      let session: Stripe.Checkout.Session
      try {
        // The order's discounts as one coupon of its own, for its amount, usable once: Stripe's page
        // shows it under its name and charges the lines less it, the order's total to the cent.
        const coupon = request.discount
          ? await stripe.coupons.create(
              {
                amount_off: request.discount.amountCents,
                currency: 'aud',
                duration: 'once',
                max_redemptions: 1,
                name: request.discount.name.slice(0, 40),
                metadata: { orderId: request.orderId },
              },
              { idempotencyKey: `order-discount-${request.orderId}` },
            )
          : null
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: request.lines.map(lineItem),
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            ...(request.shipping
              ? {
                  shipping_options: [
                    {
                      shipping_rate_data: {
                        type: 'fixed_amount' as const,
                        display_name: request.shipping.name,
                        fixed_amount: { amount: request.shipping.amountCents, currency: 'aud' },
                        tax_behavior: 'inclusive' as const,
                      },
                    },
                  ],
                }
              : {}),
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            client_reference_id: request.orderId,
            metadata: { orderId: request.orderId },
            payment_intent_data: {
              metadata: { orderId: request.orderId },
              // The address the delivery step collected: Afterpay and Zip assess the purchase with it
              // (Click & Collect has none to give).
              ...(request.customer?.address
                ? {
                    shipping: {
                      name: request.customer.name,
                      phone: request.customer.phone,
                      address: {
                        line1: request.customer.address.line1,
                        line2: request.customer.address.line2 || undefined,
                        city: request.customer.address.suburb,
                        state: request.customer.address.state,
                        postal_code: request.customer.address.postcode,
                        country: 'AU',
                      },
                    },
                  }
                : {}),
            },
            ...(request.email ? { customer_email: request.email } : {}),
            // No payment_method_types: Stripe offers what the operator turned on in its dashboard
            // (cards, wallets, Afterpay, Zip, PayTo…) and this session can use. Only Afterpay and Zip
            // are taken out, for a purchase they do not serve.
            ...(request.withoutPayLater ? { excluded_payment_method_types: [...PAY_LATER_METHODS] } : {}),
          },
          { idempotencyKey: `checkout-session-${request.orderId}` },
        )
      } catch (error) {
        logger.error({ orderId: request.orderId, stripeError: stripeErrorSummary(error) }, 'stripe checkout session could not be created')
        throw new PaymentProviderError(PROVIDER_UNREACHABLE, { cause: error })
      }
      if (!session.url) {
        logger.error({ orderId: request.orderId, sessionId: session.id }, 'stripe checkout session has no url')
        throw new PaymentProviderError(PROVIDER_UNREACHABLE)
      }
      return { id: session.id, url: session.url }
    },
    async expireSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId)
        return 'expired'
      } catch (error) {
        // Stripe refuses to expire a session that is complete or already expired.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return 'not-open'
        logger.warn({ sessionId, stripeError: stripeErrorSummary(error) }, 'stripe checkout session could not be expired')
        throw new PaymentProviderError(PROVIDER_UNREACHABLE, { cause: error })
      }
    },
    async refund(request) {
      let refund: Stripe.Refund
      try {
        refund = await stripe.refunds.create(
          { payment_intent: request.paymentReference, amount: request.amountCents, metadata: { refundId: request.refundId, orderId: request.orderId } },
          { idempotencyKey: `refund-${request.refundId}` },
        )
      } catch (error) {
        logger.error({ orderId: request.orderId, refundId: request.refundId, stripeError: stripeErrorSummary(error) }, 'stripe refund could not be made')
        // Stripe's own reason (already refunded, amount too large) is what staff need to read.
        if (refusedOutright(error)) throw new PaymentProviderError(`Stripe refused the refund: ${(error as Error).message}`, { cause: error })
        throw new PaymentProviderUnsureError(REFUND_UNSURE, { cause: error })
      }
      if (refund.status === 'failed' || refund.status === 'canceled') {
        logger.error({ orderId: request.orderId, refundId: request.refundId, status: refund.status, reason: refund.failure_reason }, 'stripe refund failed')
        throw new PaymentProviderError(`Stripe could not make the refund (${refund.failure_reason ?? refund.status}).`)
      }
      return { id: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : 'pending' } satisfies ProviderRefund
    },
  }
}

/**
 * Errors after which Stripe certainly did nothing: the request was refused as it stood (invalid,
 * declined, not allowed, wrong key). Anything else — a timeout, a dropped connection, a 5xx, a rate
 * limit — may have been carried out.
 */
function refusedOutright(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeCardError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  )
}

/** A refund as Stripe lists it for a payment: made by the shop (metadata.refundId) or in Stripe's dashboard. */
export interface StripeRefundSeen {
  id: string
  amountCents: number
  status: string
  shopRefundId: string | null
}

/** Every refund of a payment intent (for `charge.refunded`: the event's charge does not list them). */
export async function stripeRefundsOf(stripe: Stripe, paymentIntent: string): Promise<StripeRefundSeen[]> {
  const seen: StripeRefundSeen[] = []
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
    seen.push({ id: refund.id, amountCents: refund.amount, status: refund.status ?? 'pending', shopRefundId: refund.metadata?.refundId ?? null })
  }
  return seen
}

/** What is worth logging of a Stripe error: never the request's headers, which carry the key. */
function stripeErrorSummary(error: unknown) {
  if (error instanceof Stripe.errors.StripeError) {
    return { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId, message: error.message }
  }
  return error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) }
}

const outcomes = {
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
} as const

/**
 * The Checkout Session events the shop acts on, as applyPaymentEvent takes them; other events, and
 * sessions that name no order, give null. A completed session whose payment is still processing
 * (bank debits) moves nothing: `async_payment_succeeded` or `…_failed` follows.
 */
export function stripeEventToPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  let outcome: PaymentEvent['outcome']
  switch (event.type) {
    case 'checkout.session.completed': {
      const status = event.data.object.payment_status
      outcome = status === 'paid' || status === 'no_payment_required' ? 'paid' : null
      break
    }
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      outcome = outcomes[event.type]
      break
    default:
      return null
  }
  const session = event.data.object
  const orderId = session.metadata?.orderId || session.client_reference_id
  if (!orderId) return null
  const intent = session.payment_intent
  return {
    eventId: event.id,
    type: event.type,
    orderId,
    sessionId: session.id,
    outcome,
    paymentReference: typeof intent === 'string' ? intent : (intent?.id ?? null),
    email: session.customer_details?.email ?? session.customer_email ?? null,
  }
}
