/**
 * npm run bench — how many requests the production shop serves on this machine, beside what a bare
 * Node server serves, measured the way a browser asks.
 *
 * The load comes from wrk (Debian's `wrk`), a C load generator in a process of its own
 * (scripts/bench/wrk.ts). The run first measures it against the plain baseline, a bare Node `http`
 * server answering with the bytes the shop sends a browser for its product page: that is the most any
 * Node server can do with this page, and it shows how much of a core the generator itself needed.
 * A row whose generator was nearly a whole core busy, or which came within 10 % of the baseline,
 * measured the generator, not the server: its share of plain Node is refused. A second baseline
 * renders a 4 KB React page for every request without a database (scripts/bench/plain-server.ts):
 * pages the shop renders per request (staff, distinct searches) are held against it.
 *
 * Then the shop is built, started (`node server.js`, NODE_ENV=production, a fresh DATA_DIR that it
 * seeds with the demo catalogue) and loaded: home, a category, a product page (from the page cache,
 * anonymous and as a signed-in customer; rendered for staff), search (one query, the suggestions,
 * 1,170 different queries), and checkout: the cart's Continue (POST /checkout), the delivery step
 * and starting a demo payment from it. The same on the demo catalogue in PostgreSQL, with one and
 * with several shop processes, and on a catalogue with 10,000 extra products. Each row: req/s, p50,
 * p99, bytes per response, failures, the generator's CPU, and the share of plain Node; each run: the
 * peak resident memory of every serving process and its resident memory once the load is over.
 *
 * Every request carries Accept-Encoding: gzip, deflate, br and Chrome's Accept, and the cookies its
 * visitor would hold (session and signed-in mark; a checkout's cookie).
 *
 * Settings (environment):
 *   BENCH_CONNECTIONS  concurrent connections         (default 16)
 *   BENCH_DURATION     seconds measured per row       (default 10)
 *   BENCH_WARMUP       seconds of warm-up per row     (default 2; not counted)
 *   BENCH_PRODUCTS     extra products in the large run (default 10000)
 *   BENCH_GROUPS       which shop runs, of "demo", "postgres", "postgres-processes" and "large"
 *                      (default all four)
 *   BENCH_DATABASE_URL a PostgreSQL server for the "postgres" runs (default TEST_DATABASE_URL; they
 *                      are left out without either): a fresh database is created there for each,
 *                      seeded with the demo catalogue, and dropped afterwards
 *   BENCH_PROCESSES    shop processes (WEB_CONCURRENCY) in the "postgres-processes" run (default 2)
 *   BENCH_SKIP_BUILD=1 use the existing build/
 *   BENCH_KEEP_DATA=1  keep the temporary data directories
 *   BENCH_CHECKOUTS    shoppers the delivery step rows take turns with (default 2000)
 *   BENCH_SETTLE       seconds without requests after a run's last row before its resident memory
 *                      is read as "after the load" (default 30)
 *   NODE_OPTIONS       passed on to the shop processes (to try V8 flags)
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { get as httpGet, type IncomingHttpHeaders } from 'node:http'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../app/server/db/client.server.ts'
import { outbox } from '../app/server/db/schema.ts'
import { demoProducts } from '../db/seed/catalog.ts'
import { createSeededDatabase, seedDemoData, writeLargeCatalogue } from './bench/catalogue.ts'
import {
  buildShop,
  freePort,
  machineSummary,
  makeDataDir,
  removeDataDir,
  startPlainServer,
  startShop,
  stopAll,
  stopAllOnSignals,
  type RunningProcess,
} from './bench/shop.ts'
import { formatBytes, formatMs, formatTable, numberFromEnv } from './bench/table.ts'
import { runWrk, wrkAvailable, type LoadRequest } from './bench/wrk.ts'

const CONNECTIONS = numberFromEnv('BENCH_CONNECTIONS', 16)
const DURATION = numberFromEnv('BENCH_DURATION', 10)
const WARMUP = numberFromEnv('BENCH_WARMUP', 2)
const EXTRA_PRODUCTS = numberFromEnv('BENCH_PRODUCTS', 10_000)
/** What every browser sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br'
/** Chrome's Accept for a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'
const KEEP_DATA = process.env.BENCH_KEEP_DATA === '1'
const PROCESSES = numberFromEnv('BENCH_PROCESSES', 2)
const GROUPS = new Set((process.env.BENCH_GROUPS || 'demo,postgres,postgres-processes,large').split(',').map((group) => group.trim()))
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
const SETTLE = numberFromEnv('BENCH_SETTLE', 30)

const CHECKOUT_ITEMS = JSON.stringify([{ FBUID: 'unidrone-e900', productCount: 1 }])
/** A valid delivery step: Standard delivery to Brisbane. */
const DELIVERY = {
  fullName: 'Bench Buyer',
  email: 'bench-buyer@example.com',
  phone: '0412 345 678',
  shippingMethod: 'standard',
  addressLine1: '1 Queen Street',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
}

interface Scenario {
  name: string
  path: string
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
  /**
   * Asked for as a signed-in person, with the cookies a browser holds after logging in (the session
   * and the signed-in mark): a customer gets catalogue pages from the page cache, staff get them
   * rendered for every request.
   */
  as?: 'customer' | 'staff'
  /**
   * Asked for with the cookie of a checkout holding CHECKOUT_ITEMS (the delivery step's rows): each
   * request takes the next of CHECKOUTS checkouts, as many shoppers would, not one shopper clicking
   * sixteen times at once (a shopper's second payment start also closes the page of the first).
   */
  withCheckout?: boolean
  /** The checkout cookies the requests take in turn (filled in by `measure`). */
  checkoutCookies?: string[]
  /** Paths the requests take in turn instead of `path` (many different searches). */
  paths?: string[]
  /** The product page rows, which the targets at the end of the output are about. */
  target?: 'cached product' | 'customer product' | 'staff product' | 'distinct searches'
  /** Whether a response counts as a success. */
  ok(status: number, headers: Record<string, string>): boolean
}

interface Skipped {
  name: string
  skipped: string
}

interface Measured {
  name: string
  target?: Scenario['target']
  rps: number
  p50: number
  p99: number
  total: number
  /** Answers with a status of 400 or more, connections broken or timed out. */
  failed: number
  bytesPerResponse: number
  /** X-Cache of ten requests sent after the load. */
  cache: string
  /** CPU the generator used meanwhile, in cores. */
  generatorCores: number
  /** Requests the shop's /metrics counted during the measured load (its own scrapes left out). */
  counted?: number
}

const pageOk = (status: number) => status === 200
/** A page the page cache answered (or kept, the first time). */
const cachedPageOk = (status: number, headers: Record<string, string>) => status === 200 && /^(HIT|MISS)$/.test(header(headers, 'x-cache') ?? '')
/** A page rendered for a signed-in visitor: the page cache (which marks what it handles with X-Cache) stayed out of it. */
const renderedPageOk = (status: number, headers: Record<string, string>) => status === 200 && header(headers, 'x-cache') === undefined

function header(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value
  return undefined
}

function shopScenarios(base: string, options: { home: boolean; checkout: boolean; uncachedCategory: boolean; categoryLast: boolean }): Scenario[] {
  const scenarios: Scenario[] = []
  if (options.home) scenarios.push({ name: 'home  /', path: '/', ok: pageOk })
  const category: Scenario[] = [{ name: 'category  /products/cameras', path: '/products/cameras', ok: pageOk }]
  if (options.uncachedCategory) category.push({ name: 'category, staff (rendered)', path: '/products/cameras', as: 'staff', ok: renderedPageOk })
  const product: Scenario[] = [
    { name: 'product  /product/unidrone-e900', path: '/product/unidrone-e900', target: 'cached product', ok: pageOk },
    { name: 'product, signed-in customer', path: '/product/unidrone-e900', as: 'customer', target: 'customer product', ok: cachedPageOk },
    { name: 'product, staff (rendered)', path: '/product/unidrone-e900', as: 'staff', target: 'staff product', ok: renderedPageOk },
  ]
  // Search: one results page (kept in the page cache, and its results per catalogue version), the
  // suggestions the header's box asks for while typing, and many different searches that no cache holds.
  const search: Scenario[] = [
    { name: 'search  /search?q=autopilot', path: '/search?q=autopilot', ok: pageOk },
    {
      name: 'suggest  /api/search/suggest?q=auto',
      path: '/api/search/suggest?q=auto',
      ok: (status, headers) => status === 200 && /json/.test(header(headers, 'content-type') ?? ''),
    },
    { name: 'search, 1,170 different queries', path: '/search', paths: variedSearches(), target: 'distinct searches', ok: pageOk },
  ]
  // With a large catalogue the heavy category page goes last, so that it cannot spoil the product rows.
  scenarios.push(...(options.categoryLast ? [...product, ...search, ...category] : [...category, ...product, ...search]))
  if (options.checkout) {
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: base }
    scenarios.push(
      {
        name: 'cart  POST /checkout',
        path: '/checkout',
        method: 'POST',
        body: new URLSearchParams({ items: CHECKOUT_ITEMS }).toString(),
        headers: form,
        ok: (status, headers) => status === 303 && header(headers, 'location') === '/checkout/delivery',
      },
      { name: 'delivery step  /checkout/delivery', path: '/checkout/delivery', withCheckout: true, ok: pageOk },
      {
        // Every request prices the shipping, reserves stock in the order's transaction and opens a demo
        // payment page; being the same checkout, each also closes the page the one before opened.
        name: 'payment start  POST /checkout/delivery',
        path: '/checkout/delivery',
        method: 'POST',
        withCheckout: true,
        body: new URLSearchParams(DELIVERY).toString(),
        headers: form,
        ok: (status, headers) => status === 302 && new URL(header(headers, 'location') ?? '', base).pathname.startsWith('/pay/demo/'),
      },
    )
  }
  return scenarios
}

/** One request the way the load will send it, to show what the server answers (and skip the load if it is wrong). */
async function probe(base: string, scenario: Scenario, sessions: Sessions): Promise<{ ok: boolean; text: string }> {
  const url = `${base}${scenario.path}`
  let response: Response
  try {
    response = await fetch(url, {
      method: scenario.method ?? 'GET',
      body: scenario.body,
      headers: { accept: BROWSER_ACCEPT, ...scenario.headers, ...sessionHeaders(scenario, sessions), 'accept-encoding': BROWSER_ENCODINGS },
      redirect: 'manual',
      signal: AbortSignal.timeout(60_000),
    })
  } catch (error) {
    return { ok: false, text: `no answer (${error instanceof Error ? error.message : String(error)})` }
  }
  const body = await response.arrayBuffer()
  const headers = Object.fromEntries(response.headers)
  if (!scenario.ok(response.status, headers)) return { ok: false, text: `answered ${response.status}, ${formatBytes(body.byteLength)}` }
  const details = [
    `${response.status}`,
    formatBytes(body.byteLength),
    headers['x-cache'] ? `X-Cache: ${headers['x-cache']}` : null,
    headers['cache-control'] ? `Cache-Control: ${headers['cache-control']}` : null,
    headers.location ? `Location: ${headers.location.replace(/(\/pay\/demo\/).+/, '$1…')}` : null,
  ]
  return { ok: true, text: details.filter(Boolean).join(', ') }
}

/** `npm run staff -- add` for a new address against the shop's database: its e-mail and the password printed once. */
function addStaffAccount(env: Record<string, string>): { email: string; password: string } {
  const email = `bench-staff-${Date.now()}@example.com`
  const result = spawnSync(process.execPath, ['scripts/staff.ts', 'add', email], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' })
  const password = /password \(shown only now\): (\S+)/.exec(result.stdout)?.[1]
  if (result.status !== 0 || !password) throw new Error(`Adding the bench's staff account failed: ${result.stdout}${result.stderr}`)
  return { email, password }
}

/** The cookies of a signed-in customer and of a signed-in staff member, as their browsers hold them. */
interface Sessions {
  customer: string
  staff: string
}

function sessionHeaders(scenario: Scenario, sessions: Sessions): Record<string, string> {
  return scenario.as ? { cookie: sessions[scenario.as] } : {}
}

/**
 * Posts the login panel's form as a browser does (sign up, or log in) and returns the cookies the
 * browser then holds: the session and the signed-in mark (which the first page it opens would set).
 */
/** The login panel's form, as a browser posts it. */
function postLogin(base: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { origin: base },
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  })
}

/** The cookies a browser sends once `response` has signed it in. */
function sessionOf(response: Response, what: string, mark: 'customer' | 'staff'): string {
  const session = response.headers.getSetCookie().find((cookie) => /^(__Secure-)?better-auth\.session_token=/.test(cookie))
  if (response.status !== 302 || !session) throw new Error(`${what} answered ${response.status} without a session cookie.`)
  return `${session.split(';')[0]!}; shop_signed_in=${mark}`
}

async function logIn(base: string, email: string, password: string): Promise<string> {
  return sessionOf(await postLogin(base, { intent: 'login', email, password }), 'Logging in', 'staff')
}

/** A new customer's session: the sign-up, then the link of the e-mail that confirms the address (read from the outbox). */
async function signUpCustomer(base: string, database: { dataDir: string; databaseUrl?: string }): Promise<string> {
  const email = `bench-${Date.now()}@example.com`
  const signUp = await postLogin(base, { intent: 'signup', email, password: 'bench customer password' })
  if (signUp.status !== 200) throw new Error(`Signing up answered ${signUp.status}.`)
  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, role: 'command' })
  let mail: { text: string } | undefined
  try {
    ;[mail] = await handle.db.select({ text: outbox.text }).from(outbox).where(eq(outbox.to, email))
  } finally {
    await handle.close()
  }
  const link = /(https?:\/\/\S+\/verify-email\S+)/.exec(mail?.text ?? '')?.[1]
  if (!link) throw new Error(`No verification e-mail reached ${email}.`)
  return sessionOf(await fetch(link, { redirect: 'manual', signal: AbortSignal.timeout(60_000) }), 'The verification link', 'customer')
}

/** The requests of a row, as wrk sends them: each visitor's cookies, the next path or checkout in turn. */
function loadRequests(scenario: Scenario, sessions: Sessions): LoadRequest[] {
  const headers = { accept: BROWSER_ACCEPT, 'accept-encoding': BROWSER_ENCODINGS, ...scenario.headers, ...sessionHeaders(scenario, sessions) }
  const one = (path: string, cookie?: string): LoadRequest => ({
    method: scenario.method ?? 'GET',
    path,
    headers: cookie ? { ...headers, cookie } : headers,
    body: scenario.body,
  })
  if (scenario.paths) return scenario.paths.map((path) => one(path))
  if (scenario.checkoutCookies) return scenario.checkoutCookies.map((cookie) => one(scenario.path, cookie))
  return [one(scenario.path)]
}

async function load(base: string, scenario: Scenario, sessions: Sessions, seconds: number): Promise<Measured> {
  const result = await runWrk(base, loadRequests(scenario, sessions), { connections: CONNECTIONS, seconds })
  return {
    name: scenario.name,
    target: scenario.target,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    total: result.requests,
    failed: result.badStatus + result.errors,
    bytesPerResponse: result.bytesPerResponse,
    cache: '—',
    generatorCores: result.generatorCores,
  }
}

/** X-Cache of ten requests as the load sent them, after it: which of them the page cache answered. */
async function cacheSample(base: string, scenario: Scenario, sessions: Sessions): Promise<string> {
  const states = new Map<string, number>()
  const requests = loadRequests(scenario, sessions)
  for (const request of Array.from({ length: 10 }, (_, index) => requests[index % requests.length]!)) {
    if (request.method !== 'GET') return '—'
    const response = await fetch(`${base}${request.path}`, { headers: request.headers, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
    await response.arrayBuffer()
    const state = response.headers.get('x-cache') ?? 'none'
    states.set(state, (states.get(state) ?? 0) + 1)
  }
  return states.size === 1 && states.has('none') ? '—' : [...states].map(([state, count]) => `${state} ${count}/10`).join(' ')
}

/** Keeps CHECKOUT_ITEMS as a checkout (the cart's Continue) and returns its cookie. */
async function openCheckout(base: string): Promise<string> {
  const response = await fetch(`${base}/checkout`, {
    method: 'POST',
    body: new URLSearchParams({ items: CHECKOUT_ITEMS }),
    headers: { origin: base },
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  })
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('checkout='))
  if (response.status !== 303 || !cookie) throw new Error(`Opening a checkout answered ${response.status} without a checkout cookie.`)
  return cookie.split(';')[0]!
}

/**
 * Searches as many visitors type them: 1,170 different queries (each word of the catalogue alone,
 * every pair of them, and misspelt words with a second word), in a fixed shuffled order. That is
 * more than the shop keeps answers for, so once the list has gone round every search is made in the
 * database again.
 */
function variedSearches(): string[] {
  const words = [
    'autopilot',
    'camera',
    'gimbal',
    'zoom',
    'thermal',
    'mapping',
    'battery',
    'charger',
    'motor',
    'propeller',
    'carbon',
    'receiver',
    'controller',
    'handheld',
    'ground station',
    'rtk',
    'gnss',
    'compass',
    'landing gear',
    'transport case',
    'e900',
    'x7 pro',
    'nano h7',
    'fpv',
    'esc',
    'long range',
    'smart battery',
    'air unit',
    'payload',
    'hexacopter',
  ]
  const typos = ['autopilto', 'camrea', 'gimbel', 'batery', 'propellor', 'recevier', 'controler', 'thermall']
  const queries = [
    ...words,
    ...words.flatMap((first) => words.map((second) => `${first} ${second}`)),
    ...typos.flatMap((typo) => words.map((word) => `${typo} ${word}`)),
  ]
  // 7,919 is prime and shares no factor with 1,170: stepping by it visits every query once.
  return queries.map((_, index) => `/search?${new URLSearchParams({ q: queries[(index * 7919) % queries.length]! })}`)
}

/** Shoppers the delivery step's rows take turns with: enough that most payment starts are a shopper's first. */
const CHECKOUTS = numberFromEnv('BENCH_CHECKOUTS', 2000)

async function openCheckouts(base: string, count: number): Promise<string[]> {
  const cookies: string[] = []
  while (cookies.length < count) cookies.push(...(await Promise.all(Array.from({ length: Math.min(16, count - cookies.length) }, () => openCheckout(base)))))
  return cookies
}

const NO_SESSIONS: Sessions = { customer: '', staff: '' }

/** The shop's pid while a group runs, for the memory figures printed after each row. */
let measuredPid: number | null = null
/**
 * Whether the shop's /metrics agreed with wrk on every row: it counts each answer the shop finished,
 * wrk each one it read, so the shop may count up to one more per connection (answers still on their
 * way when wrk stopped), never fewer.
 */
function metricsLine(groups: (Group | undefined)[]): string {
  const rows = groups
    .flatMap((group) => group?.rows ?? [])
    .filter((row): row is Measured & { counted: number } => 'counted' in row && row.counted !== undefined)
  const off = rows.filter((row) => row.counted < row.total || row.counted > row.total + CONNECTIONS)
  const most = Math.max(0, ...rows.map((row) => row.counted - row.total))
  return off.length
    ? `/metrics disagreed with wrk on ${off.map((row) => `"${row.name}" (${row.counted} counted, wrk ${row.total})`).join(', ')}.`
    : `/metrics (scraped before and after each row) counted every request wrk read on all ${rows.length} shop rows, and at most ${most} more (answers in flight when wrk stopped; ${CONNECTIONS} connections).`
}

/** Whether the shop being measured serves /metrics (the shop runs, not the baselines). */
let metered = false

/** Current and peak resident memory of the serving processes, as printed after each row. */
function memoryNow(): string {
  if (measuredPid === null) return ''
  const figures = servingProcesses(measuredPid).map((pid) => `${formatBytes(statusBytes(pid, 'VmRSS'))} (peak ${formatBytes(statusBytes(pid, 'VmHWM'))})`)
  return `, resident ${figures.join(' / ')}`
}

/** The token /metrics is scraped with during the shop runs (METRICS_TOKEN). */
const METRICS_TOKEN = randomBytes(24).toString('hex')

/**
 * How many requests the shop's /metrics has counted so far (`shop_http_requests_total`, every route
 * but /metrics itself): read before and after a row, the difference is the row's count as the shop saw it.
 */
async function countedRequests(base: string): Promise<number> {
  const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  if (!answer.ok) throw new Error(`/metrics answered ${answer.status}`)
  let total = 0
  for (const [, labels, value] of (await answer.text()).matchAll(/^shop_http_requests_total\{([^}]*)\} (\S+)$/gm)) {
    if (!labels!.includes('route="/metrics"')) total += Number(value)
  }
  return total
}

async function measure(base: string, given: Scenario, sessions = NO_SESSIONS): Promise<Measured | Skipped> {
  const cookies = given.withCheckout ? await openCheckouts(base, CHECKOUTS) : []
  const scenario = given.withCheckout ? { ...given, headers: { ...given.headers, cookie: cookies[0]! }, checkoutCookies: cookies } : given
  const probed = await probe(base, scenario, sessions)
  process.stderr.write(`  ${scenario.name.padEnd(34)} probe: ${probed.text}\n`)
  if (!probed.ok) return { name: scenario.name, skipped: `not measured: the probe request ${probed.text}` }
  if (WARMUP > 0) await load(base, scenario, sessions, WARMUP)
  const before = metered ? await countedRequests(base) : 0
  const measured = await load(base, scenario, sessions, DURATION)
  if (metered) measured.counted = (await countedRequests(base)) - before
  if (measured.total === 0) return { name: scenario.name, skipped: `no response within ${DURATION} s` }
  measured.cache = await cacheSample(base, scenario, sessions)
  process.stderr.write(
    `  ${''.padEnd(34)} ${measured.rps.toFixed(0)} req/s, p50 ${formatMs(measured.p50)}, p99 ${formatMs(measured.p99)}, ${measured.failed} failed, wrk ${cores(measured)}${memoryNow()}` +
      (measured.counted === undefined ? '' : `, /metrics counted ${measured.counted} of wrk's ${measured.total}`) +
      '\n',
  )
  return measured
}

const cores = (measured: Measured) => `${Math.round(measured.generatorCores * 100)} % of a core`

/**
 * The peak resident memory (VmHWM) of each process serving the shop: the shop's own, or with
 * WEB_CONCURRENCY the processes it started (the supervisor serves nothing), in bytes.
 */
function peakMemory(pid: number): number[] {
  return servingProcesses(pid)
    .map((each) => statusBytes(each, 'VmHWM'))
    .filter(Number.isFinite)
}

/** The processes that serve: the shop's own, or with WEB_CONCURRENCY the ones it started. */
function servingProcesses(pid: number): number[] {
  const children = readText(`/proc/${pid}/task/${pid}/children`).split(/\s+/).filter(Boolean).map(Number)
  return children.length ? children : [pid]
}

/** A memory figure of /proc/<pid>/status (VmRSS, VmHWM) in bytes; NaN once the process is gone. */
function statusBytes(pid: number, name: 'VmRSS' | 'VmHWM'): number {
  return Number(new RegExp(`${name}:\\s+(\\d+)`).exec(readText(`/proc/${pid}/status`))?.[1] ?? NaN) * 1024
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/** What the shop logged at level error or above (pino JSON lines), summarised. */
function loggedErrors(output: string): string[] {
  const counts = new Map<string, number>()
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } }
      if ((entry.level ?? 0) < 50) continue
      const text = `${entry.msg ?? ''}: ${(entry.err?.message ?? '').split('\n').at(-1)?.slice(0, 140) ?? ''}`
      counts.set(text, (counts.get(text) ?? 0) + 1)
    } catch {
      // not a log line
    }
  }
  return [...counts].map(([text, count]) => `${count}× ${text}`)
}

interface Group {
  title: string
  rows: (Measured | Skipped)[]
  /** Peak resident memory of each serving process, bytes. */
  peaks: number[]
  /** Resident memory of each serving process BENCH_SETTLE seconds after the last row, bytes. */
  settled: number[]
  errors: string[]
}

async function runShopGroup(title: string, dataDir: string, scenarios: (base: string) => Scenario[], databaseUrl?: string, processes = 1): Promise<Group> {
  process.stderr.write(`\n${title}\n  starting the shop on ${databaseUrl ? 'PostgreSQL' : dataDir}…\n`)
  // The checkout limit per client address (CHECKOUT_RATE_LIMIT, 30 per 10 minutes) would stop the load at once.
  // Staff pages are measured with the password alone (a deployment asks staff for a second factor).
  const env: Record<string, string> = {
    CHECKOUT_RATE_LIMIT: '1000000',
    STAFF_TWO_FACTOR: 'optional',
    WEB_CONCURRENCY: String(processes),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  const shop = await startShop({ dataDir, port: await freePort(), env: { ...env, METRICS_TOKEN } })
  measuredPid = shop.pid
  metered = true
  process.stderr.write(`  started${memoryNow()}\n`)
  try {
    const rows: (Measured | Skipped)[] = []
    // A production shop has no staff account until an operator adds one.
    const staff = addStaffAccount({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) })
    const sessions: Sessions = {
      customer: await signUpCustomer(shop.url, { dataDir, databaseUrl }),
      staff: await logIn(shop.url, staff.email, staff.password),
    }
    for (const scenario of scenarios(shop.url)) rows.push(await measure(shop.url, scenario, sessions))
    await new Promise((resolve) => setTimeout(resolve, SETTLE * 1000))
    const settled = servingProcesses(shop.pid).map((pid) => statusBytes(pid, 'VmRSS'))
    process.stderr.write(`  ${SETTLE} s after the load: resident ${settled.map(formatBytes).join(' / ')}\n`)
    return { title, rows, peaks: peakMemory(shop.pid), settled, errors: loggedErrors(shop.output()) }
  } finally {
    metered = false
    await shop.stop()
  }
}

/** The baselines a run measures: what no Node server beats, and what a page rendered per request costs. */
interface Baselines {
  plain: Measured
  react: Measured
}

/**
 * A row measured the generator rather than the server when wrk kept nearly a whole core busy, or when
 * the row came within 10 % of the plain server (which the same generator drove): its share is refused.
 */
function generatorBound(measured: Measured, baselines: Baselines, baseline = false): string | null {
  if (measured.generatorCores >= 0.9) return `wrk at ${cores(measured).replace(' of a core', '')}`
  if (!baseline && measured.rps >= baselines.plain.rps * 0.9) return '≥ 90 % of plain'
  return null
}

function shareOfPlain(measured: Measured, baselines: Baselines, baseline: boolean): string {
  const bound = generatorBound(measured, baselines, baseline)
  if (bound) return `refused (${bound})`
  const percent = (measured.rps / baselines.plain.rps) * 100
  return `${percent.toFixed(percent >= 10 ? 0 : 1)} %`
}

/**
 * The targets, one verdict per shop run: the product page from the page cache at 50 % or more of the
 * plain server's req/s, for anonymous visitors and signed-in customers alike; the product page rendered
 * for staff and the distinct searches at least as fast as the React baseline. Memory is reported.
 */
function targetLines(groups: (Group | undefined)[], baselines: Baselines): string[] {
  const lines = { anonymous: [] as string[], customer: [] as string[], staff: [] as string[], searches: [] as string[], memory: [] as string[] }
  const ofPlain = (measured: Measured) => {
    const bound = generatorBound(measured, baselines)
    if (bound) return `no verdict (${bound})`
    const percent = (measured.rps / baselines.plain.rps) * 100
    return `${percent.toFixed(0)} % of plain Node: ${percent >= 50 ? 'met' : 'NOT met'}`
  }
  const ofReact = (measured: Measured) =>
    `${measured.rps.toFixed(0)} req/s (p99 ${formatMs(measured.p99)}) against the React page's ${baselines.react.rps.toFixed(0)}: ${measured.rps >= baselines.react.rps ? 'met' : 'NOT met'}`
  for (const group of groups) {
    if (!group) continue
    const run = group.title.replace(/ \(.*?\)/, '')
    for (const measured of group.rows) {
      if ('skipped' in measured) continue
      if (measured.target === 'cached product') lines.anonymous.push(`${run}: ${ofPlain(measured)}`)
      else if (measured.target === 'customer product') lines.customer.push(`${run}: ${ofPlain(measured)}`)
      else if (measured.target === 'staff product') lines.staff.push(`${run}: ${ofReact(measured)}`)
      else if (measured.target === 'distinct searches') lines.searches.push(`${run}: ${ofReact(measured)}`)
    }
    const settled = group.settled.map(formatBytes).join(' / ')
    lines.memory.push(`${run}: peak ${group.peaks.map(formatBytes).join(' / ') || '?'}; ${SETTLE} s after the load ${settled || '?'}`)
  }
  const note = CONNECTIONS === 16 ? '' : ` (measured at ${CONNECTIONS} connections, so not comparable)`
  const section = (title: string, entries: string[]) => [`  ${title}${entries.length ? '' : ': not measured'}`, ...entries.map((line) => `    ${line}`)]
  return [
    `Targets${note}`,
    ...section("product page from the cache, anonymous, at 50 % or more of plain Node's req/s", lines.anonymous),
    ...section("product page, signed-in customer, at 50 % or more of plain Node's req/s", lines.customer),
    ...section('product page rendered for staff, at least as fast as the bare React page', lines.staff),
    ...section('1,170 distinct searches, at least as fast as the bare React page', lines.searches),
    ...section('resident memory per serving process (reported, no target)', lines.memory),
  ]
}

/**
 * The product page as the shop's page cache sends it to a browser (Brotli-compressed),
 * written to a file for the plain server: a shop is started on `dataDir` for it and stopped.
 */
async function captureProductPage(dataDir: string): Promise<{ file: string; encoding?: string; bytes: number }> {
  process.stderr.write('\nTaking the product page the baseline will send…\n')
  const shop = await startShop({ dataDir, port: await freePort() })
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const answer = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = httpGet(
          `${shop.url}/product/unidrone-e900`,
          { headers: { accept: BROWSER_ACCEPT, 'accept-encoding': BROWSER_ENCODINGS } },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
          },
        )
        request.on('error', reject)
      })
      const encoding = answer.headers['content-encoding']
      if (answer.headers['x-cache'] === 'HIT' && encoding) {
        const file = path.join(dataDir, 'product-page')
        await writeFile(file, answer.body)
        return { file, encoding, bytes: answer.body.length }
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('The product page never came from the page cache compressed.')
  } finally {
    await shop.stop()
  }
}

async function main() {
  stopAllOnSignals()
  if (!wrkAvailable()) throw new Error('The bench needs wrk, a C load generator: `apt-get install wrk` (Debian, Ubuntu) or `brew install wrk`.')
  console.log(`Machine: ${machineSummary()}`)
  console.log(
    `Load: wrk (one thread, its own process) over 127.0.0.1, ${CONNECTIONS} connections, ${DURATION} s per row after ${WARMUP} s warm-up, ` +
      `Accept-Encoding: ${BROWSER_ENCODINGS}.`,
  )
  if (process.env.BENCH_SKIP_BUILD !== '1') await buildShop()

  const dirs: string[] = []
  let baseline: RunningProcess | undefined
  try {
    // The plain baseline sends what the shop sends a browser for its product page, byte for byte.
    const pageDir = await makeDataDir('bench-page')
    dirs.push(pageDir)
    await seedDemoData(pageDir)
    const productPage = await captureProductPage(pageDir)
    const measureBaseline = async (name: string, page: Parameters<typeof startPlainServer>[1]): Promise<Measured> => {
      process.stderr.write(`\n${name}\n`)
      baseline = await startPlainServer(await freePort(), page)
      const measured = await measure(baseline.url, { name, path: '/', ok: pageOk })
      await baseline.stop()
      if ('skipped' in measured) throw new Error(`The baseline server could not be measured: ${measured.skipped}`)
      return measured
    }
    const plainName = `plain Node http, the product page's ${formatBytes(productPage.bytes)}`
    const plainBefore = await measureBaseline(`${plainName}, before`, productPage)
    const reactBefore = await measureBaseline('React page rendered per request (4 KB, no database), before', 'react')

    const groups: (Group | undefined)[] = []
    if (GROUPS.has('demo')) {
      const seededDir = await makeDataDir('bench-seeded')
      dirs.push(seededDir)
      await seedDemoData(seededDir)
      groups.push(
        await runShopGroup(`Demo catalogue (${demoProducts.length} products)`, seededDir, (base) =>
          shopScenarios(base, { home: true, checkout: true, uncachedCategory: false, categoryLast: false }),
        ),
      )
    }
    const postgresGroup = async (processes: number): Promise<Group> => {
      const postgresDir = await makeDataDir('bench-postgres')
      dirs.push(postgresDir)
      const database = await createSeededDatabase(POSTGRES_URL!)
      try {
        return await runShopGroup(
          `Demo catalogue on PostgreSQL (${demoProducts.length} products)${processes > 1 ? `, WEB_CONCURRENCY=${processes}` : ''}`,
          postgresDir,
          (base) => shopScenarios(base, { home: true, checkout: true, uncachedCategory: false, categoryLast: false }),
          database.url,
          processes,
        )
      } finally {
        await database.drop()
      }
    }
    if (GROUPS.has('postgres') && POSTGRES_URL) groups.push(await postgresGroup(1))
    if (GROUPS.has('postgres-processes') && POSTGRES_URL && PROCESSES > 1) groups.push(await postgresGroup(PROCESSES))
    if (GROUPS.has('large') && EXTRA_PRODUCTS > 0) {
      const largeDir = await makeDataDir('bench-large')
      dirs.push(largeDir)
      process.stderr.write(`\nWriting ${EXTRA_PRODUCTS.toLocaleString('en-AU')} extra products into ${largeDir}…\n`)
      const written = await writeLargeCatalogue(largeDir, EXTRA_PRODUCTS)
      process.stderr.write(
        `  done in ${written.seconds.toFixed(1)} s (${Object.entries(written.perCategory)
          .map(([category, count]) => `${category} +${count}`)
          .join(', ')})\n`,
      )
      const largeTitle = `Large catalogue (demo + ${EXTRA_PRODUCTS.toLocaleString('en-AU')} products; /products/cameras lists ${(written.totals.cameras ?? 0).toLocaleString('en-AU')})`
      groups.push(
        await runShopGroup(largeTitle, largeDir, (base) => shopScenarios(base, { home: false, checkout: false, uncachedCategory: true, categoryLast: true })),
      )
    }

    const plainAfter = await measureBaseline(`${plainName}, after`, productPage)
    const reactAfter = await measureBaseline('React page rendered per request (4 KB, no database), after', 'react')
    // The faster of each pair: a machine that sped up or slowed down during the run cannot flatter the shop.
    const baselines: Baselines = {
      plain: plainAfter.rps > plainBefore.rps ? plainAfter : plainBefore,
      react: reactAfter.rps > reactBefore.rps ? reactAfter : reactBefore,
    }
    const row = (measured: Measured | Skipped): string[] => {
      if ('skipped' in measured) return [`  ${measured.name}: ${measured.skipped}`]
      return [
        `  ${measured.name}`,
        measured.rps.toFixed(0),
        formatMs(measured.p50),
        formatMs(measured.p99),
        formatBytes(measured.bytesPerResponse),
        measured.cache,
        String(measured.failed),
        cores(measured).replace(' of a core', ''),
        shareOfPlain(measured, baselines, [plainBefore, plainAfter].includes(measured)),
      ]
    }
    const rows: string[][] = [['Baselines (the shares use the faster of each pair)'], ...[plainBefore, plainAfter, reactBefore, reactAfter].map(row)]
    for (const group of groups) {
      if (group)
        rows.push(
          [
            `${group.title} — peak RSS ${group.peaks.map(formatBytes).join(', ') || '?'}, ${SETTLE} s after the load ${group.settled.map(formatBytes).join(', ') || '?'}`,
          ],
          ...group.rows.map(row),
        )
    }
    console.log('')
    console.log(formatTable(['', 'req/s', 'p50', 'p99', 'bytes/resp', 'X-Cache', 'failed', 'wrk CPU', 'of plain'], rows))
    console.log('')
    const plainBound = generatorBound(baselines.plain, baselines, true)
    console.log(
      plainBound
        ? `The generator was saturated against the plain server (${plainBound}): its ${baselines.plain.rps.toFixed(0)} req/s is wrk's ceiling, not Node's, and every share above understates the baseline.`
        : `Generator: against the plain server wrk used ${cores(baselines.plain)} for ${baselines.plain.rps.toFixed(0)} req/s, so it was not the bottleneck there nor in any slower row.`,
    )
    console.log('')
    for (const group of groups) {
      if (!group?.errors.length) continue
      console.log(`The shop logged errors during "${group.title}":\n${group.errors.map((line) => `  ${line}`).join('\n')}`)
      console.log('')
    }
    console.log(targetLines(groups, baselines).join('\n'))
    console.log('')
    console.log(metricsLine(groups))
    console.log('')
    console.log(
      '"failed": answers with a status of 400 or more, plus connections refused, broken or timed out; every row was first probed for its expected answer.',
    )
    console.log('"X-Cache": ten requests sent after the load; "signed-in customer" carries the session cookie and signed-in mark a browser holds.')
    console.log('"staff (rendered)": a staff session: the session is looked up and the page rendered for every request.')
    console.log('The plain Node server answers with the bytes the shop sends a browser for its product page (Brotli, as the shop sends it).')
  } finally {
    await baseline?.stop()
    await stopAll()
    if (!KEEP_DATA) await Promise.all(dirs.map(removeDataDir))
    else if (dirs.length) console.log(`Data kept in ${dirs.join(', ')}`)
  }
}

try {
  await main()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
