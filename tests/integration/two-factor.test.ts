import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { TOTP, URI } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth, type Auth } from '../../app/server/auth/auth.server'
import { createSessionReader, type SessionReader } from '../../app/server/auth/session-reader.server'
import { resetTwoFactor } from '../../app/server/auth/staff.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { session, twoFactor, user } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { authClient } from '../support/auth-client'
import { testDatabaseKinds } from '../support/databases'

const ORIGIN = 'http://localhost:3997'

describe.each(testDatabaseKinds())('two-step login on $name', (kind) => {
  let database: DatabaseHandle
  let auth: Auth
  let dataDir: string
  let mail: ReturnType<typeof createMailService>
  let client: ReturnType<typeof authClient>
  let read: SessionReader
  let totp: TOTP
  let backupCodes: string[]
  /** A session the account began on another device before it enrolled. */
  let earlierSession: string
  let ip = 1
  const nextIp = () => `198.51.100.${ip++}`
  const person = (cookie: string) => read(new Headers({ cookie }))
  const email = 'two-step@example.com'

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-two-factor-'))
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    auth = createAuth({ db: database.db, config: parseEnv({ PORT: '3997', DATA_DIR: dataDir }), mailer: mail, secret: 'test-secret-test-secret-test-secret-1234' })
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
    earlierSession = (await client.call('/sign-in/email', { body: { email, password: 'a good password' }, ip: nextIp() })).cookie

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

    const verify = await client.call('/two-factor/verify-totp', { body: { code: totp.generate() }, cookie: signUp.cookie, ip: nextIp() })
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
    const right = await client.call('/two-factor/verify-totp', { body: { code: totp.generate() }, cookie: pending, ip: nextIp() })
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

  it('a session that began without the code (before the account enrolled) is not marked until it gives one', async () => {
    const cookie = earlierSession
    expect(await person(cookie)).toMatchObject({ email, twoFactorEnabled: true, secondFactorPassed: false })

    const proved = await client.call('/two-factor/verify-totp', { body: { code: totp.generate() }, cookie, ip: nextIp() })
    expect(proved.response.status).toBe(200)
    expect(await person(cookie)).toMatchObject({ secondFactorPassed: true })
  })

  it('a password change keeps the changing session marked; an operator reset removes the factor and every session', async () => {
    const signIn = await client.call('/sign-in/email', { body: { email, password: 'a good password' }, ip: nextIp() })
    const passed = await client.call('/two-factor/verify-totp', { body: { code: totp.generate() }, cookie: signIn.cookie, ip: nextIp() })
    const change = await client.call('/change-password', { body: { currentPassword: 'a good password', newPassword: 'a better password' }, cookie: passed.cookie, ip: nextIp() })
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
