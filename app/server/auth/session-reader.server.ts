import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.server.ts'
import { session, user } from '../db/auth-schema.ts'
import { tradeAccounts } from '../db/schema.ts'
import type { Auth } from './auth.server.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  role: 'customer' | 'staff'
  /**
   * A customer staff approved as trade: their own prices, and their pages never from the shared cache
   * (docs/domain.md, Trade accounts). Always set by a lookup; absent means not trade.
   */
  trade?: boolean
  emailVerified: boolean
  /** The account has an authenticator app enrolled. */
  twoFactorEnabled: boolean
  /** This session passed the second factor (decision 021). */
  secondFactorPassed: boolean
}

/**
 * The signed-in person of a request, or null. `setCookie` receives the cookies better-auth sends
 * back when it renews a session or clears a dead one, for the response to carry to the browser.
 */
export type SessionReader = (headers: Headers, setCookie?: (cookie: string) => void) => Promise<SessionUser | null>

/**
 * Reads the signed-in person of a request the way better-auth's `getSession` does, in one query,
 * for the common case only: a session cookie signed with the shop's secret that names a
 * session which has not expired and is not yet due for its daily refresh. Any other cookie (one it
 * cannot verify, an unknown or expired session, one due for refresh) is handed to better-auth,
 * which stays the authority: it refreshes, deletes expired sessions and turns forgeries away, and
 * the cookies it sends back (a renewed session's, a dead one's removal) go to `setCookie`.
 * better-auth's lookup costs about a third of a signed-in visitor's page (decision 019).
 */
export async function createSessionReader(db: Database, auth: Auth): Promise<SessionReader> {
  const fromBetterAuth: SessionReader = async (headers, setCookie) => {
    const { headers: answer, response: found } = await auth.api.getSession({ headers, returnHeaders: true })
    if (setCookie) for (const cookie of answer.getSetCookie()) setCookie(cookie)
    if (!found) return null
    const [trade] = await db.select({ userId: tradeAccounts.userId }).from(tradeAccounts).where(eq(tradeAccounts.userId, found.user.id))
    return sessionUser({
      ...found.user,
      trade: trade !== undefined,
      twoFactorVerifiedAt: (found.session as { twoFactorVerifiedAt?: Date | null }).twoFactorVerifiedAt ?? null,
    })
  }
  // Not a named prepared statement: the embedded database serves every pool connection from one
  // session, where a second connection's PREPARE of the same name fails.
  const byToken = (token: string) =>
    db
      .select({
        expiresAt: session.expiresAt,
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled,
        twoFactorVerifiedAt: session.twoFactorVerifiedAt,
        trade: sql<boolean>`${tradeAccounts.userId} is not null`,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(tradeAccounts, eq(tradeAccounts.userId, user.id))
      .where(eq(session.token, token))
      .limit(1)
  // better-auth starts (and settles these) when it is created.
  const context = await auth.$context
  const cookieName = context.authCookies.sessionToken.name
  const secret = context.secret
  // better-auth refreshes a session once expiresAt - expiresIn + updateAge has passed.
  const refreshAfterMs = (context.sessionConfig.updateAge - context.sessionConfig.expiresIn) * 1000

  return async (headers, setCookie) => {
    const cookies = headers.get('cookie')
    if (!cookies) return null
    const value = firstCookie(cookies, cookieName)
    if (value === null) return null
    const token = verifiedToken(value, secret)
    if (token === null) return fromBetterAuth(headers, setCookie)
    const [row] = await byToken(token)
    const now = Date.now()
    if (!row || row.expiresAt.getTime() < now || row.expiresAt.getTime() + refreshAfterMs <= now) return fromBetterAuth(headers, setCookie)
    return sessionUser(row)
  }
}

interface SessionRow {
  id: string
  email: string
  name: string
  role?: string | null
  emailVerified: boolean
  twoFactorEnabled?: boolean | null
  twoFactorVerifiedAt: Date | null
  trade: boolean
}

function sessionUser({ id, email, name, role, emailVerified, twoFactorEnabled, twoFactorVerifiedAt, trade }: SessionRow): SessionUser {
  const staff = role === 'staff'
  return {
    id,
    email,
    name,
    role: staff ? 'staff' : 'customer',
    // Staff never see trade prices, even on an account that was a customer's.
    trade: !staff && trade,
    emailVerified,
    twoFactorEnabled: twoFactorEnabled === true,
    secondFactorPassed: twoFactorVerifiedAt !== null,
  }
}

/** The value of the first cookie called `name`, decoded, as better-call's parser gives it; null without one. */
function firstCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue
    let value = part.slice(eq + 1).trim()
    if (value.startsWith('"')) value = value.slice(1, -1)
    if (!value) return null
    try {
      return value.includes('%') ? decodeURIComponent(value) : value
    } catch {
      return value
    }
  }
  return null
}

/** The session token of a cookie value `token.signature` (base64 HMAC-SHA256 with the secret), or null if it does not verify. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const signature = value.slice(dot + 1)
  if (signature.length !== 44 || !signature.endsWith('=')) return null
  const expected = createHmac('sha256', secret).update(token).digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}
