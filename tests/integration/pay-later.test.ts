import { holdDays, setHoldDays } from '../../app/server/orders/bank-transfer.server'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PAY_LATER } from '../../app/lib/pay-later'
import { deliveryDetailsSchema } from '../../app/lib/schemas/delivery'
import type { ShippingMethod } from '../../app/lib/delivery/shipping'
import { action as quoteAction } from '../../app/routes/api.cart.quote'
import { loader as productLoader } from '../../app/routes/product.$productId'
import { action as settingsAction, loader as settingsLoader } from '../../app/routes/staff/settings.payments'
import type { SessionUser } from '../../app/server/auth/session-reader.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { startCheckout } from '../../app/server/checkout/checkout.server'
import { getOrder } from '../../app/server/checkout/orders.server'
import { PAY_LATER_SETTINGS_KEY, readPayLaterSetting } from '../../app/server/checkout/pay-later.server'
import { shopContext } from '../../app/server/context.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { history, shopSettings } from '../../app/server/db/schema'
import { addDemoDeliveryData } from '../../app/server/delivery/demo-delivery.server'
import { listActiveShippingMethods } from '../../app/server/delivery/shipping-methods.server'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { testDatabaseKinds } from '../support/databases'
import { routeContext } from '../support/route-context'

const ORIGIN = 'http://localhost:3999'
const STAFF_EMAIL = 'dee@shop.example'

const sessionOf = (role: 'staff' | 'customer'): SessionUser => ({
  id: `user-${role}`,
  email: role === 'staff' ? STAFF_EMAIL : 'cus@example.com',
  name: role,
  role,
  emailVerified: true,
  twoFactorEnabled: role === 'staff',
  secondFactorPassed: role === 'staff',
})

/**
 * In the demo catalogue (db/seed/catalog.ts, db/seed/delivery.ts): the X7 Pro ($849) and the Z10
 * ($1,499) are in stock, the E900 ($12,999) is over any default limit, the T2 ($4,499) is on
 * backorder and the RTK F9 ($549) is sold out.
 */
const IN_STOCK = 'unipilot-x7-pro'
const IN_STOCK_DEARER = 'unicam-z10-zoom-gimbal-camera'
const OVER_LIMIT = 'unidrone-e900'
const BACKORDER = 'unicam-t2-thermal-gimbal'
const SOLD_OUT = 'unirtk-f9-gnss-module'

describe.each(testDatabaseKinds())('the pay later message on $name', (kind) => {
  let database: DatabaseHandle
  let fake: FakeStripe
  let mailer: MailService
  let stripeConfig: Env
  let demoConfig: Env
  /** One context per provider, each with its own catalogue reads, kept for the whole file as a process keeps them. */
  let stripeShop: ReturnType<typeof routeContext>
  let demoShop: ReturnType<typeof routeContext>
  let staff: ReturnType<typeof routeContext>
  let standard: ShippingMethod

  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
    await addDemoDeliveryData(database.db)
    standard = (await listActiveShippingMethods(database.db)).find((method) => method.id === 'standard')!
    fake = await startFakeStripe()
    stripeConfig = parseEnv({
      PORT: '3999',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_API_URL: fake.url,
    })
    demoConfig = parseEnv({ PORT: '3999' })
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    stripeShop = routeContext(database, stripeConfig, mailer)
    demoShop = routeContext(database, demoConfig, mailer)
    staff = routeContext(database, stripeConfig, mailer, { sessions: async () => sessionOf('staff') })
  })
  afterAll(async () => {
    await mailer?.stop()
    await fake?.close()
    await database?.close()
  })

  const showsOnProductPage = async (productId: string, context = stripeShop) => {
    const answer = await productLoader({ params: { productId }, context, request: new Request(`${ORIGIN}/product/${productId}`) } as never)
    return answer.payLater
  }
  const showsInCart = async (items: { FBUID: string; productCount: number; shownUnitPrice?: number }[], context = stripeShop) => {
    const request = new Request(`${ORIGIN}/api/cart/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
    })
    const answer = (await quoteAction({ request, context, params: {} } as never)) as { payLater: boolean }
    return answer.payLater
  }
  const post = (fields: Record<string, string>, context = staff) =>
    settingsAction({
      request: new Request(`${ORIGIN}/settings/payments`, { method: 'POST', body: new URLSearchParams(fields) }),
      params: {},
      context,
    } as never)
  const settingRows = () =>
    database.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'settings'), eq(history.documentId, PAY_LATER_SETTINGS_KEY)))

  it('is off by default, at $2,000: the screen says so and neither a product page nor the cart shows the message', async () => {
    expect(await readPayLaterSetting(database.db)).toEqual({ enabled: false, maxCents: 200_000 })
    expect(await settingsLoader({ request: new Request(`${ORIGIN}/settings/payments`), params: {}, context: staff } as never)).toEqual({
      provider: 'stripe',
      setting: DEFAULT_PAY_LATER,
      changed: null,
      // With Stripe and no BANK_ settings, bank transfer is not offered; its hold is the default week.
      bankAccount: null,
      holdDays: 7,
    })
    expect(await showsOnProductPage(IN_STOCK)).toBe(false)
    expect(await showsInCart([{ FBUID: IN_STOCK, productCount: 1 }])).toBe(false)
  })

  it('refuses an amount that is missing, not dollars or outside $1–$10,000 with a 400 and says why; nothing is stored', async () => {
    const refusals: [string, RegExp][] = [
      ['', /^Enter the largest amount to show the message for, from \$1 to \$10,000\.$/],
      ['   ', /^Enter the largest amount/],
      ['lots', /^Enter an amount in dollars, such as 2000, from \$1 to \$10,000\.$/],
      ['-5', /^Enter an amount in dollars/],
      ['1e309', /^Enter an amount in dollars/],
      ['2000.001', /^Enter an amount in dollars/],
      ['99999999999999999999', /^Enter an amount in dollars/],
      ['0', /^The amount must be from \$1 to \$10,000; \$0\.00 is not\.$/],
      ['0.99', /; \$0\.99 is not\.$/],
      ['10000.01', /; \$10,000\.01 is not\.$/],
      ['25,000', /; \$25,000\.00 is not\.$/],
    ]
    for (const [maxAmount, message] of refusals) {
      const answer = (await post({ intent: 'pay-later', payLater: 'on', maxAmount })) as unknown as {
        data: { saved: boolean; message: string; errors: { maxAmount?: string }; values: { enabled: boolean; maxAmount: string } }
        init: ResponseInit
      }
      expect(answer.init.status, maxAmount).toBe(400)
      expect(answer.data.saved).toBe(false)
      expect(answer.data.message).toBe('Nothing was saved: please check the amount.')
      expect(answer.data.errors.maxAmount, maxAmount).toMatch(message)
      // The form comes back as it was typed.
      expect(answer.data.values).toEqual({ enabled: true, maxAmount })
    }
    // A post that is not the settings form, and a customer, change nothing either.
    const stray = (await post({ payLater: 'on', maxAmount: '2000' })) as { data: { saved: boolean }; init: ResponseInit }
    expect(stray.init.status).toBe(400)
    expect(stray.data.saved).toBe(false)
    const customer = routeContext(database, stripeConfig, mailer, { sessions: async () => sessionOf('customer') })
    await expect(post({ intent: 'pay-later', payLater: 'on', maxAmount: '2000' }, customer)).rejects.toMatchObject({ init: { status: 403 } })

    expect(await database.db.select().from(shopSettings).where(eq(shopSettings.key, PAY_LATER_SETTINGS_KEY))).toEqual([])
    expect(await settingRows()).toEqual([])
    expect(await showsOnProductPage(IN_STOCK)).toBe(false)
  })

  it('saved on, with its history row naming who saved it, it shows at once on kept product pages within the limit and for products that can be sent now', async () => {
    // The product page was read before: its reads are kept, as a running shop keeps them.
    const versionBefore = await stripeShop.get(shopContext).catalog.version()
    expect(await post({ intent: 'pay-later', payLater: 'on', maxAmount: '$2,000' })).toEqual({
      saved: true,
      message: 'Saved: the pay later message is on, for prices and carts up to $2,000.00.',
    })
    expect(await readPayLaterSetting(database.db)).toEqual({ enabled: true, maxCents: 200_000 })
    const rows = await settingRows()
    expect(rows.map(({ action, updatedBy, document }) => ({ action, updatedBy, document }))).toEqual([
      { action: 'create', updatedBy: STAFF_EMAIL, document: { enabled: true, maxCents: 200_000 } },
    ])
    // Saving it is a catalogue change: every process retires its kept pages.
    expect(await stripeShop.get(shopContext).catalog.version()).toBeGreaterThan(versionBefore)
    const shown = (await settingsLoader({ request: new Request(`${ORIGIN}/settings/payments`), params: {}, context: staff } as never)) as {
      changed: { by: string } | null
    }
    expect(shown.changed?.by).toBe(STAFF_EMAIL)

    expect(await showsOnProductPage(IN_STOCK)).toBe(true)
    expect(await showsOnProductPage(IN_STOCK_DEARER)).toBe(true)
    expect(await showsOnProductPage(OVER_LIMIT)).toBe(false)
    expect(await showsOnProductPage(SOLD_OUT)).toBe(false)

    // A higher limit: the backorder still never gets it (Afterpay does not serve pre-orders).
    await post({ intent: 'pay-later', payLater: 'on', maxAmount: '5000' })
    expect(await showsOnProductPage(BACKORDER)).toBe(false)
    expect(await showsOnProductPage(OVER_LIMIT)).toBe(false)
    // The demo provider offers neither Afterpay nor Zip: never there.
    expect(await showsOnProductPage(IN_STOCK, demoShop)).toBe(false)

    // A lower one, then off: the page follows each save.
    await post({ intent: 'pay-later', payLater: 'on', maxAmount: '1000' })
    expect(await showsOnProductPage(IN_STOCK)).toBe(true)
    expect(await showsOnProductPage(IN_STOCK_DEARER)).toBe(false)
    await post({ intent: 'pay-later', maxAmount: '1000' })
    expect(await showsOnProductPage(IN_STOCK)).toBe(false)
    expect((await settingRows()).map((row) => [row.action, row.document])).toEqual([
      ['create', { enabled: true, maxCents: 200_000 }],
      ['update', { enabled: true, maxCents: 500_000 }],
      ['update', { enabled: true, maxCents: 100_000 }],
      ['update', { enabled: false, maxCents: 100_000 }],
    ])
  })

  it('shows in the cart for a total (with the shipping estimate) within the limit, when nothing would be backordered and nothing changed', async () => {
    await post({ intent: 'pay-later', payLater: 'on', maxAmount: '2000' })
    // $849 and the cheapest shipping: within $2,000. Three of them, $2,547: over.
    expect(await showsInCart([{ FBUID: IN_STOCK, productCount: 1 }])).toBe(true)
    expect(await showsInCart([{ FBUID: IN_STOCK, productCount: 3 }])).toBe(false)
    // $1,499 with the cheapest shipping (free over $300) is $1,499; with the X7 Pro, over.
    expect(await showsInCart([{ FBUID: IN_STOCK_DEARER, productCount: 1 }])).toBe(true)
    expect(
      await showsInCart([
        { FBUID: IN_STOCK_DEARER, productCount: 1 },
        { FBUID: IN_STOCK, productCount: 1 },
      ]),
    ).toBe(false)
    // A price the shopper has not seen yet: the cart asks them first.
    expect(await showsInCart([{ FBUID: IN_STOCK, productCount: 1, shownUnitPrice: 100 }])).toBe(false)
    expect(await showsInCart([{ FBUID: IN_STOCK, productCount: 1 }], demoShop)).toBe(false)

    await post({ intent: 'pay-later', payLater: 'on', maxAmount: '10000' })
    expect(await showsInCart([{ FBUID: BACKORDER, productCount: 1 }])).toBe(false)
    expect(
      await showsInCart([
        { FBUID: IN_STOCK, productCount: 1 },
        { FBUID: BACKORDER, productCount: 1 },
      ]),
    ).toBe(false)
    expect(await showsInCart([{ FBUID: IN_STOCK, productCount: 1 }])).toBe(true)
  })

  it('the same screen sets how long a bank-transfer order holds its stock: 1 to 30 days, with its history row', async () => {
    const refused = (await post({ intent: 'bank-transfer', holdDays: '45' })) as unknown as { data: { saved: boolean; message: string }; init: ResponseInit }
    expect(refused.init.status).toBe(400)
    expect(refused.data.message).toBe('Nothing was saved: hold the stock for 1 to 30 whole days.')
    expect(await holdDays(database.db)).toBe(7)
    expect(await post({ intent: 'bank-transfer', holdDays: '10' })).toEqual({
      saved: true,
      message: 'Saved: bank-transfer orders hold their stock for 10 days.',
    })
    expect(await holdDays(database.db)).toBe(10)
    const [row] = await database.db.select().from(history).where(eq(history.documentId, 'bank-transfer'))
    expect(row).toMatchObject({ collection: 'settings', updatedBy: STAFF_EMAIL, document: { holdDays: 10 } })
    await setHoldDays(database.db, 7)
  })

  it('Stripe is asked to leave Afterpay and Zip out of a payment with a backordered line or an ABN, and only then', async () => {
    const deps: { db: Database; config: Env; mailer: MailService } = { db: database.db, config: stripeConfig, mailer }
    const details = deliveryDetailsSchema.parse({
      fullName: 'Pat Pilot',
      email: 'pat@example.com',
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
    let checkouts = 0
    const pay = async (items: { FBUID: string; productCount: number }[], typed = details) => {
      const result = await startCheckout(deps, { checkoutId: `pay-later-${++checkouts}`, items, details: typed, method: standard, user: null, origin: ORIGIN })
      if (result.kind !== 'redirect') throw new Error(`no payment page: ${JSON.stringify(result)}`)
      const order = (await getOrder(database.db, result.orderId))!
      const [sent] = fake.sessionRequests().filter((request) => request.body.metadata?.orderId === order.id)
      return sent!.body
    }
    const consumer = await pay([{ FBUID: IN_STOCK, productCount: 1 }])
    expect(consumer).not.toHaveProperty('payment_method_types')
    expect(consumer).not.toHaveProperty('excluded_payment_method_types')
    expect(consumer.customer_email).toBe('pat@example.com')
    expect(consumer.payment_intent_data.shipping).toEqual({
      name: 'Pat Pilot',
      phone: '0412 345 678',
      address: { line1: '1 Runway Rd', city: 'Mascot', state: 'NSW', postal_code: '2020', country: 'AU' },
    })

    const backordered = await pay([
      { FBUID: IN_STOCK, productCount: 1 },
      { FBUID: BACKORDER, productCount: 1 },
    ])
    expect(backordered.excluded_payment_method_types).toEqual(['afterpay_clearpay', 'zip'])
    const business = await pay([{ FBUID: IN_STOCK, productCount: 1 }], { ...details, company: 'Survey Co', abn: '51 824 753 556' })
    expect(business.excluded_payment_method_types).toEqual(['afterpay_clearpay', 'zip'])
    // A company named without an ABN may be a delivery to work: not a business purchase by itself.
    const atWork = await pay([{ FBUID: IN_STOCK, productCount: 1 }], { ...details, company: 'Survey Co' })
    expect(atWork).not.toHaveProperty('excluded_payment_method_types')
    for (const body of [backordered, business]) expect(body).not.toHaveProperty('payment_method_types')
  })
})
