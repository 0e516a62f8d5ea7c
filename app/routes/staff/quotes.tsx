import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { orderDateFormat } from '../../components/shop/order-status'
import { QuoteStateBadge } from '../../components/staff/quote-state'
import { Alert } from '../../components/ui/alert'
import { Button, LinkButton } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { SelectField } from '../../components/ui/select-field'
import { DataTable } from '../../components/ui/table'
import { TextField } from '../../components/ui/text-field'
import { STATES } from '../../lib/delivery/postcodes'
import { formatAud } from '../../lib/money'
import { QUOTE_STATE_LABELS, QUOTE_STATUSES, quoteRequestSchema, type QuoteState } from '../../lib/quotes'
import { fieldErrors } from '../../lib/schemas/errors'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import { listQuotes, startQuote } from '../../server/quotes/quotes.server'
import type { Route } from './+types/quotes'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Quotes', 'Quotes asked for and sent.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

const FILTERS: QuoteState[] = [...QUOTE_STATUSES, 'expired']
const isFilter = (value: string | null): value is QuoteState => FILTERS.includes(value as QuoteState)

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('state')
  const state = isFilter(asked) ? asked : ''
  return { quotes: await listQuotes(shop(context).db, state), state }
}

const NEW_FIELDS = ['company', 'abn', 'contactName', 'email', 'phone', 'state', 'postcode'] as const

/** "New quote": staff start one for a customer (a call, an e-mail), then add its lines on its screen. */
export async function action({ context, request }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const values = Object.fromEntries(NEW_FIELDS.map((name) => [name, String(form.get(name) ?? '').slice(0, 500)])) as Record<string, string>
  const parsed = quoteRequestSchema.safeParse({ ...values, notes: '' })
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 })
  const { notes: _none, ...who } = parsed.data
  const quote = await startQuote(shop(context).db, { ...who, by: staff.email })
  throw redirect(`/quotes/${quote.id}`, 303)
}

export default function Quotes({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const values = actionData?.values ?? {}
  const errors: Record<string, string> = actionData?.errors ?? {}
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader
        title="Quotes"
        lead="Quotes buyers asked for from their cart, and those you start. Price them, send them, and they are accepted from their e-mail."
      />
      <nav aria-label="Show quotes" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {([['', 'All'], ...FILTERS.map((state) => [state, QUOTE_STATE_LABELS[state]])] as [string, string][]).map(([value, label]) => (
            <li key={value}>
              <LinkButton
                variant="pill"
                size="sm"
                to={value ? `/quotes?state=${value}` : '/quotes'}
                aria-current={loaderData.state === value ? 'page' : undefined}
              >
                {label}
              </LinkButton>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.quotes.length === 0 ? (
        <p className="mt-6 text-slate-600">No quotes here yet.</p>
      ) : (
        <DataTable
          className="mt-6"
          phone="stack"
          rows={loaderData.quotes}
          rowKey={(quote) => quote.id}
          columns={[
            {
              header: 'Quote',
              rowHeader: true,
              cell: (quote) => (
                <Link to={`/quotes/${quote.id}`} className="font-semibold text-brand-700 hover:underline">
                  {quote.id}
                </Link>
              ),
            },
            { header: 'Business', wide: true, cell: (quote) => <span className="[overflow-wrap:anywhere]">{quote.company || quote.email}</span> },
            { header: 'State', cell: (quote) => <QuoteStateBadge state={quote.state} /> },
            { header: 'Total', align: 'right', nowrap: true, cell: (quote) => formatAud(quote.totals.totalCents) },
            { header: 'Asked or started', nowrap: true, cell: (quote) => orderDateFormat.format(new Date(quote.createdAt)) },
            { header: 'Valid until', nowrap: true, cell: (quote) => (quote.validUntil ? orderDateFormat.format(new Date(quote.validUntil)) : '—') },
          ]}
        />
      )}

      <section aria-labelledby="new-heading" className="mt-12 max-w-3xl">
        <h2 id="new-heading" className="text-xl font-semibold">
          New quote
        </h2>
        <p className="mt-1 text-sm text-slate-600">For a customer who called or wrote: who they are and where the goods go. You add the products next.</p>
        <Form method="post" noValidate className="mt-4 space-y-4">
          {Object.keys(errors).length ? <Alert tone="error">Please check the highlighted fields.</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="company" label="Company name" defaultValue={values.company ?? ''} error={errors.company} />
            <TextField name="abn" label="ABN" defaultValue={values.abn ?? ''} error={errors.abn} inputMode="numeric" />
            <TextField name="contactName" label="Contact name" defaultValue={values.contactName ?? ''} error={errors.contactName} />
            <TextField name="email" label="Email" type="email" defaultValue={values.email ?? ''} error={errors.email} />
            <TextField name="phone" label="Phone" type="tel" defaultValue={values.phone ?? ''} error={errors.phone} />
            <div className="grid grid-cols-[1fr_7rem] gap-4">
              <SelectField name="state" label="State" defaultValue={values.state ?? ''} error={errors.state} first={['', 'Choose…']}>
                {STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.code}
                  </option>
                ))}
              </SelectField>
              <TextField name="postcode" label="Postcode" defaultValue={values.postcode ?? ''} error={errors.postcode} inputMode="numeric" maxLength={4} />
            </div>
          </div>
          <Button type="submit" disabled={busy}>
            Start the quote
          </Button>
        </Form>
      </section>
    </div>
  )
}
