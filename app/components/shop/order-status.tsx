import { FULFILMENT_LABELS } from '../../lib/orders/fulfilment'

const styles: Record<string, string> = {
  paid: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-800',
  expired: 'bg-slate-200 text-slate-700',
  unfulfilled: 'bg-amber-100 text-amber-900',
  packed: 'bg-sky-100 text-sky-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  ready: 'bg-indigo-100 text-indigo-900',
  delivered: 'bg-green-100 text-green-800',
  collected: 'bg-green-100 text-green-800',
  cancelled: 'bg-slate-200 text-slate-700',
  'partially-refunded': 'bg-amber-100 text-amber-900',
  refunded: 'bg-slate-200 text-slate-700',
}

/** Words for the states that are not one word. */
const LABELS: Record<string, string> = { ...FULFILMENT_LABELS, 'partially-refunded': 'Partially refunded', refunded: 'Refunded' }

/** A payment state (pending, paid, …) or where a paid order is (packed, shipped, …), as a badge. */
export function OrderStatus({ status }: { status: string }) {
  const label = LABELS[status] ?? status
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold first-letter:uppercase ${styles[status] ?? styles.expired}`}>{label}</span>
}

export const orderDateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Australia/Brisbane' })
