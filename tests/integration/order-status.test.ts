import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loader as adjustmentNoteLoader } from '../../app/routes/adjustment-note'
import { loader as invoiceLoader } from '../../app/routes/invoice'
import { loader as statusPage } from '../../app/routes/track-order.$token'
import { orderDocument, getOrder } from '../../app/server/checkout/orders.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { history, outbox } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { advanceFulfilment } from '../../app/server/orders/fulfilment.server'
import { orderIdOfStatusToken, renewStatusToken } from '../../app/server/orders/order-links.server'
import { sendOrderLink } from '../../app/server/orders/order-mail.server'
import { testDatabaseKinds } from '../support/databases'
import { paidTestOrder, testDelivery } from '../support/orders'
import { routeContext } from '../support/route-context'

const ORIGIN = 'http://localhost:3998'
const LINE = {
  productId: 'prop',
  productName: 'UniProp 22×7.8 Carbon Propeller Pair',
  image: '',
  priceId: '',
  unitPriceCents: 18_900,
  quantity: 2,
  lineTotalCents: 37_800,
  gstCents: 3_436,
  weightGrams: 360,
  containsLithium: false,
}
const LINK = new RegExp(`View your order: ${ORIGIN}/track-order/([A-Za-z0-9_-]{32})\\n`)

describe.each(testDatabaseKinds())('order status links on $name', (kind) => {
  let database: DatabaseHandle
  let deps: { db: Database; mailer: MailService; config: Env }
  let count = 0

  beforeAll(async () => {
    database = await kind.open()
    deps = {
      db: database.db,
      mailer: createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 }),
      config: parseEnv({ PORT: '3998' }),
    }
  })
  afterAll(async () => {
    await deps.mailer.stop()
    await database.close()
  })

  async function paidOrder() {
    const email = `status-${++count}@example.com`
    return { id: await paidTestOrder(deps, { lines: [LINE], email, delivery: testDelivery({ customerName: 'Gus Guest' }) }), email }
  }
  const mailsTo = (email: string) => database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.createdAt)
  const tokenIn = (text: string) => LINK.exec(text)?.[1]
  const page = (token: string) =>
    statusPage({ params: { token }, request: new Request(`${ORIGIN}/track-order/${token}`), context: routeContext(database, deps.config) } as never)

  it('every e-mail about an order links one page, which still shows that order a month later, and only that order', async () => {
    const { id, email } = await paidOrder()
    const other = await paidOrder()
    await advanceFulfilment(deps, { orderId: id, action: 'pack', by: 'ann@shop.example' })
    await advanceFulfilment(deps, { orderId: id, action: 'ship', carrier: 'auspost', trackingNumber: '33ABC0012345', by: 'ann@shop.example' })
    await advanceFulfilment(deps, { orderId: id, action: 'deliver', by: 'ann@shop.example' })
    await sendOrderLink(deps, id)
    const mails = await mailsTo(email)
    expect(mails.map((mail) => mail.subject.replace(/ — .*/, ''))).toEqual([
      `Order ${id} confirmed`,
      `Your order ${id} has shipped`,
      `Your order ${id} was delivered`,
      `Your order ${id}`,
    ])
    const tokens = new Set(mails.map((mail) => tokenIn(mail.text)))
    expect(tokens.size).toBe(1)
    const token = [...tokens][0]!

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 24 * 3600_000 })
    try {
      const view = await page(token)
      expect(view.order.id).toBe(id)
      expect(view.tracking).toMatchObject({ carrier: 'Australia Post', number: '33ABC0012345' })
      expect(view.documentsBase).toBe(`/track-order/${token}`)
    } finally {
      vi.useRealTimers()
    }
    // The documents under the link are this order's; another order's refund id finds nothing.
    const invoice = await invoiceLoader({
      params: { token },
      request: new Request(`${ORIGIN}/track-order/${token}/invoice`),
      context: routeContext(database, deps.config),
    } as never)
    expect(invoice.invoice.orderId).toBe(id)
    const foreign = await adjustmentNoteLoader({
      params: { token, refundId: `${other.id}-R1` },
      request: new Request(`${ORIGIN}/track-order/${token}/adjustment-notes/${other.id}-R1`),
      context: routeContext(database, deps.config),
    } as never).catch((error: unknown) => error)
    expect(foreign).toMatchObject({ init: { status: 404 } })
    // A token that is not an order's opens nothing.
    expect(await page('AbCdEfGhIjKlMnOpQrStUvWxYz012345').catch((error: unknown) => error)).toMatchObject({ init: { status: 404 } })
    expect(await orderIdOfStatusToken(database.db, `${token}x`)).toBeNull()
  })

  it('a revoked link stops at once; the new one works; the secret is never in the order history', async () => {
    const { id, email } = await paidOrder()
    const first = tokenIn((await mailsTo(email))[0]!.text)!
    const second = await database.db.transaction((tx) => renewStatusToken(tx, id))
    expect(second).not.toBe(first)
    expect(await orderIdOfStatusToken(database.db, first)).toBeNull()
    expect(await orderIdOfStatusToken(database.db, second)).toBe(id)
    await sendOrderLink(deps, id)
    expect(tokenIn((await mailsTo(email)).at(-1)!.text)).toBe(second)
    const rows = await database.db.select({ document: history.document }).from(history).where(eq(history.documentId, id))
    expect(JSON.stringify(rows)).not.toContain(first)
    expect(JSON.stringify(orderDocument((await getOrder(database.db, id))!))).not.toContain(second)
  })
})
