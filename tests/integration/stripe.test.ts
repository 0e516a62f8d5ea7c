import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action, loader } from '../../app/routes/api.stripe.webhook'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { createPendingOrder, getOrder, priceCart, attachPaymentSession, type CheckoutRequestItem } from '../../app/server/checkout/orders.server'
import { PaymentProviderError, type PaymentSessionRequest } from '../../app/server/checkout/payments/provider'
import { createStripeClient, createStripeProvider, PROVIDER_UNREACHABLE } from '../../app/server/checkout/payments/stripe.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history, paymentEvents, products } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { listOutbox } from '../support/outbox'
import { checkoutSessionEvent, signedWebhook, startFakeStripe, type FakeSession, type FakeStripe } from '../fakes/stripe'
import { testDatabaseKinds } from '../support/databases'
import { routeContext } from '../support/route-context'

const ORIGIN = 'http://localhost:3999'
const WEBHOOK_SECRET = 'whsec_test'

describe.each(testDatabaseKinds())('Stripe payments on $name', (kind) => {
  let database: DatabaseHandle
  let fake: FakeStripe
  let config: Env
  let mail: MailService
  let context: RouterContextProvider

  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
    // One product has a Stripe price id in its price entry; the others are sold with price_data.
    await database.db
      .update(products)
      .set({ productPrices: [{ value: 84900, label: 'Price (inc. GST)', description: 'price_1UniPilotX7Pro' }] })
      .where(eq(products.id, 'unipilot-x7-pro'))
    fake = await startFakeStripe()
    config = parseEnv({
      PORT: '3999',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    })
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    context = contextFor(config)
  })
  afterAll(async () => {
    await mail?.stop()
    await fake?.close()
    await database?.close()
  })

  const contextFor = (shopConfig: Env, mailer: MailService = mail) => routeContext(database, shopConfig, mailer)

  const provider = () => createStripeProvider(createStripeClient(config))

  const POSTED = {
    shipping: { name: 'Standard', amountCents: 1500 },
    customer: { name: 'Pat Pilot', phone: '0412 345 678', address: { line1: '1 Runway Rd', line2: '', suburb: 'Mascot', state: 'NSW', postcode: '2020' } },
  }
  const COLLECTED = { shipping: { name: 'Click & Collect', amountCents: 0 }, customer: { name: 'Gus Guest', phone: '0298765432', address: null } }

  /** What the checkout does: price from the database, store a pending order, open its Stripe session. */
  async function placeOrder(
    items: CheckoutRequestItem[],
    email: string | null = 'pilot@example.com',
    delivery: typeof POSTED | typeof COLLECTED = POSTED,
    extra: Partial<PaymentSessionRequest> = {},
  ) {
    const priced = await priceCart(database.db, items)
    const order = await createPendingOrder(database.db, { lines: priced.lines, email, userId: null, provider: 'stripe', updatedBy: email })
    const request: PaymentSessionRequest = {
      orderId: order.id,
      email,
      lines: priced.lines.map((line) => ({ name: line.productName, unitPriceCents: line.unitPriceCents, quantity: line.quantity, priceId: line.priceId })),
      ...delivery,
      expiresAt: new Date(Date.now() + 60 * 60_000),
      successUrl: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/checkout`,
      ...extra,
    }
    const created = await provider().createSession(request)
    await attachPaymentSession(database.db, order.id, created.id, email)
    return { priced, order, request, created, session: fake.sessions.get(created.id)! }
  }

  async function deliver(body: string, signature: string | null, routeContext = context) {
    const headers = new Headers({ 'content-type': 'application/json' })
    if (signature !== null) headers.set('stripe-signature', signature)
    const request = new Request(`${ORIGIN}/api/stripe/webhook`, { method: 'POST', headers, body })
    return action({ request, context: routeContext, url: new URL(request.url), params: {}, pattern: '/api/stripe/webhook' })
  }

  async function send(event: object, secret = WEBHOOK_SECRET) {
    const { body, signature } = signedWebhook(event, secret)
    return deliver(body, signature)
  }

  const invoicesFor = async (orderId: string) => (await listOutbox(database.db)).filter((message) => message.subject.includes(orderId))
  const eventsOf = (orderId: string) => database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId))
  const paid = (session: FakeSession, paymentIntent = `pi_test_${session.id.slice(-8)}`) => ({
    payment_status: 'paid' as const,
    status: 'complete' as const,
    payment_intent: paymentIntent,
  })

  it('opens a Checkout Session with the database prices, the price id where there is one, the order id, the shipping and the address', async () => {
    const {
      priced,
      order,
      request: sent,
      created,
      session,
    } = await placeOrder([
      { FBUID: 'unidrone-e900', productCount: 2, shownUnitPrice: 100 },
      { FBUID: 'unipilot-x7-pro', productCount: 1 },
    ])
    // The browser claimed 1.00 for the drone; the order and the session carry the stored price.
    expect(priced.problems).toEqual([expect.objectContaining({ productId: 'unidrone-e900', kind: 'repriced', unitPriceCents: 1299900 })])
    expect(order.totalCents).toBe(2 * 1299900 + 84900)

    const [request] = fake.sessionRequests().filter((sent) => sent.body.metadata?.orderId === order.id)
    expect(request!.authorization).toBe('Bearer sk_test_fake')
    expect(request!.idempotencyKey).toBe(`checkout-session-${order.id}`)
    expect(request!.body).toEqual({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'aud', unit_amount: '1299900', product_data: { name: 'UniDrone E900' } }, quantity: '2' },
        { price: 'price_1UniPilotX7Pro', quantity: '1' },
      ],
      // The shipping the server priced, GST inclusive like every price of the shop.
      shipping_options: [
        {
          shipping_rate_data: { type: 'fixed_amount', display_name: 'Standard', fixed_amount: { amount: '1500', currency: 'aud' }, tax_behavior: 'inclusive' },
        },
      ],
      expires_at: String(Math.floor(sent.expiresAt.getTime() / 1000)),
      success_url: `${ORIGIN}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/checkout`,
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      // No line2: an empty one is left out rather than sent blank.
      payment_intent_data: {
        metadata: { orderId: order.id },
        shipping: {
          name: 'Pat Pilot',
          phone: '0412 345 678',
          address: { line1: '1 Runway Rd', city: 'Mascot', state: 'NSW', postal_code: '2020', country: 'AU' },
        },
      },
      customer_email: 'pilot@example.com',
    })
    expect(JSON.stringify(request!.body)).not.toMatch(/"unit_amount":"100"/)
    expect(created).toEqual({ id: session.id, url: `${fake.url}/pay/${session.id}` })
    // The session charges that shipping and closes when asked.
    expect(session).toMatchObject({ status: 'open', expires_at: Math.floor(sent.expiresAt.getTime() / 1000), shipping_cost: { amount_total: 1500 } })
    expect(fake.shippingRates.get(session.shipping_options[0]!.shipping_rate)).toMatchObject({
      display_name: 'Standard',
      fixed_amount: { amount: 1500, currency: 'aud' },
      tax_behavior: 'inclusive',
    })
    expect((await getOrder(database.db, order.id))?.providerSessionId).toBe(session.id)
  })

  it('lets Stripe offer the payment methods turned on in its dashboard (no fixed list), and gives Afterpay and Zip the shipping address and the e-mail', async () => {
    const { order, session } = await placeOrder([{ FBUID: 'unipilot-x7-pro', productCount: 1 }])
    const [request] = fake.sessionRequests().filter((sent) => sent.body.metadata?.orderId === order.id)
    // Cards, wallets, Afterpay, Zip, PayTo: whichever the operator turned on, Stripe chooses.
    expect(request!.body).not.toHaveProperty('payment_method_types')
    expect(request!.body).not.toHaveProperty('excluded_payment_method_types')
    expect(request!.body).not.toHaveProperty('payment_method_configuration')
    expect(session.excluded_payment_method_types).toEqual([])
    // What Afterpay and Zip assess the purchase with: who receives it, where, and their e-mail.
    expect(request!.body.payment_intent_data.shipping).toEqual({
      name: 'Pat Pilot',
      phone: '0412 345 678',
      address: { line1: '1 Runway Rd', city: 'Mascot', state: 'NSW', postal_code: '2020', country: 'AU' },
    })
    expect(request!.body.customer_email).toBe('pilot@example.com')
    expect(session.customer_email).toBe('pilot@example.com')

    // A purchase they do not serve (a backorder, a business buyer) leaves those two out, and only those.
    const without = await placeOrder([{ FBUID: 'unipilot-x7-pro', productCount: 1 }], 'pilot@example.com', POSTED, { withoutPayLater: true })
    expect(without.session.excluded_payment_method_types).toEqual(['afterpay_clearpay', 'zip'])
    const [sent] = fake.sessionRequests().filter((candidate) => candidate.body.metadata?.orderId === without.order.id)
    expect(sent!.body).not.toHaveProperty('payment_method_types')
    expect(sent!.body.payment_intent_data.shipping.address).toMatchObject({ line1: '1 Runway Rd', postal_code: '2020', country: 'AU' })
  })

  it('asking again for the same order returns the same session (idempotency key), and a guest collecting gets no prefilled e-mail and no address', async () => {
    const { order, request, created } = await placeOrder([{ FBUID: 'unipilot-nano-h7', productCount: 3 }], null, COLLECTED)
    const sessionsBefore = fake.sessions.size
    const again = await provider().createSession({ ...request, lines: [{ name: 'UniPilot Nano H7', unitPriceCents: 22900, quantity: 3, priceId: '' }] })
    expect(again).toEqual(created)
    expect(fake.sessions.size).toBe(sessionsBefore)
    const requests = fake.sessionRequests().filter((sent) => sent.body.metadata?.orderId === order.id)
    expect(requests).toHaveLength(2)
    expect(requests.every((sent) => !('customer_email' in sent.body))).toBe(true)
    expect(requests[0]!.body.payment_intent_data).toEqual({ metadata: { orderId: order.id } })
    expect(requests[0]!.body.shipping_options[0].shipping_rate_data).toMatchObject({ display_name: 'Click & Collect', fixed_amount: { amount: '0' } })
    // Stripe refuses the same key with other parameters rather than open a second page.
    await expect(
      provider().createSession({ ...request, lines: [{ name: 'UniPilot Nano H7', unitPriceCents: 22900, quantity: 4, priceId: '' }] }),
    ).rejects.toThrow(PaymentProviderError)
    expect(fake.sessions.size).toBe(sessionsBefore)
  })

  it('closes an open payment page; a page already closed or paid is not open, and an unknown one is an error', async () => {
    const open = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    expect(await provider().expireSession(open.session.id)).toBe('expired')
    expect(fake.sessions.get(open.session.id)!.status).toBe('expired')
    expect(await provider().expireSession(open.session.id)).toBe('not-open')

    const paidFor = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    fake.completeSession(paidFor.session.id)
    expect(await provider().expireSession(paidFor.session.id)).toBe('not-open')
    expect(fake.sessions.get(paidFor.session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' })
    const expiries = fake.requests.filter((sent) => sent.method === 'POST' && sent.path.endsWith('/expire'))
    expect(expiries.map((sent) => sent.path)).toEqual([open, open, paidFor].map(({ session }) => `/v1/checkout/sessions/${session.id}/expire`))

    // A refusal other than "not open" is the provider's failure, not a closed page.
    fake.failNext(401)
    await expect(provider().expireSession('cs_test_unknown')).rejects.toThrow(PaymentProviderError)
  })

  it('Stripe refuses a payment page that would close in less than 30 minutes or more than 24 hours from its creation', async () => {
    for (const minutes of [29, 24 * 60 + 1]) {
      const orderId = `UD-EXPIRY${minutes}`
      const lines = [{ name: 'UniDrone E900', unitPriceCents: 1299900, quantity: 1, priceId: '' }]
      const request = {
        orderId,
        email: null,
        lines,
        ...POSTED,
        expiresAt: new Date(Date.now() + minutes * 60_000),
        successUrl: `${ORIGIN}/success`,
        cancelUrl: `${ORIGIN}/checkout`,
      }
      const error = await provider()
        .createSession(request)
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(PaymentProviderError)
      expect((error as Error).cause).toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' })
    }
  })

  it('a paid checkout.session.completed makes the order paid and queues one confirmation, linking its tax invoice', async () => {
    const { order, session } = await placeOrder([{ FBUID: 'unipilot-x7-pro', productCount: 1 }], null)
    const event = checkoutSessionEvent('checkout.session.completed', session, {
      ...paid(session, 'pi_test_first'),
      customer_details: { email: 'guest@example.com' },
    })
    const response = await send(event)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true })

    const stored = await getOrder(database.db, order.id)
    expect(stored).toMatchObject({ status: 'paid', paymentReference: 'pi_test_first', email: 'guest@example.com' })
    expect(stored!.paidAt).toBeInstanceOf(Date)
    const invoices = await invoicesFor(order.id)
    expect(invoices).toHaveLength(1)
    expect(invoices[0]).toMatchObject({ to: 'guest@example.com', status: 'kept' })
    expect(invoices[0]!.subject).toContain(`Order ${order.id} confirmed`)
    expect(invoices[0]!.text).toMatch(new RegExp(`Tax invoice for ${order.id}: ${ORIGIN}/track-order/[A-Za-z0-9_-]{32}/invoice`))
    expect(invoices[0]!.html).toContain('View your order')
    const rows = await database.db.select().from(history).where(eq(history.documentId, order.id))
    expect(rows.at(-1)).toMatchObject({ collection: 'orders', action: 'update', updatedBy: 'payment provider' })
    expect(rows.at(-1)!.document).toMatchObject({ status: 'paid' })

    // Stripe delivers the same event again, then a second completed event for the same session.
    const historyBefore = rows.length
    expect((await send(event)).status).toBe(200)
    const other = checkoutSessionEvent('checkout.session.completed', session, {
      ...paid(session, 'pi_test_other'),
      customer_details: { email: 'other@example.com' },
    })
    expect((await send(other)).status).toBe(200)
    const after = await getOrder(database.db, order.id)
    expect(after).toEqual(stored)
    expect(await invoicesFor(order.id)).toHaveLength(1)
    expect(await database.db.$count(history, eq(history.documentId, order.id))).toBe(historyBefore)
  })

  it('expired after paid leaves the order paid', async () => {
    const { order, session } = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    await send(checkoutSessionEvent('checkout.session.completed', session, paid(session)))
    expect((await send(checkoutSessionEvent('checkout.session.expired', session, { status: 'expired' }))).status).toBe(200)
    expect((await getOrder(database.db, order.id))?.status).toBe('paid')
    expect(await invoicesFor(order.id)).toHaveLength(1)
  })

  it('a completed session still processing its payment waits; async_payment_succeeded then pays it once', async () => {
    const { order, session } = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    const processing = checkoutSessionEvent('checkout.session.completed', session, {
      status: 'complete',
      payment_status: 'unpaid',
      payment_intent: 'pi_test_becs',
    })
    expect((await send(processing)).status).toBe(200)
    expect((await getOrder(database.db, order.id))?.status).toBe('pending')
    expect(await invoicesFor(order.id)).toHaveLength(0)

    const succeeded = checkoutSessionEvent('checkout.session.async_payment_succeeded', session, paid(session, 'pi_test_becs'))
    await send(succeeded)
    await send(checkoutSessionEvent('checkout.session.async_payment_succeeded', session, paid(session, 'pi_test_becs')))
    expect(await getOrder(database.db, order.id)).toMatchObject({ status: 'paid', paymentReference: 'pi_test_becs' })
    expect(await invoicesFor(order.id)).toHaveLength(1)
  })

  it('async_payment_failed fails a pending order, and expired ends one nobody paid; neither sends an invoice', async () => {
    const failing = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    await send(checkoutSessionEvent('checkout.session.async_payment_failed', failing.session, { status: 'complete', payment_status: 'unpaid' }))
    expect((await getOrder(database.db, failing.order.id))?.status).toBe('failed')

    const abandoned = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    await send(checkoutSessionEvent('checkout.session.expired', abandoned.session, { status: 'expired' }))
    expect((await getOrder(database.db, abandoned.order.id))?.status).toBe('expired')
    expect([...(await invoicesFor(failing.order.id)), ...(await invoicesFor(abandoned.order.id))]).toEqual([])
  })

  it('refuses a forged, tampered or missing signature with 400 and changes nothing', async () => {
    const { order, session } = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    const before = await getOrder(database.db, order.id)
    const event = checkoutSessionEvent('checkout.session.completed', session, paid(session))

    const forged = await send(event, 'whsec_attacker')
    expect(forged.status).toBe(400)
    expect(await forged.text()).toBe('Invalid signature')

    const genuine = signedWebhook(event, WEBHOOK_SECRET)
    const tampered = await deliver(genuine.body.replace(order.id, 'UD-SOMEONE'), genuine.signature)
    expect(tampered.status).toBe(400)

    const unsigned = await deliver(genuine.body, null)
    expect(unsigned.status).toBe(400)
    expect(await unsigned.text()).toMatch(/signature/i)

    expect(await getOrder(database.db, order.id)).toEqual(before)
    expect(await eventsOf(order.id)).toEqual([])
    expect(await invoicesFor(order.id)).toEqual([])
  })

  it('answers 200 to events it ignores and to events for an order it does not know, so Stripe stops retrying', async () => {
    const ignored = await send({
      id: 'evt_test_intent',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_test_x', object: 'payment_intent' } },
    })
    expect(ignored.status).toBe(200)
    const { session } = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    const stranger = { ...session, metadata: { orderId: 'UD-NOSUCHID' }, client_reference_id: 'UD-NOSUCHID' }
    const unknown = await send(checkoutSessionEvent('checkout.session.completed', stranger, paid(session)))
    expect(unknown.status).toBe(200)
    expect(await getOrder(database.db, 'UD-NOSUCHID')).toBeNull()
    expect(await invoicesFor('UD-NOSUCHID')).toEqual([])
  })

  it('is not there when the shop takes payments with the demo provider, and GET is not allowed', async () => {
    const demo = parseEnv({ PORT: '3999', PAYMENT_PROVIDER: 'demo' })
    const { body, signature } = signedWebhook({ id: 'evt_test_demo', type: 'checkout.session.completed' }, WEBHOOK_SECRET)
    expect((await deliver(body, signature, contextFor(demo))).status).toBe(404)
    expect(loader().status).toBe(405)
  })

  it('a refusal from Stripe (401) becomes a PaymentProviderError a shopper can read, without the key', async () => {
    fake.failNext(401)
    const error = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }]).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PaymentProviderError)
    expect((error as Error).message).toBe(PROVIDER_UNREACHABLE)
    expect((error as Error).message).not.toContain('sk_test')
  })

  it('a session without a payment page URL is a PaymentProviderError too', async () => {
    fake.failNext(200, { id: 'cs_test_nourl', object: 'checkout.session', url: null })
    await expect(placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])).rejects.toThrow(PROVIDER_UNREACHABLE)
  })

  it('a passing 500 from Stripe is retried once with the same idempotency key and opens one session', async () => {
    const sessionsBefore = fake.sessions.size
    fake.failNext(500)
    const { order, created } = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    const attempts = fake.sessionRequests().filter((sent) => sent.body.metadata?.orderId === order.id)
    expect(attempts.map((sent) => sent.idempotencyKey)).toEqual([`checkout-session-${order.id}`, `checkout-session-${order.id}`])
    expect(fake.sessions.size).toBe(sessionsBefore + 1)
    expect(created.id).toMatch(/^cs_test_/)
  })

  it('a failure while applying the event answers 500 and rolls back, so that the retry from Stripe pays the order once', async () => {
    const { order, session } = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    const { body, signature } = signedWebhook(checkoutSessionEvent('checkout.session.completed', session, paid(session)), WEBHOOK_SECRET)
    const brokenMailer = { ...mail, send: () => Promise.reject(new Error('outbox unavailable')) }
    const failed = await deliver(body, signature, contextFor(config, brokenMailer))
    expect(failed.status).toBe(500)
    expect((await getOrder(database.db, order.id))?.status).toBe('pending')
    expect(await eventsOf(order.id)).toEqual([])

    expect((await deliver(body, signature)).status).toBe(200)
    expect((await getOrder(database.db, order.id))?.status).toBe('paid')
    expect(await invoicesFor(order.id)).toHaveLength(1)
  })

  it('two deliveries of the same event at the same moment give one paid order and one e-mail', async () => {
    const { order, session } = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    const { body, signature } = signedWebhook(checkoutSessionEvent('checkout.session.completed', session, paid(session)), WEBHOOK_SECRET)
    const responses = await Promise.all([deliver(body, signature), deliver(body, signature)])
    expect(responses.map((response) => response.status)).toEqual([200, 200])
    expect((await getOrder(database.db, order.id))?.status).toBe('paid')
    expect(await invoicesFor(order.id)).toHaveLength(1)
    expect(await eventsOf(order.id)).toHaveLength(1)
  })

  it('completed, async_payment_succeeded and expired racing for one order pay it once', async () => {
    const { order, session } = await placeOrder([{ FBUID: 'unidrone-e900', productCount: 1 }])
    const responses = await Promise.all([
      send(checkoutSessionEvent('checkout.session.completed', session, paid(session))),
      send(checkoutSessionEvent('checkout.session.async_payment_succeeded', session, paid(session))),
      send(checkoutSessionEvent('checkout.session.expired', session, { status: 'expired' })),
    ])
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200])
    expect((await getOrder(database.db, order.id))?.status).toBe('paid')
    expect(await invoicesFor(order.id)).toHaveLength(1)
  })
})
