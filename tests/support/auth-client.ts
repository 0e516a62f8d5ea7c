import { desc, eq } from 'drizzle-orm'
import type { Auth } from '../../app/server/auth/auth.server.ts'
import type { Executor } from '../../app/server/db/client.server.ts'
import { outbox } from '../../app/server/db/schema.ts'

export interface AuthCall {
  body?: object
  cookie?: string
  ip?: string
  method?: string
}

/**
 * A browser's requests to better-auth's HTTP endpoints (from `ip`, on `origin`), and session lookups
 * by cookie; with the shop's database (`db`), sign-ups confirmed as their owner would.
 */
export function authClient(auth: Auth, origin: string, db?: Executor) {
  async function call(pathname: string, options: AuthCall = {}) {
    const headers = new Headers({ origin, 'x-shop-client-ip': options.ip ?? '192.0.2.1' })
    if (options.body) headers.set('content-type', 'application/json')
    if (options.cookie) headers.set('cookie', options.cookie)
    const response = await auth.handler(
      new Request(`${origin}/api/auth${pathname}`, {
        method: options.method ?? 'POST',
        headers,
        body: options.body ? JSON.stringify(options.body) : undefined,
      }),
    )
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    return { response, cookie, json: (await response.json().catch(() => null)) as Record<string, any> | null }
  }
  const sessionOf = (cookie: string) => auth.api.getSession({ headers: new Headers({ cookie }) })

  /**
   * Signs up, then opens the link of the verification e-mail, which confirms the address and signs
   * in: the answer is the sign-up's, the cookie the confirmed session's.
   */
  async function signUpConfirmed(body: { email: string; password: string; name: string } & Record<string, unknown>, ip?: string) {
    if (!db) throw new Error('authClient needs the database to read the verification e-mail')
    const signUp = await call('/sign-up/email', { body, ip })
    const [message] = await db.select().from(outbox).where(eq(outbox.to, body.email.toLowerCase())).orderBy(desc(outbox.createdAt)).limit(1)
    const link = /(http:\/\/\S+\/verify-email\S+)/.exec(message?.text ?? '')?.[1]
    if (!link) throw new Error(`no verification e-mail reached ${body.email} (sign-up answered ${signUp.response.status})`)
    const confirmed = await auth.handler(new Request(link, { headers: { 'x-shop-client-ip': ip ?? '192.0.2.1' } }))
    const cookie = confirmed.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    return { ...signUp, cookie }
  }
  return { call, sessionOf, signUpConfirmed }
}
