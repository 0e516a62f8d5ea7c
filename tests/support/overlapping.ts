import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server.ts'
import * as schema from '../../app/server/db/schema.ts'
import type { TestDatabaseKind } from './databases.ts'

/**
 * A database for `size` buyers at once: on PostgreSQL a pool with a connection for each, so their
 * transactions really overlap (the test's own handle has only a few); on PGlite, which runs one
 * transaction at a time, the handle itself. `pool` is there to check the overlap and to close.
 */
export async function overlappingDatabase(kind: TestDatabaseKind, database: DatabaseHandle, size: number): Promise<{ db: Database; pool: pg.Pool | null }> {
  if (kind.name !== 'postgres') return { db: database.db, pool: null }
  const result = await database.db.execute(sql`select current_database() as name`)
  const [{ name }] = (result as unknown as { rows: [{ name: string }] }).rows
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  const pool = new pg.Pool({ connectionString: url.href, max: size })
  return { db: drizzle({ client: pool, schema }) as unknown as Database, pool }
}
