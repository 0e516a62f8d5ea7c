import { randomBytes, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf, shopTables, writeBackup } from '../../app/server/backup/backup.server'
import { restoreBackup, RestoreRefusedError } from '../../app/server/backup/restore.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import type { DatabaseHandle, Executor } from '../../app/server/db/client.server'
import { jobs, media, mediaVariants, orders, refunds, returns, session, twoFactor, user } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { testDatabaseKinds } from '../support/databases'
import { catalogueLine, paidTestOrder } from '../support/orders'

const E900 = 'unidrone-e900'

/** Every row of every table, as PostgreSQL writes it, in a stable order: two databases hold the same when these are equal. */
async function everyRow(db: Executor, computed = true): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {}
  for (const table of await shopTables(db)) {
    const generated = computed
      ? []
      : await rowsOf<{ name: string }>(
          db,
          sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'ALWAYS'`,
        )
    const row = generated.length ? `to_jsonb(t) - array[${generated.map((column) => `'${column.name}'`).join(', ')}]` : 'row_to_json(t)'
    const rows = await rowsOf<{ r: string }>(db, sql.raw(`select (${row})::text as r from public."${table}" t order by 1`))
    all[table] = rows.map((row) => row.r)
  }
  return all
}

const kinds = testDatabaseKinds()
/** A new embedded database is created and migrated for each restore: 10-40 s on a busy machine. */
const RESTORING_MS = 180_000

describe.each(kinds)('backup of a shop on $name', (kind) => {
  let source: DatabaseHandle
  let folder: string
  let file: string

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'shop-backup-test-'))
    file = path.join(folder, 'shop.backup.gz')
    source = await kind.open()
    const { db } = source
    await seedCatalog(db)
    const config = parseEnv({ PORT: '3999' })
    const mailer = createMailService({ db, from: 'shop@unidrone.example', retrySeconds: 30 })
    const line = await catalogueLine(db, E900)
    // A paid order (its payment event, tax invoice mail and history) returned and refunded, one waiting for payment, one cancelled.
    const paid = await paidTestOrder({ db, mailer, config }, { lines: [line], email: 'paid@example.com' })
    // Its return, refunded.
    await db.insert(refunds).values({
      id: 'refund-1',
      orderId: paid,
      requestKey: 'refund-1',
      status: 'succeeded',
      amountCents: line.lineTotalCents,
      gstCents: line.gstCents,
      lines: [{ position: 0, productId: E900, productName: line.productName, quantity: 1, amountCents: line.lineTotalCents }],
      source: 'return',
      returnId: 'return-1',
      createdBy: 'staff@example.com',
      settledAt: new Date(),
    })
    await db.insert(returns).values({
      id: 'return-1',
      orderId: paid,
      status: 'refunded',
      reason: 'faulty',
      details: 'A motor does not spin.',
      lines: [{ position: 0, productId: E900, productName: line.productName, quantity: 1, amountCents: line.lineTotalCents }],
      refundId: 'refund-1',
      requestedBy: 'paid@example.com',
    })
    await paidTestOrder({ db, mailer, config }, { lines: [line], email: 'pending@example.com', paid: false })
    const cancelled = await paidTestOrder({ db, mailer, config }, { lines: [line], email: 'cancelled@example.com', paid: false })
    await db.execute(sql`update ${orders} set status = 'cancelled' where id = ${cancelled}`)
    // An account with two-step login and a live session; an uploaded image's bytes; a finished job.
    const userId = randomUUID()
    await db.insert(user).values({ id: userId, name: 'Tess', email: 'tess@example.com', emailVerified: true, role: 'staff', twoFactorEnabled: true })
    await db.insert(twoFactor).values({ id: randomUUID(), userId, secret: 'sealed-secret', backupCodes: 'sealed-codes' })
    await db
      .insert(session)
      .values({ id: randomUUID(), token: randomBytes(24).toString('base64url'), userId, expiresAt: new Date(Date.now() + 86_400_000), updatedAt: new Date() })
    await db.insert(media).values({ id: 'photo-1', width: 640, height: 480, placeholder: 'data:image/webp;base64,AAAA' })
    await db.insert(mediaVariants).values([
      { mediaId: 'photo-1', format: 'webp', width: 320, height: 240, bytes: randomBytes(40_000) },
      { mediaId: 'photo-1', format: 'avif', width: 640, height: 480, bytes: randomBytes(90_000) },
    ])
    await db.insert(jobs).values({
      id: randomUUID(),
      kind: 'import',
      label: 'Dry run of products.json',
      status: 'done',
      startedBy: 'tess@example.com',
      result: { created: 1 },
      fraction: 1,
    })
  })
  afterAll(async () => {
    await source?.close()
    await rm(folder, { recursive: true, force: true })
  })

  it(
    'writes one file of every table while orders keep being placed, and restores it on every kind of database with every row and image byte the same',
    async () => {
      // Writes go on through the backup: each is either wholly in it or not at all.
      let writing = true
      let written = 0
      const writer = (async () => {
        while (writing) {
          await source.db.insert(jobs).values({ id: randomUUID(), kind: 'load', label: 'A write during the backup', startedBy: 'load' })
          written++
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
      })()
      const summary = await writeBackup(source.db, createWriteStream(file), { source: kind.name })
      writing = false
      await writer
      expect(written).toBeGreaterThan(0)
      expect(summary.tables).toBe((await shopTables(source.db)).length)
      expect(summary.bytes).toBe((await readFile(file)).length)
      expect(summary.fileSha256).toMatch(/^[0-9a-f]{64}$/)

      // The backup holds what the database held at one moment: the writes that came after are not in it.
      const loadRows = (await readFile(file).then(gunzipSync))
        .toString()
        .split('\n')
        .filter((line) => line.includes('"kind":"load"')).length
      expect(loadRows).toBeLessThanOrEqual(1)
      await source.db.execute(sql`delete from ${jobs} where kind = 'load'`)
      const expected = await everyRow(source.db)
      expect(expected.media_variants).toHaveLength(2)

      for (const targetKind of kinds) {
        const target = await targetKind.open({ migrate: false })
        try {
          const restored = await restoreBackup(target, file)
          const loaded = await rowsOf<{ count: number }>(target.db, sql`select count(*)::int as count from ${jobs}`)
          // Rows written during the backup may be in it; those were removed from the source above.
          await target.db.execute(sql`delete from ${jobs} where kind = 'load'`)
          // Columns the database computes (the search index) are computed again by the target, and
          // PGlite's text search splits a few symbols differently from PostgreSQL's: compared within a kind.
          const same = targetKind.name === kind.name
          expect(await everyRow(target.db, same), `restored on ${targetKind.name}`).toEqual(same ? expected : await everyRow(source.db, false))
          expect(restored.rows).toBe(Object.values(expected).flat().length + loadRows)
          expect(loaded[0]!.count).toBe(expected.jobs!.length + loadRows)
          // Its sequences go on from where the shop's were: the next history row does not take an old id.
          const [next] = await rowsOf<{ max: number; next: number }>(
            target.db,
            sql`select (select max(id) from history)::int as max, nextval(pg_get_serial_sequence('history', 'id'))::int as next`,
          )
          expect(next!.next).toBeGreaterThan(next!.max)
          // A second restore into it is refused: it is not empty.
          await expect(restoreBackup(target, file)).rejects.toThrow('The target database is not empty.')
        } finally {
          await target.close()
        }
      }
    },
    RESTORING_MS,
  )

  it(
    'refuses a damaged file, a changed one and one cut short, writing nothing',
    async () => {
      const whole = gunzipSync(await readFile(file)).toString()
      const changed = path.join(folder, 'changed.backup.gz')
      await writeFile(changed, gzipSync(whole.replace('paid@example.com', 'paix@example.com')))
      const cut = path.join(folder, 'cut.backup.gz')
      await writeFile(cut, gzipSync(whole.split('\n').slice(0, -3).join('\n')))
      const damaged = path.join(folder, 'damaged.backup.gz')
      const bytes = await readFile(file)
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff
      await writeFile(damaged, bytes)
      const target = await kind.open({ migrate: false })
      try {
        for (const [name, reason] of [
          [changed, 'does not match its checksum'],
          [cut, 'ends early'],
          [damaged, 'Nothing was restored.'],
        ] as const) {
          await expect(restoreBackup(target, name)).rejects.toThrow(RestoreRefusedError)
          await expect(restoreBackup(target, name)).rejects.toThrow(reason)
          expect(await shopTables(target.db)).toEqual([])
        }
      } finally {
        await target.close()
      }
    },
    RESTORING_MS,
  )
})
