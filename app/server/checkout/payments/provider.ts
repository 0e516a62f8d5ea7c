/** What every payment provider is asked for: a hosted payment page for one pending order. */
export interface PaymentSessionRequest {
  orderId: string
  /** The buyer's e-mail when known (signed in): prefilled on the payment page. */
  email: string | null
  lines: { name: string; unitPriceCents: number; quantity: number; priceId: string }[]
  /** origin + `/success?session_id={CHECKOUT_SESSION_ID}` */
  successUrl: string
  /** origin + `/checkout` */
  cancelUrl: string
}

export interface PaymentSession {
  id: string
  url: string
}

export interface PaymentProvider {
  name: 'demo' | 'stripe'
  createSession(request: PaymentSessionRequest): Promise<PaymentSession>
}

/**
 * A payment event as the fulfilment function takes it, whatever the provider. `outcome` is null
 * for events that move nothing (a completed session whose payment is still processing).
 */
export interface PaymentEvent {
  /** Unique per event (Stripe `evt_…`); the same id seen twice is applied once. */
  eventId: string
  type: string
  orderId: string
  sessionId: string | null
  outcome: 'paid' | 'failed' | 'expired' | null
  paymentReference: string | null
  email: string | null
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError'
}
