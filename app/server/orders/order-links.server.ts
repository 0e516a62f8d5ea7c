import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.server.ts'
import { orderLinks, orders } from '../db/schema.ts'
import { escapeHtml } from '../mail/html.ts'
import { logger } from '../log.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { hitLimit } from '../rate-limit.server.ts'

/** How long an e-mailed link may be opened, and how long the browser that opened it sees the order. */
export const LINK_MINUTES = 60
export const VIEW_HOURS = 24
export const ORDER_VIEW_COOKIE = 'order_view'
/** Order links one address is e-mailed at most, per hour, however many clients ask. */
export const ORDER_LINKS_PER_ADDRESS_PER_HOUR = 3

const hash = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(24).toString('base64url')

/**
 * A guest asks to see their order by its number and e-mail. When both match a paid order, a link
 * is e-mailed to that address, at most ORDER_LINKS_PER_ADDRESS_PER_HOUR an hour (counted in the
 * database, across every process; the key is a hash of the address). The answer is the same either
 * way, so the form tells nobody which orders exist nor that an address had its share.
 */
export async function requestOrderLink(
  deps: { db: Database; mailer: MailService; shop: { name: string; email: string } },
  input: { orderNumber: string; email: string; origin: string },
): Promise<void> {
  const orderId = input.orderNumber.trim().toUpperCase()
  const [order] = await deps.db
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid'), sql`lower(${orders.email}) = lower(${input.email.trim()})`))
    .limit(1)
  if (!order?.email) return
  const addressKey = `order-link-mail:${hash(order.email.trim().toLowerCase())}`
  if (!(await hitLimit(deps.db, addressKey, ORDER_LINKS_PER_ADDRESS_PER_HOUR, 60 * 60)).allowed) {
    logger.warn({ orderId: order.id }, 'order link not sent: this address had its hourly share')
    return
  }
  const token = newToken()
  const link = `${input.origin}/track-order/${token}`
  await deps.db.transaction(async (tx) => {
    await tx.insert(orderLinks).values({ tokenHash: hash(token), orderId: order.id, expiresAt: new Date(Date.now() + LINK_MINUTES * 60_000) })
    const text = [
      `You asked to see your order ${order.id} with ${deps.shop.name}.`,
      '',
      `Open it here (the link works once, within an hour): ${link}`,
      '',
      'If you did not ask for this, you can ignore this e-mail: nobody can open the link without it.',
    ].join('\n')
    const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>You asked to see your order ${escapeHtml(order.id)} with ${escapeHtml(deps.shop.name)}.</p>
<p><a href="${escapeHtml(link)}">See your order</a> (the link works once, within an hour).</p>
<p style="font-size:13px;color:#475569">If you did not ask for this, you can ignore this e-mail: nobody can open the link without it.</p>
</body></html>`
    await deps.mailer.send({ to: order.email!, replyTo: deps.shop.email, subject: `Your order ${order.id} — ${deps.shop.name}`, text, html }, tx)
  })
}

/** Whether an e-mailed link can still be opened (unknown, expired or used: no). Reading it spends nothing. */
export async function orderLinkOpenable(db: Executor, token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return false
  const [row] = await db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(and(eq(orderLinks.tokenHash, hash(token)), isNull(orderLinks.usedAt), gt(orderLinks.expiresAt, new Date())))
    .limit(1)
  return row !== undefined
}

/**
 * Opens an e-mailed link, once: the link is spent and the browser gets a view token for a day
 * instead. Null for a link that is unknown, expired or already used.
 */
export async function openOrderLink(db: Executor, token: string): Promise<{ orderId: string; viewToken: string } | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null
  const viewToken = newToken()
  const now = new Date()
  const [opened] = await db
    .update(orderLinks)
    .set({ usedAt: now, viewHash: hash(viewToken), viewExpiresAt: new Date(now.getTime() + VIEW_HOURS * 3_600_000) })
    .where(and(eq(orderLinks.tokenHash, hash(token)), isNull(orderLinks.usedAt), gt(orderLinks.expiresAt, now)))
    .returning({ orderId: orderLinks.orderId })
  return opened ? { orderId: opened.orderId, viewToken } : null
}

/** The order a browser's view token lets it see, while the token lasts. */
export async function orderOfView(db: Executor, cookieHeader: string | null): Promise<string | null> {
  const token = new RegExp(`(?:^|;\\s*)${ORDER_VIEW_COOKIE}=([A-Za-z0-9_-]{32})(?:;|$)`).exec(cookieHeader ?? '')?.[1]
  if (!token) return null
  const [row] = await db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .where(and(eq(orderLinks.viewHash, hash(token)), gt(orderLinks.viewExpiresAt, new Date())))
    .limit(1)
  return row?.orderId ?? null
}

export function orderViewCookie(viewToken: string, secure: boolean): string {
  return `${ORDER_VIEW_COOKIE}=${viewToken}; Path=/track-order; Max-Age=${VIEW_HOURS * 3600}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}
