/** A short state beside a name (Draft, On, Expired): the tone says whether it needs attention. */
export type BadgeTone = 'neutral' | 'good' | 'attention' | 'bad'

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-slate-200 bg-slate-100 text-slate-700',
  good: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  attention: 'border-amber-300 bg-amber-50 text-amber-900',
  bad: 'border-red-200 bg-red-50 text-red-800',
}

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: React.ReactNode }) {
  return <span className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>
}
