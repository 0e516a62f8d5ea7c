import { count, eq } from 'drizzle-orm'
import { parseOrderQuery } from '../../lib/orders/order-query.ts'
import { addDays, dayStart, shopDay, weekStart } from '../../lib/reports/periods.ts'
import type { Executor } from '../db/client.server.ts'
import { contacts } from '../db/schema.ts'
import { countOrders } from '../orders/order-list.server.ts'
import { openReturnCount } from '../orders/returns.server.ts'
import { countLowStock, owingOnAccounts, totalsByPeriod } from '../reports/sales.server.ts'

export interface Sales {
  orders: number
  /** GST inclusive, less nothing: what was paid. */
  salesCents: number
}

/** What the staff dashboard shows: the day's and the week's sales, and what waits for someone. */
export interface Dashboard {
  today: Sales
  /** Monday to today, Brisbane time. */
  week: Sales
  toPack: number
  returns: number
  /** Enquiries nobody has answered or closed. */
  enquiries: number
  lowStock: number
  /** Invoices on account not yet paid: what is owing, and what of it is overdue. */
  owing: { invoices: number; owingCents: number; overdue: number; overdueCents: number }
}

export async function readDashboard(db: Executor, now = new Date()): Promise<Dashboard> {
  const today = shopDay(now)
  const monday = weekStart(today)
  const [days, toPack, returns, [enquiries], lowStock, owing] = await Promise.all([
    totalsByPeriod(db, { from: dayStart(monday), until: dayStart(addDays(today, 1)) }, 'day'),
    countOrders(db, parseOrderQuery(new URLSearchParams({ filter: 'to-pack' }))),
    openReturnCount(db),
    db.select({ total: count() }).from(contacts).where(eq(contacts.status, 'new')),
    countLowStock(db),
    owingOnAccounts(db, now),
  ])
  const sum = (rows: typeof days): Sales => ({
    orders: rows.reduce((total, row) => total + row.orders, 0),
    salesCents: rows.reduce((total, row) => total + row.salesCents, 0),
  })
  return { today: sum(days.filter((row) => row.period === today)), week: sum(days), toPack, returns, enquiries: enquiries?.total ?? 0, lowStock, owing }
}
