import type { IncomingMessage, ServerResponse } from 'node:http'
import type pg from 'pg'
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client.server.ts'
import { registerDatabaseGauges } from './database-gauges.server.ts'
import { instrumentPool } from './pool-metrics.server.ts'

/** Request durations, in seconds: from a kept page's tenth of a millisecond to a slow render. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** Express's path syntax for a wildcard (`/api/auth/{*rest}`), written as the route tables' `*`. */
const EXPRESS_WILDCARD = /\{?\*\w*\}?/g

export type PageCacheResult = 'hit' | 'stale' | 'miss' | 'bypass'

/** What a kept page's answers count, resolved once for the page (its route, GET and HEAD, 200). */
export interface KeptPageCounters {
  answered(method: string | undefined, started: bigint): void
}

export interface ShopMetrics {
  registry: Registry
  /** The text Prometheus reads (`text()`) and its content type. */
  text(): Promise<string>
  contentType: string
  /** Counts a request Express answers once it is sent, under its route pattern. */
  track(req: IncomingMessage, res: ServerResponse): void
  /** Names the route of requests a mounted middleware answers (static files), which no route pattern names. */
  labelRequest(req: IncomingMessage, route: string): void
  /** The counters of a kept page's answers, for the page cache to hold with the page. */
  keptPage(path: string): KeptPageCounters
  /** What the page cache did with a request for a catalogue page. */
  pageCache(result: PageCacheResult): void
  /** A timed task's run ended in an error (other than the database being away). */
  timedWorkFailed(task: string): void
}

export interface ShopMetricsOptions {
  /** The route pattern of a path (React Router's route table: route-patterns.ts). */
  routeOf: (pathname: string) => string
  db: Pick<Database, 'execute'>
  /** The node-postgres pool the shop's queries go through, when there is one (not for a PGlite opened in the process). */
  pool?: pg.Pool
}

const labelled = new WeakMap<IncomingMessage, string>()

/**
 * The shop's metrics, in a registry of this shop's own (tests start several shops in one process):
 * requests by route pattern, method and status with their durations, the page cache's hits and
 * misses, the database pool and queries, numbers read from the tables at each scrape
 * (database-gauges.server.ts) and Node's own (event-loop delay, memory, CPU, garbage collection).
 */
export function createShopMetrics(options: ShopMetricsOptions): ShopMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'Requests answered, by route pattern, method and status (kept pages answered by the page cache included).',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from taking a request to sending the last of its answer, by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  })
  const pageCache = new Counter({
    name: 'shop_page_cache_requests_total',
    help: 'Requests for catalogue pages: hit (answered from the page cache), stale (an old copy while the database is away), miss (rendered, then kept), bypass (rendered for staff or a trade customer, never kept).',
    labelNames: ['result'],
    registers: [registry],
  })
  const timedWork = new Counter({
    name: 'shop_timed_work_failures_total',
    help: 'Runs of timed work (mail retries, reservations, refunds, reminders…) that ended in an error; runs skipped while the database is away are not counted.',
    labelNames: ['task'] as const,
    registers: [registry],
  })
  const cacheResults = {
    hit: pageCache.labels('hit'),
    stale: pageCache.labels('stale'),
    miss: pageCache.labels('miss'),
    bypass: pageCache.labels('bypass'),
  }
  if (options.pool) instrumentPool(registry, options.pool)
  registerDatabaseGauges(registry, options.db)

  const methodOf = (method: string | undefined) => (method && METHODS.has(method) ? method : 'OTHER')
  const routeOf = (req: IncomingMessage & { route?: { path?: unknown } }, url: string) => {
    const route = req.route?.path
    // Express's own routes (health, media, auth…) name themselves; the catch-all is React Router's.
    if (typeof route === 'string' && route !== '/{*path}') return route.replace(EXPRESS_WILDCARD, '*')
    const named = labelled.get(req)
    if (named && typeof route !== 'string') return named
    const queryAt = url.indexOf('?')
    return options.routeOf(queryAt === -1 ? url : url.slice(0, queryAt))
  }
  const keptPages = new Map<string, KeptPageCounters>()

  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    track(req, res) {
      const started = process.hrtime.bigint()
      // Express shortens req.url inside mounted middleware: the address as asked is kept now.
      const url = req.url ?? ''
      res.once('finish', () => {
        const route = routeOf(req, url)
        const method = methodOf(req.method)
        requests.labels(route, method, String(res.statusCode)).inc()
        durations.labels(route, method).observe(Number(process.hrtime.bigint() - started) / 1e9)
      })
    },
    labelRequest(req, route) {
      labelled.set(req, route)
    },
    keptPage(path) {
      const route = options.routeOf(path)
      let counters = keptPages.get(route)
      if (counters) return counters
      // The page's children, resolved once and kept with it.
      const resolve = (method: string) => ({ count: requests.labels(route, method, '200'), timing: durations.labels(route, method) })
      const get = resolve('GET')
      let head: ReturnType<typeof resolve> | undefined
      counters = {
        answered(method, started) {
          const which = method === 'HEAD' ? (head ??= resolve('HEAD')) : get
          which.count.inc()
          which.timing.observe(Number(process.hrtime.bigint() - started) / 1e9)
        },
      }
      keptPages.set(route, counters)
      return counters
    },
    pageCache(result) {
      cacheResults[result].inc()
    },
    timedWorkFailed(task) {
      timedWork.inc({ task })
    },
  }
}
