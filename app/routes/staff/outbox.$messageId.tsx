import { data, Link } from 'react-router'
import { orderDateFormat } from '../../components/shop/order-status'
import { MAIL_STATE_LABELS } from '../../components/staff/mail-state'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { outboxMessageForStaff } from '../../server/mail/outbox.server'
import type { Route } from './+types/outbox.$messageId'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData?.message.subject ?? 'Message', 'An e-mail of the shop.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const message = await outboxMessageForStaff(shop(context).db, params.messageId)
  if (!message) throw data(null, { status: 404 })
  return { message }
}

/**
 * One message as it was sent: headers and the text part (the HTML part carries the same content),
 * with the secrets of links that grant access masked.
 */
export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to="/outbox" className="text-sm text-brand-700 hover:underline">
        ← Outbox
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">{message.subject}</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm [overflow-wrap:anywhere] sm:grid-cols-[8rem_1fr]">
        <dt className="text-slate-500">To</dt>
        <dd>{message.to}</dd>
        <dt className="text-slate-500">Reply-To</dt>
        <dd>{message.replyTo ?? '—'}</dd>
        <dt className="text-slate-500">Queued</dt>
        <dd>{orderDateFormat.format(new Date(message.createdAt))}</dd>
        <dt className="text-slate-500">State</dt>
        <dd>
          {MAIL_STATE_LABELS[message.status] ?? message.status}
          {message.sentAt ? `, ${orderDateFormat.format(new Date(message.sentAt))}` : ''}
          {message.attempts > 0 ? ` (${message.attempts} attempt${message.attempts === 1 ? '' : 's'})` : ''}
        </dd>
        {message.lastError ? (
          <>
            <dt className="text-slate-500">Last error</dt>
            <dd className="text-red-700">{message.lastError}</dd>
          </>
        ) : null}
      </dl>
      <pre className="mt-8 whitespace-pre-wrap [overflow-wrap:anywhere] rounded-xl border border-slate-200 bg-slate-50 p-5 font-sans text-sm leading-6">
        {message.text}
      </pre>
    </div>
  )
}
