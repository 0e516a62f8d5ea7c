import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth, type Auth } from '../../app/server/auth/auth.server'
import { applyPaymentEvent, PAYMENT_ACTOR } from '../../app/server/checkout/payment-events.server'
import { createPendingOrder, getOrder, listOrdersOfUser, orderStateHistory, type PricedLine } from '../../app/server/checkout/orders.server'
import { user } from '../../app/server/db/auth-schema'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { history, outbox } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { attachGuestOrders, attachGuestOrdersOf, joinNote } from '../../app/server/orders/guest-orders.server'
import { authClient } from '../support/auth-client'
import { testDatabaseKinds } from '../support/databases'

const ORIGIN = 'http://localhost:3999'
const LINE: PricedLine = {
  productId: 'e900',
  productName: 'UniDrone E900',
  image: '',
  priceId: '',
  unitPriceCents: 1_337_700,
  quantity: 1,
  lineTotalCents: 1_337_700,
  gstCents: 121_609,
  weightGrams: 3000,
  containsLithium: true,
}

describe.each(testDatabaseKinds())('guest orders joining accounts on $name', (kind) => {
  let database: DatabaseHandle
  let dataDir: string
  let mailer: MailService
  let auth: Auth
  let deps: { db: Database; config: Env; mailer: MailService }
  let ips = 0

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-guest-orders-'))
    const config = parseEnv({ PORT: '3999', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '1000' })
    mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    auth = createAuth({ db: database.db, config, mailer, secret: 'test-secret-test-secret-test-secret-1234' })
    deps = { db: database.db, config, mailer }
  })
  afterAll(async () => {
    await mailer?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const client = () => authClient(auth, ORIGIN, database.db)
  const nextIp = () => `192.0.2.${(++ips % 250) + 1}`

  /** A guest's order (nobody signed in) with this e-mail: paid, declined, or still on its payment page. */
  async function guestOrder(email: string, outcome: 'paid' | 'failed' | 'pending' = 'paid') {
    const order = await createPendingOrder(database.db, { lines: [LINE], email, userId: null, provider: 'demo', updatedBy: null })
    if (outcome !== 'pending') await pay(order.id, email, outcome)
    return order.id
  }
  const pay = (orderId: string, email: string, outcome: 'paid' | 'failed' = 'paid') =>
    applyPaymentEvent(deps, {
      eventId: `evt-${randomBytes(6).toString('hex')}`,
      type: `test.${outcome}`,
      orderId,
      sessionId: null,
      outcome,
      paymentReference: outcome === 'paid' ? `demo_pi_${orderId}` : null,
      email,
    })

  /** Signs up without opening the link: the account exists, its address unverified. Returns the link. */
  async function signUpUnverified(email: string) {
    const signUp = await client().call('/sign-up/email', { body: { email, password: 'a long password', name: 'Kim Guest' }, ip: nextIp() })
    expect(signUp.response.status).toBe(200)
    const [message] = await database.db.select().from(outbox).where(eq(outbox.to, email.toLowerCase())).orderBy(desc(outbox.createdAt)).limit(1)
    const link = /(http:\/\/\S+\/verify-email\S+)/.exec(message!.text)![1]!
    const [account] = await database.db.select().from(user).where(eq(user.email, email.toLowerCase()))
    return { link, account: account! }
  }
  const openLink = (link: string) => auth.handler(new Request(link, { headers: { 'x-shop-client-ip': nextIp() } }))

  /** The history rows of an order that carry a note. */
  const notesOf = async (orderId: string) =>
    database.db
      .select({ note: sql<string>`${history.document}->>'note'`, by: history.updatedBy, userId: sql<string | null>`${history.document}->>'userId'` })
      .from(history)
      .where(and(eq(history.collection, 'orders'), eq(history.documentId, orderId), sql`${history.document} ? 'note'`))
  const ownerOf = async (orderId: string) => (await getOrder(database.db, orderId))!.userId

  it('an account that verifies its address gets its paid guest orders, each once with one note; unpaid, declined and other addresses’ orders stay', async () => {
    const first = await guestOrder('Kim@Example.com')
    const second = await guestOrder('kim@example.com')
    const waiting = await guestOrder('kim@example.com', 'pending')
    const declined = await guestOrder('KIM@example.com', 'failed')
    const stranger = await guestOrder('kimberley@example.com')

    const { link, account } = await signUpUnverified('kim@example.com')
    // Signed up but not verified: nothing joins (anyone can sign up with a stranger's address).
    for (const id of [first, second]) expect(await ownerOf(id)).toBeNull()
    expect(await database.db.transaction((tx) => attachGuestOrders(tx, { userId: account.id }, 'verified', null))).toEqual([])

    const verified = await openLink(link)
    expect(verified.status).toBe(302)
    expect(await ownerOf(first)).toBe(account.id)
    expect(await ownerOf(second)).toBe(account.id)
    for (const id of [waiting, declined, stranger]) expect(await ownerOf(id)).toBeNull()
    expect((await listOrdersOfUser(database.db, account.id)).map((order) => order.id).sort()).toEqual([first, second].sort())

    const note = joinNote('verified', 'kim@example.com')
    expect(note).toMatch(/^Joined the account of kim@example\.com: .*verified/)
    expect(await notesOf(first)).toEqual([{ note, by: 'kim@example.com', userId: account.id }])
    // Staff read it in the order's state history (/orders/:id), after its states.
    expect((await orderStateHistory(database.db, first)).map((entry) => entry.note ?? entry.status)).toEqual(['pending', 'paid', note])

    // Later sign-ins try again (in case the join failed on verification) and change nothing.
    const signIn = await client().call('/sign-in/email', { body: { email: 'kim@example.com', password: 'a long password' }, ip: nextIp() })
    expect(signIn.response.status).toBe(200)
    expect(await attachGuestOrdersOf(database.db, account)).toEqual([])
    expect(await notesOf(first)).toHaveLength(1)
    expect(await notesOf(second)).toHaveLength(1)
    for (const id of [waiting, declined, stranger]) expect(await notesOf(id)).toEqual([])

    // The order still on its payment page joins when it is paid: the account is verified now.
    await pay(waiting, 'kim@example.com')
    expect(await ownerOf(waiting)).toBe(account.id)
    expect(await notesOf(waiting)).toEqual([{ note: joinNote('paid', 'kim@example.com'), by: PAYMENT_ACTOR, userId: account.id }])
  })

  it('a guest order paid later with a verified account’s address joins it at once, and a repeated event writes no second note', async () => {
    const { link, account } = await signUpUnverified('lou@example.com')
    await openLink(link)
    const orderId = await guestOrder('LOU@example.com', 'pending')
    const { order } = await pay(orderId, 'LOU@example.com')
    expect(order?.userId).toBe(account.id)
    await pay(orderId, 'LOU@example.com')
    expect(await notesOf(orderId)).toEqual([{ note: joinNote('paid', 'lou@example.com'), by: PAYMENT_ACTOR, userId: account.id }])
  })

  it('an account that never verifies its address gets no guest order, earlier or later', async () => {
    const before = await guestOrder('mo@example.com')
    const { account } = await signUpUnverified('mo@example.com')
    const after = await guestOrder('mo@example.com')
    expect(await ownerOf(before)).toBeNull()
    expect(await ownerOf(after)).toBeNull()
    expect(await attachGuestOrdersOf(database.db, account)).toEqual([])
    expect(await listOrdersOfUser(database.db, account.id)).toEqual([])
    expect(await notesOf(before)).toEqual([])
    expect(await notesOf(after)).toEqual([])
  })

  it('a verification and a payment at the same moment attach the order once, with one note', async () => {
    for (let round = 0; round < 6; round++) {
      const email = `race-${round}@example.com`
      const { link, account } = await signUpUnverified(email)
      const orderId = await guestOrder(email, 'pending')
      const [verified] = await Promise.all([openLink(link), pay(orderId, email)])
      expect(verified.status).toBe(302)
      expect(await ownerOf(orderId), `round ${round}`).toBe(account.id)
      expect(await notesOf(orderId), `round ${round}`).toHaveLength(1)
    }
  })

  it('two attempts on one paid guest order at the same moment (verification’s and payment’s, as two processes would) attach it once', async () => {
    for (let round = 0; round < 6; round++) {
      const email = `both-${round}@example.com`
      const orderId = await guestOrder(email)
      // Verified directly, as if the link had been opened and its join had not run yet.
      const { account } = await signUpUnverified(email)
      await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, account.id))
      const [byAccount, byOrder] = await Promise.all([
        attachGuestOrdersOf(database.db, account),
        database.db.transaction((tx) => attachGuestOrders(tx, { orderId }, 'paid', PAYMENT_ACTOR)),
      ])
      expect(byAccount.length + byOrder.length, `round ${round}`).toBe(1)
      expect(await ownerOf(orderId)).toBe(account.id)
      const notes = await notesOf(orderId)
      expect(notes).toHaveLength(1)
      expect(notes[0]!.note).toBe(joinNote(byAccount.length === 1 ? 'verified' : 'paid', email))
    }
  })
})
