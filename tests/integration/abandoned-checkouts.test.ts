import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOrderQuery } from '../../app/lib/orders/order-query'
import { deliveryDetailsSchema } from '../../app/lib/schemas/delivery'
import type { ShippingMethod } from '../../app/lib/delivery/shipping'
import type { SessionUser } from '../../app/server/auth/session.server'
import { abandonPayments, expireLapsedReservations, startCheckout } from '../../app/server/checkout/checkout.server'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { getOrder, listOrdersOfUser } from '../../app/server/checkout/orders.server'
import { demoPaymentEvent } from '../../app/server/checkout/payments/demo.server'
import { user } from '../../app/server/db/auth-schema'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { orders, products, shippingMethods } from '../../app/server/db/schema'
import { listActiveShippingMethods } from '../../app/server/delivery/shipping-methods.server'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { listAbandonedCheckouts } from '../../app/server/orders/abandoned-checkouts.server'
import { listOrdersPage } from '../../app/server/orders/order-list.server'
import { readDashboard } from '../../app/server/staff/dashboard.server'
import { getCustomer } from '../../app/server/staff/customers.server'
import { loader as customerOrderLoader } from '../../app/routes/account.order'
import { loader as exportLoader } from '../../app/routes/staff/orders.export.csv'
import { testDatabaseKinds } from '../support/databases'
import { routeContext } from '../support/route-context'

const ORIGIN = 'http://localhost:3999'

describe.each(testDatabaseKinds())('abandoned checkouts on $name', (kind) => {
  let database: DatabaseHandle
  let mailer: MailService
  let deps: { db: Database; config: Env; mailer: MailService }
  let standard: ShippingMethod
  let checkouts = 0
  const pat: SessionUser = {
    id: 'u-pat',
    email: 'pat@example.com',
    name: 'Pat Pilot',
    role: 'customer',
    emailVerified: true,
    twoFactorEnabled: false,
    secondFactorPassed: false,
  }

  beforeAll(async () => {
    database = await kind.open()
    await database.db.insert(shippingMethods).values({ id: 'standard', name: 'Standard', kind: 'delivery', priceCents: 1500, position: 0 })
    ;[standard] = (await listActiveShippingMethods(database.db)) as [ShippingMethod]
    await database.db.insert(products).values({
      id: 'drone',
      productName: 'Test drone',
      STUPID: 'drone',
      productCategory: 'test',
      productPrices: [{ value: 1_337_700, label: 'Price (inc. GST)', description: '' }],
      productWeightGrams: 500,
      productStockOnHand: 50,
    })
    await database.db.insert(user).values({ id: pat.id, name: pat.name, email: pat.email, emailVerified: true, role: 'customer' })
    const config = parseEnv({ PORT: '3999', PAYMENT_PROVIDER: 'demo' })
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    deps = { db: database.db, config, mailer }
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
  })

  /** Pat (signed in) opens a payment page for one drone. */
  async function openPayment() {
    const checkoutId = `checkout-${++checkouts}`
    const details = deliveryDetailsSchema.parse({
      fullName: 'Pat Pilot',
      email: pat.email,
      phone: '0412 345 678',
      company: '',
      abn: '',
      shippingMethod: 'standard',
      collect: false,
      addressLine1: '1 Runway Rd',
      addressLine2: '',
      suburb: 'Mascot',
      state: 'NSW',
      postcode: '2020',
    })
    const result = await startCheckout(deps, {
      checkoutId,
      items: [{ FBUID: 'drone', productCount: 1 }],
      details,
      method: standard,
      user: pat,
      origin: ORIGIN,
    })
    if (result.kind !== 'redirect') throw new Error(`no payment page: ${JSON.stringify(result)}`)
    return { order: (await getOrder(database.db, result.orderId))!, checkoutId }
  }

  const abandonedIds = async (search = 'view=abandoned') =>
    (await listAbandonedCheckouts(database.db, parseOrderQuery(new URLSearchParams(search)))).checkouts.map((row) => row.id)
  const staffOrderIds = async (search = '') => (await listOrdersPage(database.db, parseOrderQuery(new URLSearchParams(search)))).orders.map((row) => row.id)
  const customerOrderIds = async () => (await listOrdersOfUser(database.db, pat.id)).map((row) => row.id)
  const customerOrderPage = (orderId: string) =>
    customerOrderLoader({
      params: { orderId },
      request: new Request(`${ORIGIN}/client/orders/${orderId}`),
      context: routeContext(database, deps.config, mailer, { sessions: async () => pat }),
    } as never)
  const csv = async (search: string) => {
    const response = (await exportLoader({
      request: new Request(`${ORIGIN}/orders/export.csv?${search}`),
      context: routeContext(database, deps.config),
    } as never)) as Response
    return { name: response.headers.get('content-disposition'), lines: (await response.text()).trim().split('\r\n') }
  }

  it('a declined card is no order to its customer, and staff find it among the abandoned checkouts with its reason', async () => {
    const salesBefore = (await readDashboard(database.db)).today
    const { order } = await openPayment()
    // While its payment page is open it is an order awaiting payment, for the customer and for staff.
    expect(await customerOrderIds()).toContain(order.id)
    expect(await staffOrderIds()).toContain(order.id)
    expect(await abandonedIds()).not.toContain(order.id)

    await applyPaymentEvent(deps, demoPaymentEvent({ orderId: order.id, sessionId: order.providerSessionId!, card: 'declined', email: pat.email }))
    expect(await getOrder(database.db, order.id)).toMatchObject({ status: 'failed', abandonedReason: 'declined' })

    // The customer: not in "Your orders", and its page answers as a number that was never an order does.
    expect(await customerOrderIds()).not.toContain(order.id)
    await expect(customerOrderPage(order.id)).rejects.toMatchObject({ init: { status: 404 } })
    await expect(customerOrderPage('UD-NOTHING1')).rejects.toMatchObject({ init: { status: 404 } })

    // Staff: not among the orders (any state filter), but among the abandoned checkouts, with what it was worth and why.
    expect(await staffOrderIds()).not.toContain(order.id)
    expect(await staffOrderIds('filter=pending')).not.toContain(order.id)
    const { checkouts: rows } = await listAbandonedCheckouts(database.db, parseOrderQuery(new URLSearchParams('view=abandoned')))
    expect(rows.find((row) => row.id === order.id)).toMatchObject({ email: pat.email, reason: 'declined', totalCents: order.totalCents, userId: pat.id })
    expect(await abandonedIds('view=abandoned&reason=declined')).toContain(order.id)
    expect(await abandonedIds('view=abandoned&reason=cancelled')).not.toContain(order.id)
    // The older "Payment failed" filter opens the same list.
    expect(await abandonedIds('filter=failed')).toContain(order.id)

    // Nothing was sold: today's sales and the customer's totals are as they were.
    expect((await readDashboard(database.db)).today).toEqual(salesBefore)
    expect((await getCustomer(database.db, pat.id))?.totals).toEqual({ paidOrders: 0, guestOrders: 0, spentCents: 0 })

    // The CSV says what it holds: orders, or abandoned checkouts with their reason and a value never charged.
    const ordersCsv = await csv('')
    expect(ordersCsv.name).toMatch(/filename="orders-\d{4}-\d{2}-\d{2}\.csv"/)
    expect(ordersCsv.lines.some((line) => line.startsWith(`${order.id},`))).toBe(false)
    const abandonedCsv = await csv('view=abandoned')
    expect(abandonedCsv.name).toMatch(/filename="abandoned-checkouts-\d{4}-\d{2}-\d{2}\.csv"/)
    expect(abandonedCsv.lines[0]).toBe('Checkout,Started (UTC),Ended (UTC),Reason,Customer,E-mail,Phone,Delivery method,Value (not charged)')
    expect(abandonedCsv.lines.find((line) => line.startsWith(`${order.id},`))).toMatch(/,Declined,Pat Pilot,pat@example\.com,0412 345 678,Standard,13392\.00$/)
  })

  it('a payment page the shopper left says cancelled; one left open until it closed says expired, and is abandoned as soon as its window closes', async () => {
    const left = await openPayment()
    await abandonPayments(deps, left.checkoutId)
    expect(await getOrder(database.db, left.order.id)).toMatchObject({ status: 'expired', abandonedReason: 'cancelled' })
    expect(await abandonedIds('view=abandoned&reason=cancelled')).toContain(left.order.id)

    const open = await openPayment()
    // Its window closed a moment ago, and timed work has not run yet: no payment can complete it now.
    await database.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, open.order.id))
    expect(await customerOrderIds()).not.toContain(open.order.id)
    expect(await staffOrderIds()).not.toContain(open.order.id)
    expect(await abandonedIds('view=abandoned&reason=expired')).toContain(open.order.id)
    await expireLapsedReservations(deps)
    expect(await getOrder(database.db, open.order.id)).toMatchObject({ status: 'expired', abandonedReason: 'expired' })
    expect(await abandonedIds('view=abandoned&reason=expired')).toContain(open.order.id)
  })

  it('money that arrives after all makes it an order again, counted as a sale', async () => {
    const { order } = await openPayment()
    const sessionId = order.providerSessionId!
    await applyPaymentEvent(deps, demoPaymentEvent({ orderId: order.id, sessionId, card: 'declined', email: pat.email }))
    await applyPaymentEvent(deps, demoPaymentEvent({ orderId: order.id, sessionId, card: 'paid', email: pat.email }))
    expect(await getOrder(database.db, order.id)).toMatchObject({ status: 'paid', abandonedReason: null })
    expect(await customerOrderIds()).toContain(order.id)
    expect(await abandonedIds()).not.toContain(order.id)
    expect((await readDashboard(database.db)).today).toMatchObject({ orders: 1, salesCents: order.totalCents })
    expect((await getCustomer(database.db, pat.id))?.totals).toEqual({ paidOrders: 1, guestOrders: 0, spentCents: order.totalCents })
  })
})
