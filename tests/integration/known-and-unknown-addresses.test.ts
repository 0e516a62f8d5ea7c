import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as trackOrder } from '../../app/routes/track-order'
import { createAuth, type Auth } from '../../app/server/auth/auth.server'
import { applyPaymentEvent } from '../../app/server/checkout/payment-events.server'
import { createPendingOrder } from '../../app/server/checkout/orders.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { outbox, session, user } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { authClient } from '../support/auth-client'
import { testDatabaseKinds } from '../support/databases'
import { testDelivery } from '../support/orders'
import { routeContext } from '../support/route-context'
import { expectSameTiming } from '../support/timing'

const ORIGIN = 'http://localhost:3996'
const LINE = {
  productId: 'prop',
  productName: 'UniProp 22×7.8 Carbon Propeller Pair',
  image: '',
  priceId: '',
  unitPriceCents: 18_900,
  quantity: 1,
  lineTotalCents: 18_900,
  gstCents: 1_718,
  weightGrams: 180,
  containsLithium: false,
}

/** How long the mail service here takes to accept a message. */
const MAIL_QUEUE_MS = 20

/**
 * The mail service, taking MAIL_QUEUE_MS longer to accept each message (as a database across a
 * network, or a busy one, would): work done for a known address only shows plainly in 30 samples,
 * while an answer that does not wait for it shows nothing.
 */
function slowToQueue(mailer: MailService): MailService {
  return { ...mailer, send: async (message, executor) => (await new Promise((resolve) => setTimeout(resolve, MAIL_QUEUE_MS)), mailer.send(message, executor)) }
}

/**
 * A timing test waits for 66 answers of a quarter or more than half a second (more when a busy
 * machine makes the work longer), and 66 again if chance made its first round look uneven.
 */
const TIMING_TEST_MS = 420_000

/**
 * What the shop answers about an e-mail address must not tell whether it has an account or an
 * order: the same words, and the same time, so that nobody can list the shop's customers.
 */
describe.each(testDatabaseKinds())('known and unknown addresses on $name', (kind) => {
  // What the timing tests measure is the shop's own work, the same on either database: timed once, on PGlite.
  const timed = it.skipIf(kind.name !== 'pglite')
  let database: DatabaseHandle
  let dataDir: string
  let config: Env
  let mailer: MailService
  let auth: Auth
  let client: ReturnType<typeof authClient>
  /** A different client address for every request, as a probe spread over many clients would come. */
  let nextIp = 1
  const freshIp = () => `198.18.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-known-unknown-'))
    config = parseEnv({ PORT: '3996', DATA_DIR: dataDir })
    mailer = slowToQueue(createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 }))
    auth = createAuth({ db: database.db, config, mailer, secret: 'test-secret-test-secret-test-secret-1234' })
    client = authClient(auth, ORIGIN, database.db)
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const mailsTo = (address: string) => database.db.select().from(outbox).where(eq(outbox.to, address)).orderBy(outbox.createdAt)

  /** An account with a verified address, as a customer who shops here has. */
  const existingAccount = (email: string) => client.signUpConfirmed({ email, password: 'the owner password', name: 'Olive Owner' }, freshIp())

  /** Accounts written straight to the database (many, quickly), for the timing of the reset e-mail. */
  async function accountsFor(emails: string[]) {
    await database.db.insert(user).values(emails.map((email) => ({ id: randomUUID(), name: 'Known Customer', email, emailVerified: true })))
  }

  /** A paid guest order, as the payment provider's event leaves it. */
  async function paidOrder(email: string) {
    const order = await createPendingOrder(database.db, {
      lines: [LINE],
      email,
      userId: null,
      provider: 'demo',
      updatedBy: null,
      delivery: testDelivery({ customerName: 'Gus Guest' }),
    })
    await applyPaymentEvent(
      { db: database.db, mailer, config },
      { eventId: `paid-${order.id}`, type: 'test.paid', orderId: order.id, sessionId: null, outcome: 'paid', paymentReference: 'pi_test', email },
    )
    return order.id
  }

  /** `/track-order` as the form posts it, from `ip`. */
  async function askForOrderLink(orderNumber: string, email: string, ip = freshIp()) {
    const request = new Request(`${ORIGIN}/track-order`, { method: 'POST', body: new URLSearchParams({ orderNumber, email }) })
    const answer: unknown = await trackOrder({ request, context: routeContext(database, config, mailer, { clientIp: ip }), params: {} } as never)
    // An answer with a status comes wrapped by `data()`; a plain one is a 200.
    if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
      return { status: (answer.init as ResponseInit | null)?.status ?? 200, data: answer.data }
    }
    return { status: 200, data: answer }
  }

  it('sign-up answers a known address as it answers a new one, signs neither in, and tells the owner by e-mail', async () => {
    await existingAccount('owner@example.com')
    const before = await database.db.$count(session)
    const known = await client.call('/sign-up/email', {
      body: { email: 'owner@example.com', password: 'a stranger password', name: 'Sly Stranger' },
      ip: freshIp(),
    })
    const unknown = await client.call('/sign-up/email', {
      body: { email: 'newcomer@example.com', password: 'a newcomer password', name: 'Nat Newcomer' },
      ip: freshIp(),
    })
    expect([known.response.status, unknown.response.status]).toEqual([200, 200])
    const shape = (json: Record<string, any> | null) => ({
      ...json,
      user: { ...json?.user, id: 'id', name: 'name', email: 'email', createdAt: 'at', updatedAt: 'at' },
    })
    expect(shape(known.json)).toEqual(shape(unknown.json))
    expect([known.cookie, unknown.cookie].join('')).not.toMatch(/session_token=[^;]+/)
    expect(await database.db.$count(session)).toBe(before)

    // The newcomer confirms the address; the owner learns someone tried, and how to get in.
    expect((await mailsTo('newcomer@example.com')).map((message) => message.subject)).toEqual(['Confirm your e-mail address for UniDrone Robotics'])
    const [warning] = (await mailsTo('owner@example.com')).filter((message) => !/Confirm your e-mail/.test(message.subject))
    expect(warning!.subject).toBe('Someone tried to create an account with your e-mail address')
    expect(warning!.text).toContain(`${ORIGIN}/login`)
    expect(warning!.text).toContain(`${ORIGIN}/forgot-password`)
  })

  timed(
    'sign-up takes as long for a known address as for a new one',
    async () => {
      await existingAccount('long-time-customer@example.com')
      await expectSameTiming((kind, i) =>
        client.call('/sign-up/email', {
          body: { email: kind === 0 ? 'long-time-customer@example.com' : `sign-up-timing-${i}@example.com`, password: 'a probing password', name: 'Pro Ber' },
          ip: freshIp(),
        }),
      )
    },
    TIMING_TEST_MS,
  )

  timed(
    'forgot password takes as long for a known address as for an unknown one',
    async () => {
      const known = (i: number) => `reset-known-${i}@example.com`
      await accountsFor(Array.from({ length: 80 }, (_, i) => known(i)))
      await expectSameTiming((kind, i) =>
        client.call('/request-password-reset', {
          body: { email: kind === 0 ? known(i) : `reset-unknown-${i}@example.com`, redirectTo: '/reset-password' },
          ip: freshIp(),
        }),
      )
      expect(await mailsTo(known(0))).toHaveLength(1)
    },
    TIMING_TEST_MS,
  )

  timed(
    'track-order takes as long for an order that exists as for one that does not',
    async () => {
      const known = (i: number) => `track-known-${i}@example.com`
      const orders: string[] = []
      for (let i = 0; i < 80; i++) orders.push(await paidOrder(known(i)))
      await expectSameTiming(async (kind, i) => {
        const answer = await (kind === 0 ? askForOrderLink(orders[i]!, known(i)) : askForOrderLink('UD-NOSUCH00', `track-unknown-${i}@example.com`))
        expect(answer.status).toBe(200)
      })
      expect((await mailsTo(known(0))).filter((message) => message.subject.startsWith(`Your order ${orders[0]}`))).toHaveLength(1)
    },
    TIMING_TEST_MS,
  )

  it('track-order e-mails an address at most three links an hour, however many clients ask; every answer reads the same', async () => {
    const email = 'popular-buyer@example.com'
    const orderId = await paidOrder(email)
    const answers = []
    for (let i = 0; i < 10; i++) answers.push(await askForOrderLink(orderId, email))
    const unknown = await askForOrderLink(orderId, 'not-the-buyer@example.com')
    for (const answer of [...answers, unknown]) expect(answer).toEqual({ status: 200, data: { sent: true, errors: {}, values: expect.anything() } })
    expect((await mailsTo(email)).filter((message) => message.subject.startsWith(`Your order ${orderId}`))).toHaveLength(3)
  })
})
