/**
 * A message on a page: a refusal (`error`, announced at once), a confirmation (`success`), or a
 * note (`info`, `warning`) — the colours of each tone live here only.
 */
export type AlertTone = 'error' | 'success' | 'info' | 'warning'

const TONES: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
}

export function Alert({ tone, className = '', children }: { tone: AlertTone; className?: string; children: React.ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${TONES[tone]} ${className}`.trim()}>
      {children}
    </div>
  )
}
