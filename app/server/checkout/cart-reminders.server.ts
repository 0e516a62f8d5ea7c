import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm'
import { DEFAULT_REMINDER_DELAY_HOURS, MAX_REMINDER_DELAY_HOURS, MIN_REMINDER_DELAY_HOURS } from '../../lib/cart-reminders.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { checkouts, mailSuppressions, orders, shopSettings, unsubscribeLinks } from '../db/schema.ts'
import { shopIdentity, type Env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { publicOrigin } from '../public-origin.server.ts'
import type { CheckoutDraft } from './drafts.server.ts'
import { priceCart } from './orders.server.ts'
import { cartReminderMail } from './cart-reminder-mail.server.tsx'

/**
 * Abandoned checkout reminders (docs/domain.md, Abandoned checkout reminders; docs/decisions/042-cart-reminders.md).
 * A checkout whose shopper ticked "E-mail me about this cart and offers" gets one reminder, and only
 * one, once it has been left unpaid for the delay staff chose; an address that unsubscribed is never
 * e-mailed about a cart or an offer again.
 */

/** Where staff's delay is kept in shop_settings. */
export const REMINDER_SETTINGS_KEY = 'cart-reminders'

/** How many reminders one run of the timed work sends at most (the next run takes the rest). */
const BATCH = 50

/** SHA-256 of a link's secret, as it is stored: the database alone never holds a working link. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const newToken = () => randomBytes(24).toString('base64url')

/** A link's secret as it may appear in an address (24 random bytes, base64url); anything else names nothing. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/

/**
 * The addresses a mail receiver's one-click POST (RFC 8058) may reach from outside the shop's pages:
 * an unsubscribe link exactly, authorised by the secret in it alone, never by a cookie
 * (oneClickWrites in app/server/http/middleware/security.server.ts). Nothing else under /unsubscribe.
 */
export const ONE_CLICK_UNSUBSCRIBE = /^\/unsubscribe\/[A-Za-z0-9_-]{32}$/

export async function reminderDelayHours(db: Executor): Promise<number> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, REMINDER_SETTINGS_KEY)).limit(1)
  const hours = (row?.value as { delayHours?: unknown } | undefined)?.delayHours
  return typeof hours === 'number' && Number.isInteger(hours) && hours >= MIN_REMINDER_DELAY_HOURS && hours <= MAX_REMINDER_DELAY_HOURS
    ? hours
    : DEFAULT_REMINDER_DELAY_HOURS
}

export async function setReminderDelayHours(db: Executor, hours: number): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key: REMINDER_SETTINGS_KEY, value: { delayHours: hours } })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: { delayHours: hours } } })
}

/** Whether an address unsubscribed (the suppression list is keyed by the lower-cased address). */
export async function isSuppressed(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ email: mailSuppressions.email }).from(mailSuppressions).where(eq(mailSuppressions.email, email.toLowerCase())).limit(1)
  return row !== undefined
}

/**
 * The checkouts whose reminder is due at `now`: consent given for an address, no reminder yet, left
 * untouched for the delay, no order of it paid or still able to be paid (an open payment page), and
 * the address not unsubscribed. The claim repeats every condition that can change meanwhile.
 */
function dueAt(now: Date, delayHours: number) {
  const before = new Date(now.getTime() - delayHours * 3_600_000)
  return and(
    isNotNull(checkouts.reminderConsentAt),
    isNotNull(checkouts.reminderEmail),
    isNull(checkouts.remindedAt),
    lte(checkouts.updatedAt, before),
    notExists(
      sql`(select 1 from ${orders} where ${orders.checkoutId} = ${checkouts.id} and (${or(
        eq(orders.status, 'paid'),
        and(eq(orders.status, 'pending'), gt(orders.reservedUntil, now)),
      )}))`,
    ),
    notExists(sql`(select 1 from ${mailSuppressions} where ${mailSuppressions.email} = lower(${checkouts.reminderEmail}))`),
  )
}

/**
 * Timed work (docs/decisions/025-timed-work.md): sends each due checkout its one reminder. Safe in
 * several processes at once: each reminder is claimed by a guarded UPDATE (`reminded_at IS NULL`)
 * in the transaction that queues its e-mail, so two sweeps racing send it once, and a claim that
 * rolls back (the e-mail could not be stored) leaves it due for the next run. Returns how many were sent.
 */
export async function sendCartReminders(deps: { db: Database; mailer: MailService; config: Env }, now = new Date()): Promise<number> {
  const { db } = deps
  const delayHours = await reminderDelayHours(db)
  const due = await db.select({ id: checkouts.id }).from(checkouts).where(dueAt(now, delayHours)).orderBy(checkouts.updatedAt).limit(BATCH)
  let sent = 0
  for (const { id } of due) {
    try {
      if (await remindOne(deps, id, now, delayHours)) sent++
    } catch (error) {
      logger.error({ err: error, checkoutId: id }, 'could not send a cart reminder; the next run tries again')
    }
  }
  if (due.length > 0) logger.info({ due: due.length, sent }, 'cart reminders sent')
  return sent
}

async function remindOne(deps: { db: Database; mailer: MailService; config: Env }, id: string, now: Date, delayHours: number): Promise<boolean> {
  const { db, mailer, config } = deps
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1)
  if (!checkout?.reminderEmail || !checkout.reminderConsentAt) return false
  // At the prices of the customer the checkout is kept for (a trade customer's own, in their own reminder).
  const priced = await priceCart(db, checkout.items, { buyerId: checkout.userId })
  // Nothing in it can be bought any more (every product withdrawn): nothing to remind of.
  if (priced.lines.length === 0) return false
  const origin = publicOrigin(config)
  const resumeToken = newToken()
  const unsubscribeToken = newToken()
  const name = typeof checkout.details?.fullName === 'string' ? checkout.details.fullName.trim() : ''
  // Written before the claim, outside any transaction (the embedded database runs one at a time).
  const message = await cartReminderMail({
    shop: shopIdentity(config),
    origin,
    to: checkout.reminderEmail,
    name,
    consentAt: checkout.reminderConsentAt,
    lines: priced.lines.map((line) => ({ name: line.productName, quantity: line.quantity, cents: line.lineTotalCents })),
    resumeUrl: `${origin}/checkout/resume/${resumeToken}`,
    unsubscribeUrl: `${origin}/unsubscribe/${unsubscribeToken}`,
  })
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkouts)
      .set({ remindedAt: now, resumeTokenHash: tokenHash(resumeToken) })
      .where(and(eq(checkouts.id, id), eq(checkouts.reminderEmail, checkout.reminderEmail!), dueAt(now, delayHours)))
      .returning({ id: checkouts.id })
    if (!claimed) return false
    await tx.insert(unsubscribeLinks).values({ tokenHash: tokenHash(unsubscribeToken), email: checkout.reminderEmail!.toLowerCase(), createdAt: now })
    await mailer.send(message, tx)
    return true
  })
}

/**
 * The checkout a reminder's link leads back to. The link's secret is kept as a hash: it is written
 * into one e-mail only (there is one reminder), so the shop never needs it again, and a copy of the
 * database holds no working link to anyone's details. It works until the checkout is paid or forgotten.
 */
export async function checkoutOfResumeToken(db: Executor, token: string): Promise<CheckoutDraft | null> {
  if (!TOKEN.test(token)) return null
  const [row] = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.resumeTokenHash, tokenHash(token)))
    .limit(1)
  return row ?? null
}

/** The address an unsubscribe link is for, and whether it has unsubscribed; null for a link that names nothing. */
export async function unsubscribeLinkOf(db: Executor, token: string): Promise<{ email: string; unsubscribed: boolean } | null> {
  if (!TOKEN.test(token)) return null
  const [row] = await db
    .select({ email: unsubscribeLinks.email, suppressed: mailSuppressions.email })
    .from(unsubscribeLinks)
    .leftJoin(mailSuppressions, eq(mailSuppressions.email, unsubscribeLinks.email))
    .where(eq(unsubscribeLinks.tokenHash, tokenHash(token)))
    .limit(1)
  return row ? { email: row.email, unsubscribed: row.suppressed !== null } : null
}

/**
 * Unsubscribes the link's address: it joins the suppression list, once however often the link is
 * used (the page's button, a mail client's one-click POST, both). Null for a link that names nothing.
 */
export async function unsubscribe(db: Executor, token: string, source: 'page' | 'one-click'): Promise<{ email: string } | null> {
  const link = await unsubscribeLinkOf(db, token)
  if (!link) return null
  const [added] = await db.insert(mailSuppressions).values({ email: link.email, source }).onConflictDoNothing().returning({ email: mailSuppressions.email })
  if (added) logger.info({ source }, 'an address unsubscribed from reminders and offers')
  return { email: link.email }
}
