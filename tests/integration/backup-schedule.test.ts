import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBackupStatus, scheduledBackup } from '../../app/server/backup/backup-runs.server'
import { checkBackup } from '../../app/server/backup/restore.server'
import { openPglite, type DatabaseHandle } from '../../app/server/db/client.server'
import { parseEnv } from '../../app/server/env.server'
import { startFakeS3 } from '../fakes/s3'

/** 03:00 in Brisbane (UTC+10) on a day of November 2026. */
const at3am = (day: number) => new Date(Date.UTC(2026, 10, day - 1, 17, 0, 0))

describe('scheduled backups', () => {
  let database: DatabaseHandle
  let folder: string
  beforeAll(async () => {
    database = await openPglite()
    await database.migrate()
    folder = await mkdtemp(path.join(tmpdir(), 'shop-backup-schedule-'))
  })
  afterAll(async () => {
    await database?.close()
    await rm(folder, { recursive: true, force: true })
  })
  const deps = (env: Record<string, string>) => ({ db: database.db, config: parseEnv({ PORT: '3999', ...env }), source: 'pglite' })

  it('takes the day’s backup once after its hour, keeps the newest BACKUP_KEEP, and records each outcome for staff', async () => {
    const dir = path.join(folder, 'daily')
    const config = { BACKUP_DIR: dir, BACKUP_HOUR: '2', BACKUP_KEEP: '2' }
    expect(await scheduledBackup(deps({}), at3am(20))).toEqual({ skipped: 'not-configured' })
    expect(await scheduledBackup(deps(config), new Date(Date.UTC(2026, 10, 19, 15, 30)))).toEqual({ skipped: 'too-early' })
    // Two processes at the same minute: one takes it.
    const both = await Promise.all([scheduledBackup(deps(config), at3am(20)), scheduledBackup(deps(config), at3am(20))])
    expect(both.filter((result) => 'written' in result)).toHaveLength(1)
    expect(both).toContainEqual({ skipped: 'already-taken' })
    await scheduledBackup(deps(config), at3am(21))
    const third = await scheduledBackup(deps(config), at3am(22))
    expect(third).toMatchObject({ removed: 1 })
    const files = (await readdir(dir)).sort()
    expect(files).toEqual(['shop-2026-11-20T17-00-00-000Z.backup.gz', 'shop-2026-11-21T17-00-00-000Z.backup.gz'])
    await checkBackup(path.join(dir, files[1]!))
    expect((await readBackupStatus(database.db)).lastOk).toMatchObject({
      where: path.join(dir, files[1]!),
      kind: 'scheduled',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })

    // A backup that cannot be written is logged and recorded, and the last good one is still known.
    const blocked = path.join(folder, 'not-a-directory')
    await writeFile(blocked, 'a file where the directory should be')
    await expect(scheduledBackup(deps({ ...config, BACKUP_DIR: blocked }), at3am(23))).rejects.toThrow()
    const status = await readBackupStatus(database.db)
    expect(status.lastFailure).toMatchObject({ kind: 'scheduled', error: expect.stringContaining('not-a-directory') })
    expect(status.lastOk?.where).toBe(path.join(dir, files[1]!))
  })

  it('puts the backup into the bucket under BACKUP_S3_PREFIX and keeps the newest there', async () => {
    const s3 = await startFakeS3('shop-backups')
    try {
      const config = { ...s3.env(), BACKUP_S3_PREFIX: 'backups/', BACKUP_KEEP: '1' }
      const first = await scheduledBackup(deps(config), at3am(24))
      expect(first).toEqual({ written: 's3://shop-backups/backups/shop-2026-11-23T17-00-00-000Z.backup.gz', removed: 0 })
      expect(await scheduledBackup(deps(config), at3am(25))).toMatchObject({ removed: 1 })
      expect(await s3.keys('backups/')).toEqual(['backups/shop-2026-11-24T17-00-00-000Z.backup.gz'])
    } finally {
      await s3.close()
    }
  })
})
