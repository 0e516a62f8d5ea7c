import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOrderQuery } from '../../app/lib/orders/order-query'
import { deliveryDetailsSchema } from '../../app/lib/schemas/delivery'
import type { ShippingMethod } from '../../app/lib/delivery/shipping'
import type { SessionUser } from '../../app/server/auth/session.server'
import { abandonPayments, startCheckout } from '../../app/server/checkout/checkout.server'
import { reminderDelayHours, sendCartReminders, setReminderDelayHours } from '../../app/server/checkout/cart-reminders.server'
import { getCheckout, keepCart, keepDetails } from '../../app/server/checkout/drafts.server'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { getOrder } from '../../app/server/checkout/orders.server'
import { demoPaymentEvent } from '../../app/server/checkout/payments/demo.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { checkouts, mailSuppressions, outbox, products, shippingMethods } from '../../app/server/db/schema'
import { listActiveShippingMethods } from '../../app/server/delivery/shipping-methods.server'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { listAbandonedCheckouts } from '../../app/server/orders/abandoned-checkouts.server'
import { action as deliveryAction, loader as deliveryLoader } from '../../app/routes/checkout.delivery'
import { loader as resumeLoader } from '../../app/routes/checkout.resume.$token'
import { action as unsubscribeAction, loader as unsubscribeLoader } from '../../app/routes/unsubscribe.$token'
import { action as staffOrdersAction } from '../../app/routes/staff/orders'
import { testDatabaseKinds } from '../support/databases'
import { routeContext } from '../support/route-context'

const ORIGIN = 'http://localhost:3999'
const HOUR = 3_600_000

/** What a shopper types on the delivery step (valid), with the consent box as given. */
const typed = (email: string, remindMe: boolean) => ({
  fullName: 'Robin Rotor',
  email,
  phone: '0412 345 678',
  company: '',
  abn: '',
  shippingMethod: 'standard',
  addressLine1: '1 Queen Street',
  addressLine2: '',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
  saveAddress: false,
  remindMe,
})

describe.each(testDatabaseKinds())('abandoned checkout reminders on $name', (kind) => {
  let database: DatabaseHandle
  let mailer: MailService
  /** A second process's mail service on the same database. */
  let otherMailer: MailService
  let config: Env
  let deps: { db: Database; config: Env; mailer: MailService }
  let standard: ShippingMethod
  let addresses = 0

  beforeAll(async () => {
    database = await kind.open()
    await database.db.insert(shippingMethods).values({ id: 'standard', name: 'Standard', kind: 'delivery', priceCents: 1500, position: 0 })
    ;[standard] = (await listActiveShippingMethods(database.db)) as [ShippingMethod]
    await database.db.insert(products).values({
      id: 'drone',
      productName: 'Test drone',
      STUPID: 'drone',
      productCategory: 'test',
      productPrices: [{ value: 129_900, label: 'Price (inc. GST)', description: '' }],
      productWeightGrams: 500,
      productStockOnHand: 500,
    })
    config = parseEnv({ PORT: '3999', PAYMENT_PROVIDER: 'demo', PUBLIC_URL: ORIGIN })
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    otherMailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    deps = { db: database.db, config, mailer }
  })
  afterAll(async () => {
    await mailer?.stop()
    await otherMailer?.stop()
    await database?.close()
  })

  const newAddress = (name: string) => `${name}-${++addresses}-${kind.name}@example.com`
  const mailsTo = (to: string) => database.db.select().from(outbox).where(eq(outbox.to, to))
  const run = (now: Date, service: MailService = mailer) => sendCartReminders({ db: database.db, config, mailer: service }, now)

  /** A shopper's checkout of two drones, with the details (and the consent box) as posted at `at`. */
  async function leaveCheckout(email: string, remindMe: boolean, at: Date) {
    const id = await keepCart(database.db, { id: null, items: [{ FBUID: 'drone', productCount: 2 }], userId: null })
    await keepDetails(database.db, (await getCheckout(database.db, id))!, typed(email, remindMe), at)
    return id
  }

  /** Opens a payment page for the checkout, as Pay on the delivery step does. */
  async function openPayment(checkoutId: string, email: string) {
    const checkout = (await getCheckout(database.db, checkoutId))!
    const details = deliveryDetailsSchema.parse({ ...typed(email, true), collect: false })
    const result = await startCheckout(deps, { checkoutId, items: checkout.items, details, method: standard, user: null, origin: ORIGIN })
    if (result.kind !== 'redirect') throw new Error(`no payment page: ${JSON.stringify(result)}`)
    return (await getOrder(database.db, result.orderId))!
  }

  const pay = (order: { id: string; providerSessionId: string | null }, email: string) =>
    applyPaymentEvent(deps, demoPaymentEvent({ orderId: order.id, sessionId: order.providerSessionId!, card: 'paid', email }))

  const linkIn = (text: string, path: string) => new RegExp(`${ORIGIN}/${path}/([A-Za-z0-9_-]{32})`).exec(text)?.[1]

  it('a checkout with consent gets exactly one reminder once it has been left for the delay, even when two processes sweep at once', async () => {
    const email = newAddress('consent')
    const left = new Date(Date.now() - 60_000)
    const checkoutId = await leaveCheckout(email, true, left)
    expect(await getCheckout(database.db, checkoutId)).toMatchObject({ reminderConsentAt: left, reminderEmail: email, remindedAt: null })
    expect(await reminderDelayHours(database.db)).toBe(4)

    // Not before the delay (4 hours by default).
    expect(await run(new Date(left.getTime() + 4 * HOUR - 60_000))).toBe(0)
    expect(await mailsTo(email)).toHaveLength(0)

    // Two processes' sweeps at the same moment: one reminder between them.
    const due = new Date(left.getTime() + 4 * HOUR + 60_000)
    const [first, second] = await Promise.all([run(due), run(due, otherMailer)])
    expect(first + second).toBe(1)
    // Nor ever again.
    expect(await run(new Date(due.getTime() + 2 * HOUR))).toBe(0)
    expect(await run(new Date(left.getTime() + 6 * 24 * HOUR))).toBe(0)
    const mails = await mailsTo(email)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail!.subject).toBe('Your cart is waiting — UniDrone Robotics')
    expect((await getCheckout(database.db, checkoutId))?.remindedAt).toEqual(due)

    // What the reminder says: the cart, the way back, who sends it, why, and how to stop it.
    expect(mail!.text).toContain('Hello Robin Rotor,')
    expect(mail!.text).toContain('2 × Test drone — $2,598.00')
    expect(mail!.text).toMatch(new RegExp(`Return to your cart: ${ORIGIN}/checkout/resume/[A-Za-z0-9_-]{32}\\n`))
    expect(mail!.text).toContain('UniDrone Robotics Pty Ltd (trading as UniDrone Robotics), ABN 51 824 753 556')
    expect(mail!.text).toContain('you ticked “E-mail me about this cart and offers” at our checkout on')
    expect(mail!.text).toContain('This is the only reminder we send about this cart.')
    const unsubscribeToken = linkIn(mail!.text, 'unsubscribe')!
    expect(mail!.text).toContain(`Unsubscribe from reminders and offers: ${ORIGIN}/unsubscribe/${unsubscribeToken}`)
    expect(mail!.html).toContain(`href="${ORIGIN}/unsubscribe/${unsubscribeToken}"`)
    expect(mail!.html.replaceAll('<!-- -->', '')).toContain('UniDrone Robotics Pty Ltd (trading as UniDrone Robotics), ABN 51 824 753 556')
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${ORIGIN}/unsubscribe/${unsubscribeToken}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    // The links' secrets are stored only as hashes.
    const resumeToken = linkIn(mail!.text, 'checkout/resume')!
    const stored = await getCheckout(database.db, checkoutId)
    expect(stored?.resumeTokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(resumeToken)

    // The button gives any browser this checkout's cookie and opens the delivery step as it was left.
    const answer = await resumeLoader({
      params: { token: resumeToken },
      request: new Request(`${ORIGIN}/checkout/resume/${resumeToken}`),
      context: routeContext(database, config, mailer),
    } as never).catch((thrown: unknown) => thrown)
    expect(answer).toBeInstanceOf(Response)
    const redirect = answer as Response
    expect(redirect.status).toBe(303)
    expect(redirect.headers.get('location')).toBe('/checkout/delivery')
    const cookie = redirect.headers.get('set-cookie')!.split(';', 1)[0]!
    expect(cookie).toBe(`checkout=${checkoutId}`)
    const step = (await deliveryLoader({
      params: {},
      request: new Request(`${ORIGIN}/checkout/delivery`, { headers: { cookie } }),
      context: routeContext(database, config, mailer),
    } as never)) as { values: Record<string, unknown>; lines: { name: string; quantity: number }[] }
    expect(step.values).toMatchObject({
      fullName: 'Robin Rotor',
      email,
      phone: '0412 345 678',
      addressLine1: '1 Queen Street',
      postcode: '4000',
      remindMe: true,
    })
    expect(step.lines).toEqual([expect.objectContaining({ name: 'Test drone', quantity: 2 })])
  })

  it('no consent, no reminder ever; consent withdrawn on a later post, none either', async () => {
    const never = newAddress('never')
    const left = new Date()
    await leaveCheckout(never, false, left)
    const withdrawn = newAddress('withdrawn')
    const id = await leaveCheckout(withdrawn, true, left)
    await keepDetails(database.db, (await getCheckout(database.db, id))!, typed(withdrawn, false), left)
    expect(await getCheckout(database.db, id)).toMatchObject({ reminderConsentAt: null, reminderEmail: null })
    for (const hours of [5, 24, 6 * 24]) await run(new Date(left.getTime() + hours * HOUR))
    expect(await mailsTo(never)).toHaveLength(0)
    expect(await mailsTo(withdrawn)).toHaveLength(0)
  })

  it('the box on the delivery step gives consent with the address typed, even when the form is refused; a later post without it withdraws it', async () => {
    const email = newAddress('form')
    const id = await keepCart(database.db, { id: null, items: [{ FBUID: 'drone', productCount: 1 }], userId: null })
    const post = (fields: Record<string, string>) => {
      const body = new URLSearchParams({ ...Object.fromEntries(Object.entries(typed(email, false)).map(([key, value]) => [key, String(value)])), ...fields })
      body.delete('saveAddress')
      if (fields.remindMe === undefined) body.delete('remindMe')
      return deliveryAction({
        params: {},
        request: new Request(`${ORIGIN}/checkout/delivery`, { method: 'POST', body, headers: { cookie: `checkout=${id}` } }),
        context: routeContext(database, config, mailer),
      } as never)
    }
    // Ticked, with a phone number the step refuses: nothing is paid, but what was typed (and the consent) is kept.
    const refused = (await post({ remindMe: 'on', phone: '12' })) as unknown as { init: { status: number } }
    expect(refused.init.status).toBe(400)
    const given = await getCheckout(database.db, id)
    expect(given).toMatchObject({ reminderEmail: email, remindedAt: null })
    expect(given?.reminderConsentAt).toBeInstanceOf(Date)
    expect(given?.details).toMatchObject({ remindMe: true })

    await post({ phone: '12' })
    expect(await getCheckout(database.db, id)).toMatchObject({ reminderConsentAt: null, reminderEmail: null })
  })

  it('the delay is staff’s to set, from 1 to 168 hours, and a bad value is refused with a message', async () => {
    const staff: SessionUser = {
      id: 'u-staff',
      email: 'staff@example.com',
      name: 'Sam Staff',
      role: 'staff',
      emailVerified: true,
      twoFactorEnabled: true,
      secondFactorPassed: true,
    }
    const setDelay = async (value: string) => {
      try {
        return (await staffOrdersAction({
          params: {},
          request: new Request(`${ORIGIN}/orders?view=abandoned`, {
            method: 'POST',
            body: new URLSearchParams({ intent: 'reminder-delay', delayHours: value }),
          }),
          context: routeContext(database, config, mailer, { sessions: async () => staff }),
        } as never)) as unknown as { data: { delay: { error: string | null; saved: number | null } }; init: { status?: number } | null }
      } catch (thrown) {
        return thrown as { data: { delay: { error: string | null } }; init: { status: number } }
      }
    }
    for (const [value, message] of [
      ['0', 'The delay must be from 1 to 168 hours; 0 is not.'],
      ['169', 'The delay must be from 1 to 168 hours; 169 is not.'],
      ['4.5', 'The delay is a whole number of hours, from 1 to 168 hours.'],
      ['-2', 'The delay is a whole number of hours, from 1 to 168 hours.'],
      ['', 'Enter how many hours to wait before the reminder: 1 to 168 hours.'],
    ]) {
      const answer = await setDelay(value!)
      expect(answer.init?.status, value).toBe(400)
      expect(answer.data.delay.error).toBe(message)
    }
    expect(await reminderDelayHours(database.db)).toBe(4)

    const saved = await setDelay('10')
    expect(saved.data.delay).toEqual({ error: null, saved: 10 })
    expect(await reminderDelayHours(database.db)).toBe(10)
    try {
      const email = newAddress('delay')
      const left = new Date()
      await leaveCheckout(email, true, left)
      expect(await run(new Date(left.getTime() + 5 * HOUR))).toBe(0)
      expect(await mailsTo(email)).toHaveLength(0)
      await run(new Date(left.getTime() + 10 * HOUR + 60_000))
      expect(await mailsTo(email)).toHaveLength(1)
    } finally {
      await setReminderDelayHours(database.db, 4)
    }
  })

  it('an address that unsubscribed is never e-mailed again; the POST unsubscribes once however often it comes, and a GET never does', async () => {
    const email = newAddress('unsubscribe')
    const left = new Date()
    await leaveCheckout(email, true, left)
    await run(new Date(left.getTime() + 5 * HOUR))
    const [mail] = await mailsTo(email)
    const token = linkIn(mail!.text, 'unsubscribe')!
    const context = () => routeContext(database, config, mailer)
    const suppressed = () => database.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, email))

    // Opening the link (as a mail scanner does) only shows the page.
    const page = (await unsubscribeLoader({
      params: { token },
      request: new Request(`${ORIGIN}/unsubscribe/${token}`),
      context: context(),
    } as never)) as unknown as {
      data: { link: { email: string; unsubscribed: boolean } }
    }
    expect(page.data.link).toEqual({ email, unsubscribed: false })
    expect(await suppressed()).toHaveLength(0)

    // A mail client's one-click POST, then the page's button: one entry on the list.
    const oneClick = (await unsubscribeAction({
      params: { token },
      request: new Request(`${ORIGIN}/unsubscribe/${token}`, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) }),
      context: context(),
    } as never)) as unknown as { data: { unsubscribed: boolean }; init: { status?: number } | null }
    expect(oneClick.data.unsubscribed).toBe(true)
    expect(oneClick.init?.status ?? 200).toBe(200)
    const button = (await unsubscribeAction({
      params: { token },
      request: new Request(`${ORIGIN}/unsubscribe/${token}`, { method: 'POST', body: new URLSearchParams() }),
      context: context(),
    } as never)) as unknown as { data: { unsubscribed: boolean } }
    expect(button.data.unsubscribed).toBe(true)
    expect(await suppressed()).toEqual([expect.objectContaining({ email, source: 'one-click' })])
    const after = (await unsubscribeLoader({
      params: { token },
      request: new Request(`${ORIGIN}/unsubscribe/${token}`),
      context: context(),
    } as never)) as unknown as {
      data: { link: { unsubscribed: boolean } }
    }
    expect(after.data.link.unsubscribed).toBe(true)

    // A link that names nothing unsubscribes nobody.
    const unknown = (await unsubscribeAction({
      params: { token: 'A'.repeat(32) },
      request: new Request(`${ORIGIN}/unsubscribe/${'A'.repeat(32)}`, { method: 'POST', body: new URLSearchParams() }),
      context: context(),
    } as never)) as unknown as { init: { status: number } }
    expect(unknown.init.status).toBe(404)

    // A later checkout with the same address (typed in capitals this time), consent ticked: no reminder.
    const again = new Date(left.getTime() + 6 * HOUR)
    await leaveCheckout(email.toUpperCase(), true, again)
    expect(await run(new Date(again.getTime() + 5 * HOUR))).toBe(0)
    expect(await run(new Date(again.getTime() + 48 * HOUR))).toBe(0)
    expect(await database.db.select().from(outbox).where(eq(outbox.to, email.toUpperCase()))).toHaveLength(0)
    expect(await mailsTo(email)).toHaveLength(1)
  })

  it('a checkout paid before the delay gets none; one whose payment page is still open waits', async () => {
    const paidEmail = newAddress('paid')
    const left = new Date()
    const paidCheckout = await leaveCheckout(paidEmail, true, left)
    const order = await openPayment(paidCheckout, paidEmail)
    // While the payment page is open (its window is 35 minutes), no reminder, however old the checkout.
    await database.db
      .update(checkouts)
      .set({ updatedAt: new Date(Date.now() - 5 * HOUR) })
      .where(eq(checkouts.id, paidCheckout))
    expect(await run(new Date())).toBe(0)
    await pay(order, paidEmail)
    expect(await getCheckout(database.db, paidCheckout)).toBeNull()
    expect(await run(new Date(left.getTime() + 5 * HOUR))).toBe(0)
    expect((await mailsTo(paidEmail)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Order UD-\w+ confirmed/)])
    expect((await getOrder(database.db, order.id))?.reminderSentAt).toBeNull()
  })

  it('a checkout paid after its reminder is a recovered sale: the order says so, and staff see it beside the abandoned attempt', async () => {
    const email = newAddress('recovered')
    const left = new Date(Date.now() - 5 * HOUR)
    const checkoutId = await leaveCheckout(email, true, left)
    // The shopper opened the payment page and came back without paying: an abandoned checkout.
    const first = await openPayment(checkoutId, email)
    await abandonPayments(deps, checkoutId)
    await database.db.update(checkouts).set({ updatedAt: left }).where(eq(checkouts.id, checkoutId))
    const abandonedRow = async () =>
      (await listAbandonedCheckouts(database.db, parseOrderQuery(new URLSearchParams(`view=abandoned&q=${email}`)))).checkouts.find(
        (row) => row.id === first.id,
      )
    expect(await abandonedRow()).toMatchObject({ consentAt: left, remindedAt: null, paidOrderId: null, unsubscribed: false })

    const sentAt = new Date()
    expect(await run(sentAt)).toBe(1)
    expect(await abandonedRow()).toMatchObject({ remindedAt: sentAt, paidOrderId: null })
    const resumeToken = linkIn((await mailsTo(email))[0]!.text, 'checkout/resume')!

    // Back through the reminder, and paid.
    const second = await openPayment(checkoutId, email)
    await pay(second, email)
    expect(await getOrder(database.db, second.id)).toMatchObject({ status: 'paid', reminderSentAt: sentAt })
    expect(await abandonedRow()).toMatchObject({ paidOrderId: second.id, recoveredReminderAt: sentAt })
    // The checkout is closed: its link now answers with a page saying so.
    const gone = (await resumeLoader({
      params: { token: resumeToken },
      request: new Request(`${ORIGIN}/checkout/resume/${resumeToken}`),
      context: routeContext(database, config, mailer),
    } as never)) as unknown as { data: { problem: string }; init: { status: number } }
    expect(gone.init.status).toBe(404)
    expect(gone.data.problem).toBe('gone')
  })
})
