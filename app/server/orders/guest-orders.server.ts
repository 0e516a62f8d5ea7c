import { and, eq, isNull, sql } from 'drizzle-orm'
import { getOrder, orderDocument } from '../checkout/orders.server.ts'
import { user } from '../db/auth-schema.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { orders } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'

/**
 * Why guest orders join an account: the account's address was just verified (its earlier guest
 * orders join), or a guest order was paid with the address of an account already verified.
 */
export type JoinCause = 'verified' | 'paid'

/** The note each order that joins an account gets in its history (staff read it on /orders/:id). */
export function joinNote(cause: JoinCause, email: string): string {
  return cause === 'verified'
    ? `Joined the account of ${email}: placed as a guest with this e-mail address, which the account has now verified.`
    : `Joined the account of ${email}: paid as a guest with the verified e-mail address of this account.`
}

export interface JoinedOrder {
  orderId: string
  userId: string
  email: string
}

/**
 * Paid guest orders (no account) join the account whose e-mail address is theirs (compared without
 * case) once that address is verified: those of one account (`userId`, after it verifies), or one
 * order (`orderId`, once paid). An account whose address is not verified gets nothing, since anyone
 * can sign up with a stranger's address. Call it inside a transaction: the move and its history
 * note are written together.
 *
 * Exactly once: one guarded UPDATE (`user_id IS NULL`) moves the orders, and only the rows it
 * changed get a note. When two attempts meet (a verification and a payment, or two processes), the
 * second waits for the first's row lock, finds the guard no longer true and changes nothing.
 */
export async function attachGuestOrders(
  tx: Executor,
  target: { userId: string } | { orderId: string },
  cause: JoinCause,
  by: string | null,
): Promise<JoinedOrder[]> {
  const joined = await tx
    .update(orders)
    .set({ userId: sql`${user.id}`, updatedAt: new Date() })
    .from(user)
    .where(
      and(
        isNull(orders.userId),
        eq(orders.status, 'paid'),
        eq(user.emailVerified, true),
        sql`lower(${orders.email}) = lower(${user.email})`,
        'userId' in target ? eq(user.id, target.userId) : eq(orders.id, target.orderId),
      ),
    )
    .returning({ orderId: orders.id, userId: user.id, email: user.email })
  for (const row of joined) {
    const order = (await getOrder(tx, row.orderId))!
    await recordHistory(tx, {
      collection: 'orders',
      documentId: row.orderId,
      action: 'update',
      document: { ...orderDocument(order), note: joinNote(cause, row.email) },
      updatedBy: by ?? row.email,
    })
  }
  return joined
}

/** The guest orders of an account that has just verified its address join it (its own transaction). */
export async function attachGuestOrdersOf(db: Database, account: { id: string; email: string }): Promise<JoinedOrder[]> {
  return db.transaction((tx) => attachGuestOrders(tx, { userId: account.id }, 'verified', account.email))
}
