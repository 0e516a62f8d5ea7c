const styles: Record<string, string> = {
  paid: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-800',
  expired: 'bg-slate-200 text-slate-700',
}

export function OrderStatus({ status }: { status: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${styles[status] ?? styles.expired}`}>{status}</span>
}

export const orderDateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Australia/Brisbane' })
