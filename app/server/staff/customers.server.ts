import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm'
import { listAddresses } from '../accounts/addresses.server.ts'
import type { Executor } from '../db/client.server.ts'
import { containing } from '../db/like.server.ts'
import { user } from '../db/auth-schema.ts'
import { contacts, orders } from '../db/schema.ts'
import { isAbandoned, isOrder } from '../orders/order-kind.server.ts'
import { isSale } from '../reports/sales.server.ts'

/** Customers on one page of the staff list. */
export const CUSTOMERS_PAGE_SIZE = 50

/** An account's orders, and the guest orders placed with its e-mail address (compared without case). */
export const ofCustomer = (userId: SQL | typeof user.id, email: SQL | typeof user.email) =>
  or(eq(orders.userId, userId), and(isNull(orders.userId), sql`lower(${orders.email}) = lower(${email})`))!

/**
 * What a customer has bought, per account (a lateral aggregate joined to each account): its sales
 * (paid orders and orders invoiced on account, as the reports count them) and the paid guest orders
 * placed with its address (an address not yet verified keeps them apart from the account, but they
 * are still this customer's money), each at its total; refunds are not taken off. Abandoned
 * checkouts and orders awaiting a bank transfer are no sale.
 */
const paidTotals = (db: Executor) =>
  db
    .select({
      orders: count().as('paid_orders'),
      guestOrders: sql<number>`count(*) filter (where ${orders.userId} is null)`.as('guest_orders'),
      spentCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`.as('spent_cents'),
    })
    .from(orders)
    .where(and(isSale, ofCustomer(user.id, user.email)))
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
      .leftJoinLateral(totals, sql`true`)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(CUSTOMERS_PAGE_SIZE)
      .offset((query.page - 1) * CUSTOMERS_PAGE_SIZE),
    db.select({ total: count() }).from(user).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/**
 * A customer for staff: the account with what it has paid for (paidTotals), its saved addresses, its
 * orders (and orders placed as a guest with the same e-mail), how many of its payment attempts were
 * abandoned, and the enquiries sent from its address. Staff accounts are not customers.
 */
export async function getCustomer(db: Executor, userId: string) {
  const totals = paidTotals(db)
  const [found] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      paidOrders: sql<number>`coalesce(${totals.orders}, 0)`.mapWith(Number),
      guestOrders: sql<number>`coalesce(${totals.guestOrders}, 0)`.mapWith(Number),
      spentCents: sql<number>`coalesce(${totals.spentCents}, 0)`.mapWith(Number),
    })
    .from(user)
    .leftJoinLateral(totals, sql`true`)
    .where(and(eq(user.id, userId), eq(user.role, 'customer')))
  if (!found) return null
  const { paidOrders, guestOrders, spentCents, ...account } = found
  const [saved, placed, [abandoned], enquiries] = await Promise.all([
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
      .where(and(ofCustomer(sql`${userId}`, sql`${account.email}`), isOrder))
      .orderBy(desc(orders.createdAt))
      .limit(200),
    db
      .select({ total: count() })
      .from(orders)
      .where(and(ofCustomer(sql`${userId}`, sql`${account.email}`), isAbandoned())),
    db
      .select({ id: contacts.id, status: contacts.status, message: contacts.contactMessage, createdAt: contacts.createdAt })
      .from(contacts)
      .where(sql`lower(${contacts.contactEmail}) = lower(${account.email})`)
      .orderBy(desc(contacts.createdAt))
      .limit(100),
  ])
  return {
    account,
    totals: { paidOrders, guestOrders, spentCents },
    addresses: saved,
    orders: placed,
    abandonedCheckouts: abandoned?.total ?? 0,
    enquiries,
  }
}
