import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { gstIncluded } from '../../app/lib/money'
import { deliveryDetailsSchema } from '../../app/lib/schemas/delivery'
import type { ShippingMethod } from '../../app/lib/delivery/shipping'
import { abandonPayments, expireLapsedReservations, RESERVATION_GRACE_MINUTES, startCheckout } from '../../app/server/checkout/checkout.server'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { createPendingOrder, getOrder, priceCart, type CheckoutRequestItem } from '../../app/server/checkout/orders.server'
import type { PaymentEvent } from '../../app/server/checkout/payments/provider'
import { stripeEventToPaymentEvent } from '../../app/server/checkout/payments/stripe.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import * as schema from '../../app/server/db/schema'
import { products, shippingMethods } from '../../app/server/db/schema'
import { listActiveShippingMethods } from '../../app/server/delivery/shipping-methods.server'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { OutOfStockError } from '../../app/server/stock/stock.server'
import { claimCheckout, keepCart, releaseCheckout } from '../../app/server/checkout/drafts.server'
import { getEditableProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { documentTimeline, restoreVersion } from '../../app/server/history/history.server'
import { checkoutSessionEvent, signedWebhook, startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { testDatabaseKinds } from '../support/databases'
import { overlappingDatabase } from '../support/overlapping'
import { routeContext } from '../support/route-context'
import { loader as deliveryLoader } from '../../app/routes/checkout.delivery'

const ORIGIN = 'http://localhost:3999'
const WEBHOOK_SECRET = 'whsec_test'
const MINUTE = 60_000
const DETAILS = deliveryDetailsSchema.parse({
  fullName: 'Pat Pilot',
  email: 'pat@example.com',
  phone: '0412 345 678',
  company: '',
  abn: '',
  shippingMethod: 'standard',
  collect: false,
  addressLine1: '1 Runway Rd',
  addressLine2: 'Hangar 4',
  suburb: 'Mascot',
  state: 'NSW',
  postcode: '2020',
})

describe.each(testDatabaseKinds())('delivery, stock and payments on $name', (kind) => {
  let database: DatabaseHandle
  let fake: FakeStripe
  let mailer: MailService
  let deps: { db: Database; config: Env; mailer: MailService }
  let standard: ShippingMethod
  let collect: ShippingMethod
  let checkouts = 0

  beforeAll(async () => {
    database = await kind.open()
    await database.db.insert(shippingMethods).values([
      { id: 'standard', name: 'Standard', kind: 'delivery', priceCents: 1500, freeOverCents: 20000, deliveryTime: '2–6 business days', position: 0 },
      { id: 'collect', name: 'Click & Collect', kind: 'collect', priceCents: 0, pickupAddress: '12 Hangar St, Mascot NSW 2020', position: 1 },
    ])
    ;[standard, collect] = (await listActiveShippingMethods(database.db)) as [ShippingMethod, ShippingMethod]
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
  // Every test leaves no reservation behind, so that the next one's sweeps see only their own orders.
  afterEach(async () => {
    await expireLapsedReservations(deps, new Date(Date.now() + 24 * 60 * MINUTE))
  })
  afterAll(async () => {
    await mailer?.stop()
    await fake?.close()
    await database?.close()
  })

  /** A product with `onHand` units (null: not tracked), sold at `priceCents` with price_data. */
  async function addProduct(id: string, onHand: number | null, options: { priceCents?: number; backorder?: boolean } = {}) {
    await database.db.insert(products).values({
      id,
      productName: `Test ${id}`,
      STUPID: `prod_${id.replace(/[^A-Za-z0-9]/g, '')}`,
      productCategory: 'test',
      productPrices: [{ value: options.priceCents ?? 5000, label: 'Price (inc. GST)', description: '' }],
      productWeightGrams: 500,
      productStockOnHand: onHand,
      productAllowBackorder: options.backorder ?? false,
    })
  }

  async function stockOf(id: string) {
    const [row] = await database.db.select({ onHand: products.productStockOnHand, reserved: products.stockReserved }).from(products).where(eq(products.id, id))
    return row!
  }

  /** The shopper pays for `items` from the delivery step, with Stripe: the order, its session and what Stripe was sent. */
  async function checkout(items: CheckoutRequestItem[], options: { method?: ShippingMethod; checkoutId?: string } = {}) {
    const checkoutId = options.checkoutId ?? `checkout-${++checkouts}`
    const method = options.method ?? standard
    const details = { ...DETAILS, shippingMethod: method.id, collect: method.kind === 'collect' }
    const result = await startCheckout(deps, { checkoutId, items, details, method, user: null, origin: ORIGIN })
    if (result.kind !== 'redirect') throw new Error(`checkout did not reach a payment page: ${JSON.stringify(result)}`)
    const order = (await getOrder(database.db, result.orderId))!
    const session = fake.sessions.get(order.providerSessionId!)!
    const [request] = fake.sessionRequests().filter((sent) => sent.body.metadata?.orderId === order.id)
    return { result, order, session, request: request!, checkoutId }
  }

  /** A webhook delivery as the route takes it: signed, verified and parsed, then fulfilled. */
  async function deliver(event: object) {
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET)
    const parsed = stripeEventToPaymentEvent(Stripe.webhooks.constructEvent(body, signature, WEBHOOK_SECRET))
    return applyPaymentEvent(deps, parsed!)
  }

  /** A moment just after the order's reservation lapsed. */
  const lapsedAfter = (order: { reservedUntil: Date | null }) => new Date(order.reservedUntil!.getTime() + 1000)
  const changes = (results: ({ changed: boolean } | number)[]) =>
    results.reduce<number>((sum, result) => sum + (typeof result === 'number' ? result : Number(result.changed)), 0)

  type Placed = Awaited<ReturnType<typeof checkout>>
  const scenarios: { name: string; status: 'paid' | 'failed' | 'expired'; settle(placed: Placed): Promise<void> }[] = [
    {
      name: 'paid (the event twice, racing the sweep)',
      status: 'paid',
      async settle({ order, session }) {
        const event = checkoutSessionEvent('checkout.session.completed', fake.completeSession(session.id))
        // Should the sweep win, the money still wins: the order is paid and takes its units once.
        const [first, second] = await Promise.all([deliver(event), deliver(event), expireLapsedReservations(deps, lapsedAfter(order))])
        expect(changes([first, second])).toBe(1)
        expect((await deliver(event)).changed).toBe(false)
      },
    },
    {
      name: 'declined (the failure twice at once, then again, then the sweep)',
      status: 'failed',
      async settle({ order, session }) {
        const event = checkoutSessionEvent('checkout.session.async_payment_failed', session, { status: 'complete', payment_status: 'unpaid' })
        expect(changes(await Promise.all([deliver(event), deliver(event)]))).toBe(1)
        expect(changes([await deliver(event), await expireLapsedReservations(deps, lapsedAfter(order))])).toBe(0)
      },
    },
    {
      name: 'cancelled (the shopper came back; twice at once, then Stripe’s own expiry event)',
      status: 'expired',
      async settle({ session, checkoutId }) {
        expect(changes(await Promise.all([abandonPayments(deps, checkoutId), abandonPayments(deps, checkoutId)]))).toBe(1)
        expect(fake.sessions.get(session.id)!.status).toBe('expired')
        expect((await deliver(checkoutSessionEvent('checkout.session.expired', session, { status: 'expired' }))).changed).toBe(false)
      },
    },
    {
      name: 'paid on a page the shopper then left (not closed: its payment settles it)',
      status: 'paid',
      async settle({ session, checkoutId }) {
        const paid = fake.completeSession(session.id)
        expect(await abandonPayments(deps, checkoutId)).toBe(0)
        expect(fake.sessions.get(session.id)!.status).toBe('complete')
        expect((await deliver(checkoutSessionEvent('checkout.session.completed', paid))).changed).toBe(true)
      },
    },
    {
      name: 'expired by Stripe (checkout.session.expired delivered twice at once, then again)',
      status: 'expired',
      async settle({ session }) {
        const event = checkoutSessionEvent('checkout.session.expired', session, { status: 'expired' })
        expect(changes(await Promise.all([deliver(event), deliver(event)]))).toBe(1)
        expect((await deliver(event)).changed).toBe(false)
      },
    },
    {
      name: 'abandoned and lapsed (two sweeps at once racing Stripe’s expiry event, then another sweep)',
      status: 'expired',
      async settle({ order, session }) {
        const event = checkoutSessionEvent('checkout.session.expired', session, { status: 'expired' })
        const at = lapsedAfter(order)
        expect(changes(await Promise.all([expireLapsedReservations(deps, at), expireLapsedReservations(deps, at), deliver(event)]))).toBe(1)
        expect(await expireLapsedReservations(deps, at)).toBe(0)
      },
    },
  ]

  it.each(scenarios.map((scenario, index) => ({ ...scenario, index })))('$name: reserved once, settled once', async ({ status, settle, index }) => {
    const id = `scenario-${index}`
    await addProduct(id, 5)
    const placed = await checkout([{ FBUID: id, productCount: 2 }])
    expect(placed.order).toMatchObject({ status: 'pending', stockState: 'reserved' })
    expect(await stockOf(id)).toEqual({ onHand: 5, reserved: 2 })

    await settle(placed)

    expect(await getOrder(database.db, placed.order.id)).toMatchObject({ status, stockState: status === 'paid' ? 'sold' : 'released' })
    expect(await stockOf(id)).toEqual(status === 'paid' ? { onHand: 3, reserved: 0 } : { onHand: 5, reserved: 0 })
  })

  it('20 buyers racing for the last 3 units: 3 orders, 17 told it sold out, and never fewer than none on the shelf', async () => {
    const BUYERS = 20
    await addProduct('race-drone', 3)
    const priced = await priceCart(database.db, [{ FBUID: 'race-drone', productCount: 1 }])
    // On PostgreSQL every buyer gets a connection of their own, so the transactions really overlap.
    const { db, pool } = await overlappingDatabase(kind, database, BUYERS)
    try {
      const reserveUntil = new Date(Date.now() + 35 * MINUTE)
      const results = await Promise.allSettled(
        Array.from({ length: BUYERS }, (_, buyer) =>
          createPendingOrder(db, { lines: priced.lines, email: `buyer${buyer}@example.com`, userId: null, provider: 'stripe', updatedBy: null, reserveUntil }),
        ),
      )
      if (pool) expect(pool.totalCount).toBeGreaterThan(1)
      const orders = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
      expect(orders).toHaveLength(3)
      expect(refusals).toHaveLength(BUYERS - 3)
      for (const refusal of refusals) {
        expect(refusal).toBeInstanceOf(OutOfStockError)
        expect((refusal as OutOfStockError).shortages).toEqual([{ productId: 'race-drone', productName: 'Test race-drone', available: 0 }])
      }
      expect(await stockOf('race-drone')).toEqual({ onHand: 3, reserved: 3 })
      expect(await database.db.$count(schema.orderLines, eq(schema.orderLines.productId, 'race-drone'))).toBe(3)

      const paid = (orderId: string): PaymentEvent => ({
        eventId: `paid:${orderId}`,
        type: 'test.paid',
        orderId,
        sessionId: null,
        outcome: 'paid',
        paymentReference: null,
        email: null,
      })
      const raced = { ...deps, db }
      await Promise.all(orders.flatMap((order) => [applyPaymentEvent(raced, paid(order.id)), applyPaymentEvent(raced, paid(order.id))]))
      expect(await stockOf('race-drone')).toEqual({ onHand: 0, reserved: 0 })
      await expect(
        createPendingOrder(db, { lines: priced.lines, email: null, userId: null, provider: 'stripe', updatedBy: null, reserveUntil }),
      ).rejects.toThrow(OutOfStockError)
      expect(await stockOf('race-drone')).toEqual({ onHand: 0, reserved: 0 })
    } finally {
      await pool?.end()
    }
  })

  it('a product that allows backorders is reserved beyond its stock, and one whose stock is not tracked always', async () => {
    await addProduct('backorder-gimbal', 1, { backorder: true })
    await addProduct('untracked-cable', null)
    const reserveUntil = new Date(Date.now() + 35 * MINUTE)
    const place = async (items: CheckoutRequestItem[]) => {
      const priced = await priceCart(database.db, items)
      expect(priced.problems).toEqual([])
      return createPendingOrder(database.db, { lines: priced.lines, email: null, userId: null, provider: 'stripe', updatedBy: null, reserveUntil })
    }
    const first = await place([
      { FBUID: 'backorder-gimbal', productCount: 3 },
      { FBUID: 'untracked-cable', productCount: 10 },
    ])
    const second = await place([
      { FBUID: 'backorder-gimbal', productCount: 2 },
      { FBUID: 'untracked-cable', productCount: 10 },
    ])
    expect(await stockOf('backorder-gimbal')).toEqual({ onHand: 1, reserved: 5 })
    expect(await stockOf('untracked-cable')).toEqual({ onHand: null, reserved: 0 })

    const event = (orderId: string, outcome: 'paid' | 'expired'): PaymentEvent => ({
      eventId: `${outcome}:${orderId}`,
      type: `test.${outcome}`,
      orderId,
      sessionId: null,
      outcome,
      paymentReference: null,
      email: null,
    })
    await applyPaymentEvent(deps, event(first.id, 'paid'))
    await applyPaymentEvent(deps, event(second.id, 'expired'))
    // Sold on backorder: the shelf owes two.
    expect(await stockOf('backorder-gimbal')).toEqual({ onHand: -2, reserved: 0 })
    expect(await stockOf('untracked-cable')).toEqual({ onHand: null, reserved: 0 })
  })

  it('startCheckout opens a Stripe session with the shipping the server priced, the customer and the address, and stores the same totals', async () => {
    await addProduct('kit-small', 10, { priceCents: 5000 })
    const { result, order, session, request } = await checkout([{ FBUID: 'kit-small', productCount: 2 }])
    expect(result.url).toBe(`${fake.url}/pay/${session.id}`)
    expect(request.body.shipping_options).toEqual([
      { shipping_rate_data: { type: 'fixed_amount', display_name: 'Standard', fixed_amount: { amount: '1500', currency: 'aud' }, tax_behavior: 'inclusive' } },
    ])
    expect(request.body.customer_email).toBe('pat@example.com')
    expect(request.body.payment_intent_data).toEqual({
      metadata: { orderId: order.id },
      shipping: {
        name: 'Pat Pilot',
        phone: '0412 345 678',
        address: { line1: '1 Runway Rd', line2: 'Hangar 4', city: 'Mascot', state: 'NSW', postal_code: '2020', country: 'AU' },
      },
    })
    expect(order).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      customerName: 'Pat Pilot',
      phone: '0412 345 678',
      shippingMethodId: 'standard',
      shippingMethodName: 'Standard',
      collect: false,
      addressLine1: '1 Runway Rd',
      addressLine2: 'Hangar 4',
      suburb: 'Mascot',
      state: 'NSW',
      postcode: '2020',
      shippingCents: 1500,
      totalCents: 10000 + 1500,
      gstCents: gstIncluded(11500),
      stockState: 'reserved',
    })
    // Stripe charges what the order says, and its page closes before the reservation lapses.
    expect(session.amount_total).toBe(order.totalCents)
    expect(Number(request.body.expires_at)).toBe(Math.floor((order.reservedUntil!.getTime() - RESERVATION_GRACE_MINUTES * MINUTE) / 1000))
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60)
  })

  it('ships free over the threshold, and Click & Collect sends no address', async () => {
    await addProduct('kit-big', 10, { priceCents: 25000 })
    const free = await checkout([{ FBUID: 'kit-big', productCount: 1 }])
    expect(free.request.body.shipping_options[0].shipping_rate_data).toMatchObject({ display_name: 'Standard', fixed_amount: { amount: '0' } })
    expect(free.order).toMatchObject({ shippingCents: 0, totalCents: 25000, gstCents: gstIncluded(25000) })

    const collected = await checkout([{ FBUID: 'kit-big', productCount: 1 }], { method: collect })
    expect(collected.request.body.shipping_options[0].shipping_rate_data).toMatchObject({ display_name: 'Click & Collect', fixed_amount: { amount: '0' } })
    expect(collected.request.body.payment_intent_data).toEqual({ metadata: { orderId: collected.order.id } })
    expect(collected.order).toMatchObject({
      collect: true,
      pickupAddress: '12 Hangar St, Mascot NSW 2020',
      addressLine1: '',
      suburb: '',
      postcode: '',
      shippingCents: 0,
    })
    expect(await stockOf('kit-big')).toEqual({ onHand: 10, reserved: 2 })
  })

  it('paying again from the same checkout closes the earlier page first, so its reservation never stands in the way', async () => {
    await addProduct('last-two', 2)
    const earlier = await checkout([{ FBUID: 'last-two', productCount: 2 }])
    const again = await checkout([{ FBUID: 'last-two', productCount: 2 }], { checkoutId: earlier.checkoutId })
    expect(fake.sessions.get(earlier.session.id)!.status).toBe('expired')
    expect(await getOrder(database.db, earlier.order.id)).toMatchObject({ status: 'expired', stockState: 'released' })
    expect(again.order).toMatchObject({ status: 'pending', stockState: 'reserved' })
    expect(await stockOf('last-two')).toEqual({ onHand: 2, reserved: 2 })
  })

  it('a payment page Stripe refuses to open gives the reservation back at once', async () => {
    await addProduct('refused', 4)
    fake.failNext(400)
    const result = await startCheckout(deps, {
      checkoutId: 'refused',
      items: [{ FBUID: 'refused', productCount: 3 }],
      details: DETAILS,
      method: standard,
      user: null,
      origin: ORIGIN,
    })
    expect(result).toMatchObject({ kind: 'error' })
    expect(await stockOf('refused')).toEqual({ onHand: 4, reserved: 0 })
  })

  it('a product renamed while a payment holds its stock: the payment settles against the renamed product', async () => {
    await addProduct('renamed-lens', 3)
    const { session } = await checkout([{ FBUID: 'renamed-lens', productCount: 2 }])
    expect(await stockOf('renamed-lens')).toEqual({ onHand: 3, reserved: 2 })
    const editable = (await getEditableProduct(database.db, 'renamed-lens'))!
    const { FBUID, ...fields } = editable.product
    await updateProduct(database.db, FBUID, editable.version, { ...fields, productName: 'Renamed Lens Pro' }, 'staff@example.com')
    expect(await stockOf('renamed-lens-pro')).toEqual({ onHand: 3, reserved: 2 })
    await deliver(checkoutSessionEvent('checkout.session.completed', fake.completeSession(session.id)))
    expect(await stockOf('renamed-lens-pro')).toEqual({ onHand: 1, reserved: 0 })
  })

  it('restoring an older version of a product keeps the stock on hand as it is now', async () => {
    await addProduct('restored-lens', 5)
    const editable = (await getEditableProduct(database.db, 'restored-lens'))!
    const { FBUID, ...fields } = editable.product
    // A version from before the sale (named so that its id stays), with 5 on hand.
    await updateProduct(
      database.db,
      FBUID,
      editable.version,
      { ...fields, productName: 'Restored Lens', productCategory: 'cameras', productFeatures: [{ value: '', label: 'New coating', description: '' }] },
      'staff@example.com',
    )
    const { session } = await checkout([{ FBUID: 'restored-lens', productCount: 2 }])
    await deliver(checkoutSessionEvent('checkout.session.completed', fake.completeSession(session.id)))
    const [first] = await documentTimeline(database.db, 'products', 'restored-lens').then((versions) => versions.slice(-1))
    await restoreVersion(database.db, first!.id, 'staff@example.com')
    expect(await stockOf('restored-lens')).toEqual({ onHand: 3, reserved: 0 })
  })

  it('a product whose stock stops or starts being tracked while payments are open: each order gives back exactly what it held', async () => {
    await addProduct('switching-gimbal', 4)
    const held = await checkout([{ FBUID: 'switching-gimbal', productCount: 2 }])
    // Staff stop tracking it while the payment is open, then track it again with 4 on hand.
    await database.db.update(products).set({ productStockOnHand: null }).where(eq(products.id, 'switching-gimbal'))
    const untracked = await checkout([{ FBUID: 'switching-gimbal', productCount: 3 }])
    await database.db.update(products).set({ productStockOnHand: 4 }).where(eq(products.id, 'switching-gimbal'))
    expect(await stockOf('switching-gimbal')).toEqual({ onHand: 4, reserved: 2 })
    // The order made while untracked held nothing and gives nothing back; the first gives back its 2.
    await deliver(checkoutSessionEvent('checkout.session.expired', untracked.session, { status: 'expired' }))
    expect(await stockOf('switching-gimbal')).toEqual({ onHand: 4, reserved: 2 })
    await deliver(checkoutSessionEvent('checkout.session.expired', held.session, { status: 'expired' }))
    expect(await stockOf('switching-gimbal')).toEqual({ onHand: 4, reserved: 0 })
  })

  it('coming back from the payment page cancels it only by the address that page was given: a bare or another checkout’s link (another site’s) changes nothing', async () => {
    await addProduct('left-page', 5)
    const items = [{ FBUID: 'left-page', productCount: 2 }]
    const [mine, theirs] = await Promise.all([
      keepCart(database.db, { id: null, items, userId: null }),
      keepCart(database.db, { id: null, items, userId: null }),
    ])
    const placed = await checkout(items, { checkoutId: mine })
    const other = await checkout(items, { checkoutId: theirs })
    const returnTo = (url: string, checkoutId: string) =>
      deliveryLoader({
        request: new Request(new URL(url, ORIGIN), { headers: { cookie: `checkout=${checkoutId}` } }),
        context: routeContext(database, deps.config, mailer),
        params: {},
      } as never)
    const stillOpen = async () => {
      expect(await getOrder(database.db, placed.order.id)).toMatchObject({ status: 'pending', stockState: 'reserved' })
      expect(fake.sessions.get(placed.session.id)!.status).toBe('open')
      expect(await stockOf('left-page')).toEqual({ onHand: 5, reserved: 4 })
    }

    // What another site can make the shopper's browser ask for, their cookie and all.
    for (const forged of [
      '/checkout/delivery?payment=cancelled',
      '/checkout/delivery?payment=declined',
      `/checkout/delivery?payment=cancelled&return=${'A'.repeat(43)}`,
    ]) {
      const answer = (await returnTo(forged, mine)) as { notice: string | null }
      await stillOpen()
      expect(answer.notice ?? '', forged).not.toMatch(/You left the payment page/)
    }
    // Another shopper's own return address is no key to this checkout.
    await returnTo(other.session.cancel_url, mine)
    await stillOpen()

    // The shopper's own way back, as Stripe sends them: the page closes and its units go back.
    expect(new URL(placed.session.cancel_url).pathname).toBe('/checkout/delivery')
    const answer = (await returnTo(placed.session.cancel_url, mine)) as { notice: string | null }
    expect(answer.notice).toMatch(/You left the payment page, so nothing was charged/)
    expect(await getOrder(database.db, placed.order.id)).toMatchObject({ status: 'expired', stockState: 'released' })
    expect(fake.sessions.get(placed.session.id)!.status).toBe('expired')
    expect(await stockOf('left-page')).toEqual({ onHand: 5, reserved: 2 })
    expect(await getOrder(database.db, other.order.id)).toMatchObject({ status: 'pending', stockState: 'reserved' })
  })

  it('one press of Pay at a time per checkout: a double click opens no second payment page', async () => {
    const id = await keepCart(database.db, { id: null, items: [{ FBUID: 'anything', productCount: 1 }], userId: null })
    const claims = await Promise.all([claimCheckout(database.db, id), claimCheckout(database.db, id)])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await claimCheckout(database.db, id)).toBe(false)
    await releaseCheckout(database.db, id)
    expect(await claimCheckout(database.db, id)).toBe(true)
  })
})
