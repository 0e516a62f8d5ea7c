import type { RouterContextProvider } from 'react-router'
import { shop } from '../context.server.ts'
import { publicOrigin } from '../public-origin.server.ts'

export interface AuthCallResult {
  ok: boolean
  status: number
  body: Record<string, unknown> | null
  setCookies: string[]
  /** Seconds until better-auth's rate limit lets this address try again (on a 429). */
  retryAfter: string | null
}

/**
 * Calls one of better-auth's endpoints from a form action, through its HTTP handler so that its
 * rate limits, origin checks and cookie handling apply exactly as for a browser calling it.
 */
export async function callAuth(
  context: Readonly<RouterContextProvider>,
  request: Request,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthCallResult> {
  const { auth, config, clientIp } = shop(context)
  const url = new URL(`/api/auth${path}`, publicOrigin(config))
  const headers = new Headers({ 'content-type': 'application/json', origin: url.origin, 'x-shop-client-ip': clientIp })
  for (const name of ['cookie', 'user-agent']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  const response = await auth.handler(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }))
  const text = await response.text()
  let parsed: Record<string, unknown> | null
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null
  } catch {
    parsed = { message: text }
  }
  return {
    ok: response.ok,
    status: response.status,
    body: parsed,
    setCookies: response.headers.getSetCookie(),
    retryAfter: response.headers.get('X-Retry-After'),
  }
}

/** The provider's message for a failed call, as the login panel shows it after "Error: ". */
export function authErrorMessage(result: AuthCallResult): string {
  if (result.status === 429) return 'Too many attempts. Please wait a minute and try again.'
  const message = result.body?.message
  return typeof message === 'string' && message ? message : 'Something went wrong. Please try again.'
}

/** Headers for a redirect that also carries the session cookies better-auth set. */
export function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers()
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
  return headers
}
