import type { Auth } from '../../app/server/auth/auth.server.ts'

export interface AuthCall {
  body?: object
  cookie?: string
  ip?: string
  method?: string
}

/** A browser's requests to better-auth's HTTP endpoints (from `ip`, on `origin`), and session lookups by cookie. */
export function authClient(auth: Auth, origin: string) {
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
  return { call, sessionOf }
}
