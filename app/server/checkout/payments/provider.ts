import type { AbandonedReason } from '../../../lib/orders/abandoned.ts'

/** What every payment provider is asked for: a hosted payment page for one pending order. */
export interface PaymentSessionRequest {
  orderId: string
  /** The buyer's e-mail from the delivery step: prefilled on the payment page (Afterpay and Zip ask for it too). */
  email: string | null
  lines: { name: string; unitPriceCents: number; quantity: number; priceId: string }[]
  /** The shipping line as the server priced it (GST inclusive, after any free-shipping discount); null for orders without one. */
  shipping: { name: string; amountCents: number } | null
  /**
   * What discounts take off the lines (GST inclusive), named as the order names them: the page
   * charges the lines' prices less it, so it charges the order's total to the cent. Null: none.
   */
  discount?: { name: string; amountCents: number } | null
  /** Who receives the order, and where (null address: Click & Collect). */
  customer: {
    name: string
    phone: string
    address: { line1: string; line2: string; suburb: string; state: string; postcode: string } | null
  } | null
  /**
   * Afterpay and Zip are left out of this payment, whatever the operator turned on: a line is
   * backordered (Afterpay does not serve pre-orders) or the buyer gave an ABN (a business purchase;
   * both are credit for consumers). docs/decisions/044-pay-later-message.md
   */
  withoutPayLater?: boolean
  /** The payment page closes at this time (the order's reservation lasts a little longer). */
  expiresAt: Date
  /** origin + `/success?session_id={CHECKOUT_SESSION_ID}` */
  successUrl: string
  /** origin + `/checkout/delivery?payment=cancelled&return=<the checkout's key>` (drafts.server.ts) */
  cancelUrl: string
}

export interface PaymentSession {
  id: string
  url: string
}

export interface PaymentProvider {
  name: 'demo' | 'stripe'
  createSession(request: PaymentSessionRequest): Promise<PaymentSession>
  /**
   * Closes a payment page the shopper left, so that it can no longer be paid: `expired`, or
   * `not-open` when it was already paid or closed (then its own event settles the order).
   */
  expireSession(sessionId: string): Promise<'expired' | 'not-open'>
  /**
   * Gives money back on a paid order. `refundId` makes it idempotent: asking again for the same
   * refund (a retry after a crash) returns the same refund, never a second one. Throws
   * PaymentProviderError with a message for staff when the provider refuses it, and
   * PaymentProviderUnsureError when its answer does not say whether the refund was made.
   */
  refund(request: ProviderRefundRequest): Promise<ProviderRefund>
}

export interface ProviderRefundRequest {
  refundId: string
  orderId: string
  /** The payment as the provider knows it (Stripe payment intent `pi_…`). */
  paymentReference: string
  amountCents: number
}

export interface ProviderRefund {
  /** The provider's refund id (Stripe `re_…`). */
  id: string
  /** `pending`: accepted, on its way to the card (some payment methods take days); both count as made. */
  status: 'succeeded' | 'pending'
}

/**
 * A payment event as applyPaymentEvent takes it, whatever the provider. `outcome` is null
 * for events that move nothing (a completed session whose payment is still processing).
 */
export interface PaymentEvent {
  /** Unique per event (Stripe `evt_…`); the same id seen twice is applied once. */
  eventId: string
  type: string
  orderId: string
  sessionId: string | null
  outcome: 'paid' | 'failed' | 'expired' | null
  /**
   * Why a payment ended without money, when the outcome alone does not say: by default a failed
   * payment was declined and an expired one closed on its own (the shop's own events say cancelled
   * or not-opened).
   */
  reason?: AbandonedReason
  paymentReference: string | null
  email: string | null
}

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError'
}

/**
 * The provider gave no clear answer (a timeout, a dropped connection, a 5xx): the request may or may
 * not have been carried out. A refund that meets this stays pending and is asked again with the same
 * idempotency key, never taken as failed (which would let it be made a second time).
 */
export const REFUND_UNSURE =
  'The payment provider did not say whether the refund was made. It stays pending and is asked again with the same key until it answers, so it cannot be made twice.'

export class PaymentProviderUnsureError extends PaymentProviderError {
  override name = 'PaymentProviderUnsureError'
}
