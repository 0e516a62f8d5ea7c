import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basQuarterLabel, basQuartersToDate, dayStart, periodsCovering } from '../../app/lib/reports/periods'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { createPendingOrder } from '../../app/server/checkout/orders.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { orders, outbox, products, profiles, refunds, user } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { syncProfileFromUser } from '../../app/server/profiles/profiles.server'
import { fillPeriods, gstByQuarter, lowStockProducts, topProducts, totalsByPeriod } from '../../app/server/reports/sales.server'
import { getNoticeChoices, saveNoticeChoices, sendLowStockDigest } from '../../app/server/reports/staff-notices.server'
import { testDatabaseKinds } from '../support/databases'

const line = (productId: string, productName: string, unitPriceCents: number, quantity: number) => ({
  productId,
  productName,
  image: '',
  priceId: '',
  unitPriceCents,
  quantity,
  lineTotalCents: unitPriceCents * quantity,
  gstCents: Math.round((unitPriceCents * quantity) / 11),
  weightGrams: 100,
  containsLithium: false,
})
const PROP = line('prop', 'UniProp Carbon Propeller Pair', 18_900, 2) // $378.00, GST $34.36
const BATTERY = line('battery', 'UniCell 6S Battery', 33_000, 1) // $330.00, GST $30.00

/** Brisbane wall-clock time as an instant: Brisbane is UTC+10 all year. */
const brisbane = (local: string) => new Date(`${local}+10:00`)

describe.each(testDatabaseKinds())('reports on $name', (kind) => {
  let database: DatabaseHandle
  let deps: { db: Database; mailer: MailService; config: Env }
  let count = 0

  async function person(email: string, role: 'staff' | 'customer', choices: { newOrders: boolean; lowStock: boolean }) {
    const id = `user-${email}`
    await database.db.insert(user).values({ id, name: email, email, emailVerified: true, role })
    await syncProfileFromUser(database.db, { id, email, name: email })
    expect(await saveNoticeChoices(database.db, id, choices, email)).toBe(true)
    return id
  }

  /** An order paid (through applyPaymentEvent, as a payment provider's event would) at a given time. */
  async function paidAt(when: Date, lines = [PROP]) {
    const email = `buyer-${++count}@example.com`
    const order = await createPendingOrder(database.db, { lines, email, userId: null, provider: 'demo', updatedBy: null })
    await applyPaymentEvent(deps, {
      eventId: `paid-${order.id}`,
      type: 'test.paid',
      orderId: order.id,
      sessionId: null,
      outcome: 'paid',
      paymentReference: 'pi_test',
      email,
    })
    await database.db.update(orders).set({ paidAt: when }).where(eq(orders.id, order.id))
    return order.id
  }

  async function refund(orderId: string, status: 'pending' | 'succeeded' | 'failed', amountCents: number, gstCents: number, settledAt: Date | null) {
    const id = `RF-${++count}`
    await database.db
      .insert(refunds)
      .values({ id, orderId, requestKey: id, status, amountCents, gstCents, source: 'staff', createdBy: 'ann@shop.example', settledAt })
  }

  let beforeMidnight: string
  let afterMidnight: string

  beforeAll(async () => {
    database = await kind.open()
    deps = {
      db: database.db,
      mailer: createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 }),
      config: parseEnv({ PUBLIC_URL: 'https://shop.example' }),
    }
    await person('ann@shop.example', 'staff', { newOrders: true, lowStock: true })
    await person('bob@shop.example', 'staff', { newOrders: false, lowStock: false })
    // A customer cannot opt into staff mail, even with the flag set on the profile.
    await person('carol@example.com', 'customer', { newOrders: true, lowStock: true })

    // The last order of the 2025–26 financial year, and the first of 2026–27, an hour apart.
    beforeMidnight = await paidAt(brisbane('2026-06-30T23:30:00'))
    afterMidnight = await paidAt(brisbane('2026-07-01T00:30:00'), [PROP, BATTERY])
    await paidAt(brisbane('2026-07-20T10:00:00'), [BATTERY])
    // Half of the June order refunded in July: it reduces July (and Q1 2026–27), not June.
    await refund(beforeMidnight, 'succeeded', 18_900, 1_718, brisbane('2026-07-02T09:00:00'))
    await refund(afterMidnight, 'pending', 10_000, 909, null)
    await refund(afterMidnight, 'failed', 10_000, 909, brisbane('2026-07-02T09:00:00'))
    // An order that was never paid counts nowhere.
    await createPendingOrder(database.db, { lines: [PROP], email: 'unpaid@example.com', userId: null, provider: 'demo', updatedBy: null })
  })
  afterAll(async () => {
    await deps.mailer.stop()
    await database.close()
  })

  it('totals sales by the day they were paid and refunds by the day they settled, in Brisbane days', async () => {
    const range = { from: dayStart('2026-06-29'), until: dayStart('2026-07-04') }
    const rows = fillPeriods(await totalsByPeriod(database.db, range, 'day'), periodsCovering('2026-06-29', '2026-07-03', 'day'))
    expect(rows).toEqual([
      { period: '2026-06-29', orders: 0, salesCents: 0, gstCents: 0, refundsCents: 0, refundGstCents: 0 },
      { period: '2026-06-30', orders: 1, salesCents: 37_800, gstCents: 3_436, refundsCents: 0, refundGstCents: 0 },
      { period: '2026-07-01', orders: 1, salesCents: 70_800, gstCents: 6_436, refundsCents: 0, refundGstCents: 0 },
      { period: '2026-07-02', orders: 0, salesCents: 0, gstCents: 0, refundsCents: 18_900, refundGstCents: 1_718 },
      { period: '2026-07-03', orders: 0, salesCents: 0, gstCents: 0, refundsCents: 0, refundGstCents: 0 },
    ])
  })

  it('totals by month and by Monday week', async () => {
    const range = { from: dayStart('2026-06-01'), until: dayStart('2026-08-01') }
    expect(await totalsByPeriod(database.db, range, 'month')).toEqual([
      { period: '2026-06-01', orders: 1, salesCents: 37_800, gstCents: 3_436, refundsCents: 0, refundGstCents: 0 },
      { period: '2026-07-01', orders: 2, salesCents: 103_800, gstCents: 9_436, refundsCents: 18_900, refundGstCents: 1_718 },
    ])
    // 30 June 2026 is a Tuesday: it and Wednesday 1 July are one week, starting Monday 29 June.
    const weeks = await totalsByPeriod(database.db, range, 'week')
    expect(weeks.map((row) => [row.period, row.orders, row.refundsCents])).toEqual([
      ['2026-06-29', 2, 18_900],
      ['2026-07-20', 1, 0],
    ])
  })

  it('reports GST per BAS quarter: the 30 June sale in Q4 2025–26, the 1 July sale and the refund in Q1 2026–27', async () => {
    const quarters = await gstByQuarter(database.db, basQuartersToDate('2026-08-15'))
    expect(
      quarters.map((row) => ({
        label: basQuarterLabel(row.quarter),
        sales: row.salesCents,
        gst: row.gstCents,
        refunds: row.refundsCents,
        refundGst: row.refundGstCents,
      })),
    ).toEqual([
      { label: 'Q4 2025–26 (Apr–Jun 2026)', sales: 37_800, gst: 3_436, refunds: 0, refundGst: 0 },
      { label: 'Q1 2026–27 (Jul–Sep 2026)', sales: 103_800, gst: 9_436, refunds: 18_900, refundGst: 1_718 },
    ])
  })

  it('ranks products by money taken, with units, over a range', async () => {
    const july = { from: dayStart('2026-07-01'), until: dayStart('2026-08-01') }
    expect(await topProducts(database.db, july)).toEqual([
      { productId: 'battery', productName: 'UniCell 6S Battery', units: 2, salesCents: 66_000, marginCents: null, costedSalesExGstCents: 0 },
      { productId: 'prop', productName: 'UniProp Carbon Propeller Pair', units: 2, salesCents: 37_800, marginCents: null, costedSalesExGstCents: 0 },
    ])
  })

  it('lists tracked products at or below their own threshold', async () => {
    const product = (id: string, onHand: number | null, threshold: number, reserved = 0) => ({
      id,
      productName: id,
      STUPID: '',
      productCategory: 'parts-accessories',
      productStockOnHand: onHand,
      stockReserved: reserved,
      productLowStockThreshold: threshold,
    })
    await database.db.insert(products).values([
      product('plenty', 10, 3),
      product('custom-threshold', 8, 8), // 8 available, alert at 8 or fewer
      product('held-by-payments', 5, 3, 3), // 2 available
      product('default-threshold', 4, 3),
      product('untracked', null, 3),
    ])
    const low = await lowStockProducts(database.db)
    expect(low.map((row) => [row.productId, row.available, row.threshold])).toEqual([
      ['held-by-payments', 2, 3],
      ['custom-threshold', 8, 8],
    ])
  })

  it('e-mails each new paid order to the staff who asked for it, and to nobody else', async () => {
    const orderId = await paidAt(new Date())
    const notices = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `New order ${orderId}%`))
    expect(notices.map((mail) => mail.to)).toEqual(['ann@shop.example'])
    expect(notices[0]!.subject).toBe(`New order ${orderId} — $378.00`)
    expect(notices[0]!.text).toContain(`https://shop.example/orders/${orderId}`)
    expect(notices[0]!.text).toContain('$378.00')
    expect(await getNoticeChoices(database.db, 'user-bob@shop.example')).toEqual({ newOrders: false, lowStock: false })
    // A payment event delivered again moves nothing and mails nobody again.
    await applyPaymentEvent(deps, {
      eventId: `paid-${orderId}`,
      type: 'test.paid',
      orderId,
      sessionId: null,
      outcome: 'paid',
      paymentReference: 'pi_test',
      email: null,
    })
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(like(outbox.subject, `New order ${orderId}%`)),
    ).toHaveLength(1)
  })

  it('sends the low-stock digest once per Brisbane day after 08:00, however many processes run it', async () => {
    const digests = () =>
      database.db
        .select()
        .from(outbox)
        .where(and(like(outbox.subject, 'Low stock:%')))
    expect(await sendLowStockDigest(deps, brisbane('2026-08-03T07:59:00'))).toEqual({ skipped: 'too-early' })
    const morning = await Promise.all([1, 2, 3].map(() => sendLowStockDigest(deps, brisbane('2026-08-03T08:05:00'))))
    expect(morning.filter((result) => 'sent' in result)).toEqual([{ sent: 1, products: 2 }])
    expect(await sendLowStockDigest(deps, brisbane('2026-08-03T17:00:00'))).toEqual({ skipped: 'already-sent' })
    const sent = await digests()
    expect(sent.map((mail) => mail.to)).toEqual(['ann@shop.example'])
    expect(sent[0]!.text).toContain('custom-threshold: 8 available (8 on hand; alert at 8 or fewer)')
    expect(sent[0]!.text).toContain('held-by-payments: 2 available (5 on hand, 3 held by payments under way; alert at 3 or fewer)')

    expect(await sendLowStockDigest(deps, brisbane('2026-08-04T09:00:00'))).toEqual({ sent: 1, products: 2 })
    expect(await digests()).toHaveLength(2)

    // Nothing low: nothing sent, and the day stays open for stock that runs low later.
    await database.db.update(products).set({ productStockOnHand: 100, stockReserved: 0 })
    expect(await sendLowStockDigest(deps, brisbane('2026-08-05T09:00:00'))).toEqual({ skipped: 'nothing-low' })
    await database.db.update(products).set({ productStockOnHand: 1 }).where(eq(products.id, 'plenty'))
    expect(await sendLowStockDigest(deps, brisbane('2026-08-05T15:00:00'))).toEqual({ sent: 1, products: 1 })

    // Nobody who asked: nothing sent.
    await database.db.update(profiles).set({ notifyLowStock: false })
    expect(await sendLowStockDigest(deps, brisbane('2026-08-06T09:00:00'))).toEqual({ skipped: 'nobody-asked' })
  })
})
