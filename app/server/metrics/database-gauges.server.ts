import { sql, type SQL } from 'drizzle-orm'
import { Gauge, type Registry } from 'prom-client'
import type { Database } from '../db/client.server.ts'
import { STALLED_MS } from '../jobs/jobs.server.ts'
import { logger } from '../log.server.ts'

/**
 * One number the shop's tables hold, read when Prometheus scrapes: a gauge named `name`, its value
 * the scalar `value` (a count, a sum, an age in seconds). Every reading is one column of the one
 * query a scrape makes, so adding a metric of the database is adding an entry to `DATABASE_READINGS`.
 */
export interface DatabaseReading {
  name: string
  help: string
  value: SQL
}

export const DATABASE_READINGS: DatabaseReading[] = [
  {
    name: 'shop_outbox_queued_messages',
    help: 'E-mails waiting for SMTP, not yet sent (kept ones, with no SMTP_URL, are not counted).',
    value: sql`(select count(*) from outbox where status = 'queued')`,
  },
  {
    name: 'shop_outbox_failing_messages',
    help: 'Queued e-mails whose last delivery attempt failed (they are retried).',
    value: sql`(select count(*) from outbox where status = 'queued' and attempts > 0)`,
  },
  {
    name: 'shop_outbox_oldest_queued_seconds',
    help: 'Age of the oldest e-mail not yet sent, 0 when none waits.',
    value: sql`(select coalesce(extract(epoch from now() - min(created_at)), 0) from outbox where status = 'queued')`,
  },
  {
    name: 'shop_refunds_pending',
    help: 'Refunds asked of the payment provider and not yet settled (timed work settles them).',
    value: sql`(select count(*) from refunds where status = 'pending')`,
  },
  {
    name: 'shop_stock_reserved_units',
    help: 'Units reserved on products by pending orders (sum of stock_reserved).',
    value: sql`(select coalesce(sum(stock_reserved), 0) from products)`,
  },
  {
    name: 'shop_jobs_running',
    help: 'Staff jobs (imports, exports) running now.',
    value: sql`(select count(*) from jobs where status = 'running' and updated_at >= now() - ${`${STALLED_MS} milliseconds`}::interval)`,
  },
  {
    name: 'shop_jobs_failed',
    help: 'Staff jobs kept (30 days) that failed or were cut off by a restart.',
    value: sql`(select count(*) from jobs where status = 'failed' or (status = 'running' and updated_at < now() - ${`${STALLED_MS} milliseconds`}::interval))`,
  },
  {
    name: 'shop_backup_last_success_timestamp_seconds',
    help: 'When the last good backup (npm run backup or scheduled) was taken, as a Unix time; 0 when none has been.',
    value: sql`(select coalesce((select extract(epoch from (value -> 'lastOk' ->> 'at')::timestamptz) from shop_settings where key = 'backup-status'), 0))`,
  },
  {
    name: 'shop_backup_last_failed',
    help: '1 when the last backup attempt failed (no good backup since), else 0.',
    value: sql`(select coalesce((select (value -> 'lastFailure' ->> 'at')::timestamptz > coalesce((value -> 'lastOk' ->> 'at')::timestamptz, '-infinity') from shop_settings where key = 'backup-status'), false)::int)`,
  },
]

/** How long a scrape waits for the database's answer before it reports `shop_database_up 0`. */
export const DATABASE_SCRAPE_TIMEOUT_MS = 2000

/**
 * Registers `shop_database_up` and a gauge per reading. Each scrape reads them all in one query,
 * bounded by `timeoutMs`; when the database does not answer in time (or fails), the scrape still
 * succeeds: `shop_database_up` is 0 and the readings have no value (no sample), rather than an old
 * one. A query still running from an earlier scrape is waited for again, never started twice.
 * With several processes each reports the same numbers: `max` keeps one of them (not their sum).
 */
export function registerDatabaseGauges(
  registry: Registry,
  db: Pick<Database, 'execute'>,
  options: { readings?: DatabaseReading[]; timeoutMs?: number } = {},
): void {
  const readings = options.readings ?? DATABASE_READINGS
  const timeoutMs = options.timeoutMs ?? DATABASE_SCRAPE_TIMEOUT_MS
  const query = sql.join(
    readings.map((reading) => sql`(${reading.value})::float8 as ${sql.identifier(reading.name)}`),
    sql`, `,
  )
  let inFlight: Promise<Record<string, unknown> | null> | null = null
  let scrape: Promise<void> | null = null

  const read = (): Promise<Record<string, unknown> | null> => {
    inFlight ??= db
      .execute(sql`select ${query}`)
      .then(
        (result) => (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? null,
        (error: unknown) => {
          logger.warn({ err: error }, 'metrics: the database did not answer')
          return null
        },
      )
      .finally(() => {
        inFlight = null
      })
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs)
    })
    return Promise.race([inFlight, late]).finally(() => clearTimeout(timer))
  }

  const up = new Gauge({
    name: 'shop_database_up',
    help: '1 when the database answered the scrape’s query in time, else 0.',
    registers: [registry],
    aggregator: 'min',
    collect: () => collect(),
  })
  const gauges = readings.map(
    (reading) => new Gauge({ name: reading.name, help: reading.help, registers: [registry], aggregator: 'max', collect: () => collect() }),
  )
  // Every gauge's collect runs at each scrape; they share the one query of that scrape.
  const collect = (): Promise<void> => {
    scrape ??= read()
      .then((row) => {
        up.set(row ? 1 : 0)
        readings.forEach((reading, at) => {
          const value = row ? Number(row[reading.name]) : NaN
          if (Number.isFinite(value)) gauges[at]!.set(value)
          else gauges[at]!.remove()
        })
      })
      .finally(() => {
        scrape = null
      })
    return scrape
  }
}
