import { Link } from 'react-router'
import { orderDateFormat } from '../../components/shop/order-status'
import { MAIL_STATE_LABELS } from '../../components/staff/mail-state'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { outboxForStaff } from '../../server/mail/outbox.server'
import type { Route } from './+types/outbox'
import { PageHeader } from '../../components/ui/page-header'
import { DataTable } from '../../components/ui/table'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Outbox', 'Every e-mail the shop has sent or queued.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  return { messages: await outboxForStaff(db, 200), smtp: Boolean(config.SMTP_URL) }
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader title="Outbox" />
      <p className="mt-2 text-slate-600">
        {loaderData.smtp
          ? 'Messages are delivered through the configured SMTP server; failed deliveries are retried.'
          : 'No SMTP server is configured: messages are kept here instead of being sent.'}
      </p>
      {/* Rows stack on a phone: the subject first, then who it went to, when, and its state. */}
      <DataTable
        className="mt-6"
        rows={loaderData.messages}
        rowKey={(message) => message.id}
        columns={[
          { header: 'To', wide: true, cell: (message) => <span className="[overflow-wrap:anywhere]">{message.to}</span> },
          {
            header: 'Subject',
            wide: true,
            firstOnPhone: true,
            cell: (message) => (
              <Link to={`/outbox/${message.id}`} className="font-medium text-brand-700 [overflow-wrap:anywhere] hover:underline sm:font-normal">
                {message.subject}
              </Link>
            ),
          },
          { header: 'Time', cell: (message) => <span className="text-slate-600 sm:text-ink">{orderDateFormat.format(new Date(message.createdAt))}</span> },
          {
            header: 'State',
            cell: (message) => (
              <>
                {MAIL_STATE_LABELS[message.status] ?? message.status}
                {message.lastError ? <span className="block text-xs text-red-700">Last error: {message.lastError}</span> : null}
              </>
            ),
          },
        ]}
      />
    </div>
  )
}
