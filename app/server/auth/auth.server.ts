import { betterAuth } from 'better-auth'
import { eq } from 'drizzle-orm'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { genericOAuth } from 'better-auth/plugins'
import type { Database } from '../db/client.server.ts'
import * as schema from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import type { Mailer } from '../mail/message.ts'
import { syncProfileFromUser } from '../profiles/profiles.server.ts'
import { verificationMail } from './emails.ts'

export const GOOGLE_PROVIDER_ID = 'google'
export const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration'

export interface AuthOptions {
  db: Database
  config: Env
  mailer: Mailer
  secret: string
}

/** The origin auth links and OAuth callbacks use: PUBLIC_URL, or this machine's port. */
export function authBaseUrl(config: Env): string {
  return config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${config.PORT}`
}

export function googleConfigured(config: Env): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
}

export function createAuth({ db, config, mailer, secret }: AuthOptions) {
  const baseURL = authBaseUrl(config)
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
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail({ to: user.email, url, shopName: config.SHOP_NAME }))
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: config.AUTH_RATE_LIMIT },
        '/sign-up/email': { window: 60, max: config.AUTH_RATE_LIMIT },
      },
    },
    advanced: {
      useSecureCookies: baseURL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-shop-client-ip'] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: { after: async (user) => void (await syncProfileFromUser(db, user)) },
        update: { after: async (user) => void (await syncProfileFromUser(db, user)) },
      },
      session: {
        create: {
          after: async (session) => {
            const [user] = await db.select().from(schema.user).where(eq(schema.user.id, session.userId))
            if (user) await syncProfileFromUser(db, user)
          },
        },
      },
    },
    plugins: googleConfigured(config)
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
      : [],
  })
}

export type Auth = ReturnType<typeof createAuth>
