import { Link } from 'react-router'
import { ABANDONED_REASON_HELP, ABANDONED_REASONS, type AbandonedReason } from '../../lib/orders/abandoned'
import { formatAud } from '../../lib/money'
import { orderDateFormat } from '../shop/order-status'
import { Badge, type BadgeTone } from '../ui/badge'
import { DataTable } from '../ui/table'

const TONES: Record<AbandonedReason, BadgeTone> = { declined: 'danger', cancelled: 'neutral', expired: 'neutral', 'not-opened': 'warning' }

/** Why a payment attempt ended, as a badge (its meaning in the tooltip). */
export function AbandonedReasonBadge({ reason }: { reason: AbandonedReason }) {
  return (
    <span title={ABANDONED_REASON_HELP[reason]}>
      <Badge tone={TONES[reason]}>{ABANDONED_REASONS[reason]}</Badge>
    </span>
  )
}

export interface AbandonedRow {
  id: string
  createdAt: string | Date
  reason: AbandonedReason
  email: string | null
  customerName: string
  totalCents: number
}

/** The staff list of abandoned checkouts: who, when, why the payment ended, and what it was worth. Rows stack on a phone. */
export function AbandonedTable({ checkouts }: { checkouts: AbandonedRow[] }) {
  return (
    <DataTable
      className="mt-6"
      rows={checkouts}
      rowKey={(row) => row.id}
      caption="Abandoned checkouts: payments that ended without money. None of them was charged."
      columns={[
        {
          header: 'Checkout',
          cell: (row) => (
            <Link to={`/orders/${row.id}`} className="font-semibold text-brand-700 hover:underline">
              {row.id}
            </Link>
          ),
        },
        { header: 'Date', nowrap: true, cell: (row) => orderDateFormat.format(new Date(row.createdAt)) },
        {
          header: 'Customer',
          wide: true,
          cell: (row) => (
            <>
              {row.customerName ? <span className="block">{row.customerName}</span> : null}
              <span className="break-all text-slate-600">{row.email ?? '—'}</span>
            </>
          ),
        },
        { header: 'Reason', cell: (row) => <AbandonedReasonBadge reason={row.reason} /> },
        { header: 'Value', align: 'right', labelOnPhone: true, cell: (row) => formatAud(row.totalCents) },
      ]}
    />
  )
}
