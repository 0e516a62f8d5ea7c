import { Link } from 'react-router'
import { ActionBadge, actionLabel, COLLECTION_LABELS, historyDateFormat } from '../../components/staff/history-changes'
import { DataTable } from '../../components/ui/table'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { recentWrites } from '../../server/history/history.server'
import type { Route } from './+types/history'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('History', 'The latest changes to products, templates, enquiries, profiles and orders.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context)
  const writes = await recentWrites(db, 100)
  return { writes: writes.map((write) => ({ ...write, label: actionLabel(write.action, write.restored) })) }
}

export default function HistoryIndex({ loaderData }: Route.ComponentProps) {
  const { writes } = loaderData
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <Link to="/staff" className="text-sm text-brand-700 hover:underline">
        ← Staff
      </Link>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">History</h1>
      <p className="mt-2 text-slate-600">
        The latest {writes.length === 100 ? '100 ' : ''}changes across the shop, newest first. Open a record to see every version, what changed, and to restore
        products and templates.
      </p>
      {writes.length === 0 ? (
        <p className="mt-8 text-slate-600">Nothing has been written yet.</p>
      ) : (
        <DataTable
          className="mt-6"
          rows={writes}
          rowKey={(write) => String(write.id)}
          columns={[
            {
              header: 'When',
              nowrap: true,
              cell: (write) => <time dateTime={new Date(write.updatedAt).toISOString()}>{historyDateFormat.format(new Date(write.updatedAt))}</time>,
            },
            {
              header: 'Record',
              wide: true,
              cell: (write) => (
                <Link to={`/history/${write.collection}/${encodeURIComponent(write.documentId)}`} className="font-semibold text-brand-700 hover:underline">
                  {COLLECTION_LABELS[write.collection] ?? write.collection} <span className="break-all font-mono text-xs">{write.documentId}</span>
                </Link>
              ),
            },
            { header: 'Action', cell: (write) => <ActionBadge label={write.label} /> },
            { header: 'By', cell: (write) => <span className="break-all">{write.updatedBy}</span> },
          ]}
        />
      )}
    </div>
  )
}
