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
  consentAt: string | Date | null
  remindedAt: string | Date | null
  paidOrderId: string | null
  recoveredReminderAt: string | Date | null
  unsubscribed: boolean
}

const when = (value: string | Date) => orderDateFormat.format(new Date(value))

/**
 * Where the checkout's cart reminder stands (docs/domain.md, Abandoned checkout reminders): recovered
 * (paid after its reminder, with a link to the order), reminder sent, consent given and waiting, or no
 * consent; and whether the address unsubscribed.
 */
export function ReminderState({ row }: { row: AbandonedRow }) {
  const unsubscribed = row.unsubscribed ? (
    <span className="block">
      <Badge tone="neutral">Unsubscribed</Badge>
    </span>
  ) : null
  if (row.paidOrderId && row.recoveredReminderAt) {
    return (
      <>
        <Badge tone="success">Recovered</Badge>
        <span className="block text-slate-600">Reminder {when(row.recoveredReminderAt)}</span>
        <Link to={`/orders/${row.paidOrderId}`} className="font-semibold text-brand-700 hover:underline">
          Order {row.paidOrderId}
        </Link>
      </>
    )
  }
  if (row.paidOrderId) {
    return (
      <>
        <span className="block text-slate-600">Paid later, no reminder</span>
        <Link to={`/orders/${row.paidOrderId}`} className="font-semibold text-brand-700 hover:underline">
          Order {row.paidOrderId}
        </Link>
      </>
    )
  }
  if (row.remindedAt) {
    return (
      <>
        <Badge tone="info">Reminder sent</Badge>
        <span className="block text-slate-600">{when(row.remindedAt)}</span>
        {unsubscribed}
      </>
    )
  }
  if (row.consentAt) {
    return (
      <>
        <Badge tone="brand">Consent given</Badge>
        <span className="block text-slate-600">{when(row.consentAt)}</span>
        {unsubscribed}
      </>
    )
  }
  return <span className="text-slate-600">{row.unsubscribed ? 'Unsubscribed' : 'No consent'}</span>
}

/** The staff list of abandoned checkouts: who, when, why the payment ended, its cart reminder, and what it was worth. Rows stack on a phone. */
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
        { header: 'Reminder', labelOnPhone: true, cell: (row) => <ReminderState row={row} /> },
        { header: 'Value', align: 'right', labelOnPhone: true, cell: (row) => formatAud(row.totalCents) },
      ]}
    />
  )
}
