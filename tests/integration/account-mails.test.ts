import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR, createAuth, type Auth } from '../../app/server/auth/auth.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { session, user } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { listOutbox } from '../support/outbox'
import { authClient } from '../support/auth-client'
import { testDatabaseKinds } from '../support/databases'

const ORIGIN = 'http://localhost:3998'

describe.each(testDatabaseKinds())('account e-mails and passwords on $name', (kind) => {
  let database: DatabaseHandle
  let auth: Auth
  let dataDir: string
  let mail: ReturnType<typeof createMailService>
  let client: ReturnType<typeof authClient>
  /** A different client address for every request, as a flood spread over many clients would come. */
  let nextIp = 1
  const freshIp = () => `198.18.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-account-mails-'))
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    auth = createAuth({
      db: database.db,
      config: parseEnv({ PORT: '3998', DATA_DIR: dataDir }),
      mailer: mail,
      secret: 'test-secret-test-secret-test-secret-1234',
    })
    client = authClient(auth, ORIGIN, database.db)
  })
  afterAll(async () => {
    await mail?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const mailsTo = async (address: string, subject: RegExp) =>
    (await listOutbox(database.db)).filter((message) => message.to === address && subject.test(message.subject))

  it('sends an address at most three verification e-mails an hour, however many clients ask', async () => {
    const signUp = await client.call('/sign-up/email', { body: { email: 'target@example.com', password: 'a good password', name: 'Tess' }, ip: freshIp() })
    expect(signUp.response.status).toBe(200)
    const statuses = []
    for (let i = 0; i < 6; i++) {
      const resend = await client.call('/send-verification-email', { body: { email: 'target@example.com' }, ip: freshIp() })
      statuses.push(resend.response.status)
    }
    // Every asker gets the same answer; the inbox gets the first three.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
    expect(await mailsTo('target@example.com', /Confirm your e-mail address/)).toHaveLength(ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR)
  })

  it('limits one client asking for many addresses too', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) {
      statuses.push((await client.call('/request-password-reset', { body: { email: `someone-${i}@example.com` }, ip: '203.0.113.77' })).response.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it('forgot password: the same answer for known and unknown addresses, a link that works once, other sessions signed out', async () => {
    const email = 'forgetful@example.com'
    await client.signUpConfirmed({ email, password: 'old password 1', name: 'Fay' }, freshIp())
    const elsewhere = await client.call('/sign-in/email', { body: { email, password: 'old password 1' }, ip: freshIp() })
    expect(await client.sessionOf(elsewhere.cookie)).not.toBeNull()

    const known = await client.call('/request-password-reset', { body: { email, redirectTo: '/reset-password' }, ip: freshIp() })
    const unknown = await client.call('/request-password-reset', { body: { email: 'nobody-here@example.com', redirectTo: '/reset-password' }, ip: freshIp() })
    expect([known.response.status, unknown.response.status]).toEqual([200, 200])
    expect(known.json).toEqual(unknown.json)
    expect(await mailsTo('nobody-here@example.com', /./)).toHaveLength(0)

    const [message] = await mailsTo(email, /Reset your password/)
    expect(message!.html).toContain('Choose a new password')
    const link = /(http:\/\/\S+\/reset-password\/\S+)/.exec(message!.text)![1]!
    const landing = await auth.handler(new Request(link, { headers: { 'x-shop-client-ip': freshIp() } }))
    expect(landing.status).toBe(302)
    const target = new URL(landing.headers.get('location')!, ORIGIN)
    expect(`${target.origin}${target.pathname}`).toBe(`${ORIGIN}/reset-password`)
    const token = target.searchParams.get('token')!

    const reset = await client.call('/reset-password', { body: { token, newPassword: 'new password 2' }, ip: freshIp() })
    expect(reset.response.status).toBe(200)
    expect(await client.sessionOf(elsewhere.cookie)).toBeNull()
    const again = await client.call('/reset-password', { body: { token, newPassword: 'third password 3' }, ip: freshIp() })
    expect(again.response.status).toBe(400)

    expect((await client.call('/sign-in/email', { body: { email, password: 'old password 1' }, ip: freshIp() })).response.status).toBe(401)
    expect((await client.call('/sign-in/email', { body: { email, password: 'new password 2' }, ip: freshIp() })).response.status).toBe(200)
  })

  it('a password change signs out the other sessions even when the caller asks to keep them', async () => {
    const email = 'changer@example.com'
    const signUp = await client.signUpConfirmed({ email, password: 'first password', name: 'Cam' }, freshIp())
    const other = await client.call('/sign-in/email', { body: { email, password: 'first password' }, ip: freshIp() })
    const change = await client.call('/change-password', {
      body: { currentPassword: 'first password', newPassword: 'second password', revokeOtherSessions: false },
      cookie: signUp.cookie,
      ip: freshIp(),
    })
    expect(change.response.status).toBe(200)
    expect(await client.sessionOf(other.cookie)).toBeNull()
    // The session that made the change goes on, under a new cookie.
    expect((await client.sessionOf(change.cookie))?.user.email).toBe(email)
    const [account] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email))
    expect(await database.db.$count(session, eq(session.userId, account!.id))).toBe(1)
  })
})
