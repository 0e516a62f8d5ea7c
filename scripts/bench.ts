/**
 * npm run bench — how many requests the production shop serves on this machine.
 *
 * Builds the shop, starts it (`node server.js`, NODE_ENV=production, a fresh DATA_DIR that it seeds
 * with the demo catalogue) and loads it from this process over loopback with autocannon: home, a
 * category page, a product page, and checkout: the cart's Continue (POST /checkout), the delivery step
 * and starting a demo payment from it (POST /checkout/delivery). A plain Node `http` server sending the
 * bytes the shop sends a browser for its product page (taken from a shop started for that, gzip as
 * the shop sends it) is measured in the same run as the baseline. Then the same is done on the demo
 * catalogue in PostgreSQL (the production database), and on a catalogue with 10,000 extra products
 * (about 2,000 per category).
 *
 * The PostgreSQL run is repeated with several shop processes on the port (WEB_CONCURRENCY). The
 * baseline is measured before and after the shops, and the ratios use the faster of the two, so a
 * machine that sped up or slowed down during the run cannot flatter the shop.
 *
 * Every request asks as a browser does (Accept, Accept-Encoding: gzip, deflate, br). Catalogue
 * pages go through the shop's page cache for visitors and for signed-in customers (the rows "signed-in
 * customer" carry a customer's session cookie and signed-in mark); the rows "staff (rendered)" carry
 * a staff session, so every request looks the session up and renders the page. The X-Cache header is
 * tallied to show which requests the cache answered. Each run ends with the peak resident memory of
 * each serving process and its resident memory once the load is over (BENCH_SETTLE), and the output
 * with a Targets section with a verdict for each target.
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
 *   BENCH_GZIP=0       ask for no compression (default: Accept-Encoding: gzip, deflate, br, as browsers ask)
 *   BENCH_KEEP_DATA=1  keep the temporary data directories
 *   BENCH_CHECKOUTS    shoppers the delivery step rows take turns with (default 2000)
 *   BENCH_SETTLE       seconds without requests after a run's last row before its resident memory
 *                      is read as "after the load" (default 30; a quiet shop gives back what a load
 *                      grew within a few seconds: app/server/http/memory-trim.server.ts)
 *   NODE_OPTIONS       passed on to the shop processes (to try V8 flags such as
 *                      --max-semi-space-size=64; that one left the uncached rows unchanged)
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { get as httpGet, type IncomingHttpHeaders } from 'node:http'
import path from 'node:path'
import autocannon from 'autocannon'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../app/server/db/client.server.ts'
import { outbox } from '../app/server/db/schema.ts'
import { demoProducts } from '../db/seed/catalog.ts'
import { createSeededDatabase, writeLargeCatalogue } from './bench/catalogue.ts'
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

const CONNECTIONS = numberFromEnv('BENCH_CONNECTIONS', 16)
const DURATION = numberFromEnv('BENCH_DURATION', 10)
const WARMUP = numberFromEnv('BENCH_WARMUP', 2)
const EXTRA_PRODUCTS = numberFromEnv('BENCH_PRODUCTS', 10_000)
const GZIP = process.env.BENCH_GZIP !== '0'
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
  target?: 'cached product' | 'customer product' | 'staff product'
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
  failed: number
  errors: number
  bytesPerResponse: number
  cache: string
  statuses: string
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
    { name: 'suggest  /api/search/suggest?q=auto', path: '/api/search/suggest?q=auto', ok: (status, headers) => status === 200 && /json/.test(header(headers, 'content-type') ?? '') },
    { name: 'search, 1,170 different queries', path: '/search', paths: variedSearches(), ok: pageOk },
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
      headers: { accept: BROWSER_ACCEPT, ...scenario.headers, ...sessionHeaders(scenario, sessions), ...(GZIP ? { 'accept-encoding': BROWSER_ENCODINGS } : { 'accept-encoding': 'identity' }) },
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
  return fetch(`${base}/login`, { method: 'POST', body: new URLSearchParams(fields), headers: { origin: base }, redirect: 'manual', signal: AbortSignal.timeout(60_000) })
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

async function load(base: string, scenario: Scenario, sessions: Sessions, seconds: number): Promise<Measured> {
  let failed = 0
  const cache = new Map<string, number>()
  const statuses = new Map<number, number>()
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 60,
    headers: { accept: BROWSER_ACCEPT, ...(GZIP ? { 'accept-encoding': BROWSER_ENCODINGS } : {}) },
    requests: [
      {
        method: scenario.method ?? 'GET',
        path: scenario.path,
        body: scenario.body,
        headers: { ...scenario.headers, ...sessionHeaders(scenario, sessions) },
        ...(scenario.checkoutCookies ? { setupRequest: nextCheckout(scenario.checkoutCookies) } : {}),
        ...(scenario.paths ? { setupRequest: nextPath(scenario.paths) } : {}),
        onResponse: (status, _body, _context, headers) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          const state = header(headers as Record<string, string>, 'x-cache')
          if (state) cache.set(state, (cache.get(state) ?? 0) + 1)
          if (!scenario.ok(status, headers as Record<string, string>)) failed++
        },
      },
    ],
  })
  const total = result.requests.total
  const cacheText = [...cache].map(([state, count]) => `${state} ${Math.round((count / Math.max(1, total)) * 100)}%`).join(' ')
  return {
    name: scenario.name,
    target: scenario.target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total,
    failed,
    errors: result.errors + result.timeouts,
    bytesPerResponse: total ? result.throughput.total / total : 0,
    cache: cacheText || '—',
    statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
  }
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

/** A request setup that gives each request the next checkout's cookie. */
function nextCheckout(cookies: string[]) {
  let turn = 0
  return (request: autocannon.Request) => {
    request.headers = { ...request.headers, cookie: cookies[turn++ % cookies.length]! }
    return request
  }
}

/** A request setup that gives each request the next path. */
function nextPath(paths: string[]) {
  let turn = 0
  return (request: autocannon.Request) => {
    request.path = paths[turn++ % paths.length]!
    return request
  }
}

/**
 * Searches as many visitors type them: 1,170 different queries (each word of the catalogue alone,
 * every pair of them, and misspelt words with a second word), in a fixed shuffled order. That is
 * more than the shop keeps answers for, so once the list has gone round every search is made in the
 * database again.
 */
function variedSearches(): string[] {
  const words = ['autopilot', 'camera', 'gimbal', 'zoom', 'thermal', 'mapping', 'battery', 'charger', 'motor', 'propeller', 'carbon', 'receiver', 'controller', 'handheld', 'ground station', 'rtk', 'gnss', 'compass', 'landing gear', 'transport case', 'e900', 'x7 pro', 'nano h7', 'fpv', 'esc', 'long range', 'smart battery', 'air unit', 'payload', 'hexacopter']
  const typos = ['autopilto', 'camrea', 'gimbel', 'batery', 'propellor', 'recevier', 'controler', 'thermall']
  const queries = [...words, ...words.flatMap((first) => words.map((second) => `${first} ${second}`)), ...typos.flatMap((typo) => words.map((word) => `${typo} ${word}`))]
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

/** Current and peak resident memory of the serving processes, as printed after each row. */
function memoryNow(): string {
  if (measuredPid === null) return ''
  const figures = servingProcesses(measuredPid).map((pid) => `${formatBytes(statusBytes(pid, 'VmRSS'))} (peak ${formatBytes(statusBytes(pid, 'VmHWM'))})`)
  return `, resident ${figures.join(' / ')}`
}

async function measure(base: string, given: Scenario, sessions = NO_SESSIONS): Promise<Measured | Skipped> {
  const cookies = given.withCheckout ? await openCheckouts(base, CHECKOUTS) : []
  const scenario = given.withCheckout ? { ...given, headers: { ...given.headers, cookie: cookies[0]! }, checkoutCookies: cookies } : given
  const probed = await probe(base, scenario, sessions)
  process.stderr.write(`  ${scenario.name.padEnd(34)} probe: ${probed.text}\n`)
  if (!probed.ok) return { name: scenario.name, skipped: `not measured: the probe request ${probed.text}` }
  if (WARMUP > 0) await load(base, scenario, sessions, WARMUP)
  const measured = await load(base, scenario, sessions, DURATION)
  if (measured.total === 0) return { name: scenario.name, skipped: `no response within ${DURATION} s (${measured.errors} errors/timeouts)` }
  process.stderr.write(
    `  ${''.padEnd(34)} ${measured.rps.toFixed(1)} req/s, p50 ${formatMs(measured.p50)}, p99 ${formatMs(measured.p99)} (${measured.statuses || 'no responses'})${memoryNow()}\n`,
  )
  return measured
}

/**
 * The peak resident memory (VmHWM) of each process serving the shop: the shop's own, or with
 * WEB_CONCURRENCY the processes it started (the supervisor serves nothing), in bytes.
 */
function peakMemory(pid: number): number[] {
  return servingProcesses(pid).map((each) => statusBytes(each, 'VmHWM')).filter(Number.isFinite)
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
  /** The memory target of this kind of shop process, bytes. */
  memoryLimit: number
  errors: string[]
}

const MB = 1024 * 1024

async function runShopGroup(
  title: string,
  dataDir: string,
  scenarios: (base: string) => Scenario[],
  databaseUrl?: string,
  processes = 1,
): Promise<Group> {
  process.stderr.write(`\n${title}\n  starting the shop on ${databaseUrl ? 'PostgreSQL' : dataDir}…\n`)
  // The checkout limit per client address (CHECKOUT_RATE_LIMIT, 30 per 10 minutes) would stop the load at once.
  // Staff pages are measured with the password alone (a deployment asks staff for a second factor).
  const env: Record<string, string> = {
    CHECKOUT_RATE_LIMIT: '1000000',
    STAFF_TWO_FACTOR: 'optional',
    WEB_CONCURRENCY: String(processes),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  const shop = await startShop({ dataDir, port: await freePort(), env })
  measuredPid = shop.pid
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
    return { title, rows, peaks: peakMemory(shop.pid), settled, memoryLimit: (databaseUrl ? 200 : 350) * MB, errors: loggedErrors(shop.output()) }
  } finally {
    await shop.stop()
  }
}

/**
 * The targets of the speed work, one verdict per shop run: the product page from the page cache at
 * 50 % or more of the plain server's requests a second for anonymous visitors and 25 % or more for
 * signed-in customers; rendered for staff with a p99 under 50 ms on PostgreSQL; resident memory per
 * process after the load at most 350 MB on the embedded database and 200 MB on PostgreSQL (read
 * BENCH_SETTLE seconds after the last row; the peak during the run is printed beside it).
 */
function targetLines(groups: (Group | undefined)[], baseline: Measured): string[] {
  const lines = { anonymous: [] as string[], customer: [] as string[], staff: [] as string[], memory: [] as string[] }
  const share = (measured: Measured, least: number) => {
    const percent = (measured.rps / baseline.rps) * 100
    return `${percent.toFixed(0)} % ${percent >= least ? 'met' : 'NOT met'}`
  }
  for (const group of groups) {
    if (!group) continue
    const run = group.title.replace(/ \(.*?\)/, '')
    const onPostgres = group.title.includes('PostgreSQL')
    for (const measured of group.rows) {
      if ('skipped' in measured) continue
      if (measured.target === 'cached product') lines.anonymous.push(`${run}: ${share(measured, 50)}`)
      else if (measured.target === 'customer product') lines.customer.push(`${run}: ${share(measured, 25)}`)
      else if (measured.target === 'staff product') lines.staff.push(`${run}: ${formatMs(measured.p99)}${onPostgres ? (measured.p99 < 50 ? ' met' : ' NOT met') : ' (the target is on PostgreSQL)'}`)
    }
    const peak = Math.max(...group.peaks)
    const settled = Math.max(...group.settled)
    if (Number.isFinite(settled)) {
      const largest = group.settled.length > 1 ? ` (largest of ${group.settled.length} processes)` : ''
      const verdict = settled <= group.memoryLimit ? 'met' : 'NOT met'
      lines.memory.push(`${run}: ${formatBytes(settled)}${largest}, limit ${formatBytes(group.memoryLimit)}: ${verdict}; the peak during the run was ${formatBytes(peak)}`)
    }
  }
  const note = CONNECTIONS === 16 ? '' : ` (measured at ${CONNECTIONS} connections, so not comparable)`
  const section = (title: string, entries: string[]) => [`  ${title}${entries.length ? '' : ': not measured'}`, ...entries.map((line) => `    ${line}`)]
  return [
    `Targets${note}`,
    ...section("product page from the cache, anonymous, at 50 % or more of plain Node's req/s", lines.anonymous),
    ...section("product page, signed-in customer, at 25 % or more of plain Node's req/s", lines.customer),
    ...section('product page rendered for staff, p99 under 50 ms on PostgreSQL', lines.staff),
    ...section(`resident memory per shop process after the load (${SETTLE} s without requests): 350 MB embedded, 200 MB PostgreSQL`, lines.memory),
  ]
}

/**
 * The product page as the shop's page cache sends it to a browser (gzip-compressed once kept),
 * written to a file for the plain server: a shop is started on `dataDir` for it and stopped.
 */
async function captureProductPage(dataDir: string): Promise<{ file: string; encoding?: string; bytes: number }> {
  process.stderr.write('\nTaking the product page the baseline will send…\n')
  const shop = await startShop({ dataDir, port: await freePort() })
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const answer = await new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const request = httpGet(`${shop.url}/product/unidrone-e900`, { headers: { accept: BROWSER_ACCEPT, ...(GZIP ? { 'accept-encoding': BROWSER_ENCODINGS } : {}) } }, (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
        })
        request.on('error', reject)
      })
      const encoding = answer.headers['content-encoding']
      if (answer.headers['x-cache'] === 'HIT' && (!GZIP || encoding)) {
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
  console.log(`Machine: ${machineSummary()}`)
  console.log(
    `Load: autocannon from a separate process over 127.0.0.1, ${CONNECTIONS} connections, ${DURATION} s per row after ${WARMUP} s warm-up, ` +
      `${GZIP ? `Accept-Encoding: ${BROWSER_ENCODINGS}` : 'no compression asked for'}.`,
  )
  if (process.env.BENCH_SKIP_BUILD !== '1') await buildShop()

  const dirs: string[] = []
  let plain: RunningProcess | undefined
  try {
    // The baseline sends what the shop sends a browser for its product page, byte for byte.
    const pageDir = await makeDataDir('bench-page')
    dirs.push(pageDir)
    const productPage = await captureProductPage(pageDir)
    const measureBaseline = async (name: string): Promise<Measured> => {
      process.stderr.write('\nBaseline\n')
      plain = await startPlainServer(await freePort(), productPage)
      const measured = await measure(plain.url, { name, path: '/', ok: pageOk })
      await plain.stop()
      if ('skipped' in measured) throw new Error(`The baseline server could not be measured: ${measured.skipped}`)
      return measured
    }
    const baselineBefore = await measureBaseline(`plain Node http, the product page's ${formatBytes(productPage.bytes)}, before`)

    let seeded: Group | undefined
    if (GROUPS.has('demo')) {
      const seededDir = await makeDataDir('bench-seeded')
      dirs.push(seededDir)
      seeded = await runShopGroup(`Demo catalogue (${demoProducts.length} products)`, seededDir, (base) =>
        shopScenarios(base, { home: true, checkout: true, uncachedCategory: false, categoryLast: false }),
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
    const onPostgres = GROUPS.has('postgres') && POSTGRES_URL ? await postgresGroup(1) : undefined
    const onPostgresProcesses = GROUPS.has('postgres-processes') && POSTGRES_URL && PROCESSES > 1 ? await postgresGroup(PROCESSES) : undefined

    let large: Group | undefined
    if (GROUPS.has('large') && EXTRA_PRODUCTS > 0) {
      const largeDir = await makeDataDir('bench-large')
      dirs.push(largeDir)
      process.stderr.write(`\nWriting ${EXTRA_PRODUCTS.toLocaleString('en-AU')} extra products into ${largeDir}…\n`)
      const written = await writeLargeCatalogue(largeDir, EXTRA_PRODUCTS)
      process.stderr.write(`  done in ${written.seconds.toFixed(1)} s (${Object.entries(written.perCategory).map(([category, count]) => `${category} +${count}`).join(', ')})\n`)
      const largeTitle = `Large catalogue (demo + ${EXTRA_PRODUCTS.toLocaleString('en-AU')} products; /products/cameras lists ${(written.totals.cameras ?? 0).toLocaleString('en-AU')})`
      large = await runShopGroup(largeTitle, largeDir, (base) => shopScenarios(base, { home: false, checkout: false, uncachedCategory: true, categoryLast: true }))
    }

    const baselineAfter = await measureBaseline(`plain Node http, the product page's ${formatBytes(productPage.bytes)}, after`)
    const baseline = baselineAfter.rps > baselineBefore.rps ? baselineAfter : baselineBefore
    const row = (measured: Measured | Skipped): string[] => {
      if ('skipped' in measured) return [`  ${measured.name}: ${measured.skipped}`]
      return [
      `  ${measured.name}`,
      measured.rps.toFixed(1),
      formatMs(measured.p50),
      formatMs(measured.p99),
      formatBytes(measured.bytesPerResponse),
      measured.cache,
      String(measured.failed + measured.errors),
      measured === baseline ? '1×' : `${(baseline.rps / Math.max(measured.rps, 0.001)).toFixed(measured.rps * 10 > baseline.rps ? 1 : 0)}×`,
      `${((measured.rps / baseline.rps) * 100).toFixed(measured.rps * 100 > baseline.rps ? 0 : 1)} %`,
      ]
    }
    const rows: string[][] = [['Baseline (the ratios use the faster of the two)'], row(baselineBefore), row(baselineAfter)]
    for (const group of [seeded, onPostgres, onPostgresProcesses, large]) {
      if (group) rows.push([`${group.title} — peak RSS ${group.peaks.map(formatBytes).join(', ') || '?'}, after the load ${group.settled.map(formatBytes).join(', ') || '?'}`], ...group.rows.map(row))
    }
    console.log('')
    console.log(formatTable(['', 'req/s', 'p50', 'p99', 'bytes/resp', 'X-Cache', 'failed', 'plain ÷ this', 'of plain'], rows))
    console.log('')
    for (const group of [seeded, onPostgres, onPostgresProcesses, large]) {
      if (!group?.errors.length) continue
      console.log(`The shop logged errors during "${group.title}":\n${group.errors.map((line) => `  ${line}`).join('\n')}`)
      if (group.errors.some((line) => line.includes('closed early'))) {
        console.log('  ("destination stream closed early": the load generator hung up on pages still being sent when a run ended.)')
      }
      console.log('')
    }
    console.log(targetLines([seeded, onPostgres, onPostgresProcesses, large], baseline).join('\n'))
    console.log('')
    console.log('"failed": responses other than 200 (302 to /pay/demo/… for checkout) plus connection errors and timeouts.')
    console.log('"signed-in customer": the session cookie and the signed-in mark a browser holds; the page comes from the page cache as for anyone.')
    console.log('"staff (rendered)": a staff session: the session is looked up and the page rendered for every request.')
    console.log('The plain Node server answers with the bytes the shop sends for its product page (gzip-compressed, as the shop sends it to a browser).')
  } finally {
    await plain?.stop()
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
