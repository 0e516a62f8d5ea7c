import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShippingMethod } from '../../app/lib/delivery/shipping'
import { startCheckout } from '../../app/server/checkout/checkout.server'
import { keepCart } from '../../app/server/checkout/drafts.server'
import { getOrder, getOrderBySession } from '../../app/server/checkout/orders.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { checkouts, orderPayments, orders, outbox, paymentEvents, products, shippingMethods } from '../../app/server/db/schema'
import { listActiveShippingMethods } from '../../app/server/delivery/shipping-methods.server'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { cancelUnpaidTransfer, recordPayment, setHoldDays, sweepBankTransfers } from '../../app/server/orders/bank-transfer.server'
import { refundOrder } from '../../app/server/orders/refunds.server'
import { advanceFulfilment } from '../../app/server/orders/fulfilment.server'
import { paymentProvider } from '../../app/server/checkout/payments/index.server'
import { testDatabaseKinds } from '../support/databases'
import { surveyFirmDetails, TEST_BANK_ENV, testProductRow } from '../support/orders'

const ORIGIN = 'http://localhost:3999'
const DAY = 86_400_000
const DETAILS = surveyFirmDetails()

describe.each(testDatabaseKinds())('bank transfer on $name', (kind) => {
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
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
  })

  async function addProduct(id: string, onHand: number, priceCents: number) {
    await database.db.insert(products).values(testProductRow(id, onHand, priceCents))
  }

  const stockOf = async (id: string) =>
    (await database.db.select({ onHand: products.productStockOnHand, reserved: products.stockReserved }).from(products).where(eq(products.id, id)))[0]!

  /** The shopper places the cart from the delivery step, choosing bank transfer. */
  async function placeByTransfer(productId: string, quantity = 1) {
    const items = [{ FBUID: productId, productCount: quantity }]
    const checkoutId = await keepCart(database.db, { id: `transfer-checkout-${++placed}`, items, userId: null })
    const result = await startCheckout(deps, { checkoutId, items, details: DETAILS, method: standard, user: null, origin: ORIGIN })
    if (result.kind !== 'redirect') throw new Error(`not placed: ${JSON.stringify(result)}`)
    return { result, checkoutId, order: (await getOrder(database.db, result.orderId))! }
  }

  const mailsAbout = (orderId: string) =>
    database.db
      .select({ subject: outbox.subject, text: outbox.text })
      .from(outbox)
      .where(like(outbox.subject, `%${orderId}%`))

  it('places the order awaiting payment, holds its stock for the days staff set, and gives the buyer the account and reference', async () => {
    await addProduct('e900', 3, 1_299_900)
    await setHoldDays(database.db, 5)
    const before = Date.now()
    const { result, order, checkoutId } = await placeByTransfer('e900')

    expect(order).toMatchObject({ status: 'awaiting-payment', provider: 'bank-transfer', stockState: 'reserved', purchaseOrder: 'PO-4471', receivedCents: 0 })
    expect(order.totalCents).toBe(1_299_900 + 1500)
    expect(order.reservedUntil!.getTime()).toBeGreaterThanOrEqual(before + 5 * DAY)
    expect(order.reservedUntil!.getTime()).toBeLessThan(before + 5 * DAY + 60_000)
    expect(await stockOf('e900')).toEqual({ onHand: 3, reserved: 1 })
    // The thank-you page (which empties the browser's cart) finds it by its own secret key; the checkout is closed.
    expect(result.url).toMatch(/^http:\/\/localhost:3999\/success\?session_id=bt_[\w-]+$/)
    expect((await getOrderBySession(database.db, new URL(result.url).searchParams.get('session_id')!))?.id).toBe(order.id)
    expect(await database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))).toEqual([])

    const [mail] = await mailsAbout(order.id)
    expect(mail!.subject).toBe(`Order ${order.id}: awaiting your bank transfer — UniDrone Robotics`)
    expect(mail!.text).toContain('BSB: 062-000')
    expect(mail!.text).toContain('Account number: 12345678')
    expect(mail!.text).toContain('Account name: UniDrone Robotics Pty Ltd')
    expect(mail!.text).toContain(`Reference: ${order.id}`)
    expect(mail!.text).toContain('Amount: $13,014.00')
    // Not paid: nothing to pack yet.
    const pack = await advanceFulfilment(deps, { orderId: order.id, action: 'pack', carrier: '', trackingNumber: '', by: 'bob@shop.example' })
    expect(pack.ok).toBe(false)
  })

  it('a transfer paid in two parts moves on once, even when two staff record the last part at once with their own forms', async () => {
    await addProduct('payload', 4, 300_000)
    const { order } = await placeByTransfer('payload', 2)
    const total = order.totalCents

    const part = await recordPayment(deps, {
      orderId: order.id,
      amountCents: 100_000,
      receivedOn: '2026-11-20',
      reference: 'SURVEY CO 1',
      requestKey: `first-${order.id}`,
      by: 'ann@shop.example',
    })
    expect(part).toMatchObject({ ok: true, paidInFull: false })
    // The same form sent again is the same payment.
    const again = await recordPayment(deps, {
      orderId: order.id,
      amountCents: 100_000,
      receivedOn: '2026-11-20',
      reference: 'SURVEY CO 1',
      requestKey: `first-${order.id}`,
      by: 'ann@shop.example',
    })
    expect(again).toMatchObject({ ok: true, repeated: true })
    expect(await getOrder(database.db, order.id)).toMatchObject({ status: 'awaiting-payment', receivedCents: 100_000 })
    expect((await mailsAbout(order.id)).map((mail) => mail.subject)).toContain(`Part payment received for order ${order.id} — UniDrone Robotics`)
    // More than is owing is refused, with what is owing.
    const over = await recordPayment(deps, {
      orderId: order.id,
      amountCents: total,
      receivedOn: '2026-11-21',
      reference: '',
      requestKey: `over-${order.id}`,
      by: 'ann@shop.example',
    })
    expect(over).toEqual({
      ok: false,
      message: `Only $${((total - 100_000) / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })} is owing on order ${order.id}. Record at most that; pay back anything sent beyond it by transfer.`,
    })

    const rest = total - 100_000
    const results = await Promise.all(
      ['ann', 'bob'].map((who) =>
        recordPayment(deps, {
          orderId: order.id,
          amountCents: rest,
          receivedOn: '2026-11-22',
          reference: 'SURVEY CO 2',
          requestKey: `last-${who}`,
          by: `${who}@shop.example`,
        }),
      ),
    )
    expect(results.filter((result) => result.ok).length).toBe(1)
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, message: `Order ${order.id} is already paid in full.` })

    const paid = (await getOrder(database.db, order.id))!
    expect(paid).toMatchObject({ status: 'paid', receivedCents: total, stockState: 'sold', paymentReference: 'SURVEY CO 2' })
    expect(paid.paidAt).not.toBeNull()
    expect(await database.db.select().from(orderPayments).where(eq(orderPayments.orderId, order.id))).toHaveLength(2)
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))).toHaveLength(1)
    expect(await stockOf('payload')).toEqual({ onHand: 2, reserved: 0 })
    const confirmations = (await mailsAbout(order.id)).filter((mail) => mail.subject.startsWith(`Order ${order.id} confirmed`))
    expect(confirmations).toHaveLength(1)

    // Paid: it is packed as a card order is, and a refund is recorded as paid back by transfer, with its note.
    expect((await advanceFulfilment(deps, { orderId: order.id, action: 'pack', carrier: '', trackingNumber: '', by: 'bob@shop.example' })).ok).toBe(true)
    const refund = await refundOrder(
      { ...deps, provider: paymentProvider(deps.config) },
      {
        orderId: order.id,
        requestKey: `refund-${order.id}`,
        request: { lines: [], shipping: false, amountCents: 5000 },
        restock: false,
        reason: 'Freight overcharged',
        source: 'staff',
        by: 'ann@shop.example',
      },
    )
    expect(refund).toMatchObject({ ok: true, refund: { status: 'succeeded', amountCents: 5000, providerRefundId: expect.stringMatching(/^transfer_/) } })
  })

  it('an unpaid order gets one reminder after three days and cancels itself once at the end of its hold, across two processes', async () => {
    await addProduct('rtk', 2, 150_000)
    await setHoldDays(database.db, 7)
    const { order } = await placeByTransfer('rtk')
    const placedAt = order.createdAt.getTime()

    // Day 2: nothing yet.
    expect((await sweepBankTransfers(deps, new Date(placedAt + 2 * DAY))).reminded).toBe(0)
    // Day 3, two processes at once: one reminder.
    const day3 = new Date(placedAt + 3 * DAY + 1000)
    // (Other tests' orders are due too: the e-mails of this one are counted.)
    await Promise.all([sweepBankTransfers(deps, day3), sweepBankTransfers(deps, day3)])
    expect((await mailsAbout(order.id)).filter((mail) => mail.subject.startsWith('Reminder:'))).toHaveLength(1)

    // After the hold, two processes at once: cancelled once, stock back once, one e-mail.
    const after = new Date(order.reservedUntil!.getTime() + 1000)
    await Promise.all([sweepBankTransfers(deps, after), sweepBankTransfers(deps, after)])
    expect(await getOrder(database.db, order.id)).toMatchObject({ status: 'cancelled', stockState: 'released' })
    expect(await stockOf('rtk')).toEqual({ onHand: 2, reserved: 0 })
    expect((await mailsAbout(order.id)).filter((mail) => mail.subject.startsWith(`Order ${order.id} cancelled`))).toHaveLength(1)
    // A payment can no longer be recorded on it.
    const late = await recordPayment(deps, {
      orderId: order.id,
      amountCents: 1000,
      receivedOn: '2026-11-27',
      reference: '',
      requestKey: `late-${order.id}`,
      by: 'ann@shop.example',
    })
    expect(late.ok).toBe(false)
  })

  it('staff cancel an unpaid order once; a part-paid order is neither cancelled by staff nor by the end of its hold', async () => {
    await addProduct('gimbal', 5, 80_000)
    const unpaid = await placeByTransfer('gimbal')
    const both = await Promise.all([
      cancelUnpaidTransfer(deps, unpaid.order.id, 'staff', 'ann@shop.example'),
      cancelUnpaidTransfer(deps, unpaid.order.id, 'staff', 'bob@shop.example'),
    ])
    expect(both.filter((result) => result.ok)).toHaveLength(1)
    expect(await stockOf('gimbal')).toEqual({ onHand: 5, reserved: 0 })

    const partPaid = await placeByTransfer('gimbal')
    await recordPayment(deps, {
      orderId: partPaid.order.id,
      amountCents: 10_000,
      receivedOn: '2026-11-26',
      reference: '',
      requestKey: `part-${partPaid.order.id}`,
      by: 'ann@shop.example',
    })
    expect(await cancelUnpaidTransfer(deps, partPaid.order.id, 'staff', 'ann@shop.example')).toMatchObject({ ok: false })
    await sweepBankTransfers(deps, new Date(partPaid.order.reservedUntil!.getTime() + 1000))
    expect(await getOrder(database.db, partPaid.order.id)).toMatchObject({ status: 'awaiting-payment', stockState: 'reserved' })
    expect(
      await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, partPaid.order.id), eq(orders.status, 'cancelled'))),
    ).toEqual([])
  })
})

describe('bank transfer settings', () => {
  it('checks the BSB and account, needs all three, and offers an example account in the demo only', () => {
    expect(parseEnv({ BANK_BSB: '062-000', BANK_ACCOUNT_NUMBER: '12345678', BANK_ACCOUNT_NAME: 'Shop' }).bankAccount).toEqual({
      bsb: '062-000',
      accountNumber: '12345678',
      accountName: 'Shop',
    })
    expect(() => parseEnv({ BANK_BSB: '06200', BANK_ACCOUNT_NUMBER: '12345678', BANK_ACCOUNT_NAME: 'Shop' })).toThrow(
      'BANK_BSB must be a 6-digit BSB (062-000)',
    )
    expect(() => parseEnv({ BANK_BSB: '062000', BANK_ACCOUNT_NUMBER: '12', BANK_ACCOUNT_NAME: 'Shop' })).toThrow(
      'BANK_ACCOUNT_NUMBER must be an account number',
    )
    expect(() => parseEnv({ BANK_BSB: '062000' })).toThrow('BANK_ACCOUNT_NUMBER must be set with the other BANK_ settings')
    expect(parseEnv({}).bankAccount?.accountName).toContain('(demo account)')
    expect(parseEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).bankAccount).toBeNull()
  })
})
