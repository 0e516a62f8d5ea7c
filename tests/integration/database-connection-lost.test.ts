/**
 * PostgreSQL closing a connection that a request holds (a restart or failover in the middle of a
 * checkout's transaction) must cost that request a "database unavailable" answer, not the process.
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectPostgres, type DatabaseHandle } from '../../app/server/db/client.server.ts'
import { isDatabaseUnavailable } from '../../app/server/db/unavailable.server.ts'
import { createScratchDatabase } from '../../scripts/lib/scratch-database.ts'

const adminUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!adminUrl)('a PostgreSQL connection closed while a transaction holds it (TEST_DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let handle: DatabaseHandle

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!, 'shop_conn_lost')
    handle = connectPostgres(scratch.url, { max: 2 })
  })
  afterAll(async () => {
    await handle?.close()
    await scratch?.drop()
  })

  it('fails that transaction as "database unavailable", keeps the process, and the pool serves the next request', async () => {
    const crashes: unknown[] = []
    const onUncaught = (error: unknown) => crashes.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      const failure = await handle.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
          const pid = rows[0]!.pid
          // Another connection ends this one while the transaction is between two queries.
          const admin = new pg.Client({ connectionString: scratch.url })
          await admin.connect()
          await admin.query('select pg_terminate_backend($1)', [pid])
          await admin.end()
          await new Promise((resolve) => setTimeout(resolve, 300))
          await tx.execute(sql`select 1`)
        })
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect(failure, 'the transaction fails').not.toBeNull()
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true)
      expect(crashes, 'nothing reached the process as an uncaught error').toEqual([])
      const { rows } = (await handle.db.execute(sql`select 42 as answer`)) as unknown as { rows: unknown[] }
      expect(rows).toEqual([{ answer: 42 }])
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })
})
