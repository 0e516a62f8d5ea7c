import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../db/client.server.ts'
import { orders } from '../db/schema.ts'

/**
 * An order's status page, `/track-order/<token>` (docs/decisions/041-order-emails.md): every e-mail
 * about the order carries it, it keeps working (as a shop's order status page does), and it shows that
 * one order and nothing else. Staff can revoke it: a new token replaces the old one, which stops
 * working at once.
 */

const TOKEN = /^[A-Za-z0-9_-]{32}$/
const newToken = () => randomBytes(24).toString('base64url')

/** The order's status token, given one first if it has none (orders placed before status links existed). */
export async function statusTokenOf(db: Executor, orderId: string): Promise<string> {
  await db
    .update(orders)
    .set({ statusToken: newToken() })
    .where(and(eq(orders.id, orderId), isNull(orders.statusToken)))
  const [row] = await db.select({ token: orders.statusToken }).from(orders).where(eq(orders.id, orderId))
  if (!row?.token) throw new Error(`order ${orderId} has no status token`)
  return row.token
}

/** The order a status token shows, or null for a token that is malformed, revoked or unknown. */
export async function orderIdOfStatusToken(db: Executor, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.statusToken, token)).limit(1)
  return row?.id ?? null
}

/** Revokes the order's status link: a new token replaces the old one. Returns the new token. */
export async function renewStatusToken(db: Executor, orderId: string): Promise<string> {
  const token = newToken()
  await db.update(orders).set({ statusToken: token }).where(eq(orders.id, orderId))
  return token
}
