import { FULFILMENT_LABELS } from '../../lib/orders/fulfilment'
import { Badge, type BadgeTone } from '../ui/badge'

const TONES: Record<string, BadgeTone> = {
  paid: 'success',
  pending: 'warning',
  'awaiting-payment': 'warning',
  invoiced: 'brand',
  overdue: 'danger',
  failed: 'danger',
  expired: 'neutral',
  unfulfilled: 'warning',
  packed: 'info',
  shipped: 'progress',
  ready: 'progress',
  delivered: 'success',
  collected: 'success',
  cancelled: 'neutral',
  'partially-refunded': 'warning',
  refunded: 'neutral',
}

/** Words for the states that are not one word. */
const LABELS: Record<string, string> = {
  ...FULFILMENT_LABELS,
  'awaiting-payment': 'Awaiting payment',
  invoiced: 'On account',
  overdue: 'Overdue',
  'partially-refunded': 'Partially refunded',
  refunded: 'Refunded',
}

/** A payment state (pending, paid, …) or where a paid order is (packed, shipped, …), as a badge. */
export function OrderStatus({ status }: { status: string }) {
  const label = LABELS[status] ?? status
  return (
    <Badge tone={TONES[status] ?? 'neutral'} className="first-letter:uppercase">
      {label}
    </Badge>
  )
}

export const orderDateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Australia/Brisbane' })
