import { z } from 'zod'
import { isValidAbn } from '../lib/abn.ts'
import { normaliseAccountNumber, normaliseBsb, type BankAccount } from '../lib/orders/bank-transfer.ts'

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  /** How many reverse proxies stand in front of the shop (their X-Forwarded-For is then believed). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DOWNLOADS_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_DISCOVERY_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com/.well-known/openid-configuration'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  DEMO_STAFF_EMAIL: z.email().default('staff@unidrone.example'),
  /** `required`: staff screens need a session that passed the second factor; `optional`: offered. */
  STAFF_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  PAYMENT_PROVIDER: z.enum(['demo', 'stripe']).optional(),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Processes serving the shop on this port (node:cluster); above 1 only with DATABASE_URL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** On SIGTERM: seconds of answering "not ready" while still serving, so a load balancer moves away first. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  /** On SIGTERM: seconds requests in flight get to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set: `/metrics` on the shop's own port, for a scraper that sends `Authorization: Bearer <token>` (docs/decisions/057-metrics.md). */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(32, 'must be at least 32 characters (openssl rand -hex 32)')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an Authorization header)')
      .optional(),
  ),
  /** Set: `/metrics`, and nothing else, on HOST:METRICS_PORT, without a token (a private interface). */
  METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .transform(Number)
      .refine((port) => port <= 65535, 'must be a port number')
      .optional(),
  ),
  /** Setting it keeps uploaded images' files in this S3-compatible bucket instead of the database. */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,61}[a-zA-Z0-9]$/,
        'must be a bucket name only (3–63 letters, digits, dots, hyphens), not a URL or a path; a key prefix belongs in S3_PREFIX',
      )
      .optional(),
  ),
  /** Another S3-compatible service (MinIO, Cloudflare R2…); unset: AWS S3. */
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (the S3-compatible service, without the bucket)' }).optional(),
  ),
  /** Defaulted in `checked`, so that a region set without a bucket can be refused. */
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1, ap-southeast-2 or auto')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: optionalText.pipe(
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .transform((value) => value === 'true' || value === '1')
      .optional(),
  ),
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .max(200, 'must be at most 200 characters')
      .refine((value) => !value.startsWith('/'), 'must not start with / (keys are named without one, e.g. media/)')
      .optional(),
  ),
  /** Scheduled backups (docs/deploy.md, Backups): daily into this directory, or into the S3 bucket under BACKUP_S3_PREFIX. */
  BACKUP_DIR: optionalText,
  BACKUP_S3_PREFIX: optionalText.pipe(
    z
      .string()
      .max(200, 'must be at most 200 characters')
      .refine((value) => !value.startsWith('/'), 'must not start with / (keys are named without one, e.g. backups/)')
      .optional(),
  ),
  /** The Brisbane hour after which the day's scheduled backup is taken. */
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(2),
  /** How many scheduled backups are kept (older ones are deleted after a new one is written). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  /** The shop's bank account for bank transfers (EFT); all three, or none (no bank transfer offered). */
  BANK_BSB: optionalText.pipe(
    z
      .string()
      .refine((value) => normaliseBsb(value) !== null, 'must be a 6-digit BSB (062-000)')
      .transform((value) => normaliseBsb(value)!)
      .optional(),
  ),
  BANK_ACCOUNT_NUMBER: optionalText.pipe(
    z
      .string()
      .refine((value) => normaliseAccountNumber(value) !== null, 'must be an account number of 5 to 10 digits')
      .transform((value) => normaliseAccountNumber(value)!)
      .optional(),
  ),
  BANK_ACCOUNT_NAME: optionalText.pipe(z.string().max(100, 'must be at most 100 characters').optional()),
  SHOP_NAME: z.string().trim().min(1).default('UniDrone Robotics'),
  SHOP_LEGAL_NAME: z.string().trim().min(1).default('UniDrone Robotics Pty Ltd'),
  SHOP_EMAIL: z.email().default('enquiries@unidrone.example'),
  SHOP_ABN: z.string().refine(isValidAbn, 'must be an 11-digit Australian Business Number with a valid checksum').default('51 824 753 556'),
  SHOP_ADDRESS: z.string().trim().min(1).default('PO Box 1234, Brisbane QLD 4001, Australia'),
  SHOP_PHONE: z.string().trim().min(1).default('+61 7 3000 0000'),
})

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https, or http on a loopback name (a production build tried on one machine, never reachable from elsewhere). */
function isDeployableUrl(value: string | undefined): boolean {
  if (!value) return false
  const url = new URL(value)
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
}

const checked = schema.transform((config, context) => {
  const provider = config.PAYMENT_PROVIDER ?? (config.STRIPE_SECRET_KEY ? 'stripe' : 'demo')
  if (provider === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: 'must be set when PAYMENT_PROVIDER is stripe' })
    }
  }
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
    context.addIssue({
      code: 'custom',
      path: ['WEB_CONCURRENCY'],
      message: 'can be above 1 only with DATABASE_URL (the embedded database belongs to one process)',
    })
  }
  // A deployment names its own address: payment returns, e-mailed links, canonical links and JSON-LD
  // are never built from a request's Host header there. http only for this machine's own name.
  if (config.NODE_ENV === 'production' && !isDeployableUrl(config.PUBLIC_URL)) {
    context.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'must be the shop’s public https address (https://shop.example) when NODE_ENV is production (http only for localhost)',
    })
  }
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT !== 0 && config.METRICS_PORT === config.PORT) {
    context.addIssue({
      code: 'custom',
      path: ['METRICS_PORT'],
      message: 'must differ from PORT (the metrics listener is a port of its own; for /metrics on the shop’s port set METRICS_TOKEN)',
    })
  }
  checkObjectStorage(config, context)
  if (config.BACKUP_DIR && config.BACKUP_S3_PREFIX)
    context.addIssue({ code: 'custom', path: ['BACKUP_S3_PREFIX'], message: 'cannot be set with BACKUP_DIR: scheduled backups go to one place' })
  if (config.BACKUP_S3_PREFIX && !config.S3_BUCKET)
    context.addIssue({ code: 'custom', path: ['BACKUP_S3_PREFIX'], message: 'needs S3_BUCKET (and its settings): the backups go into that bucket' })
  const bank = ['BANK_BSB', 'BANK_ACCOUNT_NUMBER', 'BANK_ACCOUNT_NAME'] as const
  const given = bank.filter((name) => config[name] !== undefined)
  if (given.length > 0 && given.length < bank.length) {
    for (const name of bank.filter((name) => config[name] === undefined)) {
      context.addIssue({ code: 'custom', path: [name], message: 'must be set with the other BANK_ settings (or unset them all: no bank transfer)' })
    }
  }
  // A deployment protects staff accounts with a second factor; the embedded demo offers it, so that a
  // newcomer can look around with the printed password.
  const staffTwoFactor = config.STAFF_TWO_FACTOR ?? (config.NODE_ENV === 'production' ? 'required' : 'optional')
  return {
    ...config,
    PAYMENT_PROVIDER: provider,
    STAFF_TWO_FACTOR: staffTwoFactor,
    S3_REGION: config.S3_REGION ?? 'us-east-1',
    S3_FORCE_PATH_STYLE: config.S3_FORCE_PATH_STYLE ?? false,
    S3_PREFIX: config.S3_PREFIX ?? 'media/',
    bankAccount: bankAccountOf(config, provider),
  }
})

/**
 * The account bank transfers go to: the configured one, or in the demo (demo payment provider, no
 * BANK_ settings) an example account, so that the demo offers bank transfer as it offers a test card.
 * Null: the shop does not offer bank transfer.
 */
function bankAccountOf(config: z.infer<typeof schema>, provider: 'demo' | 'stripe'): BankAccount | null {
  if (config.BANK_BSB && config.BANK_ACCOUNT_NUMBER && config.BANK_ACCOUNT_NAME) {
    return { bsb: config.BANK_BSB, accountNumber: config.BANK_ACCOUNT_NUMBER, accountName: config.BANK_ACCOUNT_NAME }
  }
  if (provider === 'demo') return { bsb: '000-000', accountNumber: '12345678', accountName: `${config.SHOP_LEGAL_NAME} (demo account)` }
  return null
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const

/**
 * Object storage is all or nothing: a setting without S3_BUCKET, or a key id without its secret,
 * would leave images in the database (or unreadable) while the operator believes otherwise.
 */
function checkObjectStorage(config: z.infer<typeof schema>, context: z.RefinementCtx) {
  if (!config.S3_BUCKET) {
    for (const name of S3_SETTINGS) {
      if (config[name] !== undefined)
        context.addIssue({
          code: 'custom',
          path: [name],
          message: 'is set but S3_BUCKET is not (set S3_BUCKET to keep image files in object storage, or unset this)',
        })
    }
    return
  }
  if (config.S3_ACCESS_KEY_ID && !config.S3_SECRET_ACCESS_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['S3_SECRET_ACCESS_KEY'],
      message: 'must be set with S3_ACCESS_KEY_ID (or unset both to use the default AWS credentials)',
    })
  }
  if (config.S3_SECRET_ACCESS_KEY && !config.S3_ACCESS_KEY_ID) {
    context.addIssue({
      code: 'custom',
      path: ['S3_ACCESS_KEY_ID'],
      message: 'must be set with S3_SECRET_ACCESS_KEY (or unset both to use the default AWS credentials)',
    })
  }
}

export type Env = z.infer<typeof checked>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads the configuration; a bad value throws one line that names the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = checked.safeParse(deploymentView(source))
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  throw new ConfigError(`Configuration error: ${issue.path.join('.')} ${issue.message}`)
}

let current: Env | undefined

export function env(): Env {
  current ??= parseEnv(process.env)
  return current
}

/**
 * The environment as the operator set it: server.ts runs the libraries in their production build by
 * setting NODE_ENV, and keeps what the operator had given (nothing, for `npm start`) in
 * SHOP_DEPLOYMENT_ENV, which is what decides whether this is a deployment.
 */
export function deploymentView(source: Record<string, string | undefined>): Record<string, string | undefined> {
  if (source.SHOP_DEPLOYMENT_ENV === undefined) return source
  return { ...source, NODE_ENV: source.SHOP_DEPLOYMENT_ENV || undefined }
}

/** What the browser may know about the shop: its public identity, nothing secret. */
export function shopIdentity(config: Env = env()) {
  return {
    name: config.SHOP_NAME,
    legalName: config.SHOP_LEGAL_NAME,
    email: config.SHOP_EMAIL,
    abn: config.SHOP_ABN,
    address: config.SHOP_ADDRESS,
    phone: config.SHOP_PHONE,
  }
}

export type ShopIdentity = ReturnType<typeof shopIdentity>
