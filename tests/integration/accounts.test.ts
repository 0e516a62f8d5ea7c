import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth, type Auth } from '../../app/server/auth/auth.server'
import { grantStaff, listStaff, revokeStaff } from '../../app/server/auth/staff.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history, profiles, session, user } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { listOutbox } from '../support/outbox'
import { decodedBody, headersOf, startSmtpServer, until } from '../fakes/smtp'
import { authClient, type AuthCall } from '../support/auth-client'
import { testDatabaseKinds } from '../support/databases'

const ORIGIN = 'http://localhost:3999'

describe.each(testDatabaseKinds())('accounts on $name', (kind) => {
  let database: DatabaseHandle
  let auth: Auth
  let dataDir: string
  let mail: ReturnType<typeof createMailService>

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-accounts-'))
    const config = parseEnv({ PORT: '3999', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '3' })
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    auth = createAuth({ db: database.db, config, mailer: mail, secret: 'test-secret-test-secret-test-secret-1234' })
  })
  afterAll(async () => {
    await mail?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const call = (pathname: string, options?: AuthCall) => authClient(auth, ORIGIN).call(pathname, options)
  const sessionOf = (cookie: string) => authClient(auth, ORIGIN).sessionOf(cookie)

  it('sign-up creates the account and its profile with its history, and sends a verification e-mail; it signs nobody in', async () => {
    const signUp = await call('/sign-up/email', { body: { email: 'Pilot@Example.com', password: 'correct horse', name: 'Pat Pilot' }, ip: '192.0.2.10' })
    expect(signUp.response.status).toBe(200)
    expect(await sessionOf(signUp.cookie)).toBeNull()

    const [account] = await database.db.select().from(user).where(eq(user.email, 'pilot@example.com'))
    expect(account).toMatchObject({ role: 'customer', emailVerified: false })
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, account!.id))
    expect(profile).toMatchObject({
      profileEmail: 'pilot@example.com',
      profileNameGiven: 'Pat',
      profileNameFamily: 'Pilot',
      profileImage: '/images/placeholder-profile.svg',
    })
    const rows = await database.db.select().from(history).where(eq(history.documentId, account!.id))
    expect(rows.map((row) => [row.collection, row.action, row.updatedBy])).toEqual([['profiles', 'create', 'pilot@example.com']])

    const [message] = await listOutbox(database.db)
    expect(message).toMatchObject({ to: 'pilot@example.com', status: 'kept' })
    expect(message!.text).toMatch(new RegExp(`${ORIGIN}/api/auth/verify-email\\?token=`))
    expect(message!.html).toContain('Confirm my e-mail address')
  })

  it('until the address is confirmed the right password is refused and the link is sent again', async () => {
    const early = await call('/sign-in/email', { body: { email: 'pilot@example.com', password: 'correct horse' }, ip: '192.0.2.12' })
    expect(early.response.status).toBe(403)
    expect(await sessionOf(early.cookie)).toBeNull()
    expect((await listOutbox(database.db)).filter((message) => message.to === 'pilot@example.com')).toHaveLength(2)
  })

  it('the verification link marks the address verified, signs in and returns to the site', async () => {
    const [message] = await listOutbox(database.db)
    const link = /(http:\/\/\S+verify-email\S+)/.exec(message!.text)![1]!
    const response = await auth.handler(new Request(link, { headers: { 'x-shop-client-ip': '192.0.2.11' } }))
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get('location')!, ORIGIN).origin).toBe(ORIGIN)
    const [account] = await database.db.select().from(user).where(eq(user.email, 'pilot@example.com'))
    expect(account?.emailVerified).toBe(true)
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    expect((await sessionOf(cookie))?.user.email).toBe('pilot@example.com')
  })

  it('signs in with the right password, refuses a wrong one, and a new login gets a new session', async () => {
    const wrong = await call('/sign-in/email', { body: { email: 'pilot@example.com', password: 'wrong horse' }, ip: '192.0.2.20' })
    expect(wrong.response.status).toBe(401)
    expect(wrong.json?.message).toMatch(/invalid email or password/i)
    expect(wrong.cookie).not.toMatch(/session_token=[^;]+/)

    const first = await call('/sign-in/email', { body: { email: 'pilot@example.com', password: 'correct horse' }, ip: '192.0.2.21' })
    const second = await call('/sign-in/email', { body: { email: 'pilot@example.com', password: 'correct horse' }, ip: '192.0.2.22' })
    expect(first.response.status).toBe(200)
    expect(first.cookie).not.toBe(second.cookie)
    expect((await sessionOf(first.cookie))?.user.email).toBe('pilot@example.com')
    expect(first.cookie).toMatch(/session_token=/)
    const setCookie = first.response.headers.getSetCookie().find((line) => line.includes('session_token'))!
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
  })

  it('logging out deletes the session on the server, so the old cookie no longer works', async () => {
    const login = await call('/sign-in/email', { body: { email: 'pilot@example.com', password: 'correct horse' }, ip: '192.0.2.30' })
    const before = await database.db.$count(session)
    const logout = await call('/sign-out', { cookie: login.cookie, ip: '192.0.2.30', body: {} })
    expect(logout.response.status).toBe(200)
    expect(await database.db.$count(session)).toBe(before - 1)
    expect(await sessionOf(login.cookie)).toBeNull()
  })

  it('answers 429 after too many sign-in attempts from one address, without blocking others', async () => {
    const attempt = (ip: string) => call('/sign-in/email', { body: { email: 'pilot@example.com', password: 'guess' }, ip })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await attempt('198.51.100.7')).response.status)
    expect(statuses).toEqual([401, 401, 401, 429])
    expect((await attempt('198.51.100.8')).response.status).toBe(401)
  })

  it('staff is granted and taken by e-mail; a new staff account can log in with the password shown once', async () => {
    expect(await grantStaff(database.db, 'pilot@example.com')).toEqual({ result: 'granted', email: 'pilot@example.com' })
    expect(await grantStaff(database.db, 'PILOT@example.com')).toEqual({ result: 'unchanged', email: 'pilot@example.com' })

    const created = await grantStaff(database.db, 'boss@unidrone.example')
    expect(created.result).toBe('created')
    const login = await call('/sign-in/email', {
      body: { email: 'boss@unidrone.example', password: 'password' in created ? created.password : '' },
      ip: '192.0.2.40',
    })
    expect(login.response.status).toBe(200)
    expect((await sessionOf(login.cookie))?.user).toMatchObject({ role: 'staff', emailVerified: true })
    expect((await listStaff(database.db)).map((member) => member.email)).toEqual(['boss@unidrone.example', 'pilot@example.com'])

    expect(await revokeStaff(database.db, 'boss@unidrone.example')).toEqual({ result: 'revoked', email: 'boss@unidrone.example' })
    await expect(revokeStaff(database.db, 'nobody@example.com')).rejects.toThrow(/no account/)
  })

  it('granting or taking away staff signs the account out everywhere', async () => {
    const customer = await call('/sign-in/email', { body: { email: 'pilot@example.com', password: 'correct horse' }, ip: '192.0.2.41' })
    expect(await revokeStaff(database.db, 'pilot@example.com')).toEqual({ result: 'revoked', email: 'pilot@example.com' })
    expect(await sessionOf(customer.cookie)).toBeNull()
    const again = await call('/sign-in/email', { body: { email: 'pilot@example.com', password: 'correct horse' }, ip: '192.0.2.42' })
    expect(await grantStaff(database.db, 'pilot@example.com')).toEqual({ result: 'granted', email: 'pilot@example.com' })
    expect(await sessionOf(again.cookie)).toBeNull()
  })

  it('staff never goes to an account whose address was not verified; --reset takes the account over', async () => {
    // A stranger signs up with the new hire's address before the new hire does.
    const stranger = await call('/sign-up/email', {
      body: { email: 'newhire@unidrone.example', password: 'stranger password', name: 'Mallory' },
      ip: '192.0.2.43',
    })
    expect(stranger.response.status).toBe(200)
    expect(await grantStaff(database.db, 'newhire@unidrone.example')).toEqual({ result: 'unverified', email: 'newhire@unidrone.example' })
    const [refused] = await database.db.select().from(user).where(eq(user.email, 'newhire@unidrone.example'))
    expect(refused).toMatchObject({ role: 'customer', emailVerified: false })
    // Nor is the stranger signed in: the address was never confirmed.
    expect(await sessionOf(stranger.cookie)).toBeNull()

    const takeover = await grantStaff(database.db, 'NewHire@unidrone.example', { reset: true })
    expect(takeover.result).toBe('reset')
    const [account] = await database.db.select().from(user).where(eq(user.email, 'newhire@unidrone.example'))
    expect(account).toMatchObject({ role: 'staff', emailVerified: true })
    expect(await database.db.$count(session, eq(session.userId, account!.id))).toBe(0)
    expect(await sessionOf(stranger.cookie)).toBeNull()
    const oldPassword = await call('/sign-in/email', { body: { email: 'newhire@unidrone.example', password: 'stranger password' }, ip: '192.0.2.44' })
    expect(oldPassword.response.status).toBe(401)
    const newPassword = await call('/sign-in/email', {
      body: { email: 'newhire@unidrone.example', password: 'password' in takeover ? takeover.password : '' },
      ip: '192.0.2.45',
    })
    expect(newPassword.response.status).toBe(200)
    expect((await sessionOf(newPassword.cookie))?.user.role).toBe('staff')
  })
})

describe('the verification e-mail over a real SMTP server', () => {
  it('arrives; and when the server refuses, it waits in the outbox and goes out once the server accepts', async () => {
    const [kind] = testDatabaseKinds()
    const database = await kind!.open()
    const smtp = await startSmtpServer()
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-accounts-smtp-'))
    const mail = createMailService({ db: database.db, smtpUrl: smtp.url, from: '"UniDrone Robotics" <shop@unidrone.example>', retrySeconds: 1 })
    const auth = createAuth({
      db: database.db,
      config: parseEnv({ PORT: '3999', DATA_DIR: dataDir }),
      mailer: mail,
      secret: 'test-secret-test-secret-test-secret-1234',
    })
    const signUp = (email: string) =>
      auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-shop-client-ip': '203.0.113.5' },
          body: JSON.stringify({ email, password: 'a good password', name: 'Sam' }),
        }),
      )
    try {
      expect((await signUp('sam@example.com')).status).toBe(200)
      const [arrived] = await until(
        async () => smtp.received,
        (received) => received.length === 1,
      )
      expect(arrived!.rcptTo).toEqual(['sam@example.com'])
      expect(headersOf(arrived!.raw).get('subject')).toBe('Confirm your e-mail address for UniDrone Robotics')
      expect(decodedBody(arrived!.raw)).toContain(`${ORIGIN}/api/auth/verify-email?token=`)

      smtp.state.refuse = true
      expect((await signUp('kim@example.com')).status).toBe(200)
      const queued = await until(
        async () => (await listOutbox(database.db)).find((message) => message.to === 'kim@example.com'),
        (message) => (message?.attempts ?? 0) >= 1,
      )
      expect(queued).toMatchObject({ status: 'queued', attempts: 1 })
      expect(smtp.received).toHaveLength(1)

      smtp.state.refuse = false
      await mail.deliverDue(new Date(Date.now() + 60_000))
      expect(smtp.received.map((message) => message.rcptTo[0])).toEqual(['sam@example.com', 'kim@example.com'])
      expect((await listOutbox(database.db)).every((message) => message.status === 'sent')).toBe(true)
    } finally {
      await mail.stop()
      await smtp.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
