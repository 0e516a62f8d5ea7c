import { and, eq, sql } from 'drizzle-orm'
import { formatAud } from '../../lib/money.ts'
import { shopDay, shopHour } from '../../lib/reports/periods.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { profiles, shopSettings, user } from '../db/schema.ts'
import { shopIdentity, type Env } from '../env.server.ts'
import { recordHistory } from '../history/record.server.ts'
import { escapeHtml } from '../mail/html.ts'
import type { MailMessage } from '../mail/message.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { getProfile } from '../profiles/profiles.server.ts'
import { publicOrigin } from '../public-origin.server.ts'
import { lowStockProducts, type LowStockProduct } from './sales.server.ts'

/**
 * E-mails to staff (docs/domain.md, Staff notifications): each newly paid order (on unless a staff
 * member turns it off), and a daily digest of low stock (for those who ask). The choices are kept on
 * each staff member's profile and made at /settings/notifications; only accounts that are staff now
 * receive them, so a revoked member hears nothing more.
 */

export interface NoticeChoices {
  newOrders: boolean
  lowStock: boolean
}

/** The digest goes out on the first run of the timed work after this hour, Brisbane time. */
export const DIGEST_HOUR = 8
/** Where the day of the last digest is claimed (shop_settings), so that one process sends it. */
const DIGEST_KEY = 'low-stock-digest'

export async function getNoticeChoices(db: Executor, userId: string): Promise<NoticeChoices> {
  const [row] = await db.select({ newOrders: profiles.notifyNewOrders, lowStock: profiles.notifyLowStock }).from(profiles).where(eq(profiles.id, userId))
  return row ?? { newOrders: false, lowStock: false }
}

/** Saves a staff member's choices on their profile, with its history row. False when they have no profile. */
export async function saveNoticeChoices(db: Database, userId: string, choices: NoticeChoices, updatedBy: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(profiles)
      .set({ notifyNewOrders: choices.newOrders, notifyLowStock: choices.lowStock, updatedAt: new Date() })
      .where(eq(profiles.id, userId))
      .returning({ id: profiles.id })
    if (!changed) return false
    await recordHistory(tx, { collection: 'profiles', documentId: userId, action: 'update', document: { ...(await getProfile(tx, userId)) }, updatedBy })
    return true
  })
}

/** The e-mail addresses of current staff who chose a notice. */
async function recipients(db: Executor, choice: 'newOrders' | 'lowStock'): Promise<string[]> {
  const column = choice === 'newOrders' ? profiles.notifyNewOrders : profiles.notifyLowStock
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(eq(user.role, 'staff'), eq(column, true)))
    .orderBy(user.email)
  return rows.map((row) => row.email)
}

function staffMessage(to: string, subject: string, lines: string[], link: { href: string; text: string }, config: Env): MailMessage {
  const shop = shopIdentity(config)
  const footer = `You receive this as staff of ${shop.name}. Choose which e-mails you get at ${publicOrigin(config)}/settings/notifications.`
  const text = [...lines, '', `${link.text}: ${link.href}`, '', footer].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
${lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n')}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(footer)}</p>
</body></html>`
  return { to, subject, text, html }
}

interface PaidOrder {
  id: string
  totalCents: number
  customerName: string
  email: string | null
  /** `invoiced`: placed on a trade customer's account, due later (the notice goes when it is placed, not when it is paid). */
  status?: string
  paymentDueAt?: Date | null
}

const dueFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Brisbane' })

/**
 * Queues the "new paid order" e-mail for every staff member who asked for it, in the caller's
 * transaction: the one that moves the order to paid, so the notice exists exactly when the sale does.
 */
export async function noticeStaffOfPaidOrder(deps: { tx: Executor; mailer: MailService; config: Env }, order: PaidOrder): Promise<void> {
  const { tx, mailer, config } = deps
  const to = await recipients(tx, 'newOrders')
  if (to.length === 0) return
  const customer = order.customerName || order.email || 'a customer'
  const lines = [
    order.status === 'invoiced'
      ? `Order ${order.id} was placed on account: ${formatAud(order.totalCents)} (GST inclusive) from ${customer}${order.paymentDueAt ? `, due by ${dueFormat.format(order.paymentDueAt)}` : ''}. Pack it now; it is paid later.`
      : `Order ${order.id} was paid: ${formatAud(order.totalCents)} (GST inclusive) from ${customer}.`,
  ]
  const link = { href: `${publicOrigin(config)}/orders/${encodeURIComponent(order.id)}`, text: `Open order ${order.id}` }
  for (const email of to) await mailer.send(staffMessage(email, `New order ${order.id} — ${formatAud(order.totalCents)}`, lines, link, config), tx)
}

export type DigestResult = { sent: number; products: number } | { skipped: 'too-early' | 'nothing-low' | 'already-sent' | 'nobody-asked' }

function digestLine(product: LowStockProduct): string {
  const reserved = product.reserved > 0 ? `, ${product.reserved} held by payments under way` : ''
  return `${product.productName}: ${product.available} available (${product.onHand} on hand${reserved}; alert at ${product.threshold} or fewer)`
}

/**
 * The daily low-stock digest: once per Brisbane day, on the first run at or after 08:00 that finds a
 * product low, one e-mail to each staff member who asked for it. Nothing low, nothing sent (and the
 * day stays open, so stock that runs low later that day is still reported). Several processes run
 * this: the day is claimed in `shop_settings` by a guarded upsert in the transaction that queues the
 * e-mails, so exactly one of them sends it, and a crash before commit claims nothing.
 */
export async function sendLowStockDigest(deps: { db: Database; mailer: MailService; config: Env }, now = new Date()): Promise<DigestResult> {
  const { db, mailer, config } = deps
  if (shopHour(now) < DIGEST_HOUR) return { skipped: 'too-early' }
  const day = shopDay(now)
  return db.transaction(async (tx): Promise<DigestResult> => {
    const low = await lowStockProducts(tx)
    if (low.length === 0) return { skipped: 'nothing-low' }
    const to = await recipients(tx, 'lowStock')
    if (to.length === 0) return { skipped: 'nobody-asked' }
    const [claimed] = await tx
      .insert(shopSettings)
      .values({ key: DIGEST_KEY, value: { day } })
      .onConflictDoUpdate({
        target: shopSettings.key,
        set: { value: sql`excluded.value` },
        // Only a later day takes the claim over: the second process of the day updates nothing.
        setWhere: sql`coalesce(${shopSettings.value} ->> 'day', '') < ${day}`,
      })
      .returning({ key: shopSettings.key })
    if (!claimed) return { skipped: 'already-sent' }
    const lines = [`${low.length === 1 ? 'One product is' : `${low.length} products are`} at or below their low-stock level:`, '', ...low.map(digestLine)]
    const link = { href: `${publicOrigin(config)}/reports#low-stock`, text: 'Open the low-stock list' }
    const subject = `Low stock: ${low.length} ${low.length === 1 ? 'product' : 'products'} — ${day}`
    for (const email of to) await mailer.send(staffMessage(email, subject, lines, link, config), tx)
    return { sent: to.length, products: low.length }
  })
}
