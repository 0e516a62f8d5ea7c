/**
 * npm run audit:pages — Lighthouse (mobile, its default) on the production shop's key pages.
 *
 * Builds the shop, starts it like `npm run bench` does (NODE_ENV=production, a fresh DATA_DIR with
 * the demo catalogue), starts Debian's Chromium headless with remote debugging on a port of
 * 3300–3399, and runs Lighthouse's performance category on home, a category page, a product page
 * checkout (with one UniDrone E900 in the cart, put into local storage first), and a product whose
 * photo was uploaded (a 12-megapixel camera photo, put through the image pipeline first). Prints the
 * performance score, LCP, TBT, CLS and the JavaScript each page loads (over the wire, gzip, and
 * unpacked).
 *
 * Lighthouse's mobile preset simulates a mid-range phone on a slow 4G link (Lantern simulated
 * throttling: 150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown), so the figures do not depend much on this
 * machine, though its CPU speed (the "benchmark index") still shifts TBT.
 *
 * Settings (environment):
 *   CHROME_PATH         the browser (default /usr/bin/chromium)
 *   AUDIT_SKIP_BUILD=1  use the existing build/
 *   AUDIT_REPORT_DIR    also write each page's Lighthouse report there, as HTML and as JSON
 *   AUDIT_PAGES         only these pages, by the first word of their name (e.g. "product,checkout")
 *   AUDIT_RUNS          audit each page this many times and print every run (default 1)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { slugify } from '../app/lib/slug.ts'
import { createProduct } from '../app/server/catalog/products.server.ts'
import { openDatabase } from '../app/server/db/client.server.ts'
import { databaseImageFiles } from '../app/server/images/file-store.server.ts'
import { storeImage } from '../app/server/images/media.server.ts'
import { cameraPhoto } from './lib/camera-photo.ts'
import { demoProducts } from '../db/seed/catalog.ts'
import { buildShop, freePort, machineSummary, makeDataDir, removeDataDir, startShop, stopAll, stopAllOnSignals } from './bench/shop.ts'
import { formatBytes, formatMs, formatTable } from './bench/table.ts'

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

const AUDIT_RUNS = Math.max(1, Number(process.env.AUDIT_RUNS) || 1)
const PRODUCT = demoProducts.find((product) => slugify(product.productName) === 'unidrone-e900')!
const PHOTO_PRODUCT = 'Survey Drone Photo Test'

interface Page {
  name: string
  path: string
  /** Puts a cart into local storage before the audit (and keeps Lighthouse from wiping it). */
  withCart?: boolean
  /** Stores what the page shows first, through the running shop's database socket. */
  prepare?: (dataDir: string) => Promise<void>
}

/** A product whose only image is a camera photo stored as staff would upload it (app/server/images). */
async function productWithUploadedPhoto(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, role: 'command' })
  try {
    const stored = await storeImage(database.db, databaseImageFiles, await cameraPhoto())
    const fields = {
      ...PRODUCT,
      productName: PHOTO_PRODUCT,
      productFeatured: false,
      productImages: [{ value: stored.url, label: 'The survey drone over the hills', description: '' }],
    }
    await createProduct(database.db, fields, 'audit')
  } finally {
    await database.close()
  }
}

const PAGES: Page[] = [
  { name: 'home', path: '/' },
  { name: 'category', path: '/products/cameras' },
  { name: 'product', path: '/product/unidrone-e900' },
  { name: 'checkout (1 item in cart)', path: '/checkout', withCart: true },
  { name: 'photo (product with an uploaded photo)', path: `/product/${slugify(PHOTO_PRODUCT)}`, prepare: productWithUploadedPhoto },
]

/** The pages AUDIT_PAGES names (all when unset); an unknown name is an error, not an empty run. */
function chosenPages(): Page[] {
  const names = (process.env.AUDIT_PAGES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (names.length === 0) return PAGES
  const known = new Map(PAGES.map((page) => [page.name.split(' ')[0]!, page]))
  const unknown = names.filter((name) => !known.has(name))
  if (unknown.length) throw new Error(`AUDIT_PAGES: no page named ${unknown.join(', ')} (there are ${[...known.keys()].join(', ')}).`)
  return names.map((name) => known.get(name)!)
}

interface Browser {
  child: ChildProcess
  port: number
  stop(): Promise<void>
}

async function startChromium(): Promise<Browser> {
  const port = await freePort()
  const profile = await mkdtemp(path.join(os.tmpdir(), 'unidrone-audit-chromium-'))
  const child = spawn(CHROME_PATH, [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(killer)
    }
    await rm(profile, { recursive: true, force: true })
  }
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its debugging port within 30 s:\n${output}`)), 30_000)
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk
      if (output.includes('DevTools listening on')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('error', (error) => reject(new Error(`Cannot start ${CHROME_PATH}: ${error.message}`)))
    void exited.then(() => reject(new Error(`Chromium exited before it was ready:\n${output}`)))
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { child, port, stop }
}

/** A minimal Chrome DevTools Protocol client on the browser's own WebSocket (Node 24 has WebSocket built in). */
async function devtools(port: number) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string }
  const socket = new WebSocket(version.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = () => reject(new Error('Cannot connect to Chromium over the DevTools protocol.'))
  })
  let nextId = 0
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } }
    if (message.id === undefined) return
    const waiter = pending.get(message.id)
    pending.delete(message.id)
    if (message.error) waiter?.reject(new Error(message.error.message))
    else waiter?.resolve(message.result)
  }
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }))
    })
  return { send, close: () => socket.close() }
}

/** Opens a tab on the shop's origin, stores the cart under `checkouts`, empties the HTTP cache and closes the tab. */
async function putCartInStorage(port: number, origin: string): Promise<void> {
  const cdp = await devtools(port)
  try {
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: `${origin}/robots.txt` })
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })
    const evaluate = async (expression: string) =>
      (await cdp.send<{ result: { value?: unknown } }>('Runtime.evaluate', { expression, returnByValue: true }, sessionId)).result.value
    const deadline = Date.now() + 30_000
    // Until the tab has loaded, it may have no page to evaluate in yet ("Cannot find default execution context").
    const state = () => evaluate('location.origin + "|" + document.readyState').catch(() => 'not yet')
    while ((await state()) !== `${origin}|complete`) {
      if (Date.now() > deadline) throw new Error('The tab that sets up the cart did not load.')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const cart = {
      checkoutItems: [
        {
          FBUID: 'unidrone-e900',
          productName: PRODUCT.productName,
          image: PRODUCT.productImages[0]?.value ?? '',
          unitPrice: PRODUCT.productPrices[0]?.value ?? 0,
          productCount: 1,
        },
      ],
    }
    await evaluate(`localStorage.setItem('checkouts', ${JSON.stringify(JSON.stringify(cart))})`)
    // Lighthouse keeps the HTTP cache too when it keeps storage: empty it so the page loads cold like the others.
    await cdp.send('Network.clearBrowserCache', {}, sessionId)
    await cdp.send('Target.closeTarget', { targetId })
  } finally {
    cdp.close()
  }
}

interface Audited {
  page: Page
  /** Which of AUDIT_RUNS runs of the page (1 when each page is audited once). */
  round: number
  lhr: Result
  report?: string
}

interface RequestItem {
  url?: string
  resourceType?: string
  transferSize?: number
  resourceSize?: number
}

function requests(lhr: Result): RequestItem[] {
  return (lhr.audits['network-requests']?.details as { items?: RequestItem[] } | undefined)?.items ?? []
}

function scripts(lhr: Result): { count: number; transfer: number; resource: number; first?: string } {
  const items = requests(lhr).filter((item) => item.resourceType === 'Script')
  return {
    first: items.find((item) => item.url?.includes('/assets/'))?.url,
    count: items.length,
    transfer: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    resource: items.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
  }
}

async function main() {
  stopAllOnSignals()
  const pages = chosenPages()
  console.log(`Machine: ${machineSummary()}`)
  if (process.env.AUDIT_SKIP_BUILD !== '1') await buildShop()
  const dataDir = await makeDataDir('audit')
  let browser: Browser | undefined
  try {
    const shop = await startShop({ dataDir, port: await freePort() })
    browser = await startChromium()
    const { default: version } = await import('lighthouse/package.json', { with: { type: 'json' } })
    console.log(`Lighthouse ${version.version} (mobile preset, simulated throttling), ${CHROME_PATH} via port ${browser.port}; shop on ${shop.url}`)

    for (const page of pages) await page.prepare?.(dataDir)
    const results: Audited[] = []
    for (const page of pages)
      for (let round = 1; round <= AUDIT_RUNS; round++) {
        process.stderr.write(`Auditing ${page.name} (${page.path})… `)
        if (page.withCart) await putCartInStorage(browser.port, shop.url)
        const flags: Flags = {
          port: browser.port,
          hostname: '127.0.0.1',
          output: process.env.AUDIT_REPORT_DIR ? 'html' : 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: page.withCart === true,
        }
        const started = Date.now()
        const run = await lighthouse(`${shop.url}${page.path}`, flags)
        if (!run) throw new Error(`Lighthouse returned nothing for ${page.path}.`)
        process.stderr.write(`${((Date.now() - started) / 1000).toFixed(0)} s\n`)
        results.push({ page, round, lhr: run.lhr, report: typeof run.report === 'string' ? run.report : undefined })
      }

    if (process.env.AUDIT_REPORT_DIR) {
      await mkdir(process.env.AUDIT_REPORT_DIR, { recursive: true })
      for (const { page, round, report, lhr } of results) {
        const name = AUDIT_RUNS > 1 ? `${slugify(page.name)}-${round}` : slugify(page.name)
        if (report) await writeFile(path.join(process.env.AUDIT_REPORT_DIR, `${name}.html`), report)
        await writeFile(path.join(process.env.AUDIT_REPORT_DIR, `${name}.json`), JSON.stringify(lhr))
      }
      console.log(`Reports (HTML and JSON) written to ${process.env.AUDIT_REPORT_DIR}`)
    }

    const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue
    const rows = results.map(({ page, lhr }) => {
      const js = scripts(lhr)
      const score = lhr.categories.performance?.score
      const lcp = numeric(lhr, 'largest-contentful-paint')
      const tbt = numeric(lhr, 'total-blocking-time')
      const cls = numeric(lhr, 'cumulative-layout-shift')
      const fcp = numeric(lhr, 'first-contentful-paint')
      const total = numeric(lhr, 'total-byte-weight')
      return [
        `${page.name}  ${page.path}`,
        score === null || score === undefined ? 'n/a' : String(Math.round(score * 100)),
        fcp === undefined ? 'n/a' : formatMs(fcp),
        lcp === undefined ? 'n/a' : formatMs(lcp),
        tbt === undefined ? 'n/a' : formatMs(tbt),
        cls === undefined ? 'n/a' : cls.toFixed(3),
        String(js.count),
        formatBytes(js.transfer),
        formatBytes(js.resource),
        total === undefined ? 'n/a' : formatBytes(total),
      ]
    })
    console.log('')
    console.log(formatTable(['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS files', 'JS transfer', 'JS unpacked', 'all bytes'], rows))
    console.log('')
    const benchmark = results.map(({ lhr }) => Math.round(lhr.environment.benchmarkIndex)).join(', ')
    console.log(`Lighthouse benchmark index of this machine per run: ${benchmark}.`)
    const sample = results.map(({ lhr }) => scripts(lhr).first).find(Boolean)
    const encoding = sample
      ? ((await fetch(sample, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }).then(async (response) => {
          await response.arrayBuffer()
          return response.headers.get('content-encoding')
        })) ?? 'none')
      : 'unknown'
    console.log(
      `"JS transfer": the page's scripts as downloaded (compressed; the shop answers Chromium's Accept-Encoding with "${encoding}"); ` +
        '"JS unpacked": the same scripts decompressed. "all bytes": every resource of the page, as transferred.',
    )
    for (const { page, lhr } of results) {
      if (page.withCart && !requests(lhr).some((item) => item.url?.includes('/api/cart/quote'))) {
        console.log(`${page.name}: the page did not ask for a price quote, so the cart may not have reached it.`)
      }
    }
    for (const { page, lhr } of results) {
      if (lhr.runtimeError) console.log(`${page.name}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
      for (const warning of lhr.runWarnings) console.log(`${page.name}: ${warning}`)
    }
  } finally {
    await browser?.stop()
    await stopAll()
    await removeDataDir(dataDir)
  }
}

try {
  await main()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
