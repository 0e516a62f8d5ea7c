import type { z } from 'zod'
import { deliveryDetailsSchema } from '../../app/lib/schemas/delivery.ts'
import { getProduct } from '../../app/server/catalog/products.server.ts'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server.ts'
import { createPendingOrder, type PricedLine } from '../../app/server/checkout/orders.server.ts'
import type { Database } from '../../app/server/db/client.server.ts'
import type { Env } from '../../app/server/env.server.ts'
import type { MailService } from '../../app/server/mail/outbox.server.ts'
import type { DiscountToRecord } from '../../app/server/promotions/pricing.server.ts'

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

/**
 * A guest's order for `lines` (with its discounts, if any), paid as the payment provider's event would
 * pay it (the confirmation e-mail queued), unless `paid` is false: then it is left pending.
 */
export async function paidTestOrder(
  deps: { db: Database; mailer: MailService; config: Env },
  input: { lines: PricedLine[]; email: string; delivery?: ReturnType<typeof testDelivery>; discounts?: DiscountToRecord[]; paid?: boolean },
): Promise<string> {
  const order = await createPendingOrder(deps.db, {
    lines: input.lines,
    email: input.email,
    userId: null,
    provider: 'demo',
    updatedBy: null,
    delivery: input.delivery ?? testDelivery(),
    discounts: input.discounts,
  })
  if (input.paid === false) return order.id
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

/** The shop's bank account as tests configure it (the BANK_ settings: docs/decisions/045-bank-transfer.md). */
export const TEST_BANK_ENV = { BANK_BSB: '062 000', BANK_ACCOUNT_NUMBER: '1234 5678', BANK_ACCOUNT_NAME: 'UniDrone Robotics Pty Ltd' }

/** A survey firm's delivery step (Toowong QLD, its company and ABN, a purchase order), paying by bank transfer unless a test says otherwise. */
export function surveyFirmDetails(overrides: Partial<z.input<typeof deliveryDetailsSchema>> = {}) {
  return deliveryDetailsSchema.parse({
    fullName: 'Sam Surveyor',
    email: 'accounts@survey.example',
    phone: '07 3000 1234',
    company: 'Survey Co Pty Ltd',
    abn: '51 824 753 556',
    shippingMethod: 'standard',
    collect: false,
    addressLine1: '5 Theodolite St',
    addressLine2: '',
    suburb: 'Toowong',
    state: 'QLD',
    postcode: '4066',
    purchaseOrder: 'PO-4471',
    payment: 'bank-transfer',
    ...overrides,
  })
}

/** A product to insert: `onHand` units (null: not tracked) at `priceCents`, GST inclusive. */
export function testProductRow(id: string, onHand: number | null, priceCents: number, options: { category?: string; priceId?: string; name?: string } = {}) {
  return {
    id,
    productName: options.name ?? `Test ${id}`,
    STUPID: id,
    productCategory: options.category ?? 'test',
    productPrices: [{ value: priceCents, label: 'Price (inc. GST)', description: options.priceId ?? '' }],
    productWeightGrams: 500,
    productStockOnHand: onHand,
  }
}

/** One unit (or `quantity`) of a catalogue product as a priced order line, at its shown price. */
export async function catalogueLine(db: Database, productId: string, quantity = 1): Promise<PricedLine> {
  const product = (await getProduct(db, productId))!
  const price = product.productPrices[0]!.value
  return {
    productId,
    productName: product.productName,
    image: '',
    priceId: '',
    unitPriceCents: price,
    quantity,
    lineTotalCents: price * quantity,
    gstCents: Math.round((price * quantity) / 11),
    weightGrams: 0,
    containsLithium: false,
  }
}
