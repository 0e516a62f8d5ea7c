import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth, type Auth } from '../../app/server/auth/auth.server'
import { createSessionReader, type SessionReader } from '../../app/server/auth/session-reader.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { session, user } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { authClient } from '../support/auth-client'
import { testDatabaseKinds } from '../support/databases'

const ORIGIN = 'http://localhost:3998'
const DAY_MS = 24 * 60 * 60 * 1000

describe.each(testDatabaseKinds())('the signed-in person of a request on $name', (kind) => {
  let database: DatabaseHandle
  let auth: Auth
  let read: SessionReader
  /** How often the reader handed a cookie to better-auth's own lookup. */
  let handedOver = 0
  let dataDir: string
  let mail: ReturnType<typeof createMailService>
  let ip = 10

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-sessions-'))
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    auth = createAuth({
      db: database.db,
      config: parseEnv({ PORT: '3998', DATA_DIR: dataDir }),
      mailer: mail,
      secret: 'session-secret-session-secret-session-12',
    })
    const counted = {
      $context: auth.$context,
      api: { getSession: (...args: Parameters<Auth['api']['getSession']>) => (handedOver++, auth.api.getSession(...args)) },
    }
    read = await createSessionReader(database.db, counted as unknown as Auth)
  })
  afterAll(async () => {
    await mail?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  /** Signs up through better-auth's endpoint, as the login panel does, opens the verification link, and returns the browser's session cookie. */
  async function signUp(email: string): Promise<string> {
    const signedUp = await authClient(auth, ORIGIN, database.db).signUpConfirmed({ email, password: 'a good password', name: 'Robin Rotor' }, `192.0.2.${ip++}`)
    expect(signedUp.response.status).toBe(200)
    return signedUp.cookie
  }
  const headers = (cookie: string) => new Headers({ cookie })
  const tokenOf = (cookie: string) => decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!

  it('is the account whose session the cookie names, as better-auth reads it', async () => {
    const cookie = await signUp('robin@example.com')
    const fromBetterAuth = await auth.api.getSession({ headers: headers(cookie) })
    handedOver = 0
    expect(await read(headers(cookie))).toEqual({
      id: fromBetterAuth!.user.id,
      email: 'robin@example.com',
      name: 'Robin Rotor',
      role: 'customer',
      trade: false,
      emailVerified: true,
      twoFactorEnabled: false,
      secondFactorPassed: false,
    })
    await database.db.update(user).set({ role: 'staff' }).where(eq(user.email, 'robin@example.com'))
    expect((await read(headers(`theme=dark; ${cookie}`)))?.role, 'a role change shows on the next request').toBe('staff')
    expect(handedOver, 'a fresh session is read in one query, without better-auth').toBe(0)
  })

  it('is nobody without a cookie, with a forged or altered one, or after signing out', async () => {
    const cookie = await signUp('sky@example.com')
    expect(await read(new Headers())).toBeNull()
    expect(await read(headers('better-auth.session_token=made-up'))).toBeNull()
    expect(await read(headers('better-auth.session_token=%E0%A4%A.broken')), 'a broken encoding').toBeNull()
    expect(await read(headers('better-auth.session_token=')), 'an empty cookie').toBeNull()
    const [name, value] = cookie.split('=') as [string, string]
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string]
    expect(await read(headers(`${name}=${encodeURIComponent(`${token}x.${signature}`)}`)), 'another token with this signature').toBeNull()
    expect(await read(headers(`${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`)), 'this token with another signature').toBeNull()

    const signOut = await auth.handler(new Request(`${ORIGIN}/api/auth/sign-out`, { method: 'POST', headers: { origin: ORIGIN, cookie } }))
    expect(signOut.status).toBe(200)
    expect(await read(headers(cookie))).toBeNull()
  })

  it('is nobody once the session has expired: better-auth removes the session, and the browser is told to drop the cookie', async () => {
    const cookie = await signUp('cloud@example.com')
    const token = tokenOf(cookie)
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token))
    handedOver = 0
    const sent: string[] = []
    expect(await read(headers(cookie), (line) => sent.push(line))).toBeNull()
    expect(handedOver).toBe(1)
    expect(await database.db.select().from(session).where(eq(session.token, token))).toEqual([])
    expect(sent.find((line) => line.startsWith('better-auth.session_token='))).toMatch(/Max-Age=0/)
  })

  it('a session a day old is still recognised, and renewed for 30 days in the database and in the browser', async () => {
    const cookie = await signUp('gale@example.com')
    const token = tokenOf(cookie)
    const dayOld = new Date(Date.now() + 29 * DAY_MS - 60_000)
    await database.db.update(session).set({ expiresAt: dayOld }).where(eq(session.token, token))
    const sent: string[] = []
    expect((await read(headers(cookie), (line) => sent.push(line)))?.email).toBe('gale@example.com')
    const [renewed] = await database.db.select().from(session).where(eq(session.token, token))
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY_MS)
    const renewedCookie = sent.find((line) => line.startsWith('better-auth.session_token='))
    expect(renewedCookie).toMatch(/Max-Age=2592000/)
    expect(tokenOf(renewedCookie!)).toBe(token)

    const later: string[] = []
    expect((await read(headers(cookie), (line) => later.push(line)))?.email).toBe('gale@example.com')
    expect(later, 'a fresh session sends no cookie').toEqual([])
  })
})
