import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server.ts'
import { createPendingOrder, type PricedLine } from '../../app/server/checkout/orders.server.ts'
import type { Database } from '../../app/server/db/client.server.ts'
import type { Env } from '../../app/server/env.server.ts'
import type { MailService } from '../../app/server/mail/outbox.server.ts'

/** A delivery to Mascot NSW with Standard shipping, as the delivery step stores it; a test overrides what it is about. */
export function testDelivery(overrides: Partial<Parameters<typeof createPendingOrder>[1]['delivery'] & object> = {}) {
  return {
    customerName: 'Pat Pilot',
    phone: '0412 345 678',
    company: '',
    abn: '',
    shippingMethodId: 'standard',
    shippingMethodName: 'Standard',
    collect: false,
    pickupAddress: '',
    addressLine1: '1 Runway Rd',
    addressLine2: '',
    suburb: 'Mascot',
    state: 'NSW',
    postcode: '2020',
    shippingCents: 0,
    checkoutId: null,
    ...overrides,
  }
}

/** A guest's order for `lines`, paid as the payment provider's event would pay it (the confirmation e-mail queued). */
export async function paidTestOrder(
  deps: { db: Database; mailer: MailService; config: Env },
  input: { lines: PricedLine[]; email: string; delivery?: ReturnType<typeof testDelivery> },
): Promise<string> {
  const order = await createPendingOrder(deps.db, {
    lines: input.lines,
    email: input.email,
    userId: null,
    provider: 'demo',
    updatedBy: null,
    delivery: input.delivery ?? testDelivery(),
  })
  await applyPaymentEvent(deps, {
    eventId: `paid-${order.id}`,
    type: 'test.paid',
    orderId: order.id,
    sessionId: null,
    outcome: 'paid',
    paymentReference: 'pi_test',
    email: input.email,
  })
  return order.id
}
