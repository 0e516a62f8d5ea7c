import { Link } from 'react-router'
import { OrderStatus } from '../../components/shop/order-status'
import { PageHeader, EmptyState } from '../../components/ui/page-header'
import { DataTable } from '../../components/ui/table'
import { formatAud } from '../../lib/money'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { isOverdue } from '../../lib/trade'
import { shop } from '../../server/context.server'
import { awaitingTransfers, owingInvoices, type OwingInvoice } from '../../server/reports/sales.server'
import type { Route } from './+types/reports.owing'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Owing', 'Invoices on account not yet paid, and bank transfers awaited.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * What customers owe the shop (docs/domain.md, Trade accounts): every order invoiced on account and
 * not yet paid in full, due first at the top, overdue ones marked (their due date has passed, on the
 * Brisbane calendar), with totals; and what bank-transfer orders still await. Staff record payments
 * on each order's screen.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context)
  const now = new Date()
  const [invoices, transfers] = await Promise.all([owingInvoices(db), awaitingTransfers(db)])
  const rows = invoices.map((invoice) => ({ ...invoice, overdue: isOverdue(invoice.dueAt, now) }))
  const sum = (list: typeof rows, key: 'totalCents' | 'receivedCents' | 'owingCents') => list.reduce((total, row) => total + row[key], 0)
  const overdue = rows.filter((row) => row.overdue)
  return {
    rows,
    totals: { total: sum(rows, 'totalCents'), received: sum(rows, 'receivedCents'), owing: sum(rows, 'owingCents') },
    overdue: { count: overdue.length, owing: sum(overdue, 'owingCents') },
    transfers,
  }
}

const dayFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Brisbane' })

type Row = OwingInvoice & { overdue: boolean }

/** Who owes it: the business, then the person, each leading to the customer's screen where there is an account. */
function Customer({ row }: { row: Row }) {
  const name = row.company || row.customerName || row.email || 'A customer'
  return (
    <span className="block min-w-0 [overflow-wrap:anywhere]">
      {row.userId ? (
        <Link to={`/staff/customers/${row.userId}`} className="font-medium text-brand-700 hover:underline">
          {name}
        </Link>
      ) : (
        <span className="font-medium">{name}</span>
      )}
      {row.company && row.customerName ? <span className="block text-slate-600">{row.customerName}</span> : null}
    </span>
  )
}

function Figure({ label, value, detail, testId, tone }: { label: string; value: string; detail?: React.ReactNode; testId?: string; tone?: 'warning' }) {
  return (
    <div className={`rounded-lg border px-3 py-2 ${tone === 'warning' ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {detail ? <dd className="text-xs text-slate-600">{detail}</dd> : null}
    </div>
  )
}

export default function Owing({ loaderData }: Route.ComponentProps) {
  const { rows, totals, overdue, transfers } = loaderData
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <Link to="/reports" className="text-sm text-brand-700 hover:underline">
        ← Reports
      </Link>
      <div className="mt-2">
        <PageHeader
          title="Owing"
          lead="Orders invoiced on trade accounts and not yet paid in full, the one due first at the top. An invoice is overdue once its due date has passed. Record a payment on the order’s screen."
        />
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure
          label="Owing on account"
          value={formatAud(totals.owing)}
          detail={rows.length === 1 ? '1 invoice' : `${rows.length} invoices`}
          testId="owing-total"
        />
        <Figure
          label="Overdue"
          value={formatAud(overdue.owing)}
          detail={overdue.count === 1 ? '1 invoice' : `${overdue.count} invoices`}
          testId="overdue-total"
          tone={overdue.count > 0 ? 'warning' : undefined}
        />
        <Figure
          label="Awaiting bank transfer"
          value={formatAud(transfers.owingCents)}
          detail={
            <Link to="/orders?filter=awaiting-transfer" className="text-brand-700 underline">
              {transfers.orders === 1 ? '1 order' : `${transfers.orders} orders`}
            </Link>
          }
          testId="transfers-total"
        />
      </dl>

      <section aria-labelledby="invoices-heading" className="mt-10">
        <h2 id="invoices-heading" className="text-xl font-semibold">
          Invoices on account
        </h2>
        {rows.length === 0 ? (
          <EmptyState title="Nothing is owing on account.">Orders placed on account show here until they are paid in full.</EmptyState>
        ) : (
          <DataTable
            className="mt-3"
            // Figures side by side, as the other reports' tables: on a phone the table scrolls sideways in its own region.
            phone="scroll"
            label="Table of invoices owing on account"
            minWidth="min-w-[46rem]"
            rows={rows}
            rowKey={(row) => row.orderId}
            rowProps={(row) => ({ 'data-testid': `owing-${row.orderId}`, ...(row.overdue ? { 'data-overdue': 'true' } : {}) })}
            columns={[
              {
                header: 'Order',
                nowrap: true,
                cell: (row) => (
                  <>
                    <Link to={`/orders/${row.orderId}`} className="font-semibold text-brand-700 hover:underline">
                      {row.orderId}
                    </Link>
                    {row.purchaseOrder ? <span className="block text-xs text-slate-600">PO {row.purchaseOrder}</span> : null}
                  </>
                ),
                footer: 'Total',
              },
              { header: 'Customer', cell: (row) => <Customer row={row} /> },
              { header: 'Invoiced', nowrap: true, cell: (row) => dayFormat.format(new Date(row.invoicedAt)) },
              {
                header: 'Due',
                nowrap: true,
                cell: (row) => (
                  <span className="inline-flex flex-wrap items-center gap-2" data-testid="owing-due">
                    {dayFormat.format(new Date(row.dueAt))}
                    {row.overdue ? <OrderStatus status="overdue" /> : null}
                  </span>
                ),
              },
              { header: 'Total', align: 'right', nowrap: true, cell: (row) => formatAud(row.totalCents), footer: formatAud(totals.total) },
              {
                header: 'Received',
                align: 'right',
                nowrap: true,
                cell: (row) => formatAud(row.receivedCents),
                footer: formatAud(totals.received),
              },
              {
                header: 'Owing',
                align: 'right',
                nowrap: true,
                emphasis: 'font-semibold',
                cell: (row) => formatAud(row.owingCents),
                footer: formatAud(totals.owing),
              },
            ]}
          />
        )}
      </section>
    </div>
  )
}
