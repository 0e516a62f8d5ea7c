/**
 * A short state beside a name (Draft, Paid, Shipped, Link expired): the tone says what kind of state
 * it is, and the colours of each tone live here only.
 *
 * - `neutral`: nothing to do (expired, cancelled, no change).
 * - `success`: done or fine (paid, delivered, created).
 * - `warning`: needs attention (pending, to pack, draft).
 * - `danger`: failed or refused (payment failed, link expired, deleted).
 * - `info`: under way (packed).
 * - `progress`: on its way (shipped, ready for pickup).
 * - `brand`: the shop's own doing (updated, linked to Stripe).
 * - `special`: out of the ordinary course (restored from history).
 */
export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'progress' | 'brand' | 'special'

const TONES: Record<BadgeTone, string> = {
  neutral: 'border-slate-200 bg-slate-100 text-slate-700',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  danger: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  progress: 'border-indigo-200 bg-indigo-50 text-indigo-900',
  brand: 'border-brand-100 bg-brand-50 text-brand-900',
  special: 'border-violet-200 bg-violet-50 text-violet-900',
}

/** `className` places the badge (a margin) or adjusts its words (`first-letter:uppercase`); it never recolours it. */
export function Badge({ tone = 'neutral', className = '', children }: { tone?: BadgeTone; className?: string; children: React.ReactNode }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`.trim()}>
      {children}
    </span>
  )
}
