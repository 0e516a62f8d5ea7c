import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPendingOrder, getOrder, orderStateHistory } from '../../app/server/checkout/orders.server'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { outbox, shippingMethods } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { advanceFulfilment, packOrders } from '../../app/server/orders/fulfilment.server'
import { testDatabaseKinds } from '../support/databases'
import { paidTestOrder, testDelivery } from '../support/orders'

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

describe.each(testDatabaseKinds())('fulfilment on $name', (kind) => {
  let database: DatabaseHandle
  let deps: { db: Database; mailer: MailService; config: Env }
  let count = 0

  beforeAll(async () => {
    database = await kind.open()
    await database.db.insert(shippingMethods).values({
      id: 'collect',
      name: 'Click & Collect',
      kind: 'collect',
      priceCents: 0,
      pickupAddress: '12 Hangar St, Mascot NSW 2020',
      pickupHours: 'Mon–Fri 9–5',
    })
    deps = { db: database.db, mailer: createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 }), config: parseEnv({}) }
  })
  afterAll(async () => {
    await deps.mailer.stop()
    await database.close()
  })

  /** A paid order (the payment applied as the provider's event would), for delivery or Click & Collect. */
  async function paidOrder(collect = false) {
    const email = `buyer-${++count}@example.com`
    const delivery = collect
      ? testDelivery({
          shippingMethodId: 'collect',
          shippingMethodName: 'Click & Collect',
          collect: true,
          pickupAddress: '12 Hangar St, Mascot NSW 2020',
          addressLine1: '',
          suburb: '',
          state: '',
          postcode: '',
        })
      : testDelivery()
    return { id: await paidTestOrder(deps, { lines: [LINE], email, delivery }), email }
  }
  const mailsTo = (email: string) => database.db.select().from(outbox).where(eq(outbox.to, email))

  it('packs, ships with an Australia Post tracking link e-mailed once, and delivers; each step in the history with who did it', async () => {
    const { id, email } = await paidOrder()
    // Two staff press Mark packed at the same moment: one moves the order, the other is told it is packed.
    const both = await Promise.all([
      advanceFulfilment(deps, { orderId: id, action: 'pack', by: 'ann@shop.example' }),
      advanceFulfilment(deps, { orderId: id, action: 'pack', by: 'bob@shop.example' }),
    ])
    expect(both.filter((result) => result.ok)).toHaveLength(1)
    expect(both.find((result) => !result.ok)).toEqual({ ok: false, message: `Order ${id} is already packed.` })

    expect(await advanceFulfilment(deps, { orderId: id, action: 'ship', carrier: 'auspost', trackingNumber: '', by: 'ann@shop.example' })).toEqual({
      ok: false,
      message: 'Enter the tracking number as the carrier printed it (letters, digits and hyphens).',
    })
    expect(await advanceFulfilment(deps, { orderId: id, action: 'deliver', by: 'ann@shop.example' })).toMatchObject({ ok: false })
    const shipped = await Promise.all(
      [1, 2].map(() =>
        advanceFulfilment(deps, { orderId: id, action: 'ship', carrier: 'auspost', trackingNumber: '33 XYZ 1234 5678', by: 'ann@shop.example' }),
      ),
    )
    expect(shipped.filter((result) => result.ok)).toHaveLength(1)
    expect(await getOrder(database.db, id)).toMatchObject({ fulfilment: 'shipped', carrier: 'auspost', trackingNumber: '33XYZ12345678', status: 'paid' })

    const mails = await mailsTo(email)
    const shippedMails = mails.filter((mail) => mail.subject.includes('has shipped'))
    expect(shippedMails).toHaveLength(1)
    expect(shippedMails[0]!.text).toContain('https://auspost.com.au/mypost/track/details/33XYZ12345678')
    expect(shippedMails[0]!.text).toContain('with Australia Post')

    expect((await advanceFulfilment(deps, { orderId: id, action: 'deliver', by: 'bob@shop.example' })).ok).toBe(true)
    const states = await orderStateHistory(database.db, id)
    expect(states.map((state) => [state.status, state.by])).toEqual([
      ['pending', 'no user found'],
      ['paid', 'payment provider'],
      ['packed', expect.stringMatching(/^(ann|bob)@shop\.example$/)],
      ['shipped', 'ann@shop.example'],
      ['delivered', 'bob@shop.example'],
    ])
  })

  it('a Click & Collect order is made ready (the customer told where and when) and collected, never shipped', async () => {
    const { id, email } = await paidOrder(true)
    expect(await advanceFulfilment(deps, { orderId: id, action: 'pack', by: 'ann@shop.example' })).toMatchObject({ ok: false })
    expect((await advanceFulfilment(deps, { orderId: id, action: 'ready', by: 'ann@shop.example' })).ok).toBe(true)
    const [ready] = (await mailsTo(email)).filter((mail) => mail.subject.includes('ready for pickup'))
    expect(ready!.text).toContain('ready for pickup at 12 Hangar St, Mascot NSW 2020')
    expect(ready!.text).toContain('Opening hours: Mon–Fri 9–5.')
    expect((await advanceFulfilment(deps, { orderId: id, action: 'collect', by: 'ann@shop.example' })).ok).toBe(true)
    expect((await getOrder(database.db, id))!.fulfilment).toBe('collected')
  })

  it('an unpaid order is not packed; several orders are packed from the list, each once', async () => {
    const pending = await createPendingOrder(database.db, { lines: [LINE], email: 'unpaid@example.com', userId: null, provider: 'demo', updatedBy: null })
    expect(await advanceFulfilment(deps, { orderId: pending.id, action: 'pack', by: 'ann@shop.example' })).toEqual({
      ok: false,
      message: `Order ${pending.id} is not paid, so it cannot be packed.`,
    })
    const [a, b] = [await paidOrder(), await paidOrder()]
    const result = await packOrders(deps, [a.id, b.id, pending.id, 'UD-NOSUCH1'], 'ann@shop.example')
    expect(result.packed).toEqual([a.id, b.id])
    expect(result.refused).toEqual([`Order ${pending.id} is not paid, so it cannot be packed.`, 'There is no order UD-NOSUCH1.'])
    expect((await packOrders(deps, [a.id], 'ann@shop.example')).refused).toEqual([`Order ${a.id} is already packed.`])
  })
})
