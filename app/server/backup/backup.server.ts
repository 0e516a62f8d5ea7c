import { createHash } from 'node:crypto'
import type { Writable } from 'node:stream'
import { createGzip } from 'node:zlib'
import { sql, type SQL } from 'drizzle-orm'
import { mediaWidths, type MediaFormat } from '../../lib/media.ts'
import type { Database, Executor } from '../db/client.server.ts'

/**
 * The shop's backups (docs/deploy.md, Backups; docs/decisions/056-backups-of-every-table.md):
 * one gzip file of JSON lines holding every row of every table, taken in one read-only snapshot so
 * the rows agree with each other, with the migrations the database had, its sequences, and (with
 * images' files in a bucket) the keys of the files it needs. The same file restores into the
 * embedded database or PostgreSQL, whichever it came from (app/server/backup/restore.server.ts).
 *
 * Lines, in order:
 * - `{"backup":"unidrone-shop","format":1,…}`: when, from what, and the migrations applied;
 * - `{"table":"orders","columns":[…]}`, then `{"rows":[…]}` lines of rows (about 4 MB at most), each
 *   row as PostgreSQL's own `row_to_json` writes it (bytes as `\x…` hex, times to the microsecond);
 * - `{"sequences":[…]}` and `{"imageKeys":[…]}`;
 * - `{"end":true,"rows":{table:count},"sha256":…}`: the SHA-256 of every byte before this line.
 */
export const BACKUP_FORMAT = 1
export const BACKUP_KIND = 'unidrone-shop'
/** Rows fetched at a time, and the length at which a line of rows is ended (a line of images' bytes is long). */
const ROWS_PER_FETCH = 200
const LINE_CHARACTERS = 4_000_000

export interface BackupHeader {
  backup: typeof BACKUP_KIND
  format: number
  createdAt: string
  /** `pglite` or `postgres`: where it was taken (a backup restores into either). */
  source: string
  /** The migrations the database had (drizzle/meta/_journal.json's `when` of each), oldest first. */
  migrations: number[]
}

export interface BackupEnd {
  end: true
  rows: Record<string, number>
  sha256: string
}

export interface BackupSummary {
  tables: number
  rows: number
  /** Compressed bytes written. */
  bytes: number
  /** SHA-256 of the file as written, for comparing copies. */
  fileSha256: string
  imageKeys: number
}

/** Where images' files live, when not in the database: the keys a restore needs from the bucket. */
export interface BucketKeys {
  key(id: string, width: number, format: MediaFormat): string
}

/** The rows a statement returns, on either driver. */
export async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows
}

/**
 * The shop's tables, every one in the schema the migrations write (`public`), each after the tables
 * it references (then by name), so a restore that inserts them in this order meets every foreign key.
 */
export async function shopTables(db: Executor): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.conrelid <> c.confrelid`,
  )
  const waiting = new Map(tables.map((row) => [row.name, new Set(references.filter((edge) => edge.child === row.name).map((edge) => edge.parent))]))
  const ordered: string[] = []
  while (waiting.size > 0) {
    const next = [...waiting].find(([, parents]) => [...parents].every((parent) => !waiting.has(parent)))
    if (!next) throw new Error(`The tables ${[...waiting.keys()].join(', ')} reference each other in a circle; they cannot be restored in any order.`)
    ordered.push(next[0])
    waiting.delete(next[0])
  }
  return ordered
}

/** A name as SQL writes it: quoted, with any quote doubled. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Columns of a table that reference the same table (a variant's `parent_id`): its rows are written
 * with those empty first, so a restore inserts a row after the row it names.
 */
async function selfReferences(db: Executor, table: string): Promise<string[]> {
  const columns = await rowsOf<{ name: string }>(
    db,
    sql`
    select a.attname as name
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.conrelid = ${`public.${ident(table)}`}::regclass and c.confrelid = c.conrelid`,
  )
  return columns.map((row) => row.name)
}

/**
 * Writes a backup of the database to `out`, in one read-only snapshot (REPEATABLE READ): on
 * PostgreSQL the shop keeps writing meanwhile; on the embedded database its one session is the
 * backup's until the rows are read, and other queries wait their turn.
 */
export async function writeBackup(db: Database, out: Writable, options: { source: string; bucket?: BucketKeys | null; now?: Date }): Promise<BackupSummary> {
  const gzip = createGzip({ level: 6 })
  const fileHash = createHash('sha256')
  let bytes = 0
  gzip.on('data', (chunk: Buffer) => {
    fileHash.update(chunk)
    bytes += chunk.length
  })
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve)
    out.on('error', reject)
    gzip.on('error', reject)
  })
  gzip.pipe(out)
  const contentHash = createHash('sha256')
  const write = async (line: string) => {
    const text = `${line}\n`
    contentHash.update(text)
    if (!gzip.write(text)) await new Promise((resolve) => gzip.once('drain', resolve))
  }
  const counts: Record<string, number> = {}
  let imageKeys = 0
  await db.transaction(
    async (tx) => {
      const migrations = await rowsOf<{ when: string }>(tx, sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at`)
      const header: BackupHeader = {
        backup: BACKUP_KIND,
        format: BACKUP_FORMAT,
        createdAt: (options.now ?? new Date()).toISOString(),
        source: options.source,
        migrations: migrations.map((row) => Number(row.when)),
      }
      await write(JSON.stringify(header))
      for (const table of await shopTables(tx)) {
        const columns = await rowsOf<{ name: string }>(
          tx,
          sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
        )
        await write(JSON.stringify({ table, columns: columns.map((row) => row.name) }))
        const parents = await selfReferences(tx, table)
        const order = parents.length ? ` order by ${parents.map((column) => `${ident(column)} is not null`).join(', ')}` : ''
        await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select row_to_json(t)::text as r from public.${ident(table)} t${order}`))
        let count = 0
        // Each row is already JSON: joined, not parsed and written again, so nothing about it changes.
        let line: string[] = []
        let length = 0
        const flush = async () => {
          if (line.length > 0) await write(`{"rows":[${line.join(',')}]}`)
          line = []
          length = 0
        }
        for (;;) {
          const batch = await rowsOf<{ r: string }>(tx, sql.raw(`fetch forward ${ROWS_PER_FETCH} from backup_rows`))
          if (batch.length === 0) break
          count += batch.length
          for (const row of batch) {
            line.push(row.r)
            length += row.r.length
            if (length >= LINE_CHARACTERS) await flush()
          }
        }
        await flush()
        await tx.execute(sql.raw('close backup_rows'))
        counts[table] = count
      }
      const sequences = await rowsOf<{ name: string; value: string | null }>(
        tx,
        sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by sequencename`,
      )
      await write(JSON.stringify({ sequences: sequences.map((row) => ({ name: row.name, value: row.value === null ? null : Number(row.value) })) }))
      if (options.bucket) {
        const keys = await bucketKeys(tx, options.bucket)
        imageKeys = keys.length
        await write(JSON.stringify({ imageKeys: keys }))
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  const end: BackupEnd = { end: true, rows: counts, sha256: contentHash.digest('hex') }
  gzip.end(`${JSON.stringify(end)}\n`)
  await finished
  return {
    tables: Object.keys(counts).length,
    rows: Object.values(counts).reduce((sum, count) => sum + count, 0),
    bytes,
    fileSha256: fileHash.digest('hex'),
    imageKeys,
  }
}

/** The bucket keys of every image whose files are not in the database: each format at each of its widths. */
async function bucketKeys(tx: Executor, bucket: BucketKeys): Promise<string[]> {
  const images = await rowsOf<{ id: string; width: number }>(
    tx,
    sql`select m.id, m.width from media m where not exists (select 1 from media_variants v where v.media_id = m.id) order by m.id`,
  )
  return images.flatMap((image) =>
    mediaWidths(image.width).flatMap((width) => (['avif', 'webp'] as const).map((format) => bucket.key(image.id, width, format))),
  )
}
