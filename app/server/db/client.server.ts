import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { logger } from '../log.server.ts'
import { withAfterCommit } from './after-commit.server.ts'
import { acquireLock, type Lock } from './lock.server.ts'
import { servePglite } from './pglite-server.server.ts'
import * as schema from './schema.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction, or the database itself: every write function accepts either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database

export interface DatabaseHandle {
  db: Database
  /** Where the data lives, for log lines: `pglite:<dir>`, `pglite-socket:<dir>` or `postgres`. */
  description: string
  /** Applies the migrations in `folder` (default: the shop's own, `drizzle/`). */
  migrate(folder?: string): Promise<void>
  close(): Promise<void>
  /** The node-postgres pool the queries go through (PostgreSQL, or a shop's embedded database by its socket), for the metrics. */
  pool?: pg.Pool
}

export const migrationsFolder = path.resolve('drizzle')

/** Connections the running shop opens to its own embedded database (they take turns). */
const SHOP_CONNECTIONS = 4

/**
 * Every wait on PostgreSQL is bounded, so that a database restart costs errors for a few seconds
 * and never a request that hangs: a connection must open within CONNECT_TIMEOUT_MS and a query
 * answer within QUERY_TIMEOUT_MS (a client whose query timed out is thrown away, not reused).
 */
const CONNECT_TIMEOUT_MS = 5_000
const QUERY_TIMEOUT_MS = 30_000

function poolSettings(target: string | { socket: string }, max: number): pg.PoolConfig {
  const bounds = { max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS, idleTimeoutMillis: 30_000 }
  if (typeof target === 'string') return { ...bounds, connectionString: target }
  // The embedded database's socket is served by the shop itself and is never away: a wait there is a
  // turn behind an operator command's transaction (a backup's snapshot holds the one session for as
  // long as it reads), so a connection may take as long as a query.
  // A Unix socket is named by its folder; the file in it is `.s.PGSQL.<port>`.
  return {
    ...bounds,
    connectionTimeoutMillis: QUERY_TIMEOUT_MS,
    host: path.dirname(path.resolve(target.socket)),
    port: Number(path.basename(target.socket).split('.').pop()),
    user: 'postgres',
    database: 'postgres',
  }
}

/** Connects to PostgreSQL by URL, or to a running shop's embedded database by its Unix socket. */
export function connectPostgres(target: string | { socket: string }, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool(poolSettings(target, options.max ?? 10))
  // A connection that the server closes (a restart, a failover) says so with an 'error' event, which
  // without a listener ends the process. The pool listens only while a connection is idle; one in
  // use (a transaction between two queries) would take the shop down, so each connection gets a
  // listener of its own. Its next query then fails as "database unavailable" (503) and the pool
  // drops it when it is given back.
  pool.on('connect', (client) => client.on('error', (error) => logger.warn({ err: error }, 'database connection lost')))
  // (Logged by the connection's own listener above; the pool repeats it for idle connections.)
  pool.on('error', () => {})
  const db = withAfterCommit(drizzlePostgres({ client: pool, schema }))
  return {
    db,
    pool,
    description: 'postgres',
    migrate: (folder = migrationsFolder) => (typeof target === 'string' ? migrateUnderLock(target, folder) : migratePostgres(db, { migrationsFolder: folder })),
    close: () => pool.end(),
  }
}

/** Any number of processes may start at once against one PostgreSQL: one migrates, the others wait. */
const MIGRATION_LOCK = 7_274_627_274

async function migrateUnderLock(url: string, folder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // A connection closed while it waits for the lock fails the migration (and so this start), not the process.
  client.on('error', (error) => logger.warn({ err: error }, 'database connection lost while migrating'))
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder: folder })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
    await client.end()
  }
}

/**
 * The extensions the migrations create (search: drizzle/0012_search.sql). PostgreSQL has them in
 * contrib; PGlite loads them from its package, and must be given them on every open.
 */
const PGLITE_EXTENSIONS = { pg_trgm, unaccent }

/**
 * PGlite starts PostgreSQL with 160 MB of shared buffers, all of it in the shop's own memory and
 * never given back. The embedded shop is the demo and a small shop's database (its files stay in the
 * system's page cache): 32 MB holds the demo catalogue many times over
 * (docs/decisions/033-process-memory.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

/** An embedded database in memory (tests) or in a directory that this process owns. */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle & { pglite: PGlite }> {
  const pglite = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS })
  const db = withAfterCommit(drizzlePglite({ client: pglite, schema }))
  return {
    db,
    pglite,
    description: dataDir ? `pglite:${dataDir}` : 'pglite:memory',
    migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => pglite.close(),
  }
}

export interface OpenOptions {
  databaseUrl?: string
  dataDir: string
  /**
   * `shop`: the long-running server. It owns the embedded directory and serves it on a Unix
   * socket so that operator commands can reach it while it runs.
   * `command`: a short-lived operator command. It uses the running shop's socket when there is
   * one, and otherwise opens the directory itself under the lock.
   */
  role: 'shop' | 'command'
  /** How long to wait for another process to release the embedded directory. */
  waitMs?: number
}

/**
 * The embedded database's files, by absolute path: DATA_DIR is relative by default (`./data`), and
 * node-postgres takes a socket folder only when it starts with "/" (a relative one is looked up as a
 * host name).
 */
export function embeddedPaths(dataDir: string) {
  const dir = path.resolve(dataDir)
  return {
    pgliteDir: path.join(dir, 'pglite'),
    lockFile: path.join(dir, 'pglite.lock'),
    socketFile: path.join(dir, '.s.PGSQL.5432'),
    /** The last migration the directory was prepared with (written by `markPrepared`). */
    preparedFile: path.join(dir, 'pglite.prepared'),
  }
}

/** The tag of the newest migration this version of the shop brings (drizzle/meta/_journal.json). */
function newestMigration(): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  return journal.entries.at(-1)?.tag ?? ''
}

/**
 * Whether the embedded database in `dataDir` is new, or was last prepared by a version of the shop
 * with fewer migrations: then creating, migrating and seeding it is worth a process of its own
 * (app/server/http/process/shop-process.server.ts). A shop that opens it migrates it anyway; this
 * only decides where.
 */
export function embeddedNeedsPreparing(dataDir: string): boolean {
  const { pgliteDir, preparedFile } = embeddedPaths(dataDir)
  if (!existsSync(pgliteDir) || !existsSync(preparedFile)) return true
  return readFileSync(preparedFile, 'utf8').trim() !== newestMigration()
}

/** Records that the embedded database in `dataDir` is migrated and prepared by this version. */
export function markPrepared(dataDir: string): void {
  writeFileSync(embeddedPaths(dataDir).preparedFile, `${newestMigration()}\n`)
}

/**
 * Opens the shop's database: PostgreSQL when a URL is given, otherwise the embedded PGlite
 * directory, never opened by two processes at once (docs/decisions/002-embedded-database-lock-and-socket.md).
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl)

  const { pgliteDir, lockFile, socketFile } = embeddedPaths(options.dataDir)
  const deadline = Date.now() + (options.waitMs ?? (options.role === 'shop' ? 30_000 : 0))
  for (;;) {
    const lock = await acquireLock(lockFile, { socket: options.role === 'shop' ? socketFile : null })
    if (lock.acquired) return openOwnedPglite(pgliteDir, socketFile, lock, options.role)
    if (options.role === 'command' && lock.holder.socket && existsSync(lock.holder.socket)) {
      const viaSocket = connectPostgres({ socket: lock.holder.socket }, { max: 1 })
      return { ...viaSocket, description: `pglite-socket:${options.dataDir}` }
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `The embedded database in ${options.dataDir} is in use by process ${lock.holder.pid}` +
          (lock.holder.socket ? ' (a running shop).' : ' (an operator command); try again when it has finished.'),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function openOwnedPglite(
  pgliteDir: string,
  socketFile: string,
  lock: Extract<Lock, { acquired: true }>,
  role: OpenOptions['role'],
): Promise<DatabaseHandle> {
  let handle: Awaited<ReturnType<typeof openPglite>>
  try {
    handle = await openPglite(pgliteDir)
  } catch (error) {
    await lock.release()
    throw error
  }
  if (role === 'command') {
    return {
      ...handle,
      close: async () => {
        await handle.close()
        await lock.release()
      },
    }
  }
  // PGlite is one session. The socket server gives each client's batches and transactions their
  // turn, so the shop itself goes through it too: its requests and an operator command's
  // transaction can then never interleave.
  const socketServer = await servePglite(handle.pglite, socketFile)
  const viaSocket = connectPostgres({ socket: socketFile }, { max: SHOP_CONNECTIONS })
  return {
    ...viaSocket,
    description: handle.description,
    close: async () => {
      await viaSocket.close()
      await socketServer.close()
      await handle.close()
      await lock.release()
    },
  }
}
