import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as webhook } from '../../app/routes/api.stripe.webhook'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { createPendingOrder, getOrder } from '../../app/server/checkout/orders.server'
import { createStripeClient, createStripeProvider } from '../../app/server/checkout/payments/stripe.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { outbox, products, refunds, returns } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { parseOrderQuery } from '../../app/lib/orders/order-query'
import { advanceFulfilment } from '../../app/server/orders/fulfilment.server'
import { listOrdersPage } from '../../app/server/orders/order-list.server'
import { cancelOrder, refundOrder, settlePendingRefunds, type RefundDeps } from '../../app/server/orders/refunds.server'
import { returnRequestAction } from '../../app/server/orders/return-request.server'
import { moveReturn, refundReturn, requestReturn } from '../../app/server/orders/returns.server'
import { signedWebhook, startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { testDatabaseKinds } from '../support/databases'
import { testDelivery } from '../support/orders'
import { routeContext } from '../support/route-context'

const WEBHOOK_SECRET = 'whsec_test'
const PRODUCT = 'unipilot-x7-pro'
/** Two autopilots at $849 and $15 shipping: $1,713.00, GST $155.73. */
const LINE = {
  productId: PRODUCT,
  productName: 'UniPilot X7 Pro',
  image: '',
  priceId: '',
  unitPriceCents: 84_900,
  quantity: 2,
  lineTotalCents: 169_800,
  gstCents: 15_436,
  weightGrams: 100,
  containsLithium: false,
}
const DELIVERY = testDelivery({ shippingCents: 1_500 })
const DAY = 24 * 3600_000

describe.each(testDatabaseKinds())('refunds, cancellations and returns on $name', (kind) => {
  let database: DatabaseHandle
  let fake: FakeStripe
  let config: Env
  let mailer: MailService
  let deps: RefundDeps
  let count = 0

  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
    await database.db.update(products).set({ productStockOnHand: 50 }).where(eq(products.id, PRODUCT))
    fake = await startFakeStripe()
    config = parseEnv({
      PORT: '3999',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    })
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    deps = { db: database.db, mailer, config, provider: createStripeProvider(createStripeClient(config)) }
  })
  afterAll(async () => {
    await mailer?.stop()
    await fake?.close()
    await database?.close()
  })

  /** An order paid through (fake) Stripe Checkout, its stock sold. */
  async function paidOrder() {
    const email = `buyer-${++count}@example.com`
    const order = await createPendingOrder(database.db, {
      lines: [LINE],
      email,
      userId: null,
      provider: 'stripe',
      updatedBy: null,
      delivery: DELIVERY,
      reserveUntil: new Date(Date.now() + 3600_000),
    })
    const session = await deps.provider.createSession({
      orderId: order.id,
      email,
      lines: [{ name: LINE.productName, unitPriceCents: LINE.unitPriceCents, quantity: LINE.quantity, priceId: '' }],
      shipping: { name: 'Standard', amountCents: 1_500 },
      customer: null,
      expiresAt: new Date(Date.now() + 3600_000),
      successUrl: 'http://localhost:3999/success',
      cancelUrl: 'http://localhost:3999/checkout/delivery',
    })
    const paid = fake.completeSession(session.id)
    await applyPaymentEvent(deps, {
      eventId: `paid-${order.id}`,
      type: 'test.paid',
      orderId: order.id,
      sessionId: session.id,
      outcome: 'paid',
      paymentReference: paid.payment_intent,
      email,
    })
    return { id: order.id, email, paymentIntent: paid.payment_intent! }
  }
  const stock = async () => (await database.db.select({ onHand: products.productStockOnHand }).from(products).where(eq(products.id, PRODUCT)))[0]!.onHand
  const refundPosts = (paymentIntent: string) =>
    fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds' && request.body.payment_intent === paymentIntent)
  const notesTo = (email: string) =>
    database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.subject, 'Refund of%')))
  const mailsTo = (email: string) => database.db.select().from(outbox).where(eq(outbox.to, email))

  it('refunds a double click once, and two staff refunding the rest at once refund it once', async () => {
    const { id, email, paymentIntent } = await paidOrder()
    const request = { lines: [{ position: 0, quantity: 1 }], shipping: false, amountCents: null }
    const twice = await Promise.all(
      [1, 2].map(() =>
        refundOrder(deps, { orderId: id, requestKey: 'form-key-1', request, restock: false, reason: '', source: 'staff', by: 'ann@shop.example' }),
      ),
    )
    expect(twice.every((result) => result.ok)).toBe(true)
    expect(refundPosts(paymentIntent)).toHaveLength(1)
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(1)
    expect(await notesTo(email)).toHaveLength(1)

    // Ann and Bob each refund everything left, with their own forms.
    const rest = { lines: [{ position: 0, quantity: 1 }], shipping: true, amountCents: null }
    const both = await Promise.all(
      ['ann', 'bob'].map((who) =>
        refundOrder(deps, { orderId: id, requestKey: `form-${who}`, request: rest, restock: false, reason: '', source: 'staff', by: `${who}@shop.example` }),
      ),
    )
    expect(both.filter((result) => result.ok)).toHaveLength(1)
    expect(both.find((result) => !result.ok)).toMatchObject({ ok: false, message: expect.stringMatching(/refunded in full already|can still be refunded/) })
    expect(refundPosts(paymentIntent)).toHaveLength(2)
    const order = (await getOrder(database.db, id))!
    // Every cent and every cent of GST back, no more: $1,713.00 and $155.73 over two refunds.
    expect(order).toMatchObject({ refundedCents: 171_300, refundedGstCents: 15_573, gstCents: 15_573, shippingRefundedCents: 1_500 })
    const notes = await notesTo(email)
    expect(notes).toHaveLength(2)
    expect(notes[0]!.text).toContain('Adjustment note')
    expect(notes[0]!.text).toContain(`ABN ${config.SHOP_ABN}`)
    expect(notes[0]!.text).toContain(`Original tax invoice: ${id}`)
    expect(notes.map((note) => note.text.match(/GST decrease: (\$[\d.,]+)/)?.[1]).sort()).toEqual(['$77.18', '$78.55'])
  })

  it('a refund the provider refuses changes nothing and can be made again', async () => {
    const { id, paymentIntent } = await paidOrder()
    fake.failNext(402, { error: { type: 'card_error', message: 'The card was closed.', code: 'expired_or_canceled_card' } })
    const failed = await refundOrder(deps, {
      orderId: id,
      requestKey: 'fails-once',
      request: { lines: [], shipping: false, amountCents: 5_000 },
      restock: false,
      reason: 'Goodwill',
      source: 'staff',
      by: 'ann@shop.example',
    })
    expect(failed).toEqual({ ok: false, message: 'Stripe refused the refund: The card was closed.' })
    expect(await getOrder(database.db, id)).toMatchObject({ refundedCents: 0, refundedGstCents: 0 })
    const again = await refundOrder(deps, {
      orderId: id,
      requestKey: 'second-try',
      request: { lines: [], shipping: false, amountCents: 5_000 },
      restock: false,
      reason: 'Goodwill',
      source: 'staff',
      by: 'ann@shop.example',
    })
    expect(again).toMatchObject({ ok: true, refund: { status: 'succeeded', amountCents: 5_000, gstCents: 455 } })
    expect(fake.refunds.size).toBeGreaterThan(0)
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent).map((refund) => refund.amount)).toEqual([5_000])
  })

  it('keeps a refund pending when Stripe’s answer is lost, so a second form cannot refund it again', async () => {
    const { id, email, paymentIntent } = await paidOrder()
    // Stripe makes the refund, but both the answer and the SDK's retry come back as 500s.
    fake.loseNextAnswer(500)
    fake.loseNextAnswer(500)
    const unsure = await refundOrder(deps, {
      orderId: id,
      requestKey: 'lost-1',
      request: { lines: [{ position: 0, quantity: 2 }], shipping: true, amountCents: null },
      restock: false,
      reason: '',
      source: 'staff',
      by: 'ann@shop.example',
    })
    expect(unsure).toMatchObject({ ok: true, refund: { status: 'pending', amountCents: 171_300 } })
    expect(await getOrder(database.db, id)).toMatchObject({ refundedCents: 171_300 })
    // Bob, with his own form, tries again: nothing is left to refund.
    const again = await refundOrder(deps, {
      orderId: id,
      requestKey: 'lost-2',
      request: { lines: [], shipping: false, amountCents: 10_000 },
      restock: false,
      reason: '',
      source: 'staff',
      by: 'bob@shop.example',
    })
    expect(again).toMatchObject({ ok: false, message: expect.stringContaining('refunded in full already') })
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1)
    expect(await notesTo(email)).toHaveLength(0)

    // Stripe's charge.refunded settles it (twice delivered, settled once), with one adjustment note.
    const event = fake.chargeRefundedEvent(paymentIntent)
    for (let delivery = 0; delivery < 2; delivery++) await deliver(event)
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, id))
    expect(rows.map((row) => [row.source, row.status, row.amountCents])).toEqual([['staff', 'succeeded', 171_300]])
    expect(await getOrder(database.db, id)).toMatchObject({ refundedCents: 171_300, refundedGstCents: 15_573 })
    expect(await notesTo(email)).toHaveLength(1)
    await settlePendingRefunds(deps, new Date(Date.now() + 3 * 60_000))
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1)
  })

  it('asks again with the same key after a dropped connection, and Stripe’s answer settles the refund once', async () => {
    const { id, email, paymentIntent } = await paidOrder()
    fake.loseNextAnswer('drop')
    fake.loseNextAnswer('drop')
    const unsure = await refundOrder(deps, {
      orderId: id,
      requestKey: 'dropped-1',
      request: { lines: [], shipping: false, amountCents: 5_000 },
      restock: false,
      reason: 'Goodwill',
      source: 'staff',
      by: 'ann@shop.example',
    })
    expect(unsure).toMatchObject({ ok: true, refund: { status: 'pending' } })
    // A 5xx before Stripe did anything is just as unclear to the shop: also pending.
    fake.failNext(503)
    fake.failNext(503)
    const second = await refundOrder(deps, {
      orderId: id,
      requestKey: 'unavailable-1',
      request: { lines: [], shipping: false, amountCents: 2_000 },
      restock: false,
      reason: 'Goodwill',
      source: 'staff',
      by: 'bob@shop.example',
    })
    expect(second).toMatchObject({ ok: true, refund: { status: 'pending' } })
    expect(await settlePendingRefunds(deps, new Date(Date.now() + 3 * 60_000))).toBe(2)
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, id))
    expect(rows.map((row) => [row.status, row.amountCents]).sort()).toEqual([
      ['succeeded', 2_000],
      ['succeeded', 5_000],
    ])
    expect(
      [...fake.refunds.values()]
        .filter((refund) => refund.payment_intent === paymentIntent)
        .map((refund) => refund.amount)
        .sort(),
    ).toEqual([2_000, 5_000])
    expect(await getOrder(database.db, id)).toMatchObject({ refundedCents: 7_000 })
    expect(await notesTo(email)).toHaveLength(2)
  })

  it('finishes a refund whose process stopped after Stripe made it, without refunding twice', async () => {
    const { id, email, paymentIntent } = await paidOrder()
    // The provider makes the refund, then the process dies before settling it.
    const refundThenStop: RefundDeps['provider']['refund'] = async (request) => {
      await deps.provider.refund(request)
      throw new Error('the process stopped')
    }
    const crashing = { ...deps, provider: { ...deps.provider, refund: refundThenStop } }
    await expect(
      refundOrder(crashing, {
        orderId: id,
        requestKey: 'crash-1',
        request: { lines: [], shipping: true, amountCents: null },
        restock: false,
        reason: '',
        source: 'staff',
        by: 'ann@shop.example',
      }),
    ).rejects.toThrow('the process stopped')
    expect((await database.db.select().from(refunds).where(eq(refunds.orderId, id)))[0]).toMatchObject({ status: 'pending' })
    expect(await settlePendingRefunds(deps, new Date(Date.now() + 3 * 60_000))).toBeGreaterThanOrEqual(1)
    expect((await database.db.select().from(refunds).where(eq(refunds.orderId, id)))[0]).toMatchObject({ status: 'succeeded', amountCents: 1_500 })
    // Asked twice with one idempotency key: Stripe made one refund.
    expect(refundPosts(paymentIntent)).toHaveLength(2)
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1)
    expect(await notesTo(email)).toHaveLength(1)
  })

  it('records a refund made in Stripe’s dashboard once, however often charge.refunded arrives', async () => {
    const { id, email, paymentIntent } = await paidOrder()
    // One refund by the shop first: its own charge.refunded must not count it again.
    await refundOrder(deps, {
      orderId: id,
      requestKey: 'shop-first',
      request: { lines: [], shipping: true, amountCents: null },
      restock: false,
      reason: '',
      source: 'staff',
      by: 'ann@shop.example',
    })
    fake.dashboardRefund(paymentIntent, 10_000)
    const event = fake.chargeRefundedEvent(paymentIntent)
    for (let delivery = 0; delivery < 2; delivery++) {
      await deliver(event)
    }
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, id))
    expect(rows.map((row) => [row.source, row.amountCents])).toEqual([
      ['staff', 1_500],
      ['provider', 10_000],
    ])
    expect(await getOrder(database.db, id)).toMatchObject({ refundedCents: 11_500 })
    expect(await notesTo(email)).toHaveLength(2)
  })

  it('cancels a paid order before it ships: refunded in full, stock back on the shelf, the order cancelled', async () => {
    const { id, paymentIntent } = await paidOrder()
    const before = await stock()
    await advanceFulfilment(deps, { orderId: id, action: 'pack', by: 'ann@shop.example' })
    const cancelled = await cancelOrder(deps, { orderId: id, requestKey: 'cancel-1', reason: 'Customer asked', by: 'ann@shop.example' })
    expect(cancelled).toMatchObject({ ok: true, refund: { amountCents: 171_300, restock: true } })
    expect(await getOrder(database.db, id)).toMatchObject({ fulfilment: 'cancelled', refundedCents: 171_300 })
    expect(await stock()).toBe(before! + 2)
    expect(refundPosts(paymentIntent)).toHaveLength(1)
    expect(
      await advanceFulfilment(deps, { orderId: id, action: 'ship', carrier: 'auspost', trackingNumber: 'AP123456', by: 'ann@shop.example' }),
    ).toMatchObject({ ok: false })

    const shipped = await paidOrder()
    await advanceFulfilment(deps, { orderId: shipped.id, action: 'pack', by: 'ann@shop.example' })
    await advanceFulfilment(deps, { orderId: shipped.id, action: 'ship', carrier: 'auspost', trackingNumber: 'AP123456', by: 'ann@shop.example' })
    expect(await cancelOrder(deps, { orderId: shipped.id, requestKey: 'cancel-2', reason: '', by: 'ann@shop.example' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('can no longer be cancelled'),
    })
  })

  it('takes a change-of-mind return from request to refund with restock, e-mailing each step', async () => {
    const { id, email } = await paidOrder()
    // Not yet delivered: change of mind waits for the goods to arrive.
    expect(await requestReturn(deps, { orderId: id, lines: [{ position: 0, quantity: 1 }], reason: 'change-of-mind', details: '', by: 'guest' })).toMatchObject(
      { ok: false },
    )
    for (const action of ['pack', 'ship', 'deliver'] as const)
      await advanceFulfilment(deps, { orderId: id, action, carrier: 'auspost', trackingNumber: 'AP123456', by: 'ann@shop.example' })

    const requested = await requestReturn(deps, { orderId: id, lines: [{ position: 0, quantity: 1 }], reason: 'change-of-mind', details: '', by: 'guest' })
    expect(requested).toEqual({ ok: true, returnId: `${id}-RT1` })
    const withReturns = await listOrdersPage(database.db, { ...parseOrderQuery(new URLSearchParams('filter=returns')) })
    expect(withReturns.orders.map((order) => order.id)).toContain(id)
    // The same unit cannot be asked back twice while the first return is open.
    expect(await requestReturn(deps, { orderId: id, lines: [{ position: 0, quantity: 2 }], reason: 'change-of-mind', details: '', by: 'guest' })).toEqual({
      ok: false,
      message: 'At most 1 of UniPilot X7 Pro can be returned.',
    })

    const returnId = `${id}-RT1`
    expect(await refundReturn(deps, { returnId, requestKey: 'too-early', restock: true, by: 'ann@shop.example' })).toMatchObject({ ok: false })
    expect(await moveReturn(deps, { returnId, to: 'declined', note: '', by: 'ann@shop.example' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('Say why'),
    })
    expect(await moveReturn(deps, { returnId, to: 'approved', note: '', by: 'ann@shop.example' })).toMatchObject({ ok: true })
    expect(await moveReturn(deps, { returnId, to: 'approved', note: '', by: 'bob@shop.example' })).toMatchObject({ ok: false })
    expect(await moveReturn(deps, { returnId, to: 'received', note: '', by: 'ann@shop.example' })).toMatchObject({ ok: true })
    const before = await stock()
    const refunded = await refundReturn(deps, { returnId, requestKey: 'return-refund', restock: true, by: 'ann@shop.example' })
    expect(refunded).toMatchObject({ ok: true, refund: { amountCents: 84_900, gstCents: 7_718, source: 'return', returnId } })
    expect(await stock()).toBe(before! + 1)
    expect((await database.db.select().from(returns).where(eq(returns.id, returnId)))[0]).toMatchObject({ status: 'refunded', refundId: `${id}-R1` })
    // Refunded: no longer a return to handle.
    expect((await listOrdersPage(database.db, parseOrderQuery(new URLSearchParams('filter=returns')))).orders.map((order) => order.id)).not.toContain(id)
    expect(await getOrder(database.db, id)).toMatchObject({ refundedCents: 84_900 })

    const subjects = (await mailsTo(email)).map((mail) => mail.subject)
    for (const expected of [
      `We have your return request ${returnId}`,
      `Your return ${returnId} is approved`,
      `We have received your return ${returnId}`,
      'Refund of $849.00',
    ]) {
      expect(subjects.some((subject) => subject.startsWith(expected))).toBe(true)
    }
    const approved = (await mailsTo(email)).find((mail) => mail.subject.startsWith(`Your return ${returnId} is approved`))!
    expect(approved.text).toContain(`write ${returnId} on the parcel`)
  })

  it('refuses change of mind after 14 days, and still accepts a fault for review', async () => {
    const { id } = await paidOrder()
    for (const action of ['pack', 'ship', 'deliver'] as const)
      await advanceFulfilment(deps, { orderId: id, action, carrier: 'auspost', trackingNumber: 'AP123456', by: 'ann@shop.example' })
    const later = new Date(Date.now() + 15 * DAY)
    expect(
      await requestReturn(deps, { orderId: id, lines: [{ position: 0, quantity: 1 }], reason: 'change-of-mind', details: '', by: 'guest', now: later }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('within 14 days of delivery or collection'),
    })
    const yearLater = new Date(Date.now() + 400 * DAY)
    expect(
      await requestReturn(deps, {
        orderId: id,
        lines: [{ position: 0, quantity: 1 }],
        reason: 'faulty',
        details: 'The GPS port is dead.',
        by: 'guest',
        now: yearLater,
      }),
    ).toMatchObject({ ok: true })
  })

  it('refunds a received return once when six staff forms race for it', async () => {
    const { id, email, paymentIntent } = await paidOrder()
    for (const action of ['pack', 'ship', 'deliver'] as const)
      await advanceFulfilment(deps, { orderId: id, action, carrier: 'auspost', trackingNumber: 'AP123456', by: 'ann@shop.example' })
    const returned = await requestReturn(deps, {
      orderId: id,
      lines: [{ position: 0, quantity: 1 }],
      reason: 'faulty',
      details: 'The GPS port is dead.',
      by: 'guest',
    })
    const returnId = (returned as { returnId: string }).returnId
    await moveReturn(deps, { returnId, to: 'approved', note: '', by: 'ann@shop.example' })
    await moveReturn(deps, { returnId, to: 'received', note: '', by: 'ann@shop.example' })
    const before = await stock()
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => refundReturn(deps, { returnId, requestKey: `return-race-${n}`, restock: true, by: `staff-${n}@shop.example` })),
    )
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok).map((result) => (result as { message: string }).message)).toEqual(
      Array(5).fill(expect.stringMatching(/is being refunded already|is refunded already/)),
    )
    expect(refundPosts(paymentIntent)).toHaveLength(1)
    expect(await getOrder(database.db, id)).toMatchObject({ refundedCents: 84_900 })
    expect(await stock()).toBe(before! + 1)
    expect(await notesTo(email)).toHaveLength(1)
  })

  it('never returns or refunds one line twice in one request', async () => {
    const { id } = await paidOrder()
    for (const action of ['pack', 'ship', 'deliver'] as const)
      await advanceFulfilment(deps, { orderId: id, action, carrier: 'auspost', trackingNumber: 'AP123456', by: 'ann@shop.example' })
    const twice = [
      { position: 0, quantity: 1 },
      { position: 0, quantity: 1 },
    ]
    expect(await requestReturn(deps, { orderId: id, lines: twice, reason: 'faulty', details: 'The GPS port is dead.', by: 'guest' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('listed twice'),
    })
    expect(
      await refundOrder(deps, {
        orderId: id,
        requestKey: 'twice-1',
        request: { lines: twice, shipping: false, amountCents: null },
        restock: true,
        reason: '',
        source: 'staff',
        by: 'ann@shop.example',
      }),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('listed twice'),
    })
    // The customer's form with the same line under two spellings of its field.
    for (const fields of [{ 'qty-0': '1', 'qty-000': '1' }, { 'qty-00': '1' }] as Record<string, string>[]) {
      const body = new URLSearchParams({ intent: 'return', reason: 'faulty', details: 'The GPS port is dead.', ...fields })
      const response = await returnRequestAction(deps, new Request('http://localhost/x', { method: 'POST', body }), id, 'guest')
      expect(response).toMatchObject({ init: { status: 400 }, data: { returnError: expect.stringMatching(/qty-0+/) } })
    }
    const repeated = new URLSearchParams('intent=return&reason=faulty&details=The+GPS+port+is+dead.&qty-0=1&qty-0=1')
    await expect(returnRequestAction(deps, new Request('http://localhost/x', { method: 'POST', body: repeated }), id, 'guest')).rejects.toMatchObject({
      init: { status: 400 },
      data: { message: expect.stringContaining('“qty-0” more than once') },
    })
    expect(await database.db.select().from(returns).where(eq(returns.orderId, id))).toHaveLength(0)
    expect(await database.db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(0)
  })

  it('holds a cancelled order back while its refund is with the provider, so nothing ships and is restocked too', async () => {
    const { id, paymentIntent } = await paidOrder()
    const before = await stock()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const slow = {
      ...deps,
      provider: { ...deps.provider, refund: async (request: Parameters<RefundDeps['provider']['refund']>[0]) => (await held, deps.provider.refund(request)) },
    }
    const cancelling = cancelOrder(slow, { orderId: id, requestKey: 'cancel-slow', reason: 'Customer asked', by: 'ann@shop.example' })
    await expect.poll(async () => (await database.db.select().from(refunds).where(eq(refunds.orderId, id))).length).toBe(1)
    // Bob packs and ships it meanwhile, and a second cancel comes with its own form.
    expect(await advanceFulfilment(deps, { orderId: id, action: 'pack', by: 'bob@shop.example' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('being cancelled'),
    })
    expect(await cancelOrder(deps, { orderId: id, requestKey: 'cancel-bob', reason: '', by: 'bob@shop.example' })).toMatchObject({ ok: false })
    release()
    expect(await cancelling).toMatchObject({ ok: true, refund: { status: 'succeeded', amountCents: 171_300 } })
    expect(await getOrder(database.db, id)).toMatchObject({ fulfilment: 'cancelled', refundedCents: 171_300 })
    expect(await stock()).toBe(before! + 2)
    expect(refundPosts(paymentIntent)).toHaveLength(1)
  })

  const contextFor = () => routeContext(database, config, mailer)
  async function deliver(event: object) {
    const { body, signature } = signedWebhook(event, WEBHOOK_SECRET)
    const response = (await webhook({
      request: new Request('http://localhost/api/stripe/webhook', { method: 'POST', body, headers: { 'stripe-signature': signature } }),
      context: contextFor(),
      params: {},
    } as never)) as Response
    expect(response.status).toBe(200)
  }
})
