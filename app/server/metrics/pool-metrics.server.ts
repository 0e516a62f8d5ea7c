import { performance } from 'node:perf_hooks'
import type pg from 'pg'
import { Gauge, Histogram, type Registry } from 'prom-client'

const instrumented = new WeakSet<object>()

/**
 * The node-postgres pool's state at each scrape (connections open, idle, requests waiting for one),
 * how long each query waited for a connection, and how long each query took. The pool's `connect`
 * is wrapped (its own `query` goes through it) and each connection's `query` once, when it is first
 * handed out: two clock readings and two histogram observations per query, nothing per request.
 */
export function instrumentPool(registry: Registry, pool: pg.Pool): void {
  const waits = new Histogram({
    name: 'shop_db_pool_wait_seconds',
    help: 'Time a query or transaction waited for a database connection from the pool.',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  })
  const queries = new Histogram({
    name: 'shop_db_query_duration_seconds',
    help: 'Time from sending a query to its answer (or its failure).',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  })
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value())
      },
    })
  gauge('shop_db_pool_connections', 'Database connections the pool holds open (idle and in use).', () => pool.totalCount)
  gauge('shop_db_pool_idle_connections', 'Open database connections not in use.', () => pool.idleCount)
  gauge('shop_db_pool_waiting', 'Queries and transactions waiting for a connection now (the pool is at its maximum).', () => pool.waitingCount)

  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => unknown
  const waited = (started: number) => waits.observe((performance.now() - started) / 1000)
  pool.connect = function (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) {
    const started = performance.now()
    if (callback) {
      return connect((error, client, done) => {
        waited(started)
        callback(error, client, done)
      })
    }
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        waited(started)
        return client
      },
      (error: unknown) => {
        waited(started)
        throw error
      },
    )
  } as pg.Pool['connect']

  pool.on('acquire', (client) => {
    if (instrumented.has(client)) return
    instrumented.add(client)
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = function (...args: unknown[]) {
      const started = performance.now()
      const done = () => queries.observe((performance.now() - started) / 1000)
      const last = args.length - 1
      // The pool's own `query` passes a callback; Drizzle's transactions take the promise. A cursor passes untimed.
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...results: unknown[]) => unknown
        args[last] = (...results: unknown[]) => {
          done()
          return callback(...results)
        }
      }
      const answer = query(...args)
      if (answer instanceof Promise) answer.then(done, done)
      return answer
    } as typeof client.query
  })
}
