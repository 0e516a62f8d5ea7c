import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { shopDay, shopHour } from '../../lib/reports/periods.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { shopSettings } from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { imageFileStore, s3Settings } from '../images/image-files.server.ts'
import { logger } from '../log.server.ts'
import { writeBackup, type BackupSummary, type BucketKeys } from './backup.server.ts'

/**
 * Taking backups and keeping their record (docs/deploy.md, Backups): `npm run backup` and the
 * scheduled daily backup both go through takeBackup, which writes the file (whole under its name or
 * not at all) and records the outcome in the shop's settings, where staff's dashboard and the metrics
 * read when the last one succeeded and whether the last one failed.
 */

/** What staff and the metrics know of backups. */
export interface BackupStatus {
  lastOk?: { at: string; where: string; bytes: number; sha256: string; rows: number; seconds: number; kind: BackupKind }
  lastFailure?: { at: string; error: string; kind: BackupKind }
}

export type BackupKind = 'manual' | 'scheduled'

const STATUS_KEY = 'backup-status'
const CLAIM_KEY = 'backup-claim'
/** A scheduled backup's file name: sorted by name is sorted by time. */
const FILE_PATTERN = /^shop-\d{4}-\d{2}-\d{2}T[\d-]+Z\.backup\.gz$/

export async function readBackupStatus(db: Executor): Promise<BackupStatus> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, STATUS_KEY))
  return (row?.value as BackupStatus | undefined) ?? {}
}

/** Merges one outcome into the record (the other outcome kept). */
async function record(db: Executor, outcome: BackupStatus) {
  await db
    .insert(shopSettings)
    .values({ key: STATUS_KEY, value: outcome })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: sql`${shopSettings.value} || excluded.value` } })
}

/** A backup file's name for `now`: `shop-2026-11-28T03-00-00-000Z.backup.gz`. */
export const backupFileName = (now: Date) => `shop-${now.toISOString().replace(/[:.]/g, '-')}.backup.gz`

/** The keys of the bucket's image files a backup lists, when images' files are kept there. */
async function bucketOf(config: Env): Promise<BucketKeys | null> {
  const store = await imageFileStore(config)
  return store.kind === 's3' ? (store as unknown as BucketKeys) : null
}

/**
 * Writes a backup of `db` to `file` (as `file.partial`, renamed when whole) and records the outcome.
 * `where` names it in the record (the file, or the bucket key it was copied to).
 */
export async function takeBackup(
  deps: { db: Database; config: Env; source: string },
  file: string,
  kind: BackupKind,
  deliver: (file: string) => Promise<string> = async (done) => done,
): Promise<BackupSummary & { where: string; seconds: number }> {
  const started = performance.now()
  const partial = `${file}.partial`
  try {
    await mkdir(path.dirname(file), { recursive: true })
    const summary = await writeBackup(deps.db, createWriteStream(partial), { source: deps.source, bucket: await bucketOf(deps.config) })
    await rename(partial, file)
    const where = await deliver(file)
    const seconds = Math.round(performance.now() - started) / 1000
    await record(deps.db, {
      lastOk: { at: new Date().toISOString(), where, bytes: summary.bytes, sha256: summary.fileSha256, rows: summary.rows, seconds, kind },
    })
    return { ...summary, where, seconds }
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined)
    const message = error instanceof Error ? error.message : String(error)
    logger.error({ err: error, kind }, 'backup failed')
    await record(deps.db, { lastFailure: { at: new Date().toISOString(), error: message.slice(0, 500), kind } }).catch(() => undefined)
    throw error
  }
}

export type ScheduledResult = { skipped: 'not-configured' | 'too-early' | 'already-taken' } | { written: string; removed: number }

/**
 * The day's scheduled backup, once across every process: after BACKUP_HOUR (Brisbane), the first
 * process to claim the day takes it, into BACKUP_DIR or the bucket under BACKUP_S3_PREFIX, then keeps
 * the newest BACKUP_KEEP there. A failure is logged and recorded for staff; the day is not retried
 * (the dashboard says the last backup failed, and an operator runs `npm run backup`).
 */
export async function scheduledBackup(deps: { db: Database; config: Env; source: string }, now = new Date()): Promise<ScheduledResult> {
  const { config } = deps
  if (!config.BACKUP_DIR && !config.BACKUP_S3_PREFIX) return { skipped: 'not-configured' }
  if (shopHour(now) < config.BACKUP_HOUR) return { skipped: 'too-early' }
  const day = shopDay(now)
  const [claimed] = await deps.db
    .insert(shopSettings)
    .values({ key: CLAIM_KEY, value: { day } })
    .onConflictDoUpdate({
      target: shopSettings.key,
      set: { value: sql`excluded.value` },
      // Only a later day takes the claim over: the second process of the day updates nothing.
      setWhere: sql`coalesce(${shopSettings.value} ->> 'day', '') < ${day}`,
    })
    .returning({ key: shopSettings.key })
  if (!claimed) return { skipped: 'already-taken' }
  const name = backupFileName(now)
  if (config.BACKUP_DIR) {
    const file = path.resolve(config.BACKUP_DIR, name)
    await takeBackup(deps, file, 'scheduled')
    return { written: file, removed: await pruneDirectory(path.dirname(file), config.BACKUP_KEEP) }
  }
  const bucket = await backupBucket(config)
  const folder = await mkdtemp(path.join(tmpdir(), 'shop-backup-'))
  try {
    const key = `${config.BACKUP_S3_PREFIX}${name}`
    await takeBackup(deps, path.join(folder, name), 'scheduled', async (file) => {
      await bucket.put(key, file)
      return `s3://${config.S3_BUCKET}/${key}`
    })
    return { written: `s3://${config.S3_BUCKET}/${key}`, removed: await bucket.prune(config.BACKUP_KEEP) }
  } finally {
    await rm(folder, { recursive: true, force: true })
    bucket.destroy()
  }
}

/** Deletes all but the newest `keep` backups in a directory (only files named as backups are). */
async function pruneDirectory(folder: string, keep: number): Promise<number> {
  const files = (await readdir(folder)).filter((name) => FILE_PATTERN.test(name)).sort()
  const old = files.slice(0, Math.max(0, files.length - keep))
  for (const name of old) await rm(path.join(folder, name), { force: true })
  return old.length
}

/** The bucket (S3_BUCKET and its settings) as the backups' destination, under BACKUP_S3_PREFIX. */
async function backupBucket(config: Env) {
  const [{ DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand }, { s3Client }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('../images/s3-files.server.ts'),
  ])
  const client = s3Client(s3Settings(config, config.S3_BUCKET!))
  const bucket = config.S3_BUCKET!
  const prefix = config.BACKUP_S3_PREFIX!
  return {
    async put(key: string, file: string) {
      const { size } = await stat(file)
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: 'application/gzip' }))
    },
    async prune(keep: number): Promise<number> {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
        for (const object of page.Contents ?? []) if (object.Key && FILE_PATTERN.test(object.Key.slice(prefix.length))) keys.push(object.Key)
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      const old = keys.sort().slice(0, Math.max(0, keys.length - keep))
      for (const key of old) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
      return old.length
    },
    destroy: () => client.destroy(),
  }
}
