import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { orders, outbox, refunds, shopSettings } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { noteBuyerReturned, readHealth } from '../../app/server/staff/health.server'
import { testDatabaseKinds } from '../support/databases'
import { catalogueLine, paidTestOrder } from '../support/orders'

const HOUR = 3_600_000

describe.each(testDatabaseKinds())('shop health on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('warns of failing mail, a payment event that never came, a refund stuck for an hour and a failed or old backup; nothing when all is well', async () => {
    const { db } = database
    const demo = parseEnv({ PORT: '3999' })
    expect((await readHealth(db, demo)).warnings).toEqual([])
    // A production shop that has never been backed up is told so.
    const production = parseEnv({ PORT: '3999', NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', BETTER_AUTH_SECRET: 'x'.repeat(32) })
    expect((await readHealth(db, production)).warnings.map((warning) => warning.title)).toEqual(['No backup has been taken yet'])

    // Mail: a message the SMTP server refused twice.
    await db.insert(outbox).values({
      id: 'mail-1',
      to: 'buyer@example.com',
      subject: 'Your order',
      text: 'Thanks',
      html: '<p>Thanks</p>',
      status: 'queued',
      attempts: 2,
      lastError: '421 Service not available',
    })
    // A buyer back from the payment page 40 minutes ago whose order still waits for its payment event.
    const line = await catalogueLine(db, 'unidrone-e900')
    const price = line.unitPriceCents
    const mailer = createMailService({ db, from: 'shop@unidrone.example', retrySeconds: 30 })
    const pending = await paidTestOrder({ db, mailer, config: demo }, { lines: [line], email: 'late@example.com', paid: false })
    await noteBuyerReturned(db, pending)
    const [noted] = await db.select({ at: orders.buyerReturnedAt }).from(orders).where(eq(orders.id, pending))
    // Noted once: coming back again does not move it.
    await noteBuyerReturned(db, pending)
    expect((await db.select({ at: orders.buyerReturnedAt }).from(orders).where(eq(orders.id, pending)))[0]!.at).toEqual(noted!.at)
    expect((await readHealth(db, demo)).warnings.map((warning) => warning.id)).toEqual(['mail'])
    await db.execute(sql`update ${orders} set buyer_returned_at = now() - interval '40 minutes' where id = ${pending}`)
    // A refund the provider has not confirmed for two hours.
    const paid = await paidTestOrder({ db, mailer, config: demo }, { lines: [line], email: 'refund@example.com' })
    await db.insert(refunds).values({
      id: 'refund-1',
      orderId: paid,
      requestKey: 'refund-1',
      status: 'pending',
      amountCents: price,
      gstCents: Math.round(price / 11),
      source: 'staff',
      createdBy: 'staff@example.com',
      createdAt: new Date(Date.now() - 2 * HOUR),
    })
    // The last backup failed after the last good one.
    const at = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString()
    await db.insert(shopSettings).values({
      key: 'backup-status',
      value: {
        lastOk: { at: at(30), where: '/backups/a', bytes: 1, sha256: 'x', rows: 1, seconds: 1, kind: 'scheduled' },
        lastFailure: { at: at(2), error: 'No space left on device', kind: 'scheduled' },
      },
    })
    const warnings = (await readHealth(db, demo)).warnings
    expect(warnings.map((warning) => [warning.id, warning.tone])).toEqual([
      ['mail', 'error'],
      ['payment-events', 'error'],
      ['refunds', 'warning'],
      ['backups', 'error'],
    ])
    expect(warnings[0]!.detail).toContain('421 Service not available')
    expect(warnings[1]!.link).toEqual({ to: `/orders/${pending}`, text: `Open order ${pending}` })
    expect(warnings[2]!.link).toEqual({ to: `/orders/${paid}`, text: `Open order ${paid}` })
    expect(warnings[3]!.detail).toContain('No space left on device')

    // Once all is put right: a good backup, but 40 hours old, is still a warning.
    await db.update(outbox).set({ status: 'sent', sentAt: new Date() })
    await db.update(orders).set({ status: 'expired' }).where(eq(orders.id, pending))
    await db.update(refunds).set({ status: 'succeeded', settledAt: new Date() })
    await db
      .update(shopSettings)
      .set({ value: { lastOk: { at: at(40), where: '/backups/b', bytes: 1, sha256: 'x', rows: 1, seconds: 1, kind: 'manual' } } })
      .where(eq(shopSettings.key, 'backup-status'))
    expect((await readHealth(db, demo)).warnings.map((warning) => warning.title)).toEqual(['The last backup is too old'])
  })
})
