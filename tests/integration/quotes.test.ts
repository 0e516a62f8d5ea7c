import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quoteRequestSchema, quoteTotals } from '../../app/lib/quotes'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { createPendingOrder, getOrder, priceCart } from '../../app/server/checkout/orders.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { history, orders, outbox, products, quotes, user } from '../../app/server/db/schema'
import { saveTradeAccount } from '../../app/server/trade/trade-accounts.server'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { acceptQuote, type Acceptance } from '../../app/server/quotes/accept-quote.server'
import { quoteSentMail } from '../../app/server/quotes/quote-mail.server'
import { editQuote, getQuote, quoteCounts, requestQuote, sendQuote, startQuote, withdrawQuote } from '../../app/server/quotes/quotes.server'
import { saveKit } from '../../app/server/catalog/variant-editor.server'
import { testDatabaseKinds } from '../support/databases'
import { testProductRow } from '../support/orders'

const ORIGIN = 'http://localhost:3999'
const REQUEST = quoteRequestSchema.parse({
  company: 'Survey Co Pty Ltd',
  abn: '51 824 753 556',
  contactName: 'Sam Surveyor',
  email: 'sam@survey.example',
  phone: '07 3000 1234',
  state: 'QLD',
  postcode: '4066',
  notes: 'Need it before the wet season.',
})
const ACCEPTANCE: Acceptance = {
  fullName: 'Sam Surveyor',
  phone: '07 3000 1234',
  addressLine1: '5 Theodolite St',
  addressLine2: '',
  suburb: 'Toowong',
  purchaseOrder: 'PO-88',
  payment: 'bank-transfer',
}

describe.each(testDatabaseKinds())('quotes on $name', (kind) => {
  let database: DatabaseHandle
  let mailer: MailService
  let deps: { db: Database; config: Env; mailer: MailService }

  beforeAll(async () => {
    database = await kind.open()
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    deps = { db: database.db, mailer, config: parseEnv({ PUBLIC_URL: 'https://shop.example' }) }
    await database.db
      .insert(products)
      .values([testProductRow('e900', 5, 1_299_900, { name: 'UniDrone E900' }), testProductRow('battery', 10, 89_900, { name: 'UniCell 22000 mAh Battery' })])
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
  })

  const stockOf = async (id: string) =>
    (await database.db.select({ onHand: products.productStockOnHand, reserved: products.stockReserved }).from(products).where(eq(products.id, id)))[0]!

  /** A survey firm asks for an E900 and two batteries; staff lower the battery price (with a reason), add freight and send it. */
  async function sentQuote() {
    const requested = (await requestQuote(database.db, {
      items: [
        { FBUID: 'e900', productCount: 1 },
        { FBUID: 'battery', productCount: 2 },
      ],
      request: REQUEST,
      userId: null,
      by: REQUEST.email,
    }))!
    const edit = {
      lines: [
        { productId: 'e900', quantity: 1, unitPriceCents: 1_299_900, priceReason: '' },
        { productId: 'battery', quantity: 2, unitPriceCents: 80_000, priceReason: '' },
      ],
      add: [],
      freightCents: 9_500,
      validityDays: 30,
      message: 'Thank you for asking.',
    }
    expect(await editQuote(database.db, requested.id, edit, 'ann@shop.example')).toEqual({
      ok: false,
      message: 'UniCell 22000 mAh Battery is priced below the catalogue: say why in its reason.',
    })
    const reasoned = { ...edit, lines: [edit.lines[0]!, { ...edit.lines[1]!, priceReason: 'Two or more with an E900' }] }
    expect((await editQuote(database.db, requested.id, reasoned, 'ann@shop.example')).ok).toBe(true)
    const sent = await sendQuote(database.db, requested.id, 'ann@shop.example', async (tx, quote) => {
      await mailer.send(await quoteSentMail(deps.config, quote), tx)
    })
    if (!sent.ok) throw new Error(sent.message)
    return sent.quote
  }

  it('two staff editing the same quote from the same screen: the second save is refused, not lost over the first', async () => {
    const requested = (await requestQuote(database.db, { items: [{ FBUID: 'e900', productCount: 1 }], request: REQUEST, userId: null, by: REQUEST.email }))!
    const version = requested.updatedAt.getTime()
    const edit = (freightCents: number) => ({
      lines: [{ productId: 'e900', quantity: 1, unitPriceCents: 1_299_900, priceReason: '' }],
      add: [],
      freightCents,
      validityDays: 30,
      message: '',
      version,
    })
    const [ann, bob] = await Promise.all([
      editQuote(database.db, requested.id, edit(9_500), 'ann@shop.example'),
      editQuote(database.db, requested.id, edit(12_000), 'bob@shop.example'),
    ])
    expect([ann.ok, bob.ok].sort()).toEqual([false, true])
    expect([ann, bob].find((result) => !result.ok)).toEqual({
      ok: false,
      message: `Quote ${requested.id} was changed by someone else since you opened it. Reload it to see their change, then make yours.`,
    })
    const saved = (await getQuote(database.db, requested.id))!
    expect(saved.freightCents).toBe(ann.ok ? 9_500 : 12_000)
  })

  it('prices a quote with its lowered line and freight, GST on the total, and e-mails its link', async () => {
    const quote = await sentQuote()
    expect(quote.status).toBe('sent')
    expect(quote.lines.map((line) => [line.productId, line.unitPriceCents, line.listPriceCents, line.priceReason])).toEqual([
      ['e900', 1_299_900, 1_299_900, ''],
      ['battery', 80_000, 89_900, 'Two or more with an E900'],
    ])
    expect(quoteTotals(quote.lines, quote.freightCents)).toEqual({
      itemsCents: 1_459_900,
      freightCents: 9_500,
      totalCents: 1_469_400,
      gstCents: 133_582,
      subtotalCents: 1_335_818,
    })
    expect(quote.validUntil!.getTime() - quote.sentAt!.getTime()).toBe(30 * 86_400_000)
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `Your quote ${quote.id}%`))
    expect(mail!.to).toBe('sam@survey.example')
    expect(mail!.text).toContain(`https://shop.example/quote/${quote.token}`)
    expect(mail!.text).toContain('$14,694.00')
    // Its history says who changed what; the link's secret is not in it.
    const rows = await database.db.select({ document: history.document, by: history.updatedBy }).from(history).where(eq(history.documentId, quote.id))
    expect(rows.map((row) => [row.document.status, row.by])).toEqual([
      ['requested', 'sam@survey.example'],
      ['requested', 'ann@shop.example'],
      ['sent', 'ann@shop.example'],
    ])
    expect(JSON.stringify(rows)).not.toContain(quote.token)
  })

  it('accepted twice at once makes one order, at the quote’s prices whatever the catalogue says, with its stock reserved', async () => {
    const quote = await sentQuote()
    await database.db
      .update(products)
      .set({ productPrices: [{ value: 1_399_900, label: 'Price (inc. GST)', description: '' }] })
      .where(eq(products.id, 'e900'))
    const before = await stockOf('e900')
    const results = await Promise.all([
      acceptQuote(deps, quote, ACCEPTANCE, { user: null, origin: ORIGIN }),
      acceptQuote(deps, quote, { ...ACCEPTANCE, purchaseOrder: 'PO-89' }, { user: null, origin: ORIGIN }),
    ])
    const placed = results.filter((result) => result.kind === 'redirect')
    expect(placed).toHaveLength(1)
    expect(results.find((result) => result.kind !== 'redirect')).toEqual({ kind: 'refused', message: expect.stringContaining('has been accepted already') })
    const orderId = (placed[0] as { orderId: string }).orderId
    const order = (await getOrder(database.db, orderId))!
    expect(order).toMatchObject({
      status: 'awaiting-payment',
      quoteId: quote.id,
      totalCents: 1_469_400,
      gstCents: 133_582,
      shippingCents: 9_500,
      company: 'Survey Co Pty Ltd',
    })
    expect(order.lines.map((line) => [line.productId, line.unitPriceCents, line.quantity])).toEqual([
      ['e900', 1_299_900, 1],
      ['battery', 80_000, 2],
    ])
    expect(await stockOf('e900')).toEqual({ onHand: before.onHand, reserved: before.reserved + 1 })
    expect(await getQuote(database.db, quote.id)).toMatchObject({ status: 'accepted', orderId })
    expect(await database.db.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quote.id))).toHaveLength(1)
    await database.db
      .update(products)
      .set({ productPrices: [{ value: 1_299_900, label: 'Price (inc. GST)', description: '' }] })
      .where(eq(products.id, 'e900'))
  })

  it('refuses an expired or withdrawn quote, and opens a quote again when its card payment ends without money', async () => {
    const expiring = await sentQuote()
    await database.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, expiring.id))
    const late = await acceptQuote(deps, (await getQuote(database.db, expiring.id))!, ACCEPTANCE, { user: null, origin: ORIGIN })
    expect(late).toEqual({ kind: 'refused', message: `Quote ${expiring.id} has expired. Please ask us for a new one: prices may have changed.` })

    const withdrawn = await sentQuote()
    await withdrawQuote(database.db, withdrawn.id, 'ann@shop.example')
    expect(await acceptQuote(deps, (await getQuote(database.db, withdrawn.id))!, ACCEPTANCE, { user: null, origin: ORIGIN })).toMatchObject({ kind: 'refused' })

    const byCard = await sentQuote()
    const paying = await acceptQuote(deps, byCard, { ...ACCEPTANCE, payment: 'card' }, { user: null, origin: ORIGIN })
    expect(paying.kind).toBe('redirect')
    const orderId = (paying as { orderId: string }).orderId
    expect(await getQuote(database.db, byCard.id)).toMatchObject({ status: 'accepted', orderId })
    await applyPaymentEvent(deps, {
      eventId: `declined-${orderId}`,
      type: 'test.declined',
      orderId,
      sessionId: null,
      outcome: 'failed',
      paymentReference: null,
      email: null,
    })
    expect(await getQuote(database.db, byCard.id)).toMatchObject({ status: 'sent', orderId: null })
    const again = await acceptQuote(deps, (await getQuote(database.db, byCard.id))!, ACCEPTANCE, { user: null, origin: ORIGIN })
    expect(again.kind).toBe('redirect')
  })

  it('an approved trade customer with terms accepts on account: the order is invoiced with its due date; nobody else may', async () => {
    const id = `trade-${Date.now()}`
    await database.db.insert(user).values({ id, name: 'Sam', email: 'sam@survey.example', emailVerified: true, role: 'customer' })
    await saveTradeAccount(database.db, {
      userId: id,
      expectedVersion: null,
      account: {
        company: 'Survey Co Pty Ltd',
        abn: '51824753556',
        terms: { paymentDays: 30, creditLimitCents: 5_000_000 },
        prices: { categories: {}, products: {} },
      },
      by: 'ann@shop.example',
    })
    const buyer = {
      id,
      email: 'sam@survey.example',
      name: 'Sam',
      role: 'customer' as const,
      trade: true,
      emailVerified: true,
      twoFactorEnabled: false,
      secondFactorPassed: false,
    }
    const quote = await sentQuote()
    const guest = await acceptQuote(deps, quote, { ...ACCEPTANCE, payment: 'account' }, { user: null, origin: ORIGIN })
    expect(guest).toMatchObject({ kind: 'refused', message: expect.stringContaining('Paying on account is for trade customers') })
    const placed = await acceptQuote(deps, quote, { ...ACCEPTANCE, payment: 'account' }, { user: buyer, origin: ORIGIN })
    expect(placed.kind).toBe('redirect')
    const order = (await getOrder(database.db, (placed as { orderId: string }).orderId))!
    expect(order).toMatchObject({
      status: 'invoiced',
      provider: 'account',
      quoteId: quote.id,
      totalCents: 1_469_400,
      stockState: 'sold',
      purchaseOrder: 'PO-88',
    })
    expect(order.paymentDueAt!.getTime() - order.invoicedAt!.getTime()).toBe(30 * 86_400_000)
    expect(await getQuote(database.db, quote.id)).toMatchObject({ status: 'accepted', orderId: order.id })
  })

  it('reports count the quotes sent in a period, and of those the accepted and the expired', async () => {
    // The tests above sent six: three accepted (one after its card was declined, one on account), one expired, one withdrawn, one still open.
    const range = { from: new Date(Date.now() - 3_600_000), until: new Date(Date.now() + 60_000) }
    expect(await quoteCounts(database.db, range)).toEqual({ sent: 6, accepted: 3, expired: 1 })
    expect(await quoteCounts(database.db, { from: new Date(0), until: new Date(1000) })).toEqual({ sent: 0, accepted: 0, expired: 0 })
  })

  /** A mapping kit of one drone, two batteries and a case (its stock not tracked), made on the kit screen. */
  async function mappingKit(prefix: string, stock: { drone: number; battery: number }) {
    const [drone, battery, bag, id] = [`${prefix}-drone`, `${prefix}-battery`, `${prefix}-case`, `${prefix}-kit`]
    await database.db
      .insert(products)
      .values([
        testProductRow(drone, stock.drone, 1_000_000, { name: `${prefix} Drone` }),
        testProductRow(battery, stock.battery, 100_000, { name: `${prefix} Battery` }),
        testProductRow(bag, null, 50_000, { name: `${prefix} Case` }),
        testProductRow(id, null, 1_150_000, { name: `${prefix} Mapping Kit` }),
      ])
    await saveKit(
      database.db,
      id,
      1,
      [
        { productId: drone, quantity: 1 },
        { productId: battery, quantity: 2 },
        { productId: bag, quantity: 1 },
      ],
      'ann@shop.example',
    )
    return { id, drone, battery, bag }
  }
  const stocksOf = async (ids: string[]) => Object.fromEntries(await Promise.all(ids.map(async (id) => [id, await stockOf(id)] as const)))

  /** The buyer asks for `kits` of the kit from their cart; staff send it as asked for. */
  async function sentKitQuote(kitId: string, kits: number) {
    const requested = (await requestQuote(database.db, { items: [{ FBUID: kitId, productCount: kits }], request: REQUEST, userId: null, by: REQUEST.email }))!
    const sent = await sendQuote(database.db, requested.id, 'ann@shop.example', async (tx, quote) => {
      await mailer.send(await quoteSentMail(deps.config, quote), tx)
    })
    if (!sent.ok) throw new Error(sent.message)
    return sent.quote
  }

  it('a kit asked for from the cart is quoted with its contents; accepting holds its components’ units as quoted, payment takes them', async () => {
    const made = await mappingKit('quoted', { drone: 3, battery: 6 })
    const quote = await sentKitQuote(made.id, 2)
    expect(quote.lines).toMatchObject([
      {
        productId: made.id,
        productName: 'quoted Mapping Kit',
        unitPriceCents: 1_150_000,
        quantity: 2,
        kitComponents: [
          { productId: made.drone, productName: 'quoted Drone', quantity: 1 },
          { productId: made.battery, productName: 'quoted Battery', quantity: 2 },
          { productId: made.bag, productName: 'quoted Case', quantity: 1 },
        ],
      },
    ])
    // The buyer's e-mail and the quote's history say what the kit holds.
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `Your quote ${quote.id}%`))
    expect(mail!.text).toContain('quoted Mapping Kit (kit of 1 × quoted Drone, 2 × quoted Battery, 1 × quoted Case)')
    const [created] = await database.db.select({ document: history.document }).from(history).where(eq(history.documentId, quote.id))
    expect(created!.document.lines).toMatchObject([{ kitComponents: [{ productId: made.drone }, { productId: made.battery }, { productId: made.bag }] }])

    // Staff change the kit after quoting it: the quote holds what it quoted.
    await saveKit(database.db, made.id, 2, [{ productId: made.drone, quantity: 1 }], 'ann@shop.example')
    const accepted = await acceptQuote(deps, quote, { ...ACCEPTANCE, payment: 'card' }, { user: null, origin: ORIGIN })
    expect(accepted.kind).toBe('redirect')
    const order = (await getOrder(database.db, (accepted as { orderId: string }).orderId))!
    expect(order.lines).toMatchObject([
      {
        productId: made.id,
        productName: 'quoted Mapping Kit',
        quantity: 2,
        lineTotalCents: 2_300_000,
        reservedQuantity: 0,
        kitComponents: [
          { productId: made.drone, productName: 'quoted Drone', quantity: 1, reserved: 2 },
          { productId: made.battery, productName: 'quoted Battery', quantity: 2, reserved: 4 },
          { productId: made.bag, productName: 'quoted Case', quantity: 1, reserved: 0 },
        ],
      },
    ])
    expect(await stocksOf([made.drone, made.battery, made.bag, made.id])).toEqual({
      [made.drone]: { onHand: 3, reserved: 2 },
      [made.battery]: { onHand: 6, reserved: 4 },
      [made.bag]: { onHand: null, reserved: 0 },
      [made.id]: { onHand: null, reserved: 0 },
    })
    await applyPaymentEvent(deps, {
      eventId: `paid-${order.id}`,
      type: 'test.paid',
      orderId: order.id,
      sessionId: null,
      outcome: 'paid',
      paymentReference: 'pi_quoted_kit',
      email: null,
    })
    expect(await stocksOf([made.drone, made.battery])).toEqual({ [made.drone]: { onHand: 1, reserved: 0 }, [made.battery]: { onHand: 2, reserved: 0 } })
  })

  it('a kit’s card payment that expires gives its components’ units back, and the quote can be accepted again', async () => {
    const made = await mappingKit('lapsed', { drone: 2, battery: 4 })
    const quote = await sentKitQuote(made.id, 1)
    const paying = await acceptQuote(deps, quote, { ...ACCEPTANCE, payment: 'card' }, { user: null, origin: ORIGIN })
    const orderId = (paying as { orderId: string }).orderId
    expect(await stocksOf([made.drone, made.battery])).toEqual({ [made.drone]: { onHand: 2, reserved: 1 }, [made.battery]: { onHand: 4, reserved: 2 } })
    await applyPaymentEvent(deps, {
      eventId: `expired-${orderId}`,
      type: 'test.expired',
      orderId,
      sessionId: null,
      outcome: 'expired',
      paymentReference: null,
      email: null,
    })
    expect(await stocksOf([made.drone, made.battery])).toEqual({ [made.drone]: { onHand: 2, reserved: 0 }, [made.battery]: { onHand: 4, reserved: 0 } })
    expect(await getQuote(database.db, quote.id)).toMatchObject({ status: 'sent', orderId: null })
  })

  it('with a kit’s component sold out since the quote, accepting is refused and nothing is held', async () => {
    const made = await mappingKit('short', { drone: 2, battery: 3 })
    const quote = await sentKitQuote(made.id, 1)
    // Another buyer takes two of the three batteries from the cart: one is left, and the kit needs two.
    const cart = await priceCart(database.db, [{ FBUID: made.battery, productCount: 2 }])
    await createPendingOrder(database.db, {
      lines: cart.lines,
      email: 'other@example.com',
      userId: null,
      provider: 'demo',
      updatedBy: null,
      reserveUntil: new Date(Date.now() + 35 * 60_000),
    })
    const before = await stocksOf([made.drone, made.battery])
    expect(before).toEqual({ [made.drone]: { onHand: 2, reserved: 0 }, [made.battery]: { onHand: 3, reserved: 2 } })
    const refused = await acceptQuote(deps, quote, ACCEPTANCE, { user: null, origin: ORIGIN })
    expect(refused).toEqual({
      kind: 'refused',
      message: 'Only 1 of short Battery is left. Nothing was charged; please contact us for a revised quote.',
    })
    expect(await stocksOf([made.drone, made.battery])).toEqual(before)
    expect(await database.db.select({ id: orders.id }).from(orders).where(eq(orders.quoteId, quote.id))).toHaveLength(0)
    expect(await getQuote(database.db, quote.id)).toMatchObject({ status: 'sent', orderId: null })
  })

  it('staff add a kit to a quote they started, with its contents; not a kit with a component out of the shop', async () => {
    const made = await mappingKit('added', { drone: 1, battery: 2 })
    const draft = await startQuote(database.db, { ...REQUEST, by: 'ann@shop.example' })
    const edit = { lines: [], add: [{ productId: made.id, quantity: 3 }], freightCents: 0, validityDays: 30, message: '' }
    const added = await editQuote(database.db, draft.id, edit, 'ann@shop.example')
    expect(added.ok && added.quote.lines).toMatchObject([
      {
        productId: made.id,
        quantity: 3,
        kitComponents: [
          { productName: 'added Drone', quantity: 1 },
          { productName: 'added Battery', quantity: 2 },
          { productName: 'added Case', quantity: 1 },
        ],
      },
    ])
    // Its price changed on the quote, the line keeps the contents it was added with.
    const kept = await editQuote(
      database.db,
      draft.id,
      { ...edit, lines: [{ productId: made.id, quantity: 3, unitPriceCents: 1_200_000, priceReason: '' }], add: [] },
      'ann@shop.example',
    )
    expect(kept.ok && kept.quote.lines[0]!.kitComponents).toHaveLength(3)

    await database.db.update(products).set({ productStatus: 'archived' }).where(eq(products.id, made.bag))
    expect(await editQuote(database.db, draft.id, edit, 'ann@shop.example')).toEqual({
      ok: false,
      message: 'A product to add is not sold (check its id): nothing was changed.',
    })
  })
})
