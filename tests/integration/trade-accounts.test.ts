import { randomUUID } from 'node:crypto'
import { and, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShippingMethod } from '../../app/lib/delivery/shipping'
import { countsAsOrder } from '../../app/lib/orders/abandoned'
import { shopDay } from '../../app/lib/reports/periods'
import { startCheckout } from '../../app/server/checkout/checkout.server'
import { keepCart } from '../../app/server/checkout/drafts.server'
import { invoiceOrderOf } from '../../app/server/checkout/invoice'
import { getOrder, getOrderBySession } from '../../app/server/checkout/orders.server'
import type { SessionUser } from '../../app/server/auth/session.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { checkouts, history, orderPayments, orders, outbox, paymentEvents, products, profiles, shippingMethods, user } from '../../app/server/db/schema'
import { refundOrder } from '../../app/server/orders/refunds.server'
import { paymentProvider } from '../../app/server/checkout/payments/index.server'
import { listActiveShippingMethods } from '../../app/server/delivery/shipping-methods.server'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { recordPayment, sweepBankTransfers } from '../../app/server/orders/bank-transfer.server'
import { advanceFulfilment } from '../../app/server/orders/fulfilment.server'
import { owingInvoices, owingOnAccounts, totalsByPeriod } from '../../app/server/reports/sales.server'
import { owingOnAccount, saveTradeAccount, type TradeTerms } from '../../app/server/trade/trade-accounts.server'
import { testDatabaseKinds } from '../support/databases'
import { surveyFirmDetails, TEST_BANK_ENV, testProductRow } from '../support/orders'

const ORIGIN = 'http://localhost:3999'
const DAY = 86_400_000
const STAFF = 'ann@shop.example'

const details = (email: string, payment: 'account' | 'card' = 'account') => surveyFirmDetails({ email, payment })

describe.each(testDatabaseKinds())('orders on a trade account on $name', (kind) => {
  let database: DatabaseHandle
  let mailer: MailService
  let deps: { db: Database; config: Env; mailer: MailService }
  let standard: ShippingMethod
  let placed = 0

  beforeAll(async () => {
    database = await kind.open()
    await database.db.insert(shippingMethods).values([{ id: 'standard', name: 'Standard', kind: 'delivery', priceCents: 1500, position: 0 }])
    ;[standard] = (await listActiveShippingMethods(database.db)) as [ShippingMethod]
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    deps = {
      db: database.db,
      mailer,
      config: parseEnv({ PUBLIC_URL: 'https://shop.example', ...TEST_BANK_ENV }),
    }
    // A member of staff who asked to hear of each new order.
    const staffId = randomUUID()
    await database.db.insert(user).values({ id: staffId, name: 'Ann', email: STAFF, emailVerified: true, role: 'staff' })
    await database.db.insert(profiles).values({ id: staffId, profileImage: '', profileEmail: STAFF, notifyNewOrders: true })
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
  })

  async function addProduct(id: string, onHand: number | null, priceCents: number, category = 'cameras') {
    await database.db.insert(products).values(testProductRow(id, onHand, priceCents, { category, priceId: 'price_normal' }))
  }

  /** A signed-in customer, as the session reader gives them, approved as trade with these terms (or none; or not trade at all). */
  async function customer(email: string, trade: { terms: TradeTerms | null } | null): Promise<SessionUser> {
    const id = randomUUID()
    await database.db.insert(user).values({ id, name: email, email, emailVerified: true, role: 'customer' })
    if (trade) {
      await saveTradeAccount(database.db, {
        userId: id,
        expectedVersion: null,
        account: { company: 'Survey Co Pty Ltd', abn: '51824753556', terms: trade.terms, prices: { categories: { cameras: 1000 }, products: {} } },
        by: STAFF,
      })
    }
    return { id, email, name: email, role: 'customer', trade: trade !== null, emailVerified: true, twoFactorEnabled: false, secondFactorPassed: false }
  }

  async function place(buyer: SessionUser, productId: string, quantity = 1, payment: 'account' | 'card' = 'account') {
    const items = [{ FBUID: productId, productCount: quantity }]
    const checkoutId = await keepCart(database.db, { id: `account-checkout-${++placed}`, items, userId: buyer.id })
    const result = await startCheckout(deps, { checkoutId, items, details: details(buyer.email, payment), method: standard, user: buyer, origin: ORIGIN })
    return { result, checkoutId }
  }

  const stockOf = async (id: string) =>
    (await database.db.select({ onHand: products.productStockOnHand, reserved: products.stockReserved }).from(products).where(eq(products.id, id)))[0]!
  const mailsTo = (to: string, subject: string) =>
    database.db
      .select({ subject: outbox.subject, text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.to, to), like(outbox.subject, `%${subject}%`)))

  it('places the order invoiced, at trade prices, with its due date, its stock sold at once, and the tax invoice e-mailed', async () => {
    await addProduct('m24', 5, 329_900)
    const buyer = await customer('accounts@survey.example', { terms: { paymentDays: 30, creditLimitCents: 2_000_000 } })
    const before = Date.now()
    const { result, checkoutId } = await place(buyer, 'm24', 2)
    if (result.kind !== 'redirect') throw new Error(`not placed: ${JSON.stringify(result)}`)
    const order = (await getOrder(database.db, result.orderId))!

    // 10 % off $3,299.00 is $2,969.10, twice, and $15 shipping.
    expect(order).toMatchObject({ status: 'invoiced', provider: 'account', stockState: 'sold', purchaseOrder: 'PO-4471', receivedCents: 0, userId: buyer.id })
    expect(order.totalCents).toBe(2 * 296_910 + 1500)
    expect(order.lines[0]).toMatchObject({ unitPriceCents: 296_910, priceId: '' })
    expect(order.invoicedAt!.getTime()).toBeGreaterThanOrEqual(before)
    expect(order.paymentDueAt!.getTime() - order.invoicedAt!.getTime()).toBe(30 * DAY)
    expect(order.paidAt).toBeNull()
    expect(await stockOf('m24')).toEqual({ onHand: 3, reserved: 0 })
    expect(countsAsOrder(order)).toBe(true)
    // Placed and sold in one transaction, each write with its history row.
    const written = await database.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'orders'), eq(history.documentId, order.id)))
    expect(written.map((row) => [row.action, row.document.status, row.document.stockState, row.updatedBy])).toEqual([
      ['create', 'invoiced', 'reserved', buyer.email],
      ['update', 'invoiced', 'sold', buyer.email],
    ])
    expect(invoiceOrderOf(order)).toMatchObject({ issuedAt: order.invoicedAt, due: { at: order.paymentDueAt, owingCents: order.totalCents } })
    // The thank-you page finds it by its secret key; the checkout is closed.
    expect(result.url).toMatch(/^http:\/\/localhost:3999\/success\?session_id=ac_[\w-]+$/)
    expect((await getOrderBySession(database.db, new URL(result.url).searchParams.get('session_id')!))?.id).toBe(order.id)
    expect(await database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))).toEqual([])

    const dueDay = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Brisbane' }).format(order.paymentDueAt!)
    const [confirmation, ...others] = await mailsTo(buyer.email, order.id)
    expect(others).toEqual([])
    expect(confirmation!.subject).toBe(`Order ${order.id} confirmed: invoiced on account, due ${dueDay} — UniDrone Robotics`)
    expect(confirmation!.text).toContain(`due by ${dueDay}`)
    expect(confirmation!.text).toContain('/invoice')
    expect(confirmation!.text).toContain(`Reference: ${order.id}`)
    expect((await mailsTo(STAFF, order.id)).map((mail) => mail.text.split('\n')[0])).toEqual([
      `Order ${order.id} was placed on account: $5,953.20 (GST inclusive) from Sam Surveyor, due by ${dueDay}. Pack it now; it is paid later.`,
    ])

    // It is packed and shipped before it is paid.
    for (const action of ['pack', 'ship'] as const) {
      const moved = await advanceFulfilment(deps, { orderId: order.id, action, carrier: 'auspost', trackingNumber: 'AP123456789', by: STAFF })
      expect(moved.ok, action).toBe(true)
    }
    // On the Owing report, with the customer's company, until it is paid.
    expect((await owingInvoices(database.db)).find((row) => row.orderId === order.id)).toMatchObject({
      company: 'Survey Co Pty Ltd',
      owingCents: order.totalCents,
      dueAt: order.paymentDueAt,
    })
  })

  it('is refused, 409 with the reason, to anyone without payment terms', async () => {
    await addProduct('f1', 10, 6_900)
    const retail = await customer('retail@example.com', null)
    const noTerms = await customer('cash@survey.example', { terms: null })
    for (const buyer of [retail, noTerms]) {
      const { result } = await place(buyer, 'f1')
      expect(result).toEqual({ kind: 'refused', message: 'Paying on account is for trade customers with payment terms. Please choose card or bank transfer.' })
    }
    // A guest cannot ask for it either.
    const items = [{ FBUID: 'f1', productCount: 1 }]
    const checkoutId = await keepCart(database.db, { id: `guest-${++placed}`, items, userId: null })
    expect(await startCheckout(deps, { checkoutId, items, details: details('guest@example.com'), method: standard, user: null, origin: ORIGIN })).toMatchObject(
      {
        kind: 'refused',
      },
    )
    expect(
      await database.db
        .select()
        .from(orders)
        .where(inArray(orders.userId, [retail.id, noTerms.id])),
    ).toEqual([])
    expect(await stockOf('f1')).toEqual({ onHand: 10, reserved: 0 })
  })

  it('keeps within the credit limit when checkouts of one customer race (each its own checkout), each counting the others under the account’s lock', async () => {
    await addProduct('t2', 20, 449_900)
    // $4,049.10 a camera at 10 % off, $15 shipping: two orders fit a $10,000 limit, three do not.
    const buyer = await customer('race@survey.example', { terms: { paymentDays: 14, creditLimitCents: 1_000_000 } })
    const results = await Promise.all(Array.from({ length: 6 }, () => place(buyer, 't2')))
    const won = results.filter(({ result }) => result.kind === 'redirect')
    const lost = results.filter(({ result }) => result.kind === 'refused')
    expect(won).toHaveLength(2)
    expect(lost).toHaveLength(4)
    expect(lost[0]!.result).toEqual({
      kind: 'refused',
      message:
        'This order ($4,064.10) would take what you owe on account to $12,192.30, over your credit limit of $10,000.00: $1,871.80 is available. Please pay by card or bank transfer, or pay an open invoice first.',
    })
    expect(await owingOnAccount(database.db, buyer.id)).toEqual({ owingCents: 812_820, orders: 2 })
    // The refused ones wrote nothing: two orders, their two units sold.
    expect(await stockOf('t2')).toEqual({ onHand: 18, reserved: 0 })
    // The same customer can still pay by card (no limit applies to money paid now).
    const { result: byCard } = await place(buyer, 't2', 1, 'card')
    expect(byCard.kind).toBe('redirect')
  })

  it('an invoice paid in two parts becomes paid once, counted as a sale on the day it was invoiced', async () => {
    await addProduct('z10', null, 149_900)
    const buyer = await customer('parts@survey.example', { terms: { paymentDays: 30, creditLimitCents: 1_000_000 } })
    const { result } = await place(buyer, 'z10')
    if (result.kind !== 'redirect') throw new Error('not placed')
    // Invoiced 40 days ago: its due date has passed.
    const invoicedAt = new Date(Date.now() - 40 * DAY)
    await database.db
      .update(orders)
      .set({ invoicedAt, paymentDueAt: new Date(invoicedAt.getTime() + 30 * DAY) })
      .where(eq(orders.id, result.orderId))
    const order = (await getOrder(database.db, result.orderId))!
    expect(order.totalCents).toBe(134_910 + 1500)
    expect((await owingOnAccounts(database.db)).overdue).toBeGreaterThanOrEqual(1)
    expect((await owingInvoices(database.db)).find((row) => row.orderId === order.id)?.dueAt).toEqual(order.paymentDueAt)
    const sales = async (from: Date, until: Date) => (await totalsByPeriod(database.db, { from, until }, 'day')).reduce((sum, row) => sum + row.salesCents, 0)
    const invoiceDay = () => sales(new Date(invoicedAt.getTime() - DAY), new Date(invoicedAt.getTime() + DAY))
    const sinceThen = () => sales(new Date(invoicedAt.getTime() + DAY), new Date(Date.now() + DAY))
    // Counted on the day it was invoiced, unpaid as it is.
    expect(await invoiceDay()).toBe(order.totalCents)
    const recentSales = await sinceThen()

    const part = await recordPayment(deps, {
      orderId: order.id,
      amountCents: 50_000,
      receivedOn: shopDay(new Date()),
      reference: 'SURVEY CO 1',
      requestKey: `first-${order.id}`,
      by: STAFF,
    })
    expect(part).toMatchObject({ ok: true, paidInFull: false })
    expect(await getOrder(database.db, order.id)).toMatchObject({ status: 'invoiced', receivedCents: 50_000, paidAt: null })
    expect((await mailsTo(buyer.email, order.id)).map((mail) => mail.subject)).toContain(`Payment received for invoice ${order.id} — UniDrone Robotics`)

    const rest = order.totalCents - 50_000
    const last = await Promise.all(
      ['ann', 'bob'].map((who) =>
        recordPayment(deps, {
          orderId: order.id,
          amountCents: rest,
          receivedOn: shopDay(new Date()),
          reference: 'SURVEY CO 2',
          requestKey: `last-${who}`,
          by: `${who}@shop.example`,
        }),
      ),
    )
    expect(last.filter((outcome) => outcome.ok)).toHaveLength(1)
    expect(last.find((outcome) => !outcome.ok)).toEqual({ ok: false, message: `Order ${order.id} is already paid in full.` })
    await sweepBankTransfers(deps)

    const paid = (await getOrder(database.db, order.id))!
    expect(paid).toMatchObject({ status: 'paid', receivedCents: order.totalCents, stockState: 'sold', paymentReference: 'SURVEY CO 2', invoicedAt })
    expect(paid.paidAt).not.toBeNull()
    expect(await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id))).toHaveLength(2)
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))).toEqual([
      expect.objectContaining({ id: `account-paid:${order.id}`, type: 'shop.account.paid' }),
    ])
    const subjects = (await mailsTo(buyer.email, order.id)).map((mail) => mail.subject.replace(' — UniDrone Robotics', ''))
    expect(subjects.filter((subject) => subject.startsWith(`Order ${order.id} confirmed`))).toHaveLength(1)
    expect(subjects.filter((subject) => subject === `Invoice ${order.id} paid in full`)).toHaveLength(1)
    // Staff heard of it once, when it was placed.
    expect(await mailsTo(STAFF, order.id)).toHaveLength(1)
    // Off the Owing report; its tax invoice keeps its date, and the sale stays on the day it was invoiced.
    expect((await owingInvoices(database.db)).some((row) => row.orderId === order.id)).toBe(false)
    expect(invoiceOrderOf(paid)).toMatchObject({ issuedAt: invoicedAt, due: null })
    expect(await invoiceDay()).toBe(order.totalCents)
    expect(await sinceThen(), 'not counted again on the day it was paid').toBe(recentSales)

    // Paid on account, it is refunded as a bank-transfer order is: recorded, staff pay it back by transfer.
    const refund = await refundOrder(
      { ...deps, provider: paymentProvider(deps.config) },
      {
        orderId: order.id,
        requestKey: `refund-${order.id}`,
        request: { lines: [], shipping: true, amountCents: null },
        restock: false,
        reason: 'Freight charged twice',
        source: 'staff',
        by: STAFF,
      },
    )
    expect(refund).toMatchObject({ ok: true, refund: { status: 'succeeded', amountCents: 1500, providerRefundId: expect.stringMatching(/^transfer_/) } })
  })

  it('invoices the business staff approved when the buyer names none on the delivery step', async () => {
    await addProduct('rx8', 50, 8_900, 'radio-controllers')
    const buyer = await customer('nocompany@survey.example', { terms: { paymentDays: 7, creditLimitCents: 100_000 } })
    const items = [{ FBUID: 'rx8', productCount: 1 }]
    const checkoutId = await keepCart(database.db, { id: `account-checkout-${++placed}`, items, userId: buyer.id })
    const result = await startCheckout(deps, {
      checkoutId,
      items,
      details: { ...details(buyer.email), company: '', abn: '' },
      method: standard,
      user: buyer,
      origin: ORIGIN,
    })
    if (result.kind !== 'redirect') throw new Error('not placed')
    expect(await getOrder(database.db, result.orderId)).toMatchObject({ company: 'Survey Co Pty Ltd', abn: '51 824 753 556', totalCents: 8_900 + 1500 })
  })
})
