/**
 * npm run backup [-- --out <file>]
 *
 * Writes one consistent, compressed file of the whole shop (docs/deploy.md, Backups) from its
 * database (DATABASE_URL, or the embedded one in DATA_DIR, through the running shop's socket when it
 * is up) while the shop keeps serving, and prints its name, size, time and SHA-256. Default file:
 * DATA_DIR/backups/shop-<time>.backup.gz.
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { backupFileName, takeBackup } from '../app/server/backup/backup-runs.server.ts'
import { parseEnv } from '../app/server/env.server.ts'
import { logger } from '../app/server/log.server.ts'
import { withCommandDatabase } from './lib/command-database.ts'

logger.level = 'silent'
const { values } = parseArgs({ options: { out: { type: 'string' } } })
const config = parseEnv(process.env)
const file = path.resolve(values.out ?? path.join(config.DATA_DIR, 'backups', backupFileName(new Date())))

await withCommandDatabase(async (database) => {
  // Written beside its name and renamed when whole; the outcome is recorded for staff's dashboard.
  const source = database.description.startsWith('pglite') ? 'pglite' : 'postgres'
  const summary = await takeBackup({ db: database.db, config, source }, file, 'manual')
  console.log(`Backup written: ${file}`)
  console.log(`  ${summary.tables} tables, ${summary.rows} rows${summary.imageKeys ? `, ${summary.imageKeys} image files in the bucket listed` : ''}`)
  console.log(`  ${(summary.bytes / 1_048_576).toFixed(2)} MB in ${summary.seconds.toFixed(1)} s`)
  console.log(`  SHA-256 ${summary.fileSha256}`)
})
