import { and, desc, eq, inArray, lte } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Transporter } from 'nodemailer'
import { maskSecretLinks } from '../../lib/secret-links.ts'
import { afterCommit } from '../db/after-commit.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { outbox } from '../db/schema.ts'
import { logger } from '../log.server.ts'
import type { Mailer, MailMessage } from './message.ts'

/**
 * The shop's one mail module (docs/decisions/007-mail-outbox.md). Every message is stored in `outbox` first.
 * Without SMTP the stored row (`kept`) is the delivery; with SMTP it is `queued`, delivered in the
 * background right after storing (after the commit, for a row stored in a transaction) and again
 * on a timer, retried with exponential back-off until an SMTP server accepts it (`sent`).
 *
 * Several processes may share one PostgreSQL: a deliverer claims due rows in a short transaction
 * (`SELECT … FOR UPDATE SKIP LOCKED`, then an `UPDATE` that moves their `next_attempt_at` a lease
 * ahead), so no other deliverer sees them as due while they are being sent.
 * The SMTP conversation happens outside any transaction (an embedded PGlite runs one transaction at
 * a time for the whole shop). A process that dies mid-delivery leaves the row `queued`; it becomes
 * due again when the lease ends.
 */

export type OutboxRow = typeof outbox.$inferSelect

export interface MailService extends Mailer {
  /**
   * Stores the message (in `executor`, e.g. the caller's transaction, or on its own) and returns
   * once it is stored. With SMTP, delivery starts in the background: at once, or for a message
   * stored in a transaction, as soon as that commits (never if it rolls back: the row is gone).
   */
  send(message: MailMessage, executor?: Executor): Promise<{ id: string }>
  /** Delivers every queued message that is due at `now`. Without SMTP there is nothing to deliver. */
  deliverDue(now?: Date): Promise<{ sent: number; failed: number }>
  /** Starts polling for due messages (only when SMTP is configured). */
  start(): void
  /** Stops polling, waits for a delivery in flight, closes the SMTP transport. */
  stop(): Promise<void>
}

export interface MailServiceOptions {
  db: Database
  /** `smtp://user:pass@host:587`, `smtps://…:465`; nodemailer's URL query options apply too. */
  smtpUrl?: string
  /** The From header, e.g. `"UniDrone Robotics" <enquiries@unidrone.example>`. */
  from: string
  /** Delay before the first retry; each further failure doubles it, up to one hour. */
  retrySeconds: number
  /** How often to look for due messages while started (default 15 s). */
  pollSeconds?: number
  /**
   * Without SMTP, print each kept message's subject and links on the shop's own output: the demo's
   * only mailbox, for the person who started it (never with NODE_ENV=production, where the links of
   * customers' messages are theirs alone: docs/decisions/007-mail-outbox.md).
   */
  printKept?: boolean
}

/** How long a claimed row stays invisible to other deliverers; well above the SMTP timeouts below. */
const leaseMs = 5 * 60_000
const maxBackoffMs = 60 * 60_000
const batchSize = 20

export function createMailService(options: MailServiceOptions): MailService {
  const { db, from, retrySeconds } = options
  const pollMs = (options.pollSeconds ?? 15) * 1000
  const transport: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // Bounded, so that one delivery always ends long before its lease does.
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : null
  const domain = /@([^@\s>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'

  let timer: ReturnType<typeof setInterval> | null = null
  let stopped = false
  let background: Promise<void> | null = null
  let again = false
  const inFlight = new Set<Promise<unknown>>()

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise)
    const forget = () => inFlight.delete(promise)
    promise.then(forget, forget)
    return promise
  }

  /**
   * Runs deliverDue in the background, once at a time; a kick during a run asks for one more, which
   * still happens when stop() is called meanwhile (a message stored before stop() is delivered).
   */
  function kick() {
    if (!transport || stopped) return
    if (background) {
      again = true
      return
    }
    background = (async () => {
      do {
        again = false
        try {
          await track(deliverDue())
        } catch (error) {
          logger.error({ err: errorText(error) }, 'mail delivery run failed')
        }
      } while (again)
    })().finally(() => {
      background = null
    })
  }

  async function deliverOne(row: OutboxRow, clock: () => Date): Promise<boolean> {
    try {
      await transport!.sendMail({
        from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
        // The same Message-ID on every attempt lets a receiver drop a duplicate.
        messageId: `<${row.id}@${domain}>`,
      })
    } catch (error) {
      const attempts = row.attempts + 1
      const delay = Math.min(retrySeconds * 1000 * 2 ** (attempts - 1), maxBackoffMs)
      const nextAttemptAt = new Date(clock().getTime() + delay)
      const lastError = errorText(error).slice(0, 1000)
      logger.warn({ mailId: row.id, attempts, nextAttemptAt, err: lastError }, 'mail delivery failed; will retry')
      try {
        await db
          .update(outbox)
          .set({ attempts, lastError, nextAttemptAt })
          .where(and(eq(outbox.id, row.id), eq(outbox.status, 'queued')))
      } catch (dbError) {
        // The row keeps its lease and becomes due again when it ends.
        logger.error({ mailId: row.id, err: errorText(dbError) }, 'could not record a failed mail delivery')
      }
      return false
    }
    try {
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: clock(), attempts: row.attempts + 1 })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, 'queued')))
      logger.info({ mailId: row.id }, 'mail sent')
    } catch (dbError) {
      logger.error({ mailId: row.id, err: errorText(dbError) }, 'mail sent but not marked sent; it may be sent again when its lease ends')
    }
    return true
  }

  /**
   * Claims up to `batchSize` due rows for this deliverer: locks them (skipping rows another
   * deliverer has locked) and moves them a lease ahead, in one short transaction. Two statements on
   * purpose: `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` may rescan the
   * subquery and claim every due row, ignoring the limit (seen on PGlite).
   */
  async function claim(now: Date): Promise<OutboxRow[]> {
    const due = and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, now))
    return db.transaction(async (tx) => {
      const candidates = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(due)
        .orderBy(outbox.nextAttemptAt)
        .limit(batchSize)
        .for('update', { skipLocked: true })
      if (candidates.length === 0) return []
      return tx
        .update(outbox)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(
          and(
            inArray(
              outbox.id,
              candidates.map((row) => row.id),
            ),
            due,
          ),
        )
        .returning()
    })
  }

  async function deliverDue(now?: Date): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 }
    if (!transport) return result
    // `now` may be given (tests, catch-up); the clock then runs on from it.
    const offset = now ? now.getTime() - Date.now() : 0
    const clock = () => new Date(Date.now() + offset)
    for (;;) {
      const rows = await claim(clock())
      for (const row of rows) {
        if (await deliverOne(row, clock)) result.sent++
        else result.failed++
      }
      if (rows.length < batchSize || stopped) return result
    }
  }

  return {
    async send(message, executor = db) {
      const id = crypto.randomUUID()
      const now = new Date()
      await executor.insert(outbox).values({
        id,
        to: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? null,
        status: transport ? 'queued' : 'kept',
        nextAttemptAt: now,
        createdAt: now,
      })
      if (transport) {
        logger.info({ mailId: id, to: message.to, subject: message.subject }, 'mail queued')
        // A message stored in the caller's transaction is for no one to see until it commits.
        afterCommit(executor, kick)
      } else {
        logger.info({ mailId: id, to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)')
        if (options.printKept) printKeptMessage(message)
      }
      return { id }
    },

    deliverDue: (now) => (stopped ? Promise.resolve({ sent: 0, failed: 0 }) : track(deliverDue(now))),

    start() {
      if (!transport || timer || stopped) return
      timer = setInterval(kick, pollMs)
      kick()
    },

    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = null
      while (background || inFlight.size > 0) {
        await Promise.allSettled([background, ...inFlight])
      }
      transport?.close()
    },
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The outbox, newest first, as it was stored (what staff see is `outboxForStaff`). */
/*
 * Staff read every message, but not the secrets of the links in them (a password reset, an address
 * confirmation, an invitation, a guest's order): with one, any staff member could take over the
 * account it was sent for. The stored message, delivered by SMTP, keeps them.
 */

/** The outbox list of the staff screen, newest first: no message bodies, subjects masked. */
export async function outboxForStaff(db: Executor, limit: number) {
  const rows = await db
    .select({ id: outbox.id, to: outbox.to, subject: outbox.subject, status: outbox.status, lastError: outbox.lastError, createdAt: outbox.createdAt })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, subject: maskSecretLinks(row.subject) }))
}

/** One message for the staff screen: its headers and its text part, with the secrets of its links masked. */
export async function outboxMessageForStaff(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: outbox.id,
      to: outbox.to,
      replyTo: outbox.replyTo,
      subject: outbox.subject,
      text: outbox.text,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(eq(outbox.id, id))
    .limit(1)
  return row ? { ...row, subject: maskSecretLinks(row.subject), text: maskSecretLinks(row.text) } : null
}

/** The demo's mailbox: a kept message's recipient, subject and links, written past the log (which masks links). */
function printKeptMessage(message: { to: string; subject: string; text: string }) {
  const links = [...new Set(message.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])]
  process.stdout.write(`\n  Mail to ${message.to}: ${message.subject}\n${links.map((link) => `    ${link}\n`).join('')}\n`)
}
