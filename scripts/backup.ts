/**
 * npm run backup [-- --out <file>]
 *
 * Writes one consistent, compressed file of the whole shop (docs/deploy.md, Backups) from its
 * database (DATABASE_URL, or the embedded one in DATA_DIR, through the running shop's socket when it
 * is up) while the shop keeps serving, and prints its name, size, time and SHA-256. Default file:
 * DATA_DIR/backups/shop-<time>.backup.gz.
 */
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { writeBackup, type BucketKeys } from '../app/server/backup/backup.server.ts'
import { parseEnv } from '../app/server/env.server.ts'
import { imageFileStore } from '../app/server/images/image-files.server.ts'
import { logger } from '../app/server/log.server.ts'
import { withCommandDatabase } from './lib/command-database.ts'

logger.level = 'silent'
const { values } = parseArgs({ options: { out: { type: 'string' } } })
const config = parseEnv(process.env)
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const file = path.resolve(values.out ?? path.join(config.DATA_DIR, 'backups', `shop-${stamp}.backup.gz`))

await withCommandDatabase(async (database) => {
  await mkdir(path.dirname(file), { recursive: true })
  const store = await imageFileStore(config)
  const bucket = store.kind === 's3' ? (store as unknown as BucketKeys) : null
  const started = performance.now()
  // Written beside its name and renamed when whole: a file under the name is always a finished backup.
  const partial = `${file}.partial`
  try {
    const summary = await writeBackup(database.db, createWriteStream(partial), {
      source: database.description.startsWith('pglite') ? 'pglite' : 'postgres',
      bucket,
    })
    await rename(partial, file)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`Backup written: ${file}`)
    console.log(`  ${summary.tables} tables, ${summary.rows} rows${bucket ? `, ${summary.imageKeys} image files in the bucket listed` : ''}`)
    console.log(`  ${(summary.bytes / 1_048_576).toFixed(2)} MB in ${seconds} s`)
    console.log(`  SHA-256 ${summary.fileSha256}`)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
})
