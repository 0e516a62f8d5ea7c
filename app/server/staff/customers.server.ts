import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm'
import { listAddresses } from '../accounts/addresses.server.ts'
import type { Executor } from '../db/client.server.ts'
import { containing } from '../db/like.server.ts'
import { user } from '../db/auth-schema.ts'
import { contacts, orders } from '../db/schema.ts'

/** Customers on one page of the staff list. */
export const CUSTOMERS_PAGE_SIZE = 50

/** The paid orders of an account, counted and summed once per customer (an aggregate joined in). */
const paidTotals = (db: Executor) =>
  db
    .select({
      userId: orders.userId,
      orders: count().as('paid_orders'),
      spentCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.as('spent_cents'),
    })
    .from(orders)
    .where(eq(orders.status, 'paid'))
    .groupBy(orders.userId)
    .as('paid_totals')

/** Customer accounts, newest first, found by part of the name or e-mail, with their paid orders. */
export async function listCustomers(db: Executor, query: { q: string; page: number }) {
  const where = and(eq(user.role, 'customer'), query.q ? or(ilike(user.email, containing(query.q)), ilike(user.name, containing(query.q))) : undefined)
  const totals = paidTotals(db)
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt,
        orders: sql<number>`coalesce(${totals.orders}, 0)`.mapWith(Number),
        spentCents: sql<number>`coalesce(${totals.spentCents}, 0)`.mapWith(Number),
      })
      .from(user)
      .leftJoin(totals, eq(totals.userId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((query.page - 1) * CUSTOMERS_PAGE_SIZE),
    db.select({ total: count() }).from(user).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/**
 * A customer for staff: the account, its saved addresses, its orders (and orders placed as a guest
 * with the same e-mail), and the enquiries sent from its address. Staff accounts are not customers.
 */
export async function getCustomer(db: Executor, userId: string) {
  const [account] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.role, 'customer')))
  if (!account) return null
  const [saved, placed, enquiries] = await Promise.all([
    listAddresses(db, userId),
    db
      .select({
        id: orders.id,
        status: orders.status,
        fulfilment: orders.fulfilment,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        createdAt: orders.createdAt,
        userId: orders.userId,
      })
      .from(orders)
      .where(or(eq(orders.userId, userId), and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${account.email})`)))
      .orderBy(desc(orders.createdAt))
      .limit(200),
    db
      .select({ id: contacts.id, status: contacts.status, message: contacts.contactMessage, createdAt: contacts.createdAt })
      .from(contacts)
      .where(sql`lower(${contacts.contactEmail}) = lower(${account.email})`)
      .orderBy(desc(contacts.createdAt))
      .limit(100),
  ])
  return { account, addresses: saved, orders: placed, enquiries }
}
