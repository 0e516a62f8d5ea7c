import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { createGunzip } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { migrationsFolder, type DatabaseHandle } from '../db/client.server.ts'
import { BACKUP_FORMAT, BACKUP_KIND, ident, rowsOf, type BackupEnd, type BackupHeader } from './backup.server.ts'

/** A backup that is not restored, with the reason for the operator; nothing was written. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError'
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[]
}

const readJournal = async (folder: string) => JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal

/** Each line of a backup file, after gunzip, with its line ending. */
async function* backupLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })
  try {
    for await (const line of lines) yield line
  } catch (error) {
    throw new RestoreRefusedError(`${file} is not a whole backup of this shop (${(error as Error).message}). Nothing was restored.`)
  }
}

/**
 * Reads a backup through once, before anything is written: its first line must be this shop's
 * backup header, its last the end line, and the SHA-256 of everything before the end line must be
 * the one the end line records. Returns the header and the end line.
 */
export async function checkBackup(file: string): Promise<{ header: BackupHeader; end: BackupEnd }> {
  const hash = createHash('sha256')
  let header: BackupHeader | null = null
  let end: BackupEnd | null = null
  for await (const line of backupLines(file)) {
    if (end) throw new RestoreRefusedError(`${file} has lines after its end: it was changed. Nothing was restored.`)
    if (header === null) {
      const first = parseLine(line) as Partial<BackupHeader> | null
      if (first?.backup !== BACKUP_KIND) throw new RestoreRefusedError(`${file} is not a backup of this shop. Nothing was restored.`)
      if (first.format !== BACKUP_FORMAT)
        throw new RestoreRefusedError(`${file} is a backup in format ${first.format}, which this version of the shop does not read. Nothing was restored.`)
      header = first as BackupHeader
    } else if (line.startsWith('{"end":')) {
      end = parseLine(line) as BackupEnd
      continue
    }
    hash.update(`${line}\n`)
  }
  if (!header) throw new RestoreRefusedError(`${file} is empty. Nothing was restored.`)
  if (!end) throw new RestoreRefusedError(`${file} ends early: the backup was cut short or damaged. Nothing was restored.`)
  if (hash.digest('hex') !== end.sha256)
    throw new RestoreRefusedError(`${file} does not match its checksum: the backup is damaged or was changed. Nothing was restored.`)
  return { header, end }
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    return null
  }
}

/** Whether the database holds anything of a shop's (or of anything else): tables in `public`, or migrations applied. */
export async function databaseIsEmpty(db: DatabaseHandle['db']): Promise<boolean> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from information_schema.tables where table_schema in ('public', 'drizzle')`,
  )
  return row!.count === 0
}

/**
 * A folder with the first `count` of the shop's migrations, so a backup from an older version is
 * loaded into the tables it was taken from before the newer migrations change them.
 */
async function migrationsUpTo(count: number): Promise<string> {
  const journal = await readJournal(migrationsFolder)
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-restore-migrations-'))
  await mkdir(path.join(folder, 'meta'))
  const entries = journal.entries.slice(0, count)
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }))
  for (const entry of entries) await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
  return folder
}

export interface RestoreSummary {
  tables: number
  rows: number
  /** Migrations of this version applied after the backup's rows were loaded (0 for a backup of this version). */
  migratedSince: number
}

/**
 * Restores a backup into an empty database (`target`, already open): checks the file whole, creates
 * the tables as they were when it was taken, loads every row in one transaction (then each
 * sequence where it was), checks each table's count against the file, and applies this version's
 * newer migrations. A refusal or a failure before the rows are committed leaves no rows; once
 * `onWrite` was called (the tables are being made), the caller throws away the half-made database
 * (removeRestoredSchema, or the new directory).
 */
export async function restoreBackup(target: DatabaseHandle, file: string, onWrite: () => void = () => {}): Promise<RestoreSummary> {
  const { header, end } = await checkBackup(file)
  if (!(await databaseIsEmpty(target.db)))
    throw new RestoreRefusedError('The target database is not empty. Restore into a new data directory or an empty database. Nothing was restored.')
  const journal = await readJournal(migrationsFolder)
  const known = journal.entries.map((entry) => entry.when)
  const matches = header.migrations.every((when, index) => known[index] === when)
  if (!matches || header.migrations.length > known.length)
    throw new RestoreRefusedError(
      'This backup was taken by a newer or different version of the shop (its migrations are not this version’s). Restore it with that version. Nothing was restored.',
    )
  const folder = await migrationsUpTo(header.migrations.length)
  onWrite()
  try {
    await target.migrate(folder)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  const counts: Record<string, number> = {}
  await target.db.transaction(async (tx) => {
    let table: { name: string; insert: string } | null = null
    for await (const line of backupLines(file)) {
      if (line.startsWith('{"rows":')) {
        if (!table) throw new RestoreRefusedError('The backup has rows before naming their table. Nothing was restored.')
        // The line's rows as one JSON array, turned back into the table's rows by PostgreSQL itself.
        const rows = line.slice('{"rows":'.length, -1)
        const [inserted] = await rowsOf<{ count: number }>(
          tx,
          sql`with inserted as (${sql.raw(table.insert)} from json_populate_recordset(null::public.${sql.raw(ident(table.name))}, ${rows}::json) returning 1)
              select count(*)::int as count from inserted`,
        )
        counts[table.name] = (counts[table.name] ?? 0) + inserted!.count
        continue
      }
      const record = JSON.parse(line) as { table?: string; columns?: string[]; sequences?: { name: string; value: number | null }[] }
      if (record.table && record.columns) {
        const generated = await rowsOf<{ name: string }>(
          tx,
          sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${record.table} and is_generated = 'ALWAYS'`,
        )
        const columns = record.columns.filter((column) => !generated.some((row) => row.name === column)).map(ident)
        table = {
          name: record.table,
          insert: `insert into public.${ident(record.table)} (${columns.join(', ')}) overriding system value select ${columns.join(', ')}`,
        }
        counts[record.table] = 0
      } else if (record.sequences) {
        for (const sequence of record.sequences) {
          const name = `public.${ident(sequence.name)}`
          await tx.execute(sequence.value === null ? sql`select setval(${name}, 1, false)` : sql`select setval(${name}, ${sequence.value}, true)`)
        }
      }
    }
    for (const [name, count] of Object.entries(end.rows)) {
      if (counts[name] !== count)
        throw new RestoreRefusedError(`The backup names ${count} rows of ${name} but holds ${counts[name] ?? 0}. Nothing was restored.`)
    }
  })
  await target.migrate()
  return {
    tables: Object.keys(counts).length,
    rows: Object.values(counts).reduce((sum, count) => sum + count, 0),
    migratedSince: known.length - header.migrations.length,
  }
}

/**
 * Takes away what a failed restore made in a PostgreSQL database that was empty before it: its
 * schemas, made anew, so the restore can be tried again.
 */
export async function removeRestoredSchema(db: DatabaseHandle['db']): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`)
  await db.execute(sql`drop schema if exists public cascade`)
  await db.execute(sql`create schema public`)
}
