/**
 * npm run restore -- <file> [--to <data dir|postgres://…>]
 *
 * Restores a backup (npm run backup) into a new data directory or an empty PostgreSQL database: by
 * default the one this environment names (DATABASE_URL, else DATA_DIR). Refuses a target that holds
 * anything and a file whose checksum does not match, writing nothing (docs/deploy.md, Backups).
 */
import { existsSync, readdirSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { checkBackup, removeRestoredSchema, restoreBackup, RestoreRefusedError } from '../app/server/backup/restore.server.ts'
import { connectPostgres, embeddedPaths, markPrepared, openDatabase, type DatabaseHandle } from '../app/server/db/client.server.ts'
import { parseEnv } from '../app/server/env.server.ts'
import { logger } from '../app/server/log.server.ts'

logger.level = 'silent'

try {
  await main()
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { to: { type: 'string' } } })
  const [file, extra] = positionals
  if (!file || extra) throw new Error('Usage: npm run restore -- <backup file> [--to <data dir|postgres://…>]')
  if (!existsSync(file)) throw new Error(`There is no file ${file}.`)
  const config = parseEnv(process.env)
  const to = values.to ?? config.DATABASE_URL ?? config.DATA_DIR
  const started = performance.now()
  const { header } = await checkBackup(file)
  console.log(`${file}: a backup of ${header.createdAt} (${header.source}), checksum correct.`)
  if (/^postgres(ql)?:\/\//.test(to)) {
    const target = connectPostgres(to, { max: 1 })
    await restoreInto(target, file, async () => removeRestoredSchema(target.db))
  } else {
    const { pgliteDir } = embeddedPaths(to)
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0)
      throw new RestoreRefusedError(`${to} already holds a shop's database. Restore into a new data directory. Nothing was restored.`)
    const target = await openDatabase({ dataDir: to, role: 'command' })
    await restoreInto(target, file, () => rm(pgliteDir, { recursive: true, force: true }))
    // The restored directory is migrated by this version: its next start opens it as it is.
    markPrepared(to)
  }
  console.log(`Restored into ${to.replace(/\/\/[^@/]*@/, '//…@')} in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
}

async function restoreInto(target: DatabaseHandle, file: string, undo: () => Promise<void>) {
  let wrote = false
  try {
    const summary = await restoreBackup(target, file, () => {
      wrote = true
    })
    console.log(
      `  ${summary.tables} tables, ${summary.rows} rows` + (summary.migratedSince ? `; ${summary.migratedSince} newer migrations applied after them` : ''),
    )
  } catch (error) {
    // A failure after the tables were made takes them away again, so the restore can be tried again.
    if (wrote) await undo().catch(() => undefined)
    throw error
  } finally {
    await target.close()
  }
}
