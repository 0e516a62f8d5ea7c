import { createHash } from 'node:crypto'
import { betterAuth } from 'better-auth'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { accountFieldsProblem } from '../../lib/schemas/profile.ts'
import { eq } from 'drizzle-orm'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { genericOAuth, twoFactor } from 'better-auth/plugins'
import type { Database } from '../db/client.server.ts'
import * as schema from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import type { Mailer } from '../mail/message.ts'
import { attachGuestOrdersOf } from '../orders/guest-orders.server.ts'
import { syncProfileFromUser } from '../profiles/profiles.server.ts'
import { publicOrigin } from '../public-origin.server.ts'
import { hitLimit } from '../rate-limit.server.ts'
import { ADDRESS_ANSWER_MS, answerNoSoonerThan, SIGN_UP_ANSWER_MS } from '../http/answer-time.server.ts'
import { passwordResetMail, signUpAttemptMail, verificationMail } from './emails.ts'
import { LOCK_SECONDS, secondFactorGuards, WRONG_CODES_BEFORE_LOCK } from './second-factor-guards.server.ts'

export const GOOGLE_PROVIDER_ID = 'google'
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration'

export interface AuthOptions {
  db: Database
  config: Env
  mailer: Mailer
  secret: string
}

export function googleConfigured(config: Env): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
}

/** Account e-mails of one kind (verification, password reset) one address receives at most, per hour. */
export const ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR = 3

/**
 * Whether one more account e-mail may go to this address. Counted per address, across every
 * client and process (the limits table keeps a hash, not the address), so that nobody can use
 * the shop to flood someone's inbox; the per-client limits are better-auth's (below).
 */
async function mayMail(db: Database, kind: 'verification' | 'password-reset' | 'sign-up-attempt', address: string): Promise<boolean> {
  const key = `account-mail:${kind}:${createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`
  const { allowed } = await hitLimit(db, key, ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR, 60 * 60)
  if (!allowed) logger.warn({ kind }, 'account e-mail not sent: this address had its hourly share')
  return allowed
}

/** better-auth's endpoints that check an authenticator code or a backup code. */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code'])

async function markSecondFactor(db: Database, token: string) {
  await db.update(schema.session).set({ twoFactorVerifiedAt: new Date() }).where(eq(schema.session.token, token))
}

/**
 * better-auth's endpoints whose answer is about an e-mail address, and how long each takes at least
 * (app/server/http/answer-time.server.ts): the same words and the same time for a known address
 * and an unknown one.
 */
const ADDRESS_ANSWERS = new Map([
  ['/api/auth/sign-up/email', SIGN_UP_ANSWER_MS],
  ['/api/auth/request-password-reset', ADDRESS_ANSWER_MS],
  ['/api/auth/send-verification-email', ADDRESS_ANSWER_MS],
])

/**
 * Paid guest orders placed with the account's verified address join it (docs/domain.md, Orders). A
 * failure is logged rather than failing the verification or the sign-in: the next sign-in tries again.
 */
async function joinGuestOrders(db: Database, user: { id: string; email: string }): Promise<void> {
  try {
    const joined = await attachGuestOrdersOf(db, user)
    if (joined.length > 0) logger.info({ userId: user.id, orders: joined.map((row) => row.orderId) }, 'guest orders joined their account')
  } catch (error) {
    logger.error({ err: error, userId: user.id }, 'guest orders could not join their account; the next sign-in tries again')
  }
}

export function createAuth(options: AuthOptions) {
  const auth = createBetterAuth(options)
  const handler = auth.handler
  auth.handler = (request: Request) => {
    const ms = request.method === 'POST' ? ADDRESS_ANSWERS.get(new URL(request.url).pathname) : undefined
    return ms === undefined
      ? handler(request)
      : answerNoSoonerThan(
          ms,
          () => handler(request),
          (response) => response.ok,
        )
  }
  return auth
}

function createBetterAuth({ db, config, mailer, secret }: AuthOptions) {
  const baseURL = publicOrigin(config)
  const secondFactor = secondFactorGuards(db, config)
  return betterAuth({
    appName: config.SHOP_NAME,
    logger: {
      level: 'warn',
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [baseURL, `http://127.0.0.1:${config.PORT}`, `http://localhost:${config.PORT}`],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers a new address and one that has an account alike (no session either way:
      // the verification link signs the newcomer in), and only a verified address may sign in.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user }) => {
        if (await mayMail(db, 'sign-up-attempt', user.email))
          await mailer.send(signUpAttemptMail({ to: user.email, baseUrl: baseURL, shopName: config.SHOP_NAME }))
      },
      // Forgot password: the answer is the same whether or not the address has an account.
      sendResetPassword: async ({ user, url }) => {
        if (await mayMail(db, 'password-reset', user.email)) await mailer.send(passwordResetMail({ to: user.email, url, shopName: config.SHOP_NAME }))
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in refused for an unconfirmed address sends the link again (within mayMail's limit).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        if (await mayMail(db, 'verification', user.email)) await mailer.send(verificationMail({ to: user.email, url, shopName: config.SHOP_NAME }))
      },
      // The address is the account's now: the paid guest orders placed with it join the account.
      afterEmailVerification: async (user) => joinGuestOrders(db, user),
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Refuses what two-step login must not allow (staff turning it off, a code used twice, a locked account).
        await secondFactor.before(ctx)
        // Names and images enter here as well as on the account page: the same rules, a 400 naming the field.
        if ((ctx.path === '/sign-up/email' || ctx.path === '/update-user') && ctx.body && typeof ctx.body === 'object') {
          const problem = accountFieldsProblem(ctx.body as Record<string, unknown>)
          if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'INVALID_ACCOUNT_FIELD' })
        }
        // A password change signs out the account's other sessions, whatever the caller asked for.
        if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        await secondFactor.after(ctx)
        const returned = ctx.context.returned
        if (!returned || returned instanceof Error || (returned instanceof Response && !returned.ok)) return
        const token = ctx.context.newSession?.session.token ?? (returned as { token?: unknown }).token
        if (typeof token !== 'string') return
        // The session a code or backup code was just given for (a sign-in's new session, the one
        // that finished enrolling, or an existing one that proved itself) has passed the second factor.
        if (SECOND_FACTOR_PATHS.has(ctx.path)) await markSecondFactor(db, token)
        // A password change replaces the changing session: a passed second factor carries over.
        if (ctx.path === '/change-password' && ctx.context.session?.session.twoFactorVerifiedAt && ctx.context.newSession) {
          await markSecondFactor(db, ctx.context.newSession.session.token)
        }
      }),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        twoFactorVerifiedAt: { type: 'date', required: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/sign-up/email': { window: 60, max: config.AUTH_RATE_LIMIT },
        // Codes of two-step login (better-auth's own rule is 3 in 10 s); each pending login also
        // allows 5 tries and an account locks for 15 minutes after 10 wrong codes in a row, given at
        // login or by a signed-in session (second-factor-guards.server.ts).
        '/two-factor/*': { window: 60, max: config.AUTH_RATE_LIMIT },
        // Per client; each address also gets at most ACCOUNT_MAILS_PER_ADDRESS_PER_HOUR (mayMail).
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
      },
    },
    advanced: {
      useSecureCookies: baseURL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-shop-client-ip'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await syncProfileFromUser(db, user)
            // An account made with an address already verified (Google's) takes its guest orders at once.
            if (user.emailVerified) await joinGuestOrders(db, user)
          },
        },
        update: { after: async (user) => void (await syncProfileFromUser(db, user)) },
      },
      session: {
        create: {
          after: async (session) => {
            const [user] = await db.select().from(schema.user).where(eq(schema.user.id, session.userId))
            if (user) await syncProfileFromUser(db, user)
            // Each sign-in tries again, so a join that failed on verification is not lost (nothing moves twice).
            if (user?.emailVerified) await joinGuestOrders(db, user)
          },
        },
      },
    },
    plugins: [
      // A sign-in from a browser that was told to trust itself skips the code but does not get the
      // session mark, so staff screens still ask for one (requireStaff).
      twoFactor({ issuer: config.SHOP_NAME, accountLockout: { maxFailedAttempts: WRONG_CODES_BEFORE_LOCK, durationSeconds: LOCK_SECONDS } }),
      ...(googleConfigured(config)
        ? [
            genericOAuth({
              config: [
                {
                  providerId: GOOGLE_PROVIDER_ID,
                  name: 'Google',
                  discoveryUrl: config.GOOGLE_DISCOVERY_URL,
                  clientId: config.GOOGLE_CLIENT_ID!,
                  clientSecret: config.GOOGLE_CLIENT_SECRET!,
                  scopes: ['openid', 'email', 'profile'],
                },
              ],
            }),
          ]
        : []),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
