import { randomBytes } from 'node:crypto'
import type { PaymentEvent, PaymentProvider, PaymentSessionRequest } from './provider.ts'

export const DEMO_CARDS = {
  paid: '4242424242424242',
  declined: '4000000000000002',
} as const

/**
 * The demo provider: a payment page served by the shop itself (`/pay/demo/:sessionId`) that looks
 * like a hosted checkout and completes through the same applyPaymentEvent as Stripe.
 */
export function createDemoProvider(): PaymentProvider {
  return {
    name: 'demo',
    async createSession(request: PaymentSessionRequest) {
      const id = `demo_cs_${randomBytes(12).toString('hex')}`
      const origin = new URL(request.successUrl).origin
      return { id, url: `${origin}/pay/demo/${id}` }
    },
    // The demo page is the shop's own: closing it is the order's move to expired.
    expireSession: async () => 'expired',
    // The demo takes no money, so it gives none back: the refund is recorded as made.
    refund: async () => ({ id: `demo_re_${randomBytes(12).toString('hex')}`, status: 'succeeded' }),
  }
}

export type DemoCardResult = 'paid' | 'declined' | 'unknown'

export function demoCardResult(cardNumber: string): DemoCardResult {
  const digits = cardNumber.replace(/[\s-]/g, '')
  if (digits === DEMO_CARDS.paid) return 'paid'
  if (digits === DEMO_CARDS.declined) return 'declined'
  return 'unknown'
}

/** The event the demo page hands to applyPaymentEvent, as Stripe's webhook would. */
export function demoPaymentEvent(input: { orderId: string; sessionId: string; card: 'paid' | 'declined'; email: string }): PaymentEvent {
  const paid = input.card === 'paid'
  return {
    eventId: `demo_evt_${randomBytes(12).toString('hex')}`,
    type: paid ? 'demo.payment.succeeded' : 'demo.payment.declined',
    orderId: input.orderId,
    sessionId: input.sessionId,
    outcome: paid ? 'paid' : 'failed',
    paymentReference: paid ? `demo_pi_${randomBytes(12).toString('hex')}` : null,
    email: input.email,
  }
}
