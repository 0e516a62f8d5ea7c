import { quoteCounts } from '../../server/quotes/quotes.server'
import { Link } from 'react-router'
import { BarChart } from '../../components/staff/bar-chart'
import { formatAud } from '../../lib/money'
import {
  addDays,
  basQuarterLabel,
  basQuartersToDate,
  dayStart,
  GROUPINGS,
  lastDays,
  parseReportQuery,
  periodLabel,
  periodsCovering,
  RANGES,
  reportQueryString,
  shopDay,
  shortDate,
  type Grouping,
  type ReportQuery,
} from '../../lib/reports/periods'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import {
  awaitingTransfers,
  fillPeriods,
  gstByQuarter,
  lowStockProducts,
  owingOnAccounts,
  topProducts,
  totalsByPeriod,
  type PeriodTotals,
} from '../../server/reports/sales.server'
import { discountTotals, promotionFigures, type PromotionFigures } from '../../server/reports/promotions.server'
import type { Route } from './+types/reports'
import { LinkButton } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { DataTable, type Column } from '../../components/ui/table'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Reports', 'Sales, GST per BAS quarter, top products and low stock.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseReportQuery(new URL(request.url).searchParams)
  const { db } = shop(context)
  const today = shopDay(new Date())
  const { from, to } = lastDays(today, query.range)
  const range = { from: dayStart(from), until: dayStart(addDays(to, 1)) }
  const [byDay, grouped, top, quarters, lowStock, quoteFigures, owing, transfers, discounts, promotions] = await Promise.all([
    query.by === 'day' ? null : totalsByPeriod(db, range, 'day'),
    totalsByPeriod(db, range, query.by),
    topProducts(db, range),
    gstByQuarter(db, basQuartersToDate(today)),
    lowStockProducts(db),
    quoteCounts(db, range),
    owingOnAccounts(db),
    awaitingTransfers(db),
    discountTotals(db, range),
    promotionFigures(db, range),
  ])
  const days = fillPeriods(byDay ?? grouped, periodsCovering(from, to, 'day'))
  const periods = fillPeriods(grouped, periodsCovering(from, to, query.by)).reverse()
  return { query, from, to, days, periods, top, quarters: quarters.reverse(), lowStock, quoteFigures, owing, transfers, discounts, promotions }
}

const sum = (rows: PeriodTotals[], key: keyof PeriodTotals) => rows.reduce((total, row) => total + row[key], 0)

type QuarterRow = Awaited<ReturnType<typeof gstByQuarter>>[number]

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { query, from, to, days, periods, top, quarters, lowStock, quoteFigures, owing, transfers, discounts, promotions } = loaderData
  const totals = {
    orders: sum(days, 'orders'),
    sales: sum(days, 'salesCents'),
    gst: sum(days, 'gstCents'),
    refunds: sum(days, 'refundsCents'),
    refundGst: sum(days, 'refundGstCents'),
  }
  const dayPoints = (key: 'salesCents' | 'orders') => days.map((day) => ({ label: shortDate(day.period), value: day[key] }))
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader title="Reports" />
      <p className="mt-2 text-slate-600">
        {shortDate(from)} to {shortDate(to)}, Brisbane time. Sales count on the day of their tax invoice (the day they were paid, or the day an order on account
        was invoiced), refunds on the day the money went back. What customers still owe is on{' '}
        <Link to="/reports/owing" className="text-brand-700 underline">
          Owing
        </Link>
        .
      </p>
      <Choices query={query} />

      <section aria-labelledby="summary" className="mt-8">
        <h2 id="summary" className="sr-only">
          Last {query.range} days in total
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <Figure label="Orders" value={String(totals.orders)} />
          <Figure label="Revenue (incl. GST)" value={formatAud(totals.sales)} testId="total-revenue" />
          <Figure label="GST collected" value={formatAud(totals.gst)} testId="total-gst" />
          <Figure label="Refunds" value={formatAud(totals.refunds)} />
          <Figure label="Net" value={formatAud(totals.sales - totals.refunds)} />
        </dl>
      </section>

      <section aria-labelledby="quotes-heading" className="mt-10">
        <h2 id="quotes-heading" className="text-xl font-semibold">
          Quotes
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Quotes sent in these days, and what became of them.{' '}
          <Link to="/quotes" className="text-brand-700 underline">
            All quotes
          </Link>
        </p>
        <dl className="mt-3 grid grid-cols-3 gap-3 sm:max-w-xl">
          <Figure label="Sent" value={String(quoteFigures.sent)} testId="quotes-sent" />
          <Figure label="Accepted" value={String(quoteFigures.accepted)} testId="quotes-accepted" />
          <Figure label="Expired" value={String(quoteFigures.expired)} testId="quotes-expired" />
        </dl>
      </section>

      <section aria-labelledby="promotions-heading" className="mt-10">
        <h2 id="promotions-heading" className="text-xl font-semibold">
          Promotions
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The same sales before and after what discount codes and offers took off, GST inclusive ({discounts.discountedOrders} of {discounts.orders}{' '}
          {discounts.orders === 1 ? 'sale' : 'sales'} had a discount).{' '}
          <Link to="/staff/promotions" className="text-brand-700 underline">
            All promotions
          </Link>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:max-w-2xl sm:grid-cols-3">
          <Figure label="Sales before discounts" value={formatAud(discounts.grossCents)} testId="sales-gross" />
          <Figure label="Discounts" value={formatAud(discounts.discountCents)} testId="sales-discounts" />
          <Figure label="Sales after discounts" value={formatAud(discounts.netCents)} testId="sales-net" />
        </dl>
        {promotions.length === 0 ? (
          <p className="mt-3 text-slate-600">No sale in these days had a discount.</p>
        ) : (
          <DataTable
            className="mt-3"
            phone="scroll"
            label="Table of sales by promotion"
            rows={promotions}
            rowKey={(row) => row.promotionId}
            rowProps={(row) => ({ 'data-testid': `report-promotion-${row.code ?? row.promotionId}` })}
            columns={[
              {
                header: 'Promotion',
                rowHeader: true,
                cell: (row: PromotionFigures) => (
                  <Link to={`/staff/promotions/${row.promotionId}`} className="text-brand-700 hover:underline">
                    {row.code ? <span className="font-mono">{row.code}</span> : row.name}
                    <span className="block text-xs text-slate-500">{row.code ? row.name : 'Automatic offer'}</span>
                  </Link>
                ),
              },
              { header: 'Orders', align: 'right', nowrap: true, cell: (row) => row.orders },
              figure('Discount given', (row: PromotionFigures) => row.discountCents),
              figure('Net sales', (row: PromotionFigures) => row.netSalesCents),
              { header: 'Uses', align: 'right', nowrap: true, cell: (row) => row.uses },
              { header: 'Uses left', align: 'right', nowrap: true, cell: (row) => (row.usesLeft === null ? '—' : row.usesLeft) },
            ]}
          />
        )}
        {promotions.length > 0 ? (
          <p className="mt-2 text-xs text-slate-500">
            Net sales are the orders’ totals after all their discounts: an order with an offer and a code counts under both. Uses are all the orders placed with
            it and not ended without payment, whenever placed, as its limit counts them.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="charts" className="mt-10">
        <h2 id="charts" className="text-xl font-semibold">
          By day
        </h2>
        <div className="mt-4 grid gap-8 lg:grid-cols-2">
          <BarChart
            id="revenue-chart"
            title={`Revenue per day, last ${query.range} days`}
            points={dayPoints('salesCents')}
            format={formatAud}
            valueHeading="Revenue (GST inclusive)"
          />
          <BarChart id="orders-chart" title={`Orders per day, last ${query.range} days`} points={dayPoints('orders')} format={String} valueHeading="Orders" />
        </div>
      </section>

      <section aria-labelledby="by-period" className="mt-10">
        <h2 id="by-period" className="text-xl font-semibold">
          Sales and refunds by {query.by}
        </h2>
        <PeriodTable rows={periods} by={query.by} totals={totals} />
      </section>

      <section aria-labelledby="top-products" className="mt-10">
        <h2 id="top-products" className="text-xl font-semibold">
          Top products, last {query.range} days
        </h2>
        {top.length === 0 ? (
          <p className="mt-3 text-slate-600">No sales in these days.</p>
        ) : (
          <DataTable
            className="mt-3"
            phone="fit"
            rows={top}
            rowKey={(product) => product.productId}
            columns={[
              { header: 'Product', cell: (product) => product.productName },
              { header: 'Units', align: 'right', nowrap: true, cell: (product) => product.units },
              { header: 'Revenue', align: 'right', nowrap: true, cell: (product) => formatAud(product.salesCents) },
              {
                header: 'Margin (excl. GST)',
                align: 'right',
                nowrap: true,
                // On a phone the table keeps product, units and revenue; the margin is a desk's reading.
                hideOnPhone: true,
                cell: (product) =>
                  product.marginCents === null ? (
                    <span className="text-slate-500" title="No cost on the product form when these were sold">
                      —
                    </span>
                  ) : (
                    <span data-testid={`margin-${product.productId}`}>
                      {formatAud(product.marginCents)}
                      {product.costedSalesExGstCents > 0 ? (
                        <span className="block text-xs text-slate-500">{Math.round((product.marginCents / product.costedSalesExGstCents) * 100)} %</span>
                      ) : null}
                    </span>
                  ),
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="bas" className="mt-10">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="bas" className="text-xl font-semibold">
            GST per BAS quarter
          </h2>
          {quarters.length > 0 ? (
            <a href="/reports/bas.csv" download className="text-sm text-brand-700 underline">
              Download CSV
            </a>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">The quarters of this and last financial year (July–June) that had sales or refunds.</p>
        {quarters.length === 0 ? (
          <p className="mt-3 text-slate-600">No sales or refunds this or last financial year.</p>
        ) : (
          <DataTable
            className="mt-3"
            phone="scroll"
            label="Table of GST per BAS quarter"
            rows={quarters}
            rowKey={(row) => row.quarter.from}
            columns={[
              { header: 'Quarter', rowHeader: true, cell: (row) => <QuarterName label={basQuarterLabel(row.quarter)} /> },
              figure('Sales incl. GST', (row: QuarterRow) => row.salesCents),
              figure('GST collected', (row: QuarterRow) => row.gstCents),
              figure('Refunds', (row: QuarterRow) => row.refundsCents),
              figure('GST refunded', (row: QuarterRow) => row.refundGstCents),
              { ...figure('Net GST', (row: QuarterRow) => row.gstCents - row.refundGstCents), emphasis: 'font-semibold' },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="owing-heading" className="mt-10">
        <h2 id="owing-heading" className="text-xl font-semibold">
          Owing
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="owing-summary">
          {formatAud(owing.owingCents)} owing on account ({owing.invoices === 1 ? '1 invoice' : `${owing.invoices} invoices`}
          {owing.overdue > 0 ? `, ${formatAud(owing.overdueCents)} of it overdue` : ''}), and {formatAud(transfers.owingCents)} awaited by bank transfer (
          {transfers.orders === 1 ? '1 order' : `${transfers.orders} orders`}).
        </p>
        <LinkButton to="/reports/owing" variant="secondary" size="sm" className="mt-3">
          Owing report
        </LinkButton>
      </section>

      <section aria-labelledby="low-stock-heading" id="low-stock" className="mt-10">
        <h2 id="low-stock-heading" className="text-xl font-semibold">
          Low stock
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Tracked products with as many available units as their alert level or fewer (set on each product’s form). A daily e-mail of this list is one of your{' '}
          <Link to="/settings/notifications" className="text-brand-700 underline">
            notifications
          </Link>
          .
        </p>
        {lowStock.length === 0 ? (
          <p className="mt-3 text-slate-600">Nothing is low.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {lowStock.map((product) => (
              <li key={product.productId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{product.productName}</span>{' '}
                  <span className="text-slate-600">
                    — {product.available} available{product.reserved > 0 ? ` (${product.reserved} held by payments)` : ''}, alert at {product.threshold}
                  </span>
                </span>
                <Link to={`/product/${product.productId}/update`} className="font-semibold text-brand-700 underline">
                  Edit<span className="sr-only"> {product.productName}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

/** The range and grouping, as links: a bookmarkable address for each view. */
function Choices({ query }: { query: ReportQuery }) {
  return (
    <div className="mt-6 flex flex-wrap gap-x-8 gap-y-3">
      <nav aria-label="Days shown">
        <ul className="flex flex-wrap gap-2">
          {RANGES.map((range) => (
            <li key={range}>
              <LinkButton
                variant="pill"
                size="sm"
                to={`/reports${reportQueryString(query, { range })}`}
                aria-current={query.range === range ? 'page' : undefined}
              >
                Last {range} days
              </LinkButton>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Group the table by">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(GROUPINGS) as Grouping[]).map((by) => (
            <li key={by}>
              <LinkButton variant="pill" size="sm" to={`/reports${reportQueryString(query, { by })}`} aria-current={query.by === by ? 'page' : undefined}>
                By {by}
              </LinkButton>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}

/** "Q2 2026–27 (Oct–Dec 2026)" on two lines on a phone, never broken inside either part. */
function QuarterName({ label }: { label: string }) {
  const split = label.indexOf(' (')
  if (split < 0) return <>{label}</>
  return (
    <>
      <span className="whitespace-nowrap">{label.slice(0, split)}</span> <span className="whitespace-nowrap text-slate-500">{label.slice(split + 1)}</span>
    </>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

/** A column of amounts in dollars, right-aligned and kept on one line. */
function figure<Row>(header: string, cents: (row: Row) => number, footer?: number): Column<Row> {
  return { header, align: 'right', nowrap: true, cell: (row) => formatAud(cents(row)), footer: footer === undefined ? undefined : formatAud(footer) }
}
type PeriodRow = PeriodTotals & { period: string }

function PeriodTable({
  rows,
  by,
  totals,
}: {
  rows: PeriodRow[]
  by: Grouping
  totals: { orders: number; sales: number; gst: number; refunds: number; refundGst: number }
}) {
  return (
    <DataTable
      className="mt-3"
      phone="scroll"
      label={`Table of sales and refunds by ${by}`}
      rows={rows}
      rowKey={(row) => row.period}
      columns={[
        { header: GROUPINGS[by], rowHeader: true, nowrap: true, cell: (row) => periodLabel(row.period, by), footer: 'Total' },
        { header: 'Orders', align: 'right', nowrap: true, cell: (row) => row.orders, footer: totals.orders },
        figure('Revenue', (row: PeriodRow) => row.salesCents, totals.sales),
        figure('GST', (row: PeriodRow) => row.gstCents, totals.gst),
        figure('Refunds', (row: PeriodRow) => row.refundsCents, totals.refunds),
        figure('GST refunded', (row: PeriodRow) => row.refundGstCents, totals.refundGst),
        { ...figure('Net', (row: PeriodRow) => row.salesCents - row.refundsCents, totals.sales - totals.refunds), emphasis: 'font-semibold' },
      ]}
    />
  )
}
