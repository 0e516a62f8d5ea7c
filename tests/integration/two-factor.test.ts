import { createHmac } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { TOTP, URI } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAuth, type Auth } from '../../app/server/auth/auth.server'
import { createSessionReader, type SessionReader } from '../../app/server/auth/session-reader.server'
import { WRONG_CODES_BEFORE_LOCK } from '../../app/server/auth/second-factor-guards.server'
import { resetTwoFactor } from '../../app/server/auth/staff.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { session, twoFactor, user } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { authClient } from '../support/auth-client'
import { testDatabaseKinds } from '../support/databases'

const ORIGIN = 'http://localhost:3997'
const SECRET = 'test-secret-test-secret-test-secret-1234'

/**
 * A code accepted once is never accepted again, so each step of these tests waits for the app's next
 * code: the clock (only the date; timers run as usual) moves on by one 30-second period.
 */
function nextCode(app: TOTP): string {
  vi.setSystemTime(Date.now() + app.period * 1000)
  return app.generate()
}

beforeAll(() => void vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true }))
afterAll(() => void vi.useRealTimers())

describe.each(testDatabaseKinds())('two-step login on $name', (kind) => {
  let database: DatabaseHandle
  let auth: Auth
  let dataDir: string
  let mail: ReturnType<typeof createMailService>
  let client: ReturnType<typeof authClient>
  let read: SessionReader
  let totp: TOTP
  let backupCodes: string[]
  let ip = 1
  const nextIp = () => `198.51.100.${ip++}`
  const person = (cookie: string) => read(new Headers({ cookie }))
  const email = 'two-step@example.com'

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-two-factor-'))
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    auth = createAuth({ db: database.db, config: parseEnv({ PORT: '3997', DATA_DIR: dataDir }), mailer: mail, secret: SECRET })
    client = authClient(auth, ORIGIN, database.db)
    read = await createSessionReader(database.db, auth)
  })
  afterAll(async () => {
    await mail?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('enrolling proves the app with a code, turns it on and marks the enrolling session', async () => {
    const signUp = await client.signUpConfirmed({ email, password: 'a good password', name: 'Tessa' }, nextIp())
    expect(await person(signUp.cookie)).toMatchObject({ twoFactorEnabled: false, secondFactorPassed: false })

    const wrongPassword = await client.call('/two-factor/enable', { body: { password: 'not it at all' }, cookie: signUp.cookie, ip: nextIp() })
    expect(wrongPassword.response.status).toBe(400)
    const enable = await client.call('/two-factor/enable', { body: { password: 'a good password' }, cookie: signUp.cookie, ip: nextIp() })
    expect(enable.response.status).toBe(200)
    totp = URI.parse(enable.json!.totpURI) as TOTP
    expect(totp.label).toBe(email)
    backupCodes = enable.json!.backupCodes
    expect(backupCodes).toHaveLength(10)
    // Not on until a code proves the app has the secret.
    expect((await database.db.select().from(user).where(eq(user.email, email)))[0]?.twoFactorEnabled).toBe(false)

    const verify = await client.call('/two-factor/verify-totp', { body: { code: nextCode(totp) }, cookie: signUp.cookie, ip: nextIp() })
    expect(verify.response.status).toBe(200)
    expect(await person(verify.cookie)).toMatchObject({ twoFactorEnabled: true, secondFactorPassed: true })
  })

  it('a password alone no longer signs in; the code finishes the sign-in with a marked session, a wrong one does not', async () => {
    const password = await client.call('/sign-in/email', { body: { email, password: 'a good password' }, ip: nextIp() })
    expect(password.json).toMatchObject({ twoFactorRedirect: true })
    expect(password.cookie).not.toMatch(/session_token=[^;]/)
    const pending = password.cookie

    const wrong = await client.call('/two-factor/verify-totp', { body: { code: '000000' }, cookie: pending, ip: nextIp() })
    expect(wrong.response.status).toBe(401)
    const right = await client.call('/two-factor/verify-totp', { body: { code: nextCode(totp) }, cookie: pending, ip: nextIp() })
    expect(right.response.status).toBe(200)
    expect(await person(right.cookie)).toMatchObject({ email, secondFactorPassed: true })
  })

  it('a backup code signs in once', async () => {
    const signIn = async () => (await client.call('/sign-in/email', { body: { email, password: 'a good password' }, ip: nextIp() })).cookie
    const first = await client.call('/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, cookie: await signIn(), ip: nextIp() })
    expect(first.response.status).toBe(200)
    expect(await person(first.cookie)).toMatchObject({ secondFactorPassed: true })
    const again = await client.call('/two-factor/verify-backup-code', { body: { code: backupCodes[0] }, cookie: await signIn(), ip: nextIp() })
    expect(again.response.status).toBe(401)
  })

  it('a session that began without the code (a login that skips it, as Google’s does) is not marked until it gives one', async () => {
    const [account] = await database.db.select().from(user).where(eq(user.email, email))
    const started = await (await auth.$context).internalAdapter.createSession(account!.id)
    const signature = createHmac('sha256', SECRET).update(started.token).digest('base64')
    const cookie = `better-auth.session_token=${encodeURIComponent(`${started.token}.${signature}`)}`
    expect(await person(cookie)).toMatchObject({ email, twoFactorEnabled: true, secondFactorPassed: false })

    const proved = await client.call('/two-factor/verify-totp', { body: { code: nextCode(totp) }, cookie, ip: nextIp() })
    expect(proved.response.status).toBe(200)
    expect(await person(cookie)).toMatchObject({ secondFactorPassed: true })
  })

  it('a password change keeps the changing session marked; an operator reset removes the factor and every session', async () => {
    const signIn = await client.call('/sign-in/email', { body: { email, password: 'a good password' }, ip: nextIp() })
    const passed = await client.call('/two-factor/verify-totp', { body: { code: nextCode(totp) }, cookie: signIn.cookie, ip: nextIp() })
    const change = await client.call('/change-password', {
      body: { currentPassword: 'a good password', newPassword: 'a better password' },
      cookie: passed.cookie,
      ip: nextIp(),
    })
    expect(change.response.status).toBe(200)
    expect(await person(change.cookie)).toMatchObject({ secondFactorPassed: true })

    expect(await resetTwoFactor(database.db, email)).toEqual({ email, hadTwoFactor: true })
    const [account] = await database.db.select().from(user).where(eq(user.email, email))
    expect(account?.twoFactorEnabled).toBe(false)
    expect(await database.db.$count(twoFactor, eq(twoFactor.userId, account!.id))).toBe(0)
    expect(await database.db.$count(session, eq(session.userId, account!.id))).toBe(0)
    const plain = await client.call('/sign-in/email', { body: { email, password: 'a better password' }, ip: nextIp() })
    expect(await person(plain.cookie)).toMatchObject({ twoFactorEnabled: false, secondFactorPassed: false })
  })
})

describe.each(testDatabaseKinds())('two-step login cannot be worked around on $name', (kind) => {
  let database: DatabaseHandle
  let auth: Auth
  let dataDir: string
  let mail: ReturnType<typeof createMailService>
  let client: ReturnType<typeof authClient>
  let read: SessionReader
  let ip = 1
  const nextIp = () => `203.0.113.${ip++}`
  const person = (cookie: string) => read(new Headers({ cookie }))
  const password = 'a good password'

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-two-factor-'))
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    const config = parseEnv({ PORT: '3997', DATA_DIR: dataDir, STAFF_TWO_FACTOR: 'required' })
    auth = createAuth({ db: database.db, config, mailer: mail, secret: SECRET })
    client = authClient(auth, ORIGIN, database.db)
    read = await createSessionReader(database.db, auth)
  })
  afterAll(async () => {
    await mail?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  /** A new account that set up its authenticator app; `cookie` is the session that enrolled. */
  async function enrolled(email: string, role: 'staff' | 'customer' = 'customer') {
    const signUp = await client.signUpConfirmed({ email, password, name: 'Sam' }, nextIp())
    if (role === 'staff') await database.db.update(user).set({ role }).where(eq(user.email, email))
    const enable = await client.call('/two-factor/enable', { body: { password }, cookie: signUp.cookie, ip: nextIp() })
    const app = URI.parse(enable.json!.totpURI) as TOTP
    const verify = await client.call('/two-factor/verify-totp', { body: { code: nextCode(app) }, cookie: signUp.cookie, ip: nextIp() })
    expect(verify.response.status).toBe(200)
    return { app, backupCodes: enable.json!.backupCodes as string[], cookie: verify.cookie }
  }
  /** The password step of a login: the cookie of a sign-in that waits for its code. */
  const pendingSignIn = async (email: string) => (await client.call('/sign-in/email', { body: { email, password }, ip: nextIp() })).cookie
  const factorOf = async (email: string) => (await database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.email, email)))[0]?.on

  it('staff cannot turn two-step login off with their password where the shop requires it; a customer can', async () => {
    const staff = await enrolled('staff-keeps-it@example.com', 'staff')
    const refused = await client.call('/two-factor/disable', { body: { password }, cookie: staff.cookie, ip: nextIp() })
    expect(refused.response.status).toBe(403)
    expect(refused.json?.message).toMatch(/staff/i)
    expect(await factorOf('staff-keeps-it@example.com')).toBe(true)

    const customer = await enrolled('customer-drops-it@example.com')
    const allowed = await client.call('/two-factor/disable', { body: { password }, cookie: customer.cookie, ip: nextIp() })
    expect(allowed.response.status).toBe(200)
    expect(await factorOf('customer-drops-it@example.com')).toBe(false)
  })

  it('a code signs in once: the same code is refused for a second login and for an existing session', async () => {
    const email = 'once@example.com'
    const { app, cookie } = await enrolled(email)
    const code = nextCode(app)
    const first = await client.call('/two-factor/verify-totp', { body: { code }, cookie: await pendingSignIn(email), ip: nextIp() })
    expect(first.response.status).toBe(200)
    const again = await client.call('/two-factor/verify-totp', { body: { code }, cookie: await pendingSignIn(email), ip: nextIp() })
    expect(again.response.status).toBe(401)
    expect(again.cookie).not.toMatch(/session_token=[^;]/)
    const onSession = await client.call('/two-factor/verify-totp', { body: { code }, cookie, ip: nextIp() })
    expect(onSession.response.status).toBe(401)
    // The app's next code works.
    const next = await client.call('/two-factor/verify-totp', { body: { code: nextCode(app) }, cookie: await pendingSignIn(email), ip: nextIp() })
    expect(next.response.status).toBe(200)
  })

  it('the code that finished enrolling does not sign in again', async () => {
    const email = 'enrol-code@example.com'
    const signUp = await client.signUpConfirmed({ email, password, name: 'Eve' }, nextIp())
    const enable = await client.call('/two-factor/enable', { body: { password }, cookie: signUp.cookie, ip: nextIp() })
    const app = URI.parse(enable.json!.totpURI) as TOTP
    const code = nextCode(app)
    expect((await client.call('/two-factor/verify-totp', { body: { code }, cookie: signUp.cookie, ip: nextIp() })).response.status).toBe(200)
    const replay = await client.call('/two-factor/verify-totp', { body: { code }, cookie: await pendingSignIn(email), ip: nextIp() })
    expect(replay.response.status).toBe(401)
  })

  it('two logins sending the same code at once: only one is signed in', async () => {
    const email = 'race@example.com'
    const { app } = await enrolled(email)
    const pending = await Promise.all(Array.from({ length: 4 }, () => pendingSignIn(email)))
    const code = nextCode(app)
    const answers = await Promise.all(pending.map((cookie) => client.call('/two-factor/verify-totp', { body: { code }, cookie, ip: nextIp() })))
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 401, 401, 401])
  })

  it('wrong codes on a signed-in session lock the account as wrong codes at login do', async () => {
    const email = 'guesser@example.com'
    const { app, cookie } = await enrolled(email)
    for (let guess = 0; guess < WRONG_CODES_BEFORE_LOCK - 1; guess++) {
      const wrong = await client.call('/two-factor/verify-totp', { body: { code: String(100000 + guess) }, cookie, ip: nextIp() })
      expect(wrong.response.status).toBe(401)
    }
    // Backup codes count too.
    const wrongBackup = await client.call('/two-factor/verify-backup-code', { body: { code: 'AAAAA-BBBBB' }, cookie, ip: nextIp() })
    expect(wrongBackup.response.status).toBe(401)

    const locked = await client.call('/two-factor/verify-totp', { body: { code: nextCode(app) }, cookie, ip: nextIp() })
    expect(locked.response.status).toBe(429)
    const atLogin = await client.call('/two-factor/verify-totp', { body: { code: nextCode(app) }, cookie: await pendingSignIn(email), ip: nextIp() })
    expect(atLogin.response.status).toBe(429)

    // The lock lapses.
    vi.setSystemTime(Date.now() + 16 * 60 * 1000)
    const later = await client.call('/two-factor/verify-totp', { body: { code: nextCode(app) }, cookie, ip: nextIp() })
    expect(later.response.status).toBe(200)
    expect(await person(cookie)).toMatchObject({ email, secondFactorPassed: true })
  })

  it('a right code on a session clears its wrong ones, as at login', async () => {
    const email = 'typo@example.com'
    const { app, cookie } = await enrolled(email)
    for (let round = 0; round < 2; round++) {
      for (let guess = 0; guess < WRONG_CODES_BEFORE_LOCK - 1; guess++) {
        await client.call('/two-factor/verify-totp', { body: { code: String(200000 + guess) }, cookie, ip: nextIp() })
      }
      const right = await client.call('/two-factor/verify-totp', { body: { code: nextCode(app) }, cookie, ip: nextIp() })
      expect(right.response.status).toBe(200)
    }
  })

  it('setting up the app signs the account out everywhere else, keeping the session that did it', async () => {
    const email = 'two-browsers@example.com'
    const here = await client.signUpConfirmed({ email, password, name: 'Bo' }, nextIp())
    const elsewhere = await client.call('/sign-in/email', { body: { email, password }, ip: nextIp() })
    expect(await person(elsewhere.cookie)).toMatchObject({ email })

    const enable = await client.call('/two-factor/enable', { body: { password }, cookie: here.cookie, ip: nextIp() })
    const app = URI.parse(enable.json!.totpURI) as TOTP
    const verify = await client.call('/two-factor/verify-totp', { body: { code: nextCode(app) }, cookie: here.cookie, ip: nextIp() })
    expect(verify.response.status).toBe(200)
    expect(await person(verify.cookie)).toMatchObject({ email, twoFactorEnabled: true, secondFactorPassed: true })
    expect(await person(elsewhere.cookie)).toBeNull()
  })
})
