import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gstIncluded } from '../../app/lib/money'
import { periodOf, type Promotion } from '../../app/lib/promotions'
import { deliveryDetailsSchema } from '../../app/lib/schemas/delivery'
import type { ShippingMethod } from '../../app/lib/delivery/shipping'
import { expireLapsedReservations, startCheckout } from '../../app/server/checkout/checkout.server'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { getOrder, type CheckoutRequestItem } from '../../app/server/checkout/orders.server'
import { stripeEventToPaymentEvent } from '../../app/server/checkout/payments/stripe.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { orderDiscounts, products, promotions, shippingMethods } from '../../app/server/db/schema'
import { listActiveShippingMethods } from '../../app/server/delivery/shipping-methods.server'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { codeUsage } from '../../app/server/promotions/pricing.server'
import { checkoutSessionEvent, signedWebhook, startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { testDatabaseKinds } from '../support/databases'

const ORIGIN = 'http://localhost:3999'
const WEBHOOK_SECRET = 'whsec_test'

const details = (email: string, method = 'standard') =>
  deliveryDetailsSchema.parse({
    fullName: 'Pat Pilot',
    email,
    phone: '0412 345 678',
    company: '',
    abn: '',
    shippingMethod: method,
    collect: false,
    addressLine1: '1 Runway Rd',
    addressLine2: '',
    suburb: 'Mascot',
    state: 'NSW',
    postcode: '2020',
  })

describe.each(testDatabaseKinds())('promotions at checkout on $name', (kind) => {
  let database: DatabaseHandle
  let fake: FakeStripe
  let mailer: MailService
  let deps: { db: Database; config: Env; mailer: MailService }
  let standard: ShippingMethod
  let checkouts = 0

  beforeAll(async () => {
    database = await kind.open()
    await database.db.insert(shippingMethods).values([
      { id: 'standard', name: 'Standard', kind: 'delivery', priceCents: 1500, deliveryTime: '2–6 business days', position: 0 },
      { id: 'express', name: 'Express', kind: 'delivery', priceCents: 2500, deliveryTime: '1–2 business days', position: 1 },
    ])
    ;[standard] = (await listActiveShippingMethods(database.db)) as [ShippingMethod]
    fake = await startFakeStripe()
    const config = parseEnv({
      PORT: '3999',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    })
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    deps = { db: database.db, config, mailer }
  })
  afterAll(async () => {
    await mailer?.stop()
    await fake?.close()
    await database?.close()
  })

  async function addProduct(id: string, category: string, priceCents: number, onHand: number | null = null) {
    await database.db.insert(products).values({
      id,
      productName: `Test ${id}`,
      STUPID: `prod_${id.replace(/[^A-Za-z0-9]/g, '')}`,
      productCategory: category,
      productPrices: [{ value: priceCents, label: 'Price (inc. GST)', description: '' }],
      productWeightGrams: 500,
      productStockOnHand: onHand,
    })
  }

  async function addPromotion(promotion: Partial<Promotion> & Pick<Promotion, 'id' | 'kind' | 'name' | 'benefit'>) {
    await database.db.insert(promotions).values({ code: null, percentBp: null, amountCents: null, ...promotion })
  }

  const pay = (items: CheckoutRequestItem[], code: string | null, email: string, method = standard) =>
    startCheckout(deps, {
      checkoutId: `promo-checkout-${++checkouts}`,
      items,
      code,
      details: details(email, method.id),
      method,
      methodNames: { standard: 'Standard', express: 'Express' },
      user: null,
      origin: ORIGIN,
    })

  async function deliver(event: object) {
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET)
    return applyPaymentEvent(deps, stripeEventToPaymentEvent(Stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET))!)
  }

  it('prices a code on the lines it covers: each line keeps its discounted amount, GST is one eleventh of the discounted total, and Stripe charges that total', async () => {
    await addProduct('gst-camera', 'Cameras', 449_900)
    await addProduct('gst-prop', 'Propulsion', 3_333)
    await addPromotion({ id: 'gst-code', kind: 'code', code: 'CAMS15', name: '15 % off cameras', benefit: 'percent', percentBp: 1500, categories: ['Cameras'] })
    const result = await pay(
      [
        { FBUID: 'gst-camera', productCount: 2 },
        { FBUID: 'gst-prop', productCount: 3 },
      ],
      'cams15',
      'gst@example.com',
    )
    if (result.kind !== 'redirect') throw new Error(JSON.stringify(result))
    const order = (await getOrder(database.db, result.orderId))!
    // 15 % of $8,998.00 is $1,349.70, all on the cameras; the propellers and shipping are as they were.
    expect(order.lines.map((line) => ({ discount: line.discountCents, total: line.lineTotalCents, gst: line.gstCents }))).toEqual([
      { discount: 134_970, total: 899_800 - 134_970, gst: gstIncluded(899_800 - 134_970) },
      { discount: 0, total: 9_999, gst: gstIncluded(9_999) },
    ])
    expect(order).toMatchObject({ discountCents: 134_970, shippingCents: 1_500, totalCents: 899_800 - 134_970 + 9_999 + 1_500 })
    expect(order.gstCents).toBe(gstIncluded(order.totalCents))
    expect(order.discounts).toEqual([expect.objectContaining({ promotionId: 'gst-code', code: 'CAMS15', label: 'Code CAMS15', amountCents: 134_970 })])
    // The payment page charges the order's total to the cent: the lines less a one-use coupon of the discount.
    const session = fake.sessions.get(order.providerSessionId!)!
    expect(session.amount_total).toBe(order.totalCents)
    expect(session.total_details.amount_discount).toBe(134_970)
  })

  it('free shipping with one method: the shipping is charged at nothing, and the discount is kept as the shipping’s', async () => {
    await addProduct('ship-item', 'Parts', 5_000)
    await addPromotion({
      id: 'ship-code',
      kind: 'code',
      code: 'SHIPFREE',
      name: 'Free standard shipping',
      benefit: 'free-shipping',
      shippingMethodId: 'standard',
    })
    const express = (await listActiveShippingMethods(database.db)).find((method) => method.id === 'express')!
    const refused = await pay([{ FBUID: 'ship-item', productCount: 1 }], 'SHIPFREE', 'ship@example.com', express)
    expect(refused).toEqual({
      kind: 'refused',
      message: 'Code SHIPFREE: This code gives free shipping with Standard. Choose it to use the code. Remove the code to order without it.',
    })
    const result = await pay([{ FBUID: 'ship-item', productCount: 1 }], 'SHIPFREE', 'ship@example.com')
    if (result.kind !== 'redirect') throw new Error(JSON.stringify(result))
    const order = (await getOrder(database.db, result.orderId))!
    expect(order).toMatchObject({ shippingCents: 0, shippingDiscountCents: 1_500, discountCents: 1_500, totalCents: 5_000 })
    expect(fake.sessions.get(order.providerSessionId!)!.amount_total).toBe(5_000)
  })

  it('a code limited to 5 uses, with 20 checkouts at once from 20 shoppers: 5 orders use it, and 5 paid uses are counted', async () => {
    await addProduct('limited-item', 'Parts', 10_000)
    await addPromotion({ id: 'five', kind: 'code', code: 'FIVE', name: '$10 off', benefit: 'amount', amountCents: 1_000, usageLimit: 5 })
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => pay([{ FBUID: 'limited-item', productCount: 1 }], 'five', `shopper-${index}@example.com`)),
    )
    const placed = results.filter((result) => result.kind === 'redirect')
    expect(placed).toHaveLength(5)
    const refused = results.filter((result) => result.kind === 'refused')
    expect(refused).toHaveLength(15)
    expect(refused[0]).toMatchObject({ message: expect.stringContaining('This code has been used as many times as it can be.') })
    for (const result of placed) {
      const order = (await getOrder(database.db, result.orderId))!
      await deliver(checkoutSessionEvent('checkout.session.completed', fake.completeSession(order.providerSessionId!)))
      expect((await getOrder(database.db, result.orderId))!.status).toBe('paid')
    }
    expect(await codeUsage(database.db, 'five', null)).toEqual({ uses: 5, usesByEmail: 0 })
    expect(await database.db.select().from(orderDiscounts).where(eq(orderDiscounts.promotionId, 'five'))).toHaveLength(5)
  })

  it('a payment that expires gives its use back, once, and the next shopper can use the code', async () => {
    await addProduct('once-item', 'Parts', 10_000)
    await addPromotion({ id: 'once', kind: 'code', code: 'ONCE', name: '10 % off', benefit: 'percent', percentBp: 1000, usageLimit: 1 })
    const first = await pay([{ FBUID: 'once-item', productCount: 1 }], 'ONCE', 'first@example.com')
    if (first.kind !== 'redirect') throw new Error(JSON.stringify(first))
    expect(await pay([{ FBUID: 'once-item', productCount: 1 }], 'ONCE', 'second@example.com')).toMatchObject({ kind: 'refused' })
    const order = (await getOrder(database.db, first.orderId))!
    const expired = checkoutSessionEvent('checkout.session.expired', fake.sessions.get(order.providerSessionId!)!, { status: 'expired' })
    // Stripe's expiry twice at once, racing the shop's own sweep (which may also end earlier tests' open pages).
    const [one, two] = await Promise.all([deliver(expired), deliver(expired), expireLapsedReservations(deps, new Date(order.reservedUntil!.getTime() + 1000))])
    expect(Number(one.changed) + Number(two.changed)).toBeLessThanOrEqual(1)
    expect((await getOrder(database.db, order.id))!.status).toBe('expired')
    expect(await codeUsage(database.db, 'once', null)).toEqual({ uses: 0, usesByEmail: 0 })
    const second = await pay([{ FBUID: 'once-item', productCount: 1 }], 'ONCE', 'second@example.com')
    expect(second.kind).toBe('redirect')
    expect(await codeUsage(database.db, 'once', 'SECOND@example.com')).toEqual({ uses: 1, usesByEmail: 1 })
  })

  it('a code once per customer is refused to the same e-mail, whatever its case, and a paused or ended one to anyone', async () => {
    await addProduct('each-item', 'Parts', 10_000)
    await addPromotion({ id: 'each', kind: 'code', code: 'WELCOME', name: '$5 off', benefit: 'amount', amountCents: 500, perCustomerLimit: 1 })
    expect((await pay([{ FBUID: 'each-item', productCount: 1 }], 'welcome', 'pat@example.com')).kind).toBe('redirect')
    expect(await pay([{ FBUID: 'each-item', productCount: 1 }], 'WELCOME', 'PAT@example.com')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('This code can be used once per customer, and you have used it.'),
    })
    await addPromotion({
      id: 'ended',
      kind: 'code',
      code: 'ENDED',
      name: '$5 off',
      benefit: 'amount',
      amountCents: 500,
      ...periodOf('2026-01-01', '2026-01-31'),
    })
    expect(await pay([{ FBUID: 'each-item', productCount: 1 }], 'ENDED', 'pat@example.com')).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('This code ended on 31 January.'),
    })
  })

  it('the E900 kit offer applies by itself to a drone with two batteries, and the payment page charges the order’s total', async () => {
    await addProduct('kit-drone', 'Drones', 1_299_900)
    await addProduct('kit-battery', 'Batteries', 12_900)
    await addPromotion({
      id: 'kit',
      kind: 'offer',
      name: 'E900 flight kit',
      benefit: 'percent',
      percentBp: 500,
      kit: [
        { productId: 'kit-drone', quantity: 1 },
        { productId: 'kit-battery', quantity: 2 },
      ],
    })
    const items = [
      { FBUID: 'kit-drone', productCount: 1 },
      { FBUID: 'kit-battery', productCount: 2 },
    ]
    const result = await pay(items, null, 'kit@example.com')
    if (result.kind !== 'redirect') throw new Error(JSON.stringify(result))
    const order = (await getOrder(database.db, result.orderId))!
    // 5 % of $13,257.00, by itself, without a code.
    expect(order.discounts).toEqual([expect.objectContaining({ kind: 'offer', label: 'E900 flight kit', amountCents: 66_285 })])
    expect(order.lines.reduce((sum, line) => sum + line.discountCents, 0)).toBe(66_285)
    expect(fake.sessions.get(order.providerSessionId!)!.amount_total).toBe(order.totalCents)
  })
})
