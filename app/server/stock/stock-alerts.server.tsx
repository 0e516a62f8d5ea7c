import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { render } from '@react-email/components'
import { and, count, eq, exists, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { StockAlertConfirmEmail, stockAlertConfirmText, StockAlertEmail, stockAlertText } from '../../emails/stock-alert-email.tsx'
import { productPath } from '../../lib/catalog.ts'
import { DONE_DAYS, UNCONFIRMED_DAYS, WAITING_DAYS } from '../../lib/stock-alerts.ts'
import type { StockAlertRequest } from '../../lib/schemas/stock-alert.ts'
import { ownInStockNow, variantNameSql } from '../catalog/products.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { products, stockAlerts } from '../db/schema.ts'
import { shopIdentity, type Env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import type { MailMessage } from '../mail/message.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { publicOrigin } from '../public-origin.server.ts'

/**
 * Back-in-stock alerts (docs/domain.md, Back-in-stock alerts; docs/decisions/050-back-in-stock-alerts.md).
 * An address asks on a sold-out product's page, confirms through a link, and gets one e-mail when the
 * product is available again: claimed by a guarded UPDATE in the transaction that queues the e-mail,
 * so two processes never send it twice. The links' secrets are stored as SHA-256 hashes only.
 */

type Deps = { db: Database; mailer: MailService; config: Env }

const DAY = 86_400_000
/** How many alerts one sweep sends at most (the next takes the rest). */
const BATCH = 100

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(24).toString('base64url')
/** A link's secret as it may appear in an address (24 random bytes, base64url); anything else names nothing. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/

/** The unsubscribe address a mail receiver's one-click POST (RFC 8058) may reach from outside the shop's pages. */
export const ONE_CLICK_STOCK_ALERT_UNSUBSCRIBE = /^\/stock-alerts\/unsubscribe\/[A-Za-z0-9_-]{32}$/

/** Still waiting to be sent or stopped: the one live alert an address has for a product. */
const live = and(isNull(stockAlerts.notifiedAt), isNull(stockAlerts.unsubscribedAt))
/** Confirmed and still waiting: what the sweep sends and staff count. */
const waiting = and(isNotNull(stockAlerts.confirmedAt), live)
/**
 * The product (or the variant: an alert names the one the shopper saw sold out) is in the shop and can
 * be sent now (the same rule as "In stock" and "Only N left"), by its own stock, not its other variants'.
 */
const productBack = and(eq(products.productStatus, 'active'), ownInStockNow)

/** Who asked first keeps the alert (of a product, or of one variant of it). */
const sameAlert = (request: StockAlertRequest) => and(eq(stockAlerts.productId, request.productId), eq(stockAlerts.email, request.email), live)

export type RequestOutcome =
  /** No such product in the shop. */
  | { kind: 'unknown-product' }
  /** It can be bought now: nothing to wait for. */
  | { kind: 'available'; productName: string }
  /** Asked: a confirmation went out, or the address was already waiting (the visitor is told the same either way). */
  | { kind: 'asked'; productName: string; mailed: boolean }

/**
 * An address asks to hear when a product is back. A new request is stored unconfirmed with its
 * confirmation e-mail, in one transaction. Asking again while unconfirmed sends one more confirmation,
 * once; anything else (confirmed, or the second e-mail already sent) changes nothing, so repeating the
 * form never floods an inbox. Whether the address was already waiting is for the caller never to say.
 */
export async function requestStockAlert(deps: Deps & { origin?: string }, request: StockAlertRequest, now = new Date()): Promise<RequestOutcome> {
  const { db, mailer, config } = deps
  const [product] = await db
    .select({ name: variantNameSql, back: sql<boolean>`${ownInStockNow}`, backorder: products.productAllowBackorder })
    .from(products)
    .where(and(eq(products.id, request.productId), eq(products.productStatus, 'active')))
  if (!product) return { kind: 'unknown-product' }
  if (product.back || product.backorder) return { kind: 'available', productName: product.name }

  const token = newToken()
  const origin = deps.origin ?? publicOrigin(config)
  // Written before any transaction (the embedded database runs one at a time).
  const message = await confirmationMail(config, origin, request.email, product.name, `${origin}/stock-alerts/confirm/${token}`)
  const mailed = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(stockAlerts)
      .values({ id: randomUUID(), productId: request.productId, email: request.email, confirmTokenHash: tokenHash(token), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: stockAlerts.id })
    if (!added) {
      // Already asked: one more confirmation while unconfirmed, and only one (guarded, so two posts at once send one).
      const [again] = await tx
        .update(stockAlerts)
        .set({ resentTokenHash: tokenHash(token) })
        .where(and(sameAlert(request), isNull(stockAlerts.confirmedAt), isNull(stockAlerts.resentTokenHash)))
        .returning({ id: stockAlerts.id })
      if (!again) return false
    }
    await mailer.send(message, tx)
    return true
  })
  return { kind: 'asked', productName: product.name, mailed }
}

async function confirmationMail(config: Env, origin: string, to: string, productName: string, confirmUrl: string): Promise<MailMessage> {
  const props = { shop: shopIdentity(config), origin, productName, confirmUrl }
  return {
    to,
    replyTo: config.SHOP_EMAIL,
    subject: `Confirm your alert for ${productName} — ${config.SHOP_NAME}`,
    html: await render(<StockAlertConfirmEmail {...props} />),
    text: stockAlertConfirmText(props),
  }
}

export interface AlertLink {
  email: string
  productId: string
  productName: string | null
  confirmed: boolean
  unsubscribed: boolean
  notified: boolean
}

const linkColumns = {
  id: stockAlerts.id,
  email: stockAlerts.email,
  productId: stockAlerts.productId,
  productName: variantNameSql,
  confirmedAt: stockAlerts.confirmedAt,
  notifiedAt: stockAlerts.notifiedAt,
  unsubscribedAt: stockAlerts.unsubscribedAt,
}

function linkOf(row: {
  email: string
  productId: string
  productName: string | null
  confirmedAt: Date | null
  notifiedAt: Date | null
  unsubscribedAt: Date | null
}): AlertLink {
  return {
    email: row.email,
    productId: row.productId,
    productName: row.productName,
    confirmed: row.confirmedAt !== null,
    unsubscribed: row.unsubscribedAt !== null,
    notified: row.notifiedAt !== null,
  }
}

/** The alert a confirmation link is for; null for a link that names nothing (or was forgotten). */
export async function confirmLinkOf(db: Executor, token: string): Promise<AlertLink | null> {
  if (!TOKEN.test(token)) return null
  const hash = tokenHash(token)
  const [row] = await db
    .select(linkColumns)
    .from(stockAlerts)
    .leftJoin(products, eq(products.id, stockAlerts.productId))
    .where(or(eq(stockAlerts.confirmTokenHash, hash), eq(stockAlerts.resentTokenHash, hash)))
    .limit(1)
  return row ? linkOf(row) : null
}

/** Confirms the link's alert (once; again changes nothing). Null for a link that names nothing. */
export async function confirmStockAlert(db: Executor, token: string, now = new Date()): Promise<AlertLink | null> {
  const link = await confirmLinkOf(db, token)
  if (!link) return null
  if (link.confirmed || link.unsubscribed) return link
  const hash = tokenHash(token)
  await db
    .update(stockAlerts)
    .set({ confirmedAt: now })
    .where(
      and(
        or(eq(stockAlerts.confirmTokenHash, hash), eq(stockAlerts.resentTokenHash, hash)),
        isNull(stockAlerts.confirmedAt),
        isNull(stockAlerts.unsubscribedAt),
      ),
    )
  return { ...link, confirmed: true }
}

/**
 * Timed work (docs/decisions/025-timed-work.md), and a run right after a product write in this process:
 * sends each confirmed alert whose product is available again its one e-mail. Each is claimed by a
 * guarded UPDATE (`notified_at IS NULL`, every other condition repeated) in the transaction that queues
 * the e-mail, so two processes sweeping at once send it once, and a claim that rolls back leaves it for
 * the next run. `productIds` narrows a run to the products just written. Returns how many were sent.
 */
export async function sendStockAlerts(deps: Deps, options: { productIds?: string[] } = {}, now = new Date()): Promise<number> {
  const { db } = deps
  const due = await db
    .select({ id: stockAlerts.id, email: stockAlerts.email, productId: stockAlerts.productId, productName: variantNameSql })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(waiting, productBack, options.productIds ? inArray(stockAlerts.productId, options.productIds) : undefined))
    .orderBy(stockAlerts.createdAt)
    .limit(BATCH)
  let sent = 0
  for (const alert of due) {
    try {
      if (await sendOne(deps, alert, now)) sent++
    } catch (error) {
      logger.error({ err: error, alertId: alert.id }, 'could not send a back-in-stock alert; the next run tries again')
    }
  }
  if (due.length > 0) logger.info({ due: due.length, sent }, 'back-in-stock alerts sent')
  return sent
}

async function sendOne(deps: Deps, alert: { id: string; email: string; productId: string; productName: string }, now: Date): Promise<boolean> {
  const { db, mailer, config } = deps
  const origin = publicOrigin(config)
  const unsubscribeToken = newToken()
  const unsubscribeUrl = `${origin}/stock-alerts/unsubscribe/${unsubscribeToken}`
  const props = {
    shop: shopIdentity(config),
    origin,
    productName: alert.productName,
    productUrl: `${origin}${productPath(alert.productId)}`,
    unsubscribeUrl,
  }
  // Rendered before the claim, outside the transaction (the embedded database runs one at a time).
  const message: MailMessage = {
    to: alert.email,
    replyTo: config.SHOP_EMAIL,
    subject: `${alert.productName} is back in stock — ${config.SHOP_NAME}`,
    html: await render(<StockAlertEmail {...props} />),
    text: stockAlertText(props),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(stockAlerts)
      .set({ notifiedAt: now, unsubscribeTokenHash: tokenHash(unsubscribeToken) })
      .where(
        and(
          eq(stockAlerts.id, alert.id),
          // The product may have been renamed or sold out again since it was read.
          eq(stockAlerts.productId, alert.productId),
          waiting,
          exists(
            tx
              .select({ one: sql`1` })
              .from(products)
              .where(and(eq(products.id, alert.productId), productBack)),
          ),
        ),
      )
      .returning({ id: stockAlerts.id })
    if (!claimed) return false
    await mailer.send(message, tx)
    return true
  })
}

/**
 * The sweep, one run at a time in this process. `again` during a run asks for one more when it ends,
 * so a stock change that committed while a run was reading is not left for the next timed run.
 */
export function stockAlertSweeper(deps: Deps): { run: () => Promise<void>; again: () => void } {
  let running: Promise<void> | null = null
  let more = false
  const run = (): Promise<void> => {
    if (running) {
      more = true
      return running
    }
    running = (async () => {
      do {
        more = false
        await sendStockAlerts(deps)
      } while (more)
    })().finally(() => {
      running = null
    })
    return running
  }
  return {
    run,
    again: () => {
      if (running) more = true
    },
  }
}

/** The alert an unsubscribe link is for; null for a link that names nothing. */
export async function unsubscribeLinkOf(db: Executor, token: string): Promise<AlertLink | null> {
  if (!TOKEN.test(token)) return null
  const [row] = await db
    .select(linkColumns)
    .from(stockAlerts)
    .leftJoin(products, eq(products.id, stockAlerts.productId))
    .where(eq(stockAlerts.unsubscribeTokenHash, tokenHash(token)))
    .limit(1)
  return row ? linkOf(row) : null
}

/**
 * Stops back-in-stock e-mails to the link's address: this alert and every other one the address is
 * waiting on. Idempotent (the page's button, a mail client's one-click POST, both). Null for a link
 * that names nothing.
 */
export async function unsubscribeStockAlerts(db: Database, token: string, now = new Date()): Promise<AlertLink | null> {
  const link = await unsubscribeLinkOf(db, token)
  if (!link) return null
  await db.transaction(async (tx) => {
    await tx
      .update(stockAlerts)
      .set({ unsubscribedAt: now })
      .where(and(eq(stockAlerts.unsubscribeTokenHash, tokenHash(token)), isNull(stockAlerts.unsubscribedAt)))
    await tx
      .update(stockAlerts)
      .set({ unsubscribedAt: now })
      .where(and(eq(stockAlerts.email, link.email), live))
  })
  return { ...link, unsubscribed: true }
}

/**
 * A renamed product's alerts follow it, in the rename's transaction (as its trade prices do). An
 * address waiting on both ids (an older product of the new id, since deleted) keeps one alert.
 */
export async function moveStockAlerts(tx: Executor, fromId: string, toId: string): Promise<void> {
  await tx
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.productId, toId),
        live,
        sql`${stockAlerts.email} in (select ${stockAlerts.email} from ${stockAlerts} where ${stockAlerts.productId} = ${fromId} and ${live})`,
      ),
    )
  await tx.update(stockAlerts).set({ productId: toId }).where(eq(stockAlerts.productId, fromId))
}

/** How many confirmed addresses wait for each of these products (products nobody waits for are left out). */
export async function waitingCounts(db: Executor, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map()
  const rows = await db
    .select({ productId: stockAlerts.productId, waiting: count() })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.productId, productIds), waiting))
    .groupBy(stockAlerts.productId)
  return new Map(rows.map((row) => [row.productId, row.waiting]))
}

/**
 * Timed work: deletes what is no longer needed. An unconfirmed request after UNCONFIRMED_DAYS, a
 * confirmed alert still waiting after WAITING_DAYS, a sent or unsubscribed one after DONE_DAYS (its
 * e-mail's unsubscribe link answers until then), and the alerts of a product deleted from the catalogue.
 */
export async function forgetStockAlerts(db: Executor, now = new Date()): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * DAY)
  const forgotten = await db
    .delete(stockAlerts)
    .where(
      or(
        and(isNull(stockAlerts.confirmedAt), lt(stockAlerts.createdAt, before(UNCONFIRMED_DAYS))),
        and(waiting, lt(stockAlerts.confirmedAt, before(WAITING_DAYS))),
        lt(stockAlerts.notifiedAt, before(DONE_DAYS)),
        lt(stockAlerts.unsubscribedAt, before(DONE_DAYS)),
        // Spelt out: inside a statement on one table, column names lose their table.
        sql`not exists (select 1 from products where products.id = stock_alerts.product_id)`,
      ),
    )
    .returning({ id: stockAlerts.id })
  return forgotten.length
}
