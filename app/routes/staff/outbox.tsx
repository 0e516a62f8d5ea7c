import { Link } from 'react-router'
import { orderDateFormat } from '../../components/shop/order-status'
import { MAIL_STATE_LABELS } from '../../components/staff/mail-state'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { outboxForStaff } from '../../server/mail/outbox.server'
import type { Route } from './+types/outbox'
import { PageHeader } from '../../components/ui/page-header'

export const meta: Route.MetaFunction = ({ matches }) =>
  [...pageMeta('Outbox', 'Every e-mail the shop has sent or queued.', shopNameFrom(matches)), { name: 'robots', content: 'noindex' }]

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
      <table className="mt-6 w-full text-left text-sm">
        <thead className="hidden border-b border-slate-200 text-slate-500 sm:table-header-group">
          <tr>
            <th scope="col" className="py-2 font-medium">To</th>
            <th scope="col" className="py-2 font-medium">Subject</th>
            <th scope="col" className="py-2 font-medium">Time</th>
            <th scope="col" className="py-2 font-medium">State</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loaderData.messages.map((message) => (
            // Rows stack on a phone: the subject first, then who it went to, when, and its state.
            <tr key={message.id} className="grid grid-cols-2 gap-x-4 py-3 sm:table-row sm:py-0">
              <td className="col-span-2 [overflow-wrap:anywhere] sm:py-2 sm:pr-3">{message.to}</td>
              <td className="col-span-2 -order-1 font-medium [overflow-wrap:anywhere] sm:py-2 sm:pr-3 sm:font-normal">
                <Link to={`/outbox/${message.id}`} className="text-brand-700 hover:underline">
                  {message.subject}
                </Link>
              </td>
              <td className="text-slate-600 sm:py-2 sm:text-ink">{orderDateFormat.format(new Date(message.createdAt))}</td>
              <td className="sm:py-2">
                {MAIL_STATE_LABELS[message.status] ?? message.status}
                {message.lastError ? <span className="block text-xs text-red-700">Last error: {message.lastError}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
