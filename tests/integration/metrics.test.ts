import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import type { RunningShop } from '../../app/server/http/app.server'
import { jobs, outbox, products, refunds, shopSettings } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { testDatabaseKinds } from '../support/databases'
import { httpShops, type HttpShops } from '../support/http-shop'
import { paidTestOrder } from '../support/orders'

const TOKEN = randomBytes(32).toString('hex')

/** One sample of the Prometheus text: its name, labels and value. */
interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

function samplesOf(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    const found = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!found) continue
    const labels: Record<string, string> = {}
    for (const [, name, value] of (found[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!
    samples.push({ name: found[1]!, labels, value: Number(found[3]) })
  }
  return samples
}

/** The value of the one sample with this name and (at least) these labels; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
  expect(found.length, `${name} ${JSON.stringify(labels)}: ${found.length} samples`).toBeLessThanOrEqual(1)
  return found[0]?.value
}

/**
 * `/metrics` of the real HTTP app: a known number of requests to a kept catalogue page (one render,
 * then hits answered before Express), a product page and an unknown address are counted under their
 * route patterns, the page cache's hits and misses are counted, and numbers of the tables are read
 * at the scrape. The token guards the shop's port; the metrics port needs none; a shop configured
 * with neither has no /metrics.
 */
let shops: HttpShops
// One Vite server compiles the shop once for both databases.
beforeAll(async () => {
  shops = await httpShops()
})
afterAll(async () => {
  await shops?.close()
})

describe.each(testDatabaseKinds())('/metrics on $name', (kind) => {
  let database: DatabaseHandle
  let metered: RunningShop
  let plain: RunningShop

  const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers, redirect: 'manual' })
  const scrape = async () => {
    const answer = await get(`${metered.url}/metrics`, { Authorization: `Bearer ${TOKEN}` })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return samplesOf(await answer.text())
  }

  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
    metered = await shops.start(database, { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' })
    plain = await shops.start(database)
  }, 120_000)
  afterAll(async () => {
    await metered?.close()
    await plain?.close()
    await database?.close()
  })

  it('counts requests by route pattern, method and status, kept pages answered by the page cache included', async () => {
    const sent = { category: 6, product: 3, missing: 4 }
    for (let i = 0; i < sent.category; i++) {
      const answer = await get(`${metered.url}/products/cameras`, { 'Accept-Encoding': 'br' })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-cache')).toBe(i === 0 ? 'MISS' : 'HIT')
      await answer.arrayBuffer()
    }
    for (let i = 0; i < sent.product; i++) {
      const answer = await get(`${metered.url}/product/unidrone-e900`)
      expect(answer.status).toBe(200)
      await answer.arrayBuffer()
    }
    for (let i = 0; i < sent.missing; i++) {
      const answer = await get(`${metered.url}/no-such-page-${i}`)
      expect(answer.status).toBe(404)
      await answer.arrayBuffer()
    }
    const samples = await scrape()
    const requests = (route: string, status: string) => valueOf(samples, 'shop_http_requests_total', { route, method: 'GET', status })
    expect(requests('/products/:category', '200')).toBe(sent.category)
    expect(requests('/product/:productId', '200')).toBe(sent.product)
    // Every unknown address is the not-found route's, never its own series.
    expect(requests('/*', '404')).toBe(sent.missing)
    expect(samples.filter((sample) => sample.name === 'shop_http_requests_total' && sample.labels.route?.includes('no-such-page'))).toEqual([])
    expect(valueOf(samples, 'shop_http_request_duration_seconds_count', { route: '/products/:category', method: 'GET' })).toBe(sent.category)
    expect(valueOf(samples, 'shop_http_request_duration_seconds_count', { route: '/*', method: 'GET' })).toBe(sent.missing)
    // The first request for each page renders it (a miss); the others are hits.
    expect(valueOf(samples, 'shop_page_cache_requests_total', { result: 'hit' })).toBe(sent.category - 1 + sent.product - 1)
    expect(valueOf(samples, 'shop_page_cache_requests_total', { result: 'miss' })).toBe(2)

    // The metrics port serves the same registry without a token, and nothing but /metrics.
    const port = await get(metered.metricsUrl!)
    expect(port.status).toBe(200)
    const fromPort = samplesOf(await port.text())
    expect(valueOf(fromPort, 'shop_http_requests_total', { route: '/products/:category', method: 'GET', status: '200' })).toBe(sent.category)
    expect((await get(metered.metricsUrl!.replace('/metrics', '/products/cameras'))).status).toBe(404)
  })

  it('refuses a scrape without the token or with another one', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      { Authorization: `Bearer ${TOKEN}${TOKEN}` },
      { Authorization: TOKEN },
    ]) {
      const answer = await get(`${metered.url}/metrics`, headers)
      expect(answer.status).toBe(401)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(await answer.text()).not.toContain('shop_http_requests_total')
    }
    const samples = await scrape()
    expect(valueOf(samples, 'shop_http_requests_total', { route: '/metrics', method: 'GET', status: '401' })).toBe(4)
  })

  it('has no /metrics when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    for (const headers of [{} as Record<string, string>, { Authorization: `Bearer ${TOKEN}` }]) {
      const answer = await get(`${plain.url}/metrics`, headers)
      expect(answer.status).toBe(404)
      expect(await answer.text()).not.toContain('shop_http_requests_total')
    }
    expect(plain.metricsUrl).toBeUndefined()
  })

  it('reads the outbox, refunds, reservations and jobs from the database at each scrape', async () => {
    const before = await scrape()
    expect(valueOf(before, 'shop_database_up')).toBe(1)
    expect(valueOf(before, 'shop_outbox_queued_messages')).toBe(0)
    expect(valueOf(before, 'shop_refunds_pending')).toBe(0)
    expect(valueOf(before, 'shop_stock_reserved_units')).toBe(0)

    const mail = { to: 'a@shop.example', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' }
    await database.db.insert(outbox).values([
      { id: 'm-fresh', status: 'queued', ...mail },
      { id: 'm-failing', status: 'queued', attempts: 2, lastError: 'refused', createdAt: new Date(Date.now() - 600_000), ...mail },
      { id: 'm-sent', status: 'sent', ...mail },
      { id: 'm-kept', status: 'kept', ...mail },
    ])
    const config = parseEnv({ LOG_LEVEL: 'silent' })
    const mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    const [line] = await database.db.select().from(products).where(eq(products.id, 'unidrone-e900'))
    const orderId = await paidTestOrder(
      { db: database.db, mailer, config },
      {
        email: 'buyer@shop.example',
        lines: [
          {
            productId: line!.id,
            productName: line!.productName,
            image: '',
            priceId: '',
            unitPriceCents: 11_000,
            quantity: 1,
            lineTotalCents: 11_000,
            gstCents: 1_000,
            weightGrams: 100,
            containsLithium: false,
          },
        ],
      },
    )
    await database.db.insert(refunds).values([
      { id: 'R-1', orderId, requestKey: 'k1', status: 'pending', amountCents: 100, gstCents: 9, source: 'staff', createdBy: 'test' },
      { id: 'R-2', orderId, requestKey: 'k2', status: 'succeeded', amountCents: 100, gstCents: 9, source: 'staff', createdBy: 'test' },
    ])
    await database.db.update(products).set({ stockReserved: 3 }).where(eq(products.id, 'unidrone-e900'))
    await database.db.insert(jobs).values([
      { id: 'job-running', kind: 'import', label: 'Import', startedBy: 'test' },
      { id: 'job-cut-off', kind: 'import', label: 'Import', startedBy: 'test', updatedAt: new Date(Date.now() - 10 * 60_000) },
      { id: 'job-failed', kind: 'export', label: 'Export', startedBy: 'test', status: 'failed' },
      { id: 'job-done', kind: 'export', label: 'Export', startedBy: 'test', status: 'done' },
    ])

    const after = await scrape()
    expect(valueOf(after, 'shop_database_up')).toBe(1)
    expect(valueOf(after, 'shop_outbox_queued_messages')).toBe(2)
    expect(valueOf(after, 'shop_outbox_failing_messages')).toBe(1)
    expect(valueOf(after, 'shop_outbox_oldest_queued_seconds')).toBeGreaterThanOrEqual(599)
    expect(valueOf(after, 'shop_refunds_pending')).toBe(1)
    expect(valueOf(after, 'shop_stock_reserved_units')).toBe(3)
    expect(valueOf(after, 'shop_jobs_running')).toBe(1)
    expect(valueOf(after, 'shop_jobs_failed')).toBe(2)
    expect(valueOf(after, 'shop_backup_last_success_timestamp_seconds')).toBe(0)
    expect(valueOf(after, 'shop_backup_last_failed')).toBe(0)
    // A good backup, then a failed one: its time is the good one's, and the failure shows.
    const goodAt = new Date(Date.now() - 3 * 3600_000)
    const lastOk = { at: goodAt.toISOString(), where: '/backups/a.gz', bytes: 1, sha256: 'x', rows: 1, seconds: 1, kind: 'scheduled' }
    await database.db.insert(shopSettings).values({ key: 'backup-status', value: { lastOk } })
    expect(valueOf(await scrape(), 'shop_backup_last_success_timestamp_seconds')).toBeCloseTo(goodAt.getTime() / 1000, 2)
    expect(valueOf(await scrape(), 'shop_backup_last_failed')).toBe(0)
    await database.db
      .update(shopSettings)
      .set({ value: { lastOk, lastFailure: { at: new Date().toISOString(), error: 'disk full', kind: 'scheduled' } } })
      .where(eq(shopSettings.key, 'backup-status'))
    const failed = await scrape()
    expect(valueOf(failed, 'shop_backup_last_failed')).toBe(1)
    expect(valueOf(failed, 'shop_backup_last_success_timestamp_seconds')).toBeCloseTo(goodAt.getTime() / 1000, 2)
    // Node's own: event-loop delay and memory.
    expect(valueOf(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0)
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    if (kind.name === 'postgres') {
      // The node-postgres pool: queries were timed and connections opened.
      expect(valueOf(after, 'shop_db_query_duration_seconds_count')).toBeGreaterThan(0)
      expect(valueOf(after, 'shop_db_pool_connections')).toBeGreaterThan(0)
      expect(valueOf(after, 'shop_db_pool_waiting')).toBe(0)
    }
    await mailer.stop()
  })
})
