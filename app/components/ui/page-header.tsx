/** A screen's heading, an optional line under it, and its main actions on the right (below on phones). */
export function PageHeader({ title, lead, actions }: { title: string; lead?: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {lead ? <p className="mt-2 max-w-prose text-slate-600">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  )
}

/** What a list says when it has nothing to show, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mt-6 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  )
}
