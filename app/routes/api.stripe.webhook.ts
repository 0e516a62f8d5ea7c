import type Stripe from 'stripe'
import { applyPaymentEvent } from '../server/checkout/payment-events.server'
import { stripeClient, stripeEventToPaymentEvent, stripeRefundsOf } from '../server/checkout/payments/stripe.server'
import { recordProviderRefunds } from '../server/orders/refunds.server'
import { shop } from '../server/context.server'
import { logger } from '../server/log.server'
import type { Route } from './+types/api.stripe.webhook'

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } })

/**
 * POST /api/stripe/webhook — Stripe's Checkout Session events, and `charge.refunded`. The signature is checked on the raw
 * body before anything is read from it; a verified event goes to applyPaymentEvent, which
 * ignores duplicates and stale events. 2xx tells Stripe to stop; 5xx makes it retry later.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, config, requestId } = shop(context)
  if (config.PAYMENT_PROVIDER !== 'stripe' || !config.STRIPE_WEBHOOK_SECRET) return text('Not found', 404)

  const raw = await request.text()
  const signature = request.headers.get('stripe-signature')
  if (!signature) return text('Missing Stripe-Signature header', 400)
  let stripeEvent: Stripe.Event
  try {
    stripeEvent = await stripeClient(config).webhooks.constructEventAsync(raw, signature, config.STRIPE_WEBHOOK_SECRET)
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]
    logger.warn({ reqId: requestId, reason }, 'stripe webhook with a bad signature')
    return text('Invalid signature', 400)
  }

  if (stripeEvent.type === 'charge.refunded') {
    // Refunds made in Stripe's dashboard: the charge does not list them, so they are asked for.
    const charge = stripeEvent.data.object
    const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id
    if (!paymentIntent) return Response.json({ received: true })
    try {
      const seen = await stripeRefundsOf(stripeClient(config), paymentIntent)
      const { orderId, recorded } = await recordProviderRefunds({ db, mailer, config }, paymentIntent, seen)
      logger.info({ reqId: requestId, eventId: stripeEvent.id, type: stripeEvent.type, orderId, recorded }, 'stripe refunds applied')
      return Response.json({ received: true })
    } catch (error) {
      logger.error({ reqId: requestId, eventId: stripeEvent.id, err: error }, 'stripe refunds could not be applied')
      return text('Could not process the event', 500)
    }
  }

  const event = stripeEventToPaymentEvent(stripeEvent)
  if (!event) {
    logger.info({ reqId: requestId, eventId: stripeEvent.id, type: stripeEvent.type }, 'stripe event ignored')
    return Response.json({ received: true })
  }
  try {
    const { order, changed } = await applyPaymentEvent({ db, mailer, config }, event)
    logger.info({ reqId: requestId, eventId: event.eventId, type: event.type, orderId: event.orderId, status: order?.status, changed }, 'stripe event applied')
    return Response.json({ received: true })
  } catch (error) {
    logger.error({ reqId: requestId, eventId: event.eventId, orderId: event.orderId, err: error }, 'stripe event could not be applied')
    return text('Could not process the event', 500)
  }
}

export function loader() {
  return text('Method not allowed: Stripe posts its events here', 405, { Allow: 'POST' })
}
