import { sql } from 'drizzle-orm'
import { Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { registerDatabaseGauges, type DatabaseReading } from './database-gauges.server'

const READINGS: DatabaseReading[] = [
  { name: 'test_outbox_queued', help: 'queued', value: sql`1` },
  { name: 'test_refunds_pending', help: 'pending', value: sql`2` },
]

type Execute = (query: unknown) => Promise<unknown>

function scraped(execute: Execute, timeoutMs = 50) {
  const registry = new Registry()
  let queries = 0
  registerDatabaseGauges(
    registry,
    {
      execute: ((query: unknown) => {
        queries += 1
        return execute(query)
      }) as never,
    },
    { readings: READINGS, timeoutMs },
  )
  return { scrape: () => registry.metrics(), queries: () => queries }
}

const lineOf = (text: string, name: string) => text.split('\n').find((line) => line.startsWith(`${name} `))

describe('numbers read from the database at each scrape', () => {
  it('reads every reading in one query per scrape', async () => {
    const shop = scraped(async () => ({ rows: [{ test_outbox_queued: '4', test_refunds_pending: 1 }] }))
    const text = await shop.scrape()
    expect(lineOf(text, 'shop_database_up')).toBe('shop_database_up 1')
    expect(lineOf(text, 'test_outbox_queued')).toBe('test_outbox_queued 4')
    expect(lineOf(text, 'test_refunds_pending')).toBe('test_refunds_pending 1')
    expect(shop.queries()).toBe(1)
    await shop.scrape()
    expect(shop.queries()).toBe(2)
  })

  it('still answers when the database fails: up is 0 and the readings have no value', async () => {
    let down = false
    const shop = scraped(async () => {
      if (down) throw new Error('connection refused')
      return { rows: [{ test_outbox_queued: 4, test_refunds_pending: 1 }] }
    })
    expect(lineOf(await shop.scrape(), 'test_outbox_queued')).toBe('test_outbox_queued 4')
    down = true
    const text = await shop.scrape()
    expect(lineOf(text, 'shop_database_up')).toBe('shop_database_up 0')
    // No old value shown as if it were current: the gauge is there without a sample.
    expect(text).toContain('# TYPE test_outbox_queued gauge')
    expect(lineOf(text, 'test_outbox_queued')).toBeUndefined()
    down = false
    expect(lineOf(await shop.scrape(), 'test_outbox_queued')).toBe('test_outbox_queued 4')
  })

  it('waits no longer than its timeout for a database that does not answer, and never asks twice at once', async () => {
    let answer: (value: unknown) => void = () => {}
    const shop = scraped(() => new Promise((resolve) => (answer = resolve)), 50)
    const started = Date.now()
    const text = await shop.scrape()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(lineOf(text, 'shop_database_up')).toBe('shop_database_up 0')
    // The next scrape waits for the same query rather than starting another.
    const next = shop.scrape()
    answer({ rows: [{ test_outbox_queued: 7, test_refunds_pending: 0 }] })
    expect(lineOf(await next, 'test_outbox_queued')).toBe('test_outbox_queued 7')
    expect(shop.queries()).toBe(1)
  })
})
