import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, min, sql } from 'drizzle-orm'
import { readBackupStatus } from '../backup/backup-runs.server.ts'
import type { Executor } from '../db/client.server.ts'
import { orders, outbox, refunds } from '../db/schema.ts'
import type { Env } from '../env.server.ts'

/**
 * What staff's dashboard warns about (docs/domain.md, Shop health): the things that otherwise show
 * only when a customer complains. Each is read from the shop's own rows, in a few small queries.
 */
export interface HealthWarning {
  id: 'mail' | 'payment-events' | 'refunds' | 'backups'
  tone: 'error' | 'warning'
  title: string
  detail: string
  link?: { to: string; text: string }
}

/** A paid session's payment event is late once the buyer has been back this long without it. */
export const PAYMENT_EVENT_LATE_MINUTES = 30
/** A refund the provider has not confirmed in this long needs a look. */
export const REFUND_LATE_MINUTES = 60
/** The last good backup is too old after this many hours (a daily backup, and some slack). */
export const BACKUP_LATE_HOURS = 36

const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Australia/Brisbane' })

/** Notes, once, that the buyer came back from the payment page while the order still waits for its payment event. */
export async function noteBuyerReturned(db: Executor, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ buyerReturnedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNull(orders.buyerReturnedAt)))
}

/** The dashboard's warnings, and when the last good backup was taken (its line when nothing is wrong). */
export async function readHealth(db: Executor, config: Env, now = new Date()): Promise<{ warnings: HealthWarning[]; lastBackup: string | null }> {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
  const [[mail], [lastMailError], [late], [refund], backups] = await Promise.all([
    db
      .select({ failing: count(), since: min(outbox.createdAt) })
      .from(outbox)
      .where(and(eq(outbox.status, 'queued'), gt(outbox.attempts, 0), isNotNull(outbox.lastError))),
    db
      .select({ error: outbox.lastError })
      .from(outbox)
      .where(and(eq(outbox.status, 'queued'), isNotNull(outbox.lastError)))
      .orderBy(desc(outbox.nextAttemptAt))
      .limit(1),
    db
      .select({ count: count(), first: min(orders.id) })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lt(orders.buyerReturnedAt, ago(PAYMENT_EVENT_LATE_MINUTES)))),
    db
      .select({
        orderId: refunds.orderId,
        amountCents: refunds.amountCents,
        createdAt: refunds.createdAt,
        count: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(refunds)
      .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, ago(REFUND_LATE_MINUTES))))
      .orderBy(asc(refunds.createdAt))
      .limit(1),
    readBackupStatus(db),
  ])
  const warnings: HealthWarning[] = []
  if (mail && mail.failing > 0) {
    warnings.push({
      id: 'mail',
      tone: 'error',
      title: `Mail is failing: ${mail.failing === 1 ? '1 message has' : `${mail.failing} messages have`} not been sent`,
      detail: `Waiting since ${when.format(mail.since!)} and still being retried. The mail server said: ${lastMailError?.error ?? 'nothing'}`,
      link: { to: '/outbox', text: 'Open the outbox' },
    })
  }
  if (late && late.count > 0) {
    warnings.push({
      id: 'payment-events',
      tone: 'error',
      title: `${late.count === 1 ? 'A buyer has' : `${late.count} buyers have`} paid, but the payment provider has not told the shop`,
      detail: `They came back from the payment page over ${PAYMENT_EVENT_LATE_MINUTES} minutes ago and the order is still waiting for its payment event: check that the provider's webhook reaches the shop (docs/deploy.md).`,
      link: { to: `/orders/${encodeURIComponent(late.first!)}`, text: `Open order ${late.first}` },
    })
  }
  if (refund) {
    warnings.push({
      id: 'refunds',
      tone: 'warning',
      title: `${refund.count === 1 ? 'A refund has' : `${refund.count} refunds have`} been pending for over an hour`,
      detail: `The oldest, asked for ${when.format(refund.createdAt)}, has not been confirmed by the payment provider yet; the shop asks again every few minutes.`,
      link: { to: `/orders/${encodeURIComponent(refund.orderId)}`, text: `Open order ${refund.orderId}` },
    })
  }
  const lastOk = backups.lastOk ? new Date(backups.lastOk.at) : null
  const lastFailure = backups.lastFailure ? new Date(backups.lastFailure.at) : null
  const scheduled = Boolean(config.BACKUP_DIR || config.BACKUP_S3_PREFIX)
  if (lastFailure && (!lastOk || lastFailure > lastOk)) {
    warnings.push({
      id: 'backups',
      tone: 'error',
      title: 'The last backup failed',
      detail: `${when.format(lastFailure)}: ${backups.lastFailure!.error}. ${lastOk ? `The last good backup is of ${when.format(lastOk)}.` : 'There is no good backup yet.'}`,
    })
  } else if (lastOk && now.getTime() - lastOk.getTime() > BACKUP_LATE_HOURS * 3_600_000) {
    warnings.push({
      id: 'backups',
      tone: 'warning',
      title: 'The last backup is too old',
      detail: `It was taken ${when.format(lastOk)}, over ${BACKUP_LATE_HOURS} hours ago.${scheduled ? '' : ' Scheduled backups are off (BACKUP_DIR or BACKUP_S3_PREFIX).'}`,
    })
  } else if (!lastOk && (scheduled || config.NODE_ENV === 'production')) {
    warnings.push({
      id: 'backups',
      tone: 'warning',
      title: 'No backup has been taken yet',
      detail: scheduled
        ? `The first scheduled backup is taken after ${config.BACKUP_HOUR}:00 (Brisbane).`
        : 'Scheduled backups are off: set BACKUP_DIR or BACKUP_S3_PREFIX, or run npm run backup daily (docs/deploy.md).',
    })
  }
  return { warnings, lastBackup: lastOk ? when.format(lastOk) : null }
}
