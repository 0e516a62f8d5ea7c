import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { basQuarterOf, dayStart, shopDay, type BasQuarter, type Grouping } from '../../lib/reports/periods.ts'
import { availableUnits, lowOnStock, variantNameSql } from '../catalog/products.server.ts'
import type { Executor } from '../db/client.server.ts'
import { orderLines, orders, products, refunds } from '../db/schema.ts'

/**
 * The figures of the staff reports (docs/domain.md, Reports), summed by the database. A sale counts
 * in the period of its tax invoice (isSale, saleAt: the day it was paid, or for an order placed on a
 * trade account the day it was invoiced, docs/decisions/047-trade-accounts.md), refunds in the period
 * the money went back (`settled_at`, succeeded refunds only): a refund in a later period reduces that
 * period, as a BAS adjustment does. Periods are Brisbane days, Monday weeks, months and calendar
 * quarters, truncated on the Brisbane clock; each comes back as the `YYYY-MM-DD` of its first day.
 */

/** A sale: an order with a tax invoice, paid or invoiced on account (and not paid yet). */
export const isSale: SQL = inArray(orders.status, ['paid', 'invoiced'])

/** When a sale counts: its tax invoice's time, the invoice of an order on account or else the payment (orders_sale_day_idx). */
export const saleAt: SQL<Date> = sql<Date>`coalesce(${orders.invoicedAt}, ${orders.paidAt})`

/** The fields every period of a report carries. */
export interface PeriodTotals {
  orders: number
  salesCents: number
  gstCents: number
  refundsCents: number
  refundGstCents: number
}

export interface PeriodRow extends PeriodTotals {
  /** First day of the period. */
  period: string
}

const EMPTY: PeriodTotals = { orders: 0, salesCents: 0, gstCents: 0, refundsCents: 0, refundGstCents: 0 }

type Unit = Grouping | 'quarter'

/** The first Brisbane day of the period an instant falls in, as text. The unit is one of a fixed list. */
const periodOf = (column: AnyColumn | SQL, unit: Unit): SQL<string> =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${unit}'`)}, ${column} at time zone 'Australia/Brisbane'), 'YYYY-MM-DD')`

/** Sums in SQL come back as text from some drivers (bigint): numbers here, never more than 2^53 cents. */
const total = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number)

/** Sales and refunds per period between two instants (`from` included, `until` not), oldest first. */
export async function totalsByPeriod(db: Executor, range: { from: Date; until: Date }, unit: Unit): Promise<PeriodRow[]> {
  const salesPeriod = periodOf(saleAt, unit)
  const refundPeriod = periodOf(refunds.settledAt, unit)
  const [sales, given] = await Promise.all([
    db
      .select({
        period: salesPeriod,
        orders: sql<number>`count(*)::int`.mapWith(Number),
        salesCents: total(orders.totalCents),
        gstCents: total(orders.gstCents),
      })
      .from(orders)
      .where(and(isSale, gte(saleAt, range.from), lt(saleAt, range.until)))
      .groupBy(salesPeriod),
    db
      .select({ period: refundPeriod, refundsCents: total(refunds.amountCents), refundGstCents: total(refunds.gstCents) })
      .from(refunds)
      .where(and(eq(refunds.status, 'succeeded'), isNotNull(refunds.settledAt), gte(refunds.settledAt, range.from), lt(refunds.settledAt, range.until)))
      .groupBy(refundPeriod),
  ])
  const rows = new Map<string, PeriodRow>()
  const row = (period: string) => rows.get(period) ?? rows.set(period, { period, ...EMPTY }).get(period)!
  for (const sale of sales) Object.assign(row(sale.period), { orders: sale.orders, salesCents: sale.salesCents, gstCents: sale.gstCents })
  for (const refund of given) Object.assign(row(refund.period), { refundsCents: refund.refundsCents, refundGstCents: refund.refundGstCents })
  return [...rows.values()].sort((a, b) => a.period.localeCompare(b.period))
}

/** Every period of a list, with zeros where nothing happened (so a chart has a bar per day). */
export function fillPeriods(rows: PeriodRow[], periods: string[]): PeriodRow[] {
  const known = new Map(rows.map((row) => [row.period, row]))
  return periods.map((period) => known.get(period) ?? { period, ...EMPTY })
}

export interface QuarterRow extends PeriodTotals {
  quarter: BasQuarter
}

/**
 * GST per BAS quarter over the given quarters (oldest first), only those with a sale or a refund.
 * A BAS quarter is a calendar quarter (Jul–Sep is Q1 of the financial year), so the database's
 * `date_trunc('quarter')` on the Brisbane clock finds it.
 */
export async function gstByQuarter(db: Executor, quarters: BasQuarter[]): Promise<QuarterRow[]> {
  if (quarters.length === 0) return []
  const rows = await totalsByPeriod(db, { from: dayStart(quarters[0]!.from), until: dayStart(quarters.at(-1)!.until) }, 'quarter')
  return rows.map(({ period, ...totals }) => ({ quarter: basQuarterOf(period), ...totals }))
}

export interface TopProduct {
  productId: string
  productName: string
  units: number
  salesCents: number
  /**
   * The margin excluding GST, of the lines sold with a known cost (docs/domain.md, Stock keeping):
   * their sales less GST, less units × the cost each line kept. Null when no line had a cost.
   */
  marginCents: number | null
  /** The sales excluding GST the margin is taken on (its share, for a percentage). */
  costedSalesExGstCents: number
}

/** The best-selling products of sales (paid, or invoiced on account) between two instants, by money taken (GST inclusive). */
export async function topProducts(db: Executor, range: { from: Date; until: Date }, limit = 10): Promise<TopProduct[]> {
  const salesCents = total(orderLines.lineTotalCents)
  return db
    .select({
      productId: orderLines.productId,
      // A product renamed since keeps its sales under one row, named as it was last sold.
      productName: sql<string>`(array_agg(${orderLines.productName} order by ${saleAt} desc))[1]`,
      units: total(orderLines.quantity),
      salesCents,
      costedSalesExGstCents:
        sql<number>`coalesce(sum(${orderLines.lineTotalCents} - ${orderLines.gstCents}) filter (where ${orderLines.unitCostCents} is not null), 0)::bigint`.mapWith(
          Number,
        ),
      marginCents: sql<
        number | null
      >`(sum(${orderLines.lineTotalCents} - ${orderLines.gstCents}) filter (where ${orderLines.unitCostCents} is not null) - sum(${orderLines.unitCostCents} * ${orderLines.quantity}))::bigint`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(isSale, gte(saleAt, range.from), lt(saleAt, range.until)))
    .groupBy(orderLines.productId)
    .orderBy(desc(salesCents), asc(orderLines.productId))
    .limit(limit)
}

/** An order on account not yet paid in full, for the Owing report. */
export interface OwingInvoice {
  orderId: string
  customerName: string
  company: string
  email: string | null
  userId: string | null
  invoicedAt: Date
  dueAt: Date
  totalCents: number
  receivedCents: number
  owingCents: number
  purchaseOrder: string
}

/** Every order invoiced on account and not yet paid, the one due first at the top (docs/domain.md, Trade accounts). */
export async function owingInvoices(db: Executor): Promise<OwingInvoice[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      customerName: orders.customerName,
      company: orders.company,
      email: orders.email,
      userId: orders.userId,
      invoicedAt: orders.invoicedAt,
      dueAt: orders.paymentDueAt,
      totalCents: orders.totalCents,
      receivedCents: orders.receivedCents,
      purchaseOrder: orders.purchaseOrder,
    })
    .from(orders)
    .where(eq(orders.status, 'invoiced'))
    .orderBy(asc(orders.paymentDueAt), asc(orders.id))
  return rows.map((row) => ({
    ...row,
    // Written together as the order is placed on account; the creation time stands in for a row imported without them.
    invoicedAt: row.invoicedAt ?? new Date(0),
    dueAt: row.dueAt ?? row.invoicedAt ?? new Date(0),
    owingCents: Math.max(0, row.totalCents - row.receivedCents),
  }))
}

/**
 * What is owing on account, for the dashboard: the invoices not yet paid and those overdue (due
 * before today began in Brisbane: app/lib/trade.ts, isOverdue), each with what is owing on them.
 */
export async function owingOnAccounts(
  db: Executor,
  now = new Date(),
): Promise<{ invoices: number; owingCents: number; overdue: number; overdueCents: number }> {
  const owing = sql`${orders.totalCents} - ${orders.receivedCents}`
  const late = sql`${orders.paymentDueAt} < ${dayStart(shopDay(now))}`
  const [row] = await db
    .select({
      invoices: sql<number>`count(*)::int`.mapWith(Number),
      owingCents: sql<number>`coalesce(sum(${owing}), 0)::bigint`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${late})::int`.mapWith(Number),
      overdueCents: sql<number>`coalesce(sum(${owing}) filter (where ${late}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.status, 'invoiced'))
  return { invoices: row?.invoices ?? 0, owingCents: row?.owingCents ?? 0, overdue: row?.overdue ?? 0, overdueCents: row?.overdueCents ?? 0 }
}

/** Bank-transfer orders still awaiting (some of) their money: how many, and what is owing on them. */
export async function awaitingTransfers(db: Executor): Promise<{ orders: number; owingCents: number }> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`.mapWith(Number),
      owingCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.receivedCents}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting-payment'), eq(orders.provider, 'bank-transfer')))
  return { orders: row?.orders ?? 0, owingCents: row?.owingCents ?? 0 }
}

export interface LowStockProduct {
  productId: string
  productName: string
  onHand: number
  reserved: number
  available: number
  threshold: number
}

/** How many products are low in stock (the dashboard's figure), without reading them. */
export async function countLowStock(db: Executor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(lowOnStock)
  return row?.total ?? 0
}

/** Tracked products whose available units (on hand − reserved) are at or below their own threshold, fewest first. */
export async function lowStockProducts(db: Executor): Promise<LowStockProduct[]> {
  const available = sql<number>`${availableUnits}`.mapWith(Number)
  const rows = await db
    .select({
      productId: products.id,
      productName: variantNameSql,
      onHand: products.productStockOnHand,
      reserved: products.stockReserved,
      available,
      threshold: products.productLowStockThreshold,
    })
    .from(products)
    .where(lowOnStock)
    .orderBy(asc(available), asc(products.productName), asc(products.id))
  return rows.map((row) => ({ ...row, onHand: row.onHand ?? 0 }))
}
