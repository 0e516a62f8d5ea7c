/**
 * A disclosure panel built on <details>, so it opens and closes with the keyboard and even
 * before the page's scripts have loaded.
 */
export function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <details className="group border-b border-slate-200">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-lg font-semibold hover:text-brand-700">
        {title}
        <svg viewBox="0 0 20 20" className="h-5 w-5 shrink-0 transition-transform group-open:rotate-45" aria-hidden="true">
          <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <div className="pb-6 text-slate-700">{children}</div>
    </details>
  )
}

export function LabelList({ items }: { items: { label: string; description: string }[] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {items.map((item, index) => (
        <div key={`${item.label}-${index}`} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-ink">{item.label}</dt>
          <dd className="sm:col-span-2">{item.description}</dd>
        </div>
      ))}
    </dl>
  )
}
