import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScratchDatabase } from '../../scripts/lib/scratch-database'
import { updateProduct, getEditableProduct } from '../../app/server/catalog/product-changes.server'
import { listStaffProducts, quickEditProduct } from '../../app/server/catalog/staff-products.server'
import { parseStaffProductQuery } from '../../app/lib/staff-product-query'
import { connectPostgres, openPglite, type Database, type DatabaseHandle } from '../../app/server/db/client.server'
import { outbox, products, stockAlerts } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { restockProducts } from '../../app/server/stock/stock.server'
import {
  confirmStockAlert,
  forgetStockAlerts,
  requestStockAlert,
  sendStockAlerts,
  unsubscribeStockAlerts,
  waitingCounts,
} from '../../app/server/stock/stock-alerts.server'
import { action as requestAction } from '../../app/routes/stock-alerts'
import { action as confirmAction, loader as confirmLoader } from '../../app/routes/stock-alerts.confirm.$token'
import { action as unsubscribeAction, loader as unsubscribeLoader } from '../../app/routes/stock-alerts.unsubscribe.$token'
import { routeContext } from '../support/route-context'

const ORIGIN = 'http://localhost:3998'
const DAY = 86_400_000

/**
 * Two handles on one database, as two shop processes have: on PostgreSQL two separate pools, so two
 * sweeps really race; the embedded database has one session, shared.
 */
interface Pair {
  name: string
  main: DatabaseHandle
  other: DatabaseHandle
  close(): Promise<void>
}

async function openPair(name: 'pglite' | 'postgres'): Promise<Pair> {
  if (name === 'pglite') {
    const handle = await openPglite()
    await handle.migrate()
    return { name, main: handle, other: handle, close: () => handle.close() }
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shop_test')
  const main = connectPostgres(scratch.url, { max: 4 })
  await main.migrate()
  const other = connectPostgres(scratch.url, { max: 4 })
  return {
    name,
    main,
    other,
    close: async () => {
      await main.close()
      await other.close()
      await scratch.drop()
    },
  }
}

const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)

describe.each(kinds)('back-in-stock alerts on %s', (kindName) => {
  let pair: Pair
  let db: Database
  let config: Env
  let mailer: MailService
  let otherMailer: MailService
  let deps: { db: Database; mailer: MailService; config: Env }
  let products_ = 0
  let addresses = 0

  beforeAll(async () => {
    pair = await openPair(kindName)
    db = pair.main.db
    config = parseEnv({ PORT: '3998', PAYMENT_PROVIDER: 'demo', PUBLIC_URL: ORIGIN })
    mailer = createMailService({ db, from: 'shop@unidrone.example', retrySeconds: 30 })
    otherMailer = createMailService({ db: pair.other.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    deps = { db, mailer, config }
  })
  afterAll(async () => {
    await mailer?.stop()
    await otherMailer?.stop()
    await pair?.close()
  })

  const newAddress = (name: string) => `${name}-${++addresses}-${kindName}@example.com`
  const mailsTo = (to: string) => db.select().from(outbox).where(eq(outbox.to, to))
  const linkIn = (text: string, path: string) => new RegExp(`${ORIGIN}/stock-alerts/${path}/([A-Za-z0-9_-]{32})`).exec(text)?.[1]

  /** A sold-out product: stock tracked, none on hand, no backorder. */
  async function soldOutProduct(name = `Sold Out Sonar ${++products_}`) {
    const id = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    await db.insert(products).values({
      id,
      productName: name,
      STUPID: `prod_${id.replace(/[^A-Za-z0-9]/g, '')}`,
      productCategory: 'test',
      productPrices: [{ value: 19_900, label: 'Price (inc. GST)', description: '' }],
      productStockOnHand: 0,
    })
    return id
  }
  const setStock = (id: string, onHand: number) => db.update(products).set({ productStockOnHand: onHand }).where(eq(products.id, id))

  /** Asks for the alert through the route, as the product page's form posts it. */
  let clients = 0
  async function ask(productId: string, email: string, clientIp = `10.1.${++clients}.1`) {
    return (await requestAction({
      request: new Request(`${ORIGIN}/stock-alerts`, { method: 'POST', body: new URLSearchParams({ productId, email }) }),
      params: {},
      context: routeContext(pair.main, config, mailer, { clientIp }),
    } as never)) as unknown as { data: { kind: string; message?: string }; init: { status?: number } | null }
  }

  /** Asks and confirms through the e-mailed link's POST; returns the confirmation token. */
  async function subscribe(productId: string, email: string) {
    await ask(productId, email)
    const [mail] = await mailsTo(email)
    const token = linkIn(mail!.text, 'confirm')!
    await confirmAction({
      params: { token },
      request: new Request(`${ORIGIN}/stock-alerts/confirm/${token}`, { method: 'POST' }),
      context: routeContext(pair.main, config, mailer),
    } as never)
    return token
  }

  it('an alert for a sold-out variant waits for that variant: the product’s other variants coming back send nothing', async () => {
    const productId = await soldOutProduct('Variant Sonar')
    await db
      .update(products)
      .set({ optionNames: ['Pack'], optionValues: ['Single'] })
      .where(eq(products.id, productId))
    const pairId = `${productId}-pair`
    await db.insert(products).values({
      id: pairId,
      parentId: productId,
      optionValues: ['Pair'],
      variantPosition: 1,
      productName: 'Variant Sonar',
      STUPID: 'prod_VariantSonar',
      productCategory: 'test',
      productPrices: [{ value: 37_900, label: 'Pair', description: '' }],
      productStockOnHand: 0,
    })
    const email = newAddress('variant')
    await subscribe(pairId, email)
    await setStock(productId, 4)
    expect(await sendStockAlerts(deps)).toBe(0)
    await setStock(pairId, 2)
    expect(await sendStockAlerts(deps)).toBe(1)
    const [alert] = (await mailsTo(email)).filter((mail) => mail.subject.includes('back in stock'))
    expect(alert!.subject).toBe('Variant Sonar — Pair is back in stock — UniDrone Robotics')
    expect(alert!.text).toContain(`${ORIGIN}/product/${pairId}`)

    // The other way round: the product itself (its first variant) sold out while the pair is in stock.
    await setStock(productId, 0)
    const single = newAddress('single')
    await subscribe(productId, single)
    expect((await waitingCounts(db, [productId])).get(productId)).toBe(1)
    expect(await sendStockAlerts(deps)).toBe(0)
    await setStock(productId, 1)
    expect(await sendStockAlerts(deps)).toBe(1)
    expect((await mailsTo(single)).map((mail) => mail.subject)).toContain('Variant Sonar — Single is back in stock — UniDrone Robotics')
  })

  it('asks, confirms by a POST (never a GET), and sends one e-mail when the stock returns, never again', async () => {
    const productId = await soldOutProduct('Returning Radar')
    const email = newAddress('shopper')
    // Typed with capitals and spaces: kept lower-cased.
    const asked = await ask(productId, `  ${email.toUpperCase()} `)
    expect(asked.data.kind).toBe('asked')
    expect(asked.init?.status ?? 200).toBe(200)
    const [confirmation, ...more] = await mailsTo(email)
    expect(more).toHaveLength(0)
    expect(confirmation!.subject).toBe('Confirm your alert for Returning Radar — UniDrone Robotics')
    const token = linkIn(confirmation!.text, 'confirm')!
    expect(confirmation!.html).toContain(`href="${ORIGIN}/stock-alerts/confirm/${token}"`)
    // Only the hash of the link's secret is stored.
    const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.email, email))
    expect(row).toMatchObject({ productId, confirmedAt: null, notifiedAt: null })
    expect(JSON.stringify(row)).not.toContain(token)

    // Opening the link (as a mail scanner does) confirms nothing.
    const context = routeContext(pair.main, config, mailer)
    const page = (await confirmLoader({ params: { token }, request: new Request(`${ORIGIN}/stock-alerts/confirm/${token}`), context } as never)) as unknown as {
      data: { link: { email: string; productName: string; confirmed: boolean } }
    }
    expect(page.data.link).toMatchObject({ email, productName: 'Returning Radar', confirmed: false })
    await setStock(productId, 3)
    expect(await sendStockAlerts(deps)).toBe(0)
    await setStock(productId, 0)

    // The button's POST confirms; staff see one waiting.
    await confirmAction({ params: { token }, request: new Request(`${ORIGIN}/stock-alerts/confirm/${token}`, { method: 'POST' }), context } as never)
    expect((await waitingCounts(db, [productId])).get(productId)).toBe(1)
    const listed = await listStaffProducts(db, parseStaffProductQuery(new URLSearchParams({ q: 'Returning Radar' })))
    expect(listed.rows[0]).toMatchObject({ id: productId, waiting: 1 })

    // Still sold out: nothing. Stock reserved in full is not available either.
    expect(await sendStockAlerts(deps)).toBe(0)
    await db.update(products).set({ productStockOnHand: 2, stockReserved: 2 }).where(eq(products.id, productId))
    expect(await sendStockAlerts(deps)).toBe(0)

    // A refund's restock makes one available: one e-mail.
    await restockProducts(db, [{ productId, quantity: 1 }])
    expect(await sendStockAlerts(deps)).toBe(1)
    const alerts = (await mailsTo(email)).filter((mail) => mail.id !== confirmation!.id)
    expect(alerts).toHaveLength(1)
    const [alert] = alerts
    expect(alert!.subject).toBe('Returning Radar is back in stock — UniDrone Robotics')
    expect(alert!.text).toContain(`See the product: ${ORIGIN}/product/${productId}`)
    const unsubscribeToken = linkIn(alert!.text, 'unsubscribe')!
    expect(alert!.text).toContain(`Unsubscribe from back-in-stock alerts: ${ORIGIN}/stock-alerts/unsubscribe/${unsubscribeToken}`)
    expect(alert!.html).toContain(`href="${ORIGIN}/product/${productId}"`)
    expect(alert!.headers).toEqual({
      'List-Unsubscribe': `<${ORIGIN}/stock-alerts/unsubscribe/${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect((await waitingCounts(db, [productId])).get(productId)).toBeUndefined()

    // Sold out and back again later: nothing more.
    await setStock(productId, 0)
    await db.update(products).set({ stockReserved: 0 }).where(eq(products.id, productId))
    expect(await sendStockAlerts(deps)).toBe(0)
    await setStock(productId, 10)
    expect(await sendStockAlerts(deps)).toBe(0)
    expect(await mailsTo(email)).toHaveLength(2)
  })

  it('two sweeps at once, from two handles as two processes, send each alert once', async () => {
    const productId = await soldOutProduct()
    const emails = Array.from({ length: 6 }, () => newAddress('race'))
    for (const email of emails) await subscribe(productId, email)
    await setStock(productId, 5)
    const [first, second] = await Promise.all([sendStockAlerts({ db, mailer, config }), sendStockAlerts({ db: pair.other.db, mailer: otherMailer, config })])
    expect(first + second).toBe(6)
    for (const email of emails) expect((await mailsTo(email)).filter((mail) => mail.subject.includes('is back in stock'))).toHaveLength(1)
    // And a third sweep finds nothing.
    expect(await sendStockAlerts(deps)).toBe(0)
  })

  it('an unconfirmed or unsubscribed address gets nothing, and unsubscribing stops every alert of the address', async () => {
    const first = await soldOutProduct()
    const second = await soldOutProduct()
    const unconfirmed = newAddress('unconfirmed')
    await ask(first, unconfirmed)
    const leaving = newAddress('leaving')
    await subscribe(first, leaving)
    await subscribe(second, leaving)
    // The first product comes back: the confirmed address is told, the unconfirmed one is not.
    await setStock(first, 4)
    expect(await sendStockAlerts(deps)).toBe(1)
    expect(await mailsTo(unconfirmed)).toHaveLength(1)
    const alert = (await mailsTo(leaving)).find((mail) => mail.subject.includes('is back in stock'))!
    const token = linkIn(alert.text, 'unsubscribe')!

    // Its unsubscribe link: a GET shows the page only; a one-click POST and the button both stop it, once.
    const context = routeContext(pair.main, config, mailer)
    const page = (await unsubscribeLoader({
      params: { token },
      request: new Request(`${ORIGIN}/stock-alerts/unsubscribe/${token}`),
      context,
    } as never)) as unknown as {
      data: { link: { unsubscribed: boolean } }
    }
    expect(page.data.link.unsubscribed).toBe(false)
    for (const body of [new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }), new URLSearchParams()]) {
      const done = (await unsubscribeAction({
        params: { token },
        request: new Request(`${ORIGIN}/stock-alerts/unsubscribe/${token}`, { method: 'POST', body }),
        context,
      } as never)) as unknown as { data: { unsubscribed: boolean } }
      expect(done.data.unsubscribed).toBe(true)
    }
    // The second product comes back: the address unsubscribed, so nothing.
    await setStock(second, 4)
    expect(await sendStockAlerts(deps)).toBe(0)
    expect((await mailsTo(leaving)).filter((mail) => mail.subject.includes('is back in stock'))).toHaveLength(1)
    expect(await mailsTo(unconfirmed)).toHaveLength(1)
    // A link that names nothing: 404, nothing changed.
    const unknown = (await unsubscribeAction({
      params: { token: 'A'.repeat(32) },
      request: new Request(`${ORIGIN}/stock-alerts/unsubscribe/${'A'.repeat(32)}`, { method: 'POST', body: new URLSearchParams() }),
      context,
    } as never)) as unknown as { init: { status: number } }
    expect(unknown.init.status).toBe(404)
    expect(await unsubscribeStockAlerts(db, 'not a token')).toBeNull()
    expect(await confirmStockAlert(db, 'B'.repeat(32))).toBeNull()
  })

  it('asking again while waiting changes nothing and sends at most one more confirmation; the answer is always the same', async () => {
    const productId = await soldOutProduct()
    const email = newAddress('again')
    const answers = []
    for (let time = 0; time < 4; time++) answers.push(await ask(productId, email))
    expect(new Set(answers.map((answer) => JSON.stringify(answer.data)))).toHaveProperty('size', 1)
    const mails = await mailsTo(email)
    expect(mails).toHaveLength(2)
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.email, email))).toHaveLength(1)
    // Either link confirms.
    const second = linkIn(mails[1]!.text, 'confirm')!
    expect(await confirmStockAlert(db, second)).toMatchObject({ confirmed: true })
    // Confirmed: asking again sends nothing, and says the same.
    const confirmedAnswer = await ask(productId, email)
    expect(confirmedAnswer.data).toEqual(answers[0]!.data)
    expect(await mailsTo(email)).toHaveLength(2)
  })

  it('refuses bad input with a 4xx and a message, and limits requests per address', async () => {
    const productId = await soldOutProduct()
    const bad = await ask(productId, 'not an address')
    expect(bad.init?.status).toBe(400)
    expect(bad.data.message).toBe('Enter a valid e-mail address.')
    expect((await ask('no-such-product', newAddress('nobody'))).init?.status).toBe(404)
    expect((await ask('Not An Id!', newAddress('nobody'))).init?.status).toBe(400)
    // An in-stock product needs no alert.
    await setStock(productId, 9)
    expect((await ask(productId, newAddress('early'))).data.kind).toBe('available')
    await setStock(productId, 0)
    const flooded = newAddress('flooded')
    const statuses = []
    for (let time = 0; time < 7; time++) statuses.push((await ask(productId, flooded, `10.0.0.${time}`)).init?.status ?? 200)
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses.slice(5)).toEqual([429, 429])
    expect(await mailsTo(flooded)).toHaveLength(2)
  })

  it('follows a renamed product, counts only confirmed waiting addresses, and a stock change on the staff list sends it', async () => {
    const productId = await soldOutProduct('Old Name Gimbal')
    const email = newAddress('renamed')
    await subscribe(productId, email)
    await ask(productId, newAddress('unconfirmed'))
    const editable = (await getEditableProduct(db, productId))!
    const { FBUID: _id, ...fields } = editable.product
    const renamed = await updateProduct(db, productId, editable.version, { ...fields, productName: 'New Name Gimbal' }, 'staff@example.com')
    expect(renamed.FBUID).toBe('new-name-gimbal')
    expect(await db.select({ productId: stockAlerts.productId }).from(stockAlerts).where(eq(stockAlerts.email, email))).toEqual([
      { productId: 'new-name-gimbal' },
    ])
    expect((await waitingCounts(db, ['new-name-gimbal'])).get('new-name-gimbal')).toBe(1)

    // Staff set the stock on the products list: the run narrowed to that product sends it, with the new name.
    const [row] = (await listStaffProducts(db, parseStaffProductQuery(new URLSearchParams({ q: 'New Name Gimbal' })))).rows
    await quickEditProduct(db, 'new-name-gimbal', row!.version, { priceCents: row!.priceCents!, stockOnHand: 5 }, 'staff@example.com')
    expect(await sendStockAlerts(deps, { productIds: ['new-name-gimbal'] })).toBe(1)
    const alert = (await mailsTo(email)).find((mail) => mail.subject.includes('is back in stock'))!
    expect(alert.subject).toBe('New Name Gimbal is back in stock — UniDrone Robotics')
    expect(alert.text).toContain(`${ORIGIN}/product/new-name-gimbal`)
  })

  it('forgets unconfirmed requests after 7 days, waiting ones after 180, sent ones after 30', async () => {
    const productId = await soldOutProduct()
    const now = new Date()
    const unconfirmed = newAddress('old-unconfirmed')
    await requestStockAlert(deps, { productId, email: unconfirmed }, new Date(now.getTime() - 8 * DAY))
    const fresh = newAddress('fresh')
    await requestStockAlert(deps, { productId, email: fresh }, now)
    await forgetStockAlerts(db, now)
    const left = await db.select({ email: stockAlerts.email }).from(stockAlerts).where(eq(stockAlerts.productId, productId))
    expect(left.map((row) => row.email)).toEqual([fresh])
    await db
      .update(stockAlerts)
      .set({ confirmedAt: new Date(now.getTime() - 181 * DAY) })
      .where(eq(stockAlerts.email, fresh))
    await forgetStockAlerts(db, now)
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId))).toHaveLength(0)

    // Sent: kept 30 days (its unsubscribe link still answers), then deleted.
    const sentLately = newAddress('sent-lately')
    const sentLong = newAddress('sent-long-ago')
    for (const email of [sentLately, sentLong]) await requestStockAlert(deps, { productId, email }, now)
    await db
      .update(stockAlerts)
      .set({ confirmedAt: now, notifiedAt: new Date(now.getTime() - 29 * DAY) })
      .where(eq(stockAlerts.email, sentLately))
    await db
      .update(stockAlerts)
      .set({ confirmedAt: now, notifiedAt: new Date(now.getTime() - 31 * DAY) })
      .where(eq(stockAlerts.email, sentLong))
    await forgetStockAlerts(db, now)
    expect((await db.select({ email: stockAlerts.email }).from(stockAlerts).where(eq(stockAlerts.productId, productId))).map((row) => row.email)).toEqual([
      sentLately,
    ])
    // A product deleted from the catalogue takes its alerts with it.
    await db.delete(products).where(eq(products.id, productId))
    await forgetStockAlerts(db, now)
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId))).toHaveLength(0)
  })
})
