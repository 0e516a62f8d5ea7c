import { data, Form, Link, useNavigation } from 'react-router'
import { orderDateFormat } from '../../components/shop/order-status'
import { SelectField } from '../../components/ui/select-field'
import { TextareaField } from '../../components/ui/textarea-field'
import { TextField } from '../../components/ui/text-field'
import { ENQUIRY_STATUSES, isEnquiryStatus, replyGreeting, replySchema } from '../../lib/enquiries'
import { fieldErrors } from '../../lib/schemas/errors'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { EmptyReplyError, EnquiryNotFoundError, getEnquiry, replyToEnquiry, setEnquiryStatus, StaleContactError } from '../../server/contacts/contacts.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import type { Route } from './+types/contact.$contactId'
import { Button } from '../../components/ui/button'
import { Alert } from '../../components/ui/alert'

/** What the screen shows for a text taken away when the customer's account was closed (a message is never empty otherwise). */
const REMOVED = 'Removed when the customer’s account was closed.'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Enquiry', 'An enquiry sent through the Contact Us form, and the replies to it.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** `/contact/:contactFBUID`: staff read a stored enquiry as it was sent, set its status and reply by e-mail. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  const enquiry = await getEnquiry(db, params.contactId)
  if (!enquiry) throw data(null, { status: 404 })
  return { enquiry, shopName: config.SHOP_NAME }
}

type ActionResult = { done: string | null; failure: string | null; errors: Record<string, string>; values: { subject: string; message: string } | null }

export async function action({ params, request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const version = Number(form.get('version'))
  const answer = (result: Partial<ActionResult>, status = 200) =>
    data<ActionResult>({ done: null, failure: null, errors: {}, values: null, ...result }, { status })
  if (!form.has('version') || !Number.isSafeInteger(version))
    return answer({ failure: 'The form could not be read. Please reload the page and try again.' }, 400)
  const { db, mailer, config } = shop(context)
  try {
    if (form.get('intent') === 'status') {
      const status = form.get('status')
      if (!isEnquiryStatus(status)) return answer({ failure: 'Choose new, answered or closed.' }, 400)
      await setEnquiryStatus(db, params.contactId, version, status, staff.email)
      return answer({ done: `Marked ${ENQUIRY_STATUSES[status].toLowerCase()}.` })
    }
    if (form.get('intent') === 'reply') {
      const values = { subject: String(form.get('subject') ?? ''), message: String(form.get('message') ?? '') }
      const parsed = replySchema.safeParse(values)
      if (!parsed.success) return answer({ errors: fieldErrors(parsed.error), values }, 400)
      const enquiry = await replyToEnquiry({ db, mailer, config }, params.contactId, version, parsed.data, staff.email)
      return answer({ done: `Reply sent to ${enquiry.contactEmail}.` })
    }
    return answer({ failure: 'The form could not be read. Please reload the page and try again.' }, 400)
  } catch (error) {
    const typed = { subject: String(form.get('subject') ?? ''), message: String(form.get('message') ?? '') }
    if (error instanceof EmptyReplyError) return answer({ errors: { message: error.message }, values: typed }, 400)
    if (error instanceof StaleContactError) return answer({ failure: error.message, values: typed }, 409)
    if (error instanceof EnquiryNotFoundError) return answer({ failure: error.message }, 404)
    throw error
  }
}

export default function EnquiryScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, shopName } = loaderData
  const sending = useNavigation().state === 'submitting'
  const errors = actionData?.errors ?? {}
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link to="/enquiries" className="text-sm text-brand-700 hover:underline">
        ← All enquiries
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">Enquiry from {enquiry.contactName}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Received {orderDateFormat.format(new Date(enquiry.createdAt))} · <span data-testid="enquiry-status">{ENQUIRY_STATUSES[enquiry.status]}</span> ·{' '}
        <Link to={`/history/contacts/${enquiry.FBUID}`} className="text-brand-700 underline">
          History
        </Link>
      </p>
      {actionData?.done ? (
        <Alert tone="success" className="mt-6">
          {actionData.done}
        </Alert>
      ) : null}
      {actionData?.failure ? (
        <Alert tone="error" className="mt-6">
          {actionData.failure}
        </Alert>
      ) : null}

      <section aria-labelledby="sent-heading" className="mt-8 rounded-xl border border-slate-200 p-5">
        <h2 id="sent-heading" className="text-lg font-semibold">
          As sent
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm [overflow-wrap:anywhere] sm:grid-cols-[9rem_1fr]">
          <dt className="text-slate-500">Name</dt>
          <dd>{enquiry.contactName}</dd>
          <dt className="text-slate-500">E-mail</dt>
          <dd>
            <a href={`mailto:${enquiry.contactEmail}`} className="text-brand-700 hover:underline">
              {enquiry.contactEmail}
            </a>
          </dd>
          <dt className="text-slate-500">Contact number</dt>
          <dd>{enquiry.contactPhone || '—'}</dd>
          <dt className="text-slate-500">Company</dt>
          <dd>{enquiry.contactCompany || '—'}</dd>
        </dl>
        <p className="mt-4 whitespace-pre-wrap border-l-4 border-slate-200 pl-4 [overflow-wrap:anywhere]" data-testid="enquiry-message">
          {enquiry.contactMessage || <span className="italic text-slate-500">{REMOVED}</span>}
        </p>
      </section>

      {enquiry.replies.length > 0 ? (
        <section aria-labelledby="replies-heading" className="mt-8">
          <h2 id="replies-heading" className="text-lg font-semibold">
            Replies
          </h2>
          <ol className="mt-3 space-y-3">
            {enquiry.replies.map((reply) => (
              <li key={reply.at} className="rounded-xl border border-slate-200 p-4 text-sm">
                <p className="text-slate-600">
                  {orderDateFormat.format(new Date(reply.at))} · {reply.by}
                </p>
                <p className="mt-1 font-semibold [overflow-wrap:anywhere]">{reply.subject}</p>
                <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{reply.message || <span className="italic text-slate-500">{REMOVED}</span>}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="reply-heading" className="mt-8">
        <h2 id="reply-heading" className="text-lg font-semibold">
          Reply by e-mail
        </h2>
        <Form method="post" key={`reply-${enquiry.version}`} className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="version" value={enquiry.version} />
          <TextField
            name="subject"
            label="Subject"
            size="sm"
            defaultValue={actionData?.values?.subject ?? `Your enquiry to ${shopName}`}
            error={errors.subject}
          />
          <TextareaField
            name="message"
            label={`Message to ${enquiry.contactEmail}`}
            size="sm"
            rows={8}
            defaultValue={actionData?.values?.message ?? `${replyGreeting(enquiry.contactName)}\n\n`}
            error={errors.message}
          />
          <Button type="submit" disabled={sending}>
            Send reply
          </Button>
          <p className="text-sm text-slate-600">The reply is e-mailed from the shop’s address, kept here, and the enquiry is marked answered.</p>
        </Form>
      </section>

      <section aria-labelledby="status-heading" className="mt-8 border-t border-slate-200 pt-6">
        <h2 id="status-heading" className="text-lg font-semibold">
          Status
        </h2>
        <Form method="post" key={`status-${enquiry.version}`} className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="version" value={enquiry.version} />
          <SelectField id="status" label="This enquiry is" size="sm" defaultValue={enquiry.status} options={ENQUIRY_STATUSES} />
          <Button type="submit" variant="secondary">
            Save status
          </Button>
        </Form>
      </section>
    </div>
  )
}
