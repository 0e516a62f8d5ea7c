import cluster from 'node:cluster'
import { once } from 'node:events'
import { paymentProvider } from '../checkout/payments/index.server.ts'
import { settlePendingRefunds } from '../orders/refunds.server.ts'
import { sweepBankTransfers } from '../orders/bank-transfer.server.ts'
import { readdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import { constants as zlibConstants } from 'node:zlib'
import compression from 'compression'
import express, { type Express, type NextFunction, type Request, type Response } from 'express'
import { RouterContextProvider } from 'react-router'
import type { ViteDevServer } from 'vite'
import { toNodeHandler } from 'better-auth/node'
import { createAuth } from '../auth/auth.server.ts'
import { publicOrigin } from '../public-origin.server.ts'
import { signedInHintOf } from '../../lib/signed-in-hint.ts'
import { signedInCookie } from '../auth/signed-in-cookie.server.ts'
import { createSessionReader } from '../auth/session-reader.server.ts'
import { resolveAuthSecret } from '../auth/secret.server.ts'
import { grantStaff, listStaff } from '../auth/staff.server.ts'
import { createCatalogReads } from '../catalog/catalog-reads.server.ts'
import { addDemoData } from '../demo/demo-data.server.ts'
import { shopContext } from '../context.server.ts'
import { markPrepared, openDatabase, type Database, type DatabaseHandle } from '../db/client.server.ts'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.server.ts'
import { parseEnv, type Env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import { createMailService } from '../mail/outbox.server.ts'
import { expireLapsedReservations } from '../checkout/checkout.server.ts'
import { forgetOldCheckouts } from '../checkout/drafts.server.ts'
import { ONE_CLICK_UNSUBSCRIBE, sendCartReminders } from '../checkout/cart-reminders.server.ts'
import { forgetOldJobs } from '../jobs/jobs.server.ts'
import { startTimedWork } from '../jobs/timed-work.server.ts'
import { scheduledBackup } from '../backup/backup-runs.server.ts'
import { sendLowStockDigest } from '../reports/staff-notices.server.ts'
import { forgetStockAlerts, ONE_CLICK_STOCK_ALERT_UNSUBSCRIBE, stockAlertSweeper } from '../stock/stock-alerts.server.tsx'
import { onCatalogWrite } from '../catalog/catalog-events.server.ts'
import { clusterWorkerSource, metricsOnShopPort, registrySource, serveMetricsPort, type MetricsListener } from '../metrics/exposure.server.ts'
import { createShopMetrics, type ShopMetrics } from '../metrics/metrics.server.ts'
import { routePatterns } from '../metrics/route-patterns.ts'

/** How often each process looks for lapsed reservations (and demo payment pages left open). */
const RESERVATION_SWEEP_SECONDS = 30
import { bodyLimits } from './middleware/body-limit.server.ts'
import { healthz, readyz } from './middleware/health.server.ts'
import { createPageCache, isAnonymousRender } from './pages/page-cache.server.ts'
import { isHtmlAnswer, renderedPages } from './pages/rendered-pages.server.ts'
import { imageFileStore } from '../images/image-files.server.ts'
import { moveLegacyUploads, redirectMovedUploads } from '../images/legacy-uploads.server.ts'
import { serveImageFiles } from '../images/media.server.ts'
import { logRequest, logWhenFinished, requestIdOf } from './middleware/request-log.server.ts'
import { privateWhenSignedIn } from './middleware/signed-in-private.server.ts'
import { knownMethods, oneClickWrites, refuseConnect, sameOriginWrites, securityHeaders } from './middleware/security.server.ts'

export interface StartOptions {
  /** In development the Vite dev server serves assets and reloads route modules. */
  vite?: ViteDevServer
  env?: Record<string, string | undefined>
  /** A process of its own migrated and prepared the embedded database just before (`prepareDatabase`). */
  prepared?: boolean
  /**
   * An open, migrated database to serve instead of opening the configured one: integration tests
   * serve the app over HTTP on their own database and keep using it beside the shop. It is neither
   * prepared as a demo nor closed by `close`.
   */
  database?: DatabaseHandle
  /** Whether the browser build (`build/client`) is served; tests that render pages from source have none. Default true. */
  builtFiles?: boolean
}

export interface RunningShop {
  url: string
  /** The metrics port's `/metrics` (METRICS_PORT), when this process serves it. */
  metricsUrl?: string
  close(): Promise<void>
}

/**
 * Opens and migrates the database, seeds an embedded demo database that has never held a
 * product, and serves the shop. `close` stops accepting requests, lets those in flight finish,
 * then closes the database.
 */
export async function startShop(options: StartOptions = {}): Promise<RunningShop> {
  const config = parseEnv(options.env ?? process.env)
  logger.level = config.LOG_LEVEL
  const secret = await resolveAuthSecret(config)
  const database = options.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, role: 'shop' }))
  try {
    if (!options.prepared && !options.database) await migrateAndPrepare(database, config)
  } catch (error) {
    await database.close()
    throw error
  }
  // Metrics only when something may read them (METRICS_TOKEN, METRICS_PORT): otherwise nothing is counted.
  const metrics =
    config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined
      ? createShopMetrics({
          routeOf: routePatterns((await import('virtual:react-router/server-build')).routes),
          db: database.db,
          pool: database.pool,
        })
      : null
  // With several processes (node:cluster) every scrape is answered with the sum of all of them by the supervisor.
  const metricsSource = metrics && (cluster.isWorker ? clusterWorkerSource(metrics.registry) : registrySource(metrics.registry))
  const mailer = createMailService({
    db: database.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM ?? `"${config.SHOP_NAME}" <${config.SHOP_EMAIL}>`,
    retrySeconds: config.MAIL_RETRY_SECONDS,
    printKept: config.NODE_ENV !== 'production',
  })
  const stockAlerts = stockAlertSweeper({ db: database.db, mailer, config })
  const timedWork = startTimedWork(
    [
      // Mail retries (with SMTP; the outbox alone has nothing to deliver).
      { name: 'mail', everySeconds: 15, run: () => mailer.deliverDue() },
      { name: 'reservations', everySeconds: RESERVATION_SWEEP_SECONDS, run: () => expireLapsedReservations({ db: database.db, config, mailer }) },
      { name: 'checkouts', everySeconds: 3600, run: () => forgetOldCheckouts(database.db) },
      { name: 'jobs', everySeconds: 3600, run: () => forgetOldJobs(database.db) },
      // Refunds a stopped process left between asking the provider and settling.
      { name: 'refunds', everySeconds: 120, run: () => settlePendingRefunds({ db: database.db, config, mailer, provider: paymentProvider(config) }) },
      // Sends at most once per Brisbane day (claimed in the database), after 08:00, when something is low.
      { name: 'low-stock-digest', everySeconds: 600, run: () => sendLowStockDigest({ db: database.db, mailer, config }) },
      // One reminder per checkout whose shopper consented, after staff's delay (claimed in SQL, so once).
      { name: 'cart-reminders', everySeconds: 300, run: () => sendCartReminders({ db: database.db, mailer, config }) },
      // Bank-transfer orders: the one reminder after three days, and cancelling what was not paid in time (guarded, so once).
      { name: 'bank-transfers', everySeconds: 300, run: () => sweepBankTransfers({ db: database.db, mailer, config }) },
      // Back-in-stock alerts: each confirmed alert's one e-mail once its product is available (claimed in SQL, so once),
      // whatever brought the stock back (staff, an import, a refund's restock, a lapsed reservation, another process).
      { name: 'stock-alerts', everySeconds: 60, run: () => stockAlerts.run() },
      { name: 'forget-stock-alerts', everySeconds: 3600, run: () => forgetStockAlerts(database.db) },
      // The day's scheduled backup (BACKUP_DIR or BACKUP_S3_PREFIX), after BACKUP_HOUR, claimed in the database so once.
      {
        name: 'backups',
        everySeconds: 600,
        run: () => scheduledBackup({ db: database.db, config, source: database.description.startsWith('pglite') ? 'pglite' : 'postgres' }),
      },
    ],
    { failed: metrics ? (task) => metrics.timedWorkFailed(task) : undefined },
  )
  // A product written in this process (staff's stock change among them) is looked at once it has
  // committed, so the e-mails go at once rather than at the next timed run.
  const stopKicking = onCatalogWrite(() => {
    stockAlerts.again()
    void timedWork.runNow('stock-alerts')
  })
  const auth = createAuth({ db: database.db, config, mailer, secret })
  const secureCookies = publicOrigin(config).startsWith('https://')
  const catalog = createCatalogReads(database.db)
  const images = await imageFileStore(config)
  // Photos kept on this host's disk by earlier versions join the image store, once (decision 034).
  await moveLegacyUploads(database.db, images, config.DATA_DIR)
  const sessions = await createSessionReader(database.db, auth)

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.TRUST_PROXY)
  app.use(knownMethods)
  let shuttingDown = false
  app.use((req, res, next) => {
    // An address that is not valid percent-encoding, or that smuggles a NUL, names nothing here:
    // 400 before any route decodes it or hands it to the database.
    try {
      if (!decodeURIComponent(req.path).includes('\u0000') && !/%00/.test(req.originalUrl)) return next()
    } catch {
      // fall through to the refusal
    }
    res.status(400).type('text/plain').send('Bad request: the address is not valid.')
  })
  app.use(bodyLimits)
  // Kept catalogue pages are answered before Express sees the request (see the server below).
  const pageCache = options.vite
    ? null
    : createPageCache(catalog, {
        keyByHost: !config.PUBLIC_URL,
        closing: () => shuttingDown,
        logged: logRequest,
        metrics: metrics ?? undefined,
      })
  app.use((req, _res, next) => {
    // better-auth's rate limits key on this header; it is always ours, never the client's.
    req.headers['x-shop-client-ip'] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
    next()
  })
  if (!options.vite) app.use(securityHeaders(config))
  app.get('/healthz', healthz)
  app.get(
    '/readyz',
    readyz(database.db, () => shuttingDown),
  )
  app.use(oneClickWrites(ONE_CLICK_UNSUBSCRIBE))
  app.use(oneClickWrites(ONE_CLICK_STOCK_ALERT_UNSUBSCRIBE))
  app.use(sameOriginWrites(config, ['/api/stripe/webhook']))
  // What the router or the account endpoints answer to someone signed in is private, no-store, in one
  // Cache-Control header whatever the route adds (a route's own replaces it only when as strict). Files
  // set their own; a catalogue page the page cache made anonymous carries the public one (decision 031).
  app.use(privateWhenSignedIn)
  app.all('/api/auth/{*rest}', toNodeHandler(auth))
  // Rendered pages are held whole, compressed in one call (Brotli 3, or gzip 3) and offered to the page
  // cache; files and other answers go through `compression` at the same levels
  // (docs/decisions/032-compression-of-rendered-pages.md).
  app.use(
    compression({
      level: 3,
      memLevel: 8,
      windowBits: 15,
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
      filter: (req, res) => !isHtmlAnswer(res as Response) && compression.filter(req, res),
    }),
  )
  // The scraper's address on the shop's port, with METRICS_TOKEN only (docs/decisions/057-metrics.md).
  if (metricsSource && config.METRICS_TOKEN) app.get('/metrics', metricsOnShopPort(config.METRICS_TOKEN, metricsSource))
  app.use(renderedPages(pageCache))
  if (options.vite) {
    app.use(options.vite.middlewares)
  } else if (options.builtFiles !== false) {
    serveBuiltFiles(app, 'build/client', metrics)
  }
  // Uploaded images' files, from the database or object storage (app/server/images): the same in every process.
  app.get('/media/:id/:file', serveImageFiles(database.db, images))
  // Uploads of earlier versions: a moved one redirects to its image; a file the pipeline could not
  // take stays on disk and is served as before (names are random, types came from the content).
  app.get('/uploads/:name', redirectMovedUploads(database.db))
  app.use(
    '/uploads',
    labelRoute(metrics, '/uploads/*'),
    express.static(path.join(config.DATA_DIR, 'uploads'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: true,
      dotfiles: 'deny',
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  )
  app.all(
    '/{*path}',
    createRequestHandler({
      // In production the build is one object: React Router derives its route tables once, not per request.
      build: options.vite ? () => import('virtual:react-router/server-build') : await import('virtual:react-router/server-build'),
      mode: options.vite ? 'development' : 'production',
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider()
        context.set(shopContext, {
          db: database.db,
          catalog,
          config,
          auth,
          // better-auth's renewed session cookie goes out with whatever answer the request gets, and
          // the signed-in mark follows what the lookup found (unless the page cache made this an
          // anonymous render of a catalogue page).
          sessions: async (headers) => {
            const found = await sessions(headers, (cookie) => {
              if (!res.headersSent) res.append('Set-Cookie', cookie)
            })
            const wanted = found ? (found.role === 'staff' ? 'staff' : found.trade ? 'trade' : 'customer') : null
            if (!isAnonymousRender(req) && wanted !== signedInHintOf(headers.get('cookie')) && !res.headersSent) {
              res.append('Set-Cookie', signedInCookie(wanted, secureCookies))
            }
            return found
          },
          mailer,
          images,
          requestId: req.id,
          clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
          nonce: res.locals.nonce ?? '',
        })
        return context
      },
    }),
  )
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logger.error({ reqId: req.id, err: error }, 'unhandled request error')
    if (res.headersSent) return
    if (isDatabaseUnavailable(error)) {
      res
        .status(503)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .type('text/plain')
        .send('The shop is busy for a moment. Please try again in a few seconds.')
    } else {
      res.status(500).type('text/plain').send('Something went wrong on our side. Please try again.')
    }
  })

  // Every request gets its id first; a kept catalogue page is then answered at once (its headers and
  // encoded forms are stored with it), and everything else goes to Express.
  const server = createServer((req, res) => {
    const requestId = requestIdOf(req)
    const pass = () => {
      logWhenFinished(req, res, requestId)
      metrics?.track(req, res)
      // While shutting down, every answer ends its keep-alive connection, so clients reconnect elsewhere.
      if (shuttingDown) res.setHeader('Connection', 'close')
      app(req, res)
    }
    if (pageCache) pageCache.handle(req, res, requestId, pass)
    else pass()
  })
  server.on('connect', (_req, socket) => refuseConnect(socket))
  server.listen(config.PORT, config.HOST)
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const url = `http://localhost:${port}`
  logger.info({ url, database: database.description }, 'shop is listening')
  // The metrics port: here with one process; with several, the supervisor serves it (shop-process.server.ts).
  let metricsListener: MetricsListener | null = null
  if (metricsSource && config.METRICS_PORT !== undefined && !cluster.isWorker) {
    try {
      metricsListener = await serveMetricsPort(config.HOST, config.METRICS_PORT, metricsSource)
    } catch (error) {
      await new Promise((resolve) => server.close(resolve))
      throw error
    }
  }

  return {
    url,
    metricsUrl: metricsListener?.url,
    close: async () => {
      // First "not ready" while still serving (SHUTDOWN_DRAIN_SECONDS), so a balancer stops sending
      // work here; then no new connections, idle ones closed, and requests in flight finish (cut
      // after SHUTDOWN_TIMEOUT_SECONDS); the database closes last.
      shuttingDown = true
      if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
        logger.info({ seconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: not ready, still serving')
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000))
      }
      const closed = new Promise((resolve) => server.close(resolve))
      server.closeIdleConnections()
      const force = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_SECONDS * 1000)
      await closed
      clearTimeout(force)
      await metricsListener?.close()
      stopKicking()
      await timedWork.stop()
      await mailer.stop()
      if (!options.database) await database.close()
    },
  }
}

/**
 * The browser assets (fingerprinted, kept for a year) and the public files beside them. Each
 * top-level entry of the build gets its own mount, so a page address never costs a look at the disk.
 */
function serveBuiltFiles(app: Express, root: string, metrics: ShopMetrics | null) {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const location = path.join(root, entry.name)
    const label = labelRoute(metrics, `/${entry.name}/*`)
    if (entry.name === 'assets') app.use('/assets', label, express.static(location, { immutable: true, maxAge: '1y', index: false }))
    else if (entry.isDirectory()) app.use(`/${entry.name}`, label, express.static(location, { maxAge: '1d', index: false }))
    else app.get(`/${entry.name}`, (_req, res) => res.sendFile(path.resolve(location), { maxAge: '1d' }))
  }
}

/** Names the route of the files a mounted folder serves (`/assets/*`), for the request metrics. */
function labelRoute(metrics: ShopMetrics | null, route: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    metrics?.labelRequest(req, route)
    next()
  }
}

/**
 * Migrates the database and, when it is the embedded demo, seeds the demo catalogue if it never held
 * a product and adds the demo data later versions brought (each step only once). A production shop
 * (NODE_ENV=production), on either database, gets no demo data: `npm run db:seed` adds it on purpose.
 */
async function migrateAndPrepare(database: DatabaseHandle, config: Env) {
  await database.migrate()
  if (config.DATABASE_URL || config.NODE_ENV === 'production') return
  await prepareDemo(database.db, config)
  markPrepared(config.DATA_DIR)
}

/**
 * Opens, migrates and prepares the database as `startShop` does, then closes it: run by a short-lived
 * process before the embedded shop starts when its database is new or has migrations to run, so that
 * that burst (several hundred MB in the embedded PostgreSQL's memory, which never shrinks) stays out
 * of the process that serves (docs/decisions/033-process-memory.md).
 */
export async function prepareDatabase(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = parseEnv(env)
  logger.level = config.LOG_LEVEL
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, role: 'shop' })
  try {
    await migrateAndPrepare(database, config)
  } finally {
    await database.close()
  }
}

/**
 * The embedded demo: a database that never held a product gets the demo catalogue, and a demo
 * shop without staff gets one staff account whose password is printed this once. A production
 * shop (NODE_ENV=production) never comes here: no products, no account nobody asked for, no
 * password printed; its first staff account comes from `npm run staff -- add`.
 */
async function prepareDemo(db: Database, config: Env) {
  for (const part of await addDemoData(db)) logger.info(`added ${part}`)
  if ((await listStaff(db)).length > 0) return
  const change = await grantStaff(db, config.DEMO_STAFF_EMAIL)
  if (change.result === 'unverified') {
    logger.warn(
      { email: change.email },
      'no demo staff account: someone signed up with its address without verifying it; see `npm run staff -- add <email> --reset`',
    )
  }
  if (change.result === 'created') {
    console.log(
      [
        '',
        '  A staff account was created for this demo shop (shown only this once):',
        `    e-mail:   ${change.email}`,
        `    password: ${change.password}`,
        '  Log in at /login. Manage staff with `npm run staff -- add|remove <email>`.',
        '',
      ].join('\n'),
    )
  }
}
