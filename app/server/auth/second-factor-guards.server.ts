import { createHmac, timingSafeEqual } from 'node:crypto'
import { APIError, isAPIError, type createAuthMiddleware } from 'better-auth/api'
import { symmetricDecrypt } from 'better-auth/crypto'
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins'
import { and, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.server.ts'
import { session, twoFactor } from '../db/schema.ts'
import type { Env } from '../env.server.ts'

/** Wrong codes (authenticator or backup) an account may give in a row before it is locked. */
export const WRONG_CODES_BEFORE_LOCK = 10
/** How long a locked account's codes are refused. */
export const LOCK_SECONDS = 15 * 60

/** An authenticator code belongs to one 30-second step of the clock (better-auth's TOTP). */
const PERIOD_SECONDS = 30
/** better-auth also accepts the codes of the step before and the step after, for a phone's clock drift. */
const STEP_WINDOW = 1

const VERIFY_TOTP = '/two-factor/verify-totp'
const CODE_PATHS = new Set([VERIFY_TOTP, '/two-factor/verify-backup-code'])
const DISABLE = '/two-factor/disable'
const WRONG_CODE_ERRORS = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE'])

const STAFF_KEEP_TWO_FACTOR =
  'Staff accounts of this shop must keep two-step login on. After a lost phone, another staff member (Staff accounts) or the operator (npm run staff -- reset-2fa) resets it.'

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

/** Whose code a request checks, and whether a signed-in session gives it rather than a login waiting for it. */
interface CodeCheck {
  userId: string
  /** The signed-in session's token; null for a login waiting for its code. */
  sessionToken: string | null
  /** The signed-in account's role (a waiting login's does not matter here). */
  role: unknown
  /** The code proves a newly set-up app (enrolment). */
  enrolling: boolean
}

/** What the `before` hook learnt about a request, for its `after` hook (one context object per request). */
const checks = new WeakMap<object, CodeCheck>()

/** The signed-in session's account, else the account of the login that waits for its code (the plugin's order). */
async function whoseCode(ctx: HookContext): Promise<Omit<CodeCheck, 'enrolling'> | null> {
  const { internalAdapter, authCookies, secret } = ctx.context
  const token = await ctx.getSignedCookie(authCookies.sessionToken.name, secret)
  if (token) {
    const found = await internalAdapter.findSession(token)
    if (found && found.session.expiresAt > new Date()) return { userId: found.user.id, sessionToken: token, role: found.user.role }
  }
  const pending = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, secret)
  if (!pending) return null
  const waiting = await internalAdapter.findVerificationValue(pending)
  return waiting ? { userId: waiting.value, sessionToken: null, role: null } : null
}

/** RFC 4226's code for one counter; better-auth keys the HMAC with the secret's UTF-8 bytes. */
function hotp(key: Buffer, counter: number): Buffer {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = createHmac('sha1', key).update(message).digest()
  const offset = digest[digest.length - 1]! & 0xf
  return Buffer.from(String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0'))
}

/** The clock step whose code this is, among those better-auth accepts now; null for a wrong code. */
function stepOfCode(secret: string, code: string, now: number): number | null {
  const given = Buffer.from(code)
  const key = Buffer.from(secret, 'utf8')
  const current = Math.floor(now / 1000 / PERIOD_SECONDS)
  for (let step = current + STEP_WINDOW; step >= current - STEP_WINDOW; step--) {
    const expected = hotp(key, step)
    if (given.length === expected.length && timingSafeEqual(given, expected)) return step
  }
  return null
}

/**
 * Takes a step for the account: true once, for the first request with a code of that step (or a later
 * one). One guarded UPDATE, so of two requests with the same code at the same moment one succeeds.
 */
async function claimStep(db: Database, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id })
  return claimed.length > 0
}

/** One more wrong code in a row for the account; the last one allowed locks it (as better-auth does at login). */
async function recordWrongCode(db: Database, userId: string) {
  const [row] = await db
    .update(twoFactor)
    .set({ failedVerificationCount: sql`coalesce(${twoFactor.failedVerificationCount}, 0) + 1` })
    .where(eq(twoFactor.userId, userId))
    .returning({ count: twoFactor.failedVerificationCount })
  if ((row?.count ?? 0) >= WRONG_CODES_BEFORE_LOCK) {
    await db
      .update(twoFactor)
      .set({ lockedUntil: new Date(Date.now() + LOCK_SECONDS * 1000) })
      .where(eq(twoFactor.userId, userId))
  }
}

const clearWrongCodes = (db: Database, userId: string) =>
  db.update(twoFactor).set({ failedVerificationCount: 0, lockedUntil: null }).where(eq(twoFactor.userId, userId))

/**
 * What better-auth's two-factor plugin leaves open, closed around its endpoints (decision 021):
 * staff of a shop that requires the second factor cannot turn it off; an authenticator code is
 * accepted once; wrong codes given by a signed-in session count towards the account's lock as wrong
 * codes at login do (the plugin counts only those); and setting up an app signs the account out
 * everywhere but the session that did it.
 */
export function secondFactorGuards(db: Database, config: Pick<Env, 'STAFF_TWO_FACTOR'>) {
  async function before(ctx: HookContext) {
    if (ctx.path !== DISABLE && !CODE_PATHS.has(ctx.path)) return
    const who = await whoseCode(ctx)
    // Without a session or a waiting login, better-auth refuses on its own.
    if (!who) return
    if (ctx.path === DISABLE) {
      if (who.sessionToken && who.role === 'staff' && config.STAFF_TWO_FACTOR === 'required') {
        throw new APIError('FORBIDDEN', { message: STAFF_KEEP_TWO_FACTOR, code: 'STAFF_TWO_FACTOR_REQUIRED' })
      }
      return
    }
    const [factor] = await db
      .select({ secret: twoFactor.secret, verified: twoFactor.verified, lockedUntil: twoFactor.lockedUntil })
      .from(twoFactor)
      .where(eq(twoFactor.userId, who.userId))
    if (!factor) return
    if (who.sessionToken && factor.lockedUntil) {
      const now = new Date()
      if (factor.lockedUntil > now) throw APIError.from('TOO_MANY_REQUESTS', TWO_FACTOR_ERROR_CODES.ACCOUNT_TEMPORARILY_LOCKED)
      // A lapsed lock starts a new count, as at login.
      await db
        .update(twoFactor)
        .set({ failedVerificationCount: 0, lockedUntil: null })
        .where(and(eq(twoFactor.userId, who.userId), lte(twoFactor.lockedUntil, now)))
    }
    checks.set(ctx.context, { ...who, enrolling: Boolean(who.sessionToken) && factor.verified !== true })
    if (ctx.path === VERIFY_TOTP) {
      const code = typeof ctx.body?.code === 'string' ? ctx.body.code : ''
      const step = stepOfCode(await symmetricDecrypt({ key: ctx.context.secretConfig, data: factor.secret }), code, Date.now())
      if (step !== null && !(await claimStep(db, who.userId, step))) {
        throw new APIError('UNAUTHORIZED', { message: 'This code was used already. Enter the next code your app shows.', code: 'CODE_ALREADY_USED' })
      }
    }
  }

  async function after(ctx: HookContext) {
    const check = checks.get(ctx.context)
    // A login waiting for its code: better-auth counts and clears its wrong codes itself.
    if (!check?.sessionToken) return
    const returned = ctx.context.returned
    if (isAPIError(returned)) {
      if (WRONG_CODE_ERRORS.has(String(returned.body?.code))) await recordWrongCode(db, check.userId)
      return
    }
    await clearWrongCodes(db, check.userId)
    if (check.enrolling) {
      // Enrolment replaced the session that gave the code; the replacement is the one kept.
      const kept = ctx.context.newSession?.session.token ?? check.sessionToken
      await db.delete(session).where(and(eq(session.userId, check.userId), ne(session.token, kept)))
    }
  }

  return { before, after }
}
