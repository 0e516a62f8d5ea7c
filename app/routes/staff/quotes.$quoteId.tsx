import { and, asc } from 'drizzle-orm'
import { data, Form, Link, useNavigation } from 'react-router'
import { QuoteDocument } from '../../components/shop/quote-document'
import { orderDateFormat } from '../../components/shop/order-status'
import { QuoteStateBadge } from '../../components/staff/quote-state'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { DataTable } from '../../components/ui/table'
import { TextareaField } from '../../components/ui/textarea-field'
import { TextField } from '../../components/ui/text-field'
import { kitContents } from '../../lib/kits'
import { formatAud } from '../../lib/money'
import { DEFAULT_VALIDITY_DAYS, MAX_QUOTE_QUANTITY, MAX_VALIDITY_DAYS, quoteState } from '../../lib/quotes'
import { centsToDollars, dollarsToCents } from '../../lib/schemas/product'
import { isStorableText } from '../../lib/schemas/text'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { componentsInShop, sellable, variantNameSql } from '../../server/catalog/products.server'
import { shop } from '../../server/context.server'
import { products } from '../../server/db/schema'
import { shopIdentity } from '../../server/env.server'
import { documentTimeline } from '../../server/history/history.server'
import { readForm } from '../../server/http/form.server'
import { quoteSentMail } from '../../server/quotes/quote-mail.server'
import { editQuote, getQuote, sendQuote, withdrawQuote, type QuoteEdit } from '../../server/quotes/quotes.server'
import type { Route } from './+types/quotes.$quoteId'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Quote ${loaderData?.quote.id ?? ''}`, 'A quote to price and send.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  const quote = await getQuote(db, params.quoteId)
  if (!quote) throw data(null, { status: 404 })
  const [choices, timeline] = await Promise.all([
    // Every variant is quoted on its own, under its own name; a kit with its contents as they are when added.
    db
      .select({ id: products.id, name: variantNameSql })
      .from(products)
      .where(and(sellable, componentsInShop))
      .orderBy(asc(products.productName), asc(products.variantPosition))
      .limit(1000),
    documentTimeline(db, 'quotes', quote.id),
  ])
  const { token: _secret, ...shown } = quote
  return {
    quote: shown,
    state: quoteState(quote),
    choices,
    seller: shopIdentity(config),
    history: timeline.map((version) => ({
      at: version.updatedAt,
      by: version.updatedBy,
      status: String(version.document.status ?? ''),
      note: typeof version.document.note === 'string' ? version.document.note : null,
    })),
  }
}

type Answer = { message: string | null; sent: string | null }
const refuse = (message: string, status = 400) => data({ message, sent: null } satisfies Answer, { status })

/** The editor's form as an edit: each line's quantity, price and reason, a product to add, freight, validity, message. */
function editFromForm(form: FormData, positions: { position: number; productId: string }[]): QuoteEdit | string {
  const lines: QuoteEdit['lines'] = []
  for (const { position, productId } of positions) {
    const quantity = Number(String(form.get(`qty-${position}`) ?? ''))
    const unitPriceCents = dollarsToCents(String(form.get(`price-${position}`) ?? ''))
    const priceReason = String(form.get(`reason-${position}`) ?? '').trim()
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUOTE_QUANTITY)
      return `Enter a quantity from 0 (to remove the line) to ${MAX_QUOTE_QUANTITY}.`
    if (unitPriceCents === null) return 'Enter each unit price in dollars, such as 1299.00.'
    if (priceReason.length > 300 || !isStorableText(priceReason)) return 'A price reason is at most 300 characters.'
    lines.push({ productId, quantity, unitPriceCents, priceReason })
  }
  const addId = String(form.get('addProduct') ?? '').trim()
  const addQuantity = Number(String(form.get('addQuantity') ?? '1') || '1')
  if (addId && (!Number.isInteger(addQuantity) || addQuantity < 1 || addQuantity > MAX_QUOTE_QUANTITY))
    return `Enter a quantity to add from 1 to ${MAX_QUOTE_QUANTITY}.`
  const freightCents = dollarsToCents(String(form.get('freight') ?? '0') || '0')
  if (freightCents === null) return 'Enter the freight in dollars, such as 95.00 (0 for none).'
  const validityDays = Number(String(form.get('validityDays') ?? ''))
  if (!Number.isInteger(validityDays) || validityDays < 1 || validityDays > MAX_VALIDITY_DAYS) return `A quote is valid for 1 to ${MAX_VALIDITY_DAYS} days.`
  const message = String(form.get('message') ?? '').trim()
  if (message.length > 2000 || !isStorableText(message)) return 'The message is at most 2,000 characters.'
  const version = Number(String(form.get('version') ?? ''))
  if (!Number.isSafeInteger(version)) return 'The form could not be read. Please reload the page and try again.'
  return { lines, add: addId ? [{ productId: addId, quantity: addQuantity }] : [], freightCents, validityDays, message, version }
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const { db, mailer, config } = shop(context)
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const quote = await getQuote(db, params.quoteId)
  if (!quote) throw data(null, { status: 404 })
  if (intent === 'withdraw') {
    const result = await withdrawQuote(db, quote.id, staff.email)
    return result.ok ? { message: null, sent: `Quote ${quote.id} is withdrawn: its link says so and it cannot be accepted.` } : refuse(result.message, 409)
  }
  if (intent !== 'save' && intent !== 'send') return refuse('The form could not be read. Please reload the page and try again.')
  const edit = editFromForm(form, quote.lines)
  if (typeof edit === 'string') return refuse(edit)
  const saved = await editQuote(db, quote.id, edit, staff.email)
  if (!saved.ok) return refuse(saved.message, 409)
  if (intent === 'save') return { message: null, sent: 'Saved.' }
  const sent = await sendQuote(db, quote.id, staff.email, async (tx, current) => {
    await mailer.send(await quoteSentMail(config, current), tx)
  })
  if (!sent.ok) return refuse(sent.message, 409)
  return { message: null, sent: `Sent to ${sent.quote.email}, valid until ${orderDateFormat.format(sent.quote.validUntil!)}.` }
}

export default function StaffQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, state, choices, seller, history } = loaderData
  const busy = useNavigation().state !== 'idle'
  const editable = quote.status !== 'accepted' && quote.status !== 'withdrawn'
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <Link to="/quotes" className="text-sm text-brand-700 hover:underline">
        ← Quotes
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Quote {quote.id}</h1>
        <span data-testid="quote-state">
          <QuoteStateBadge state={state} />
        </span>
      </div>
      {quote.orderId ? (
        <p className="mt-2 text-sm">
          Accepted as{' '}
          <Link to={`/orders/${quote.orderId}`} className="font-semibold text-brand-700 hover:underline">
            order {quote.orderId}
          </Link>
          .
        </p>
      ) : null}
      {actionData?.message ? (
        <Alert tone="error" className="mt-4">
          {actionData.message}
        </Alert>
      ) : null}
      {actionData?.sent ? (
        <Alert tone="success" className="mt-4">
          {actionData.sent}
        </Alert>
      ) : null}
      <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">Business</dt>
        <dd className="[overflow-wrap:anywhere]">
          {quote.company} {quote.abn ? `(ABN ${quote.abn})` : ''}
        </dd>
        <dt className="text-slate-500">Contact</dt>
        <dd className="[overflow-wrap:anywhere]">
          {quote.contactName} · {quote.email} · {quote.phone}
        </dd>
        <dt className="text-slate-500">Delivery to</dt>
        <dd>
          {quote.postcode} {quote.state}
        </dd>
        {quote.notes ? (
          <>
            <dt className="text-slate-500">Their notes</dt>
            <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{quote.notes}</dd>
          </>
        ) : null}
      </dl>

      {editable ? (
        <Form key={quote.updatedAt.toString()} method="post" noValidate className="mt-8 space-y-6">
          <input type="hidden" name="version" value={new Date(quote.updatedAt).getTime()} />
          <h2 className="text-xl font-semibold">Lines and prices</h2>
          {quote.lines.length === 0 ? <p className="text-sm text-slate-600">No products yet: add the first below.</p> : null}
          <ul className="space-y-4">
            {quote.lines.map((line) => (
              <li key={line.position} className="rounded-lg border border-slate-200 p-4">
                <p className="font-semibold">
                  {line.productName} <span className="text-sm font-normal text-slate-500">(catalogue {formatAud(line.listPriceCents)})</span>
                  {line.unitPriceCents < line.listPriceCents ? (
                    <Badge tone="brand" className="ml-2">
                      Lowered
                    </Badge>
                  ) : null}
                </p>
                {line.kitComponents.length > 0 ? <p className="mt-1 text-sm text-slate-600">Kit of {kitContents(line.kitComponents)}</p> : null}
                <div className="mt-3 grid gap-3 sm:grid-cols-[7rem_10rem_1fr]">
                  <TextField name={`qty-${line.position}`} label="Quantity" inputMode="numeric" defaultValue={String(line.quantity)} hint="0 removes it" />
                  <TextField name={`price-${line.position}`} label="Unit price ($)" inputMode="decimal" defaultValue={centsToDollars(line.unitPriceCents)} />
                  <TextField
                    name={`reason-${line.position}`}
                    label="Reason, when lower than the catalogue"
                    optional
                    defaultValue={line.priceReason}
                    maxLength={300}
                  />
                </div>
              </li>
            ))}
          </ul>
          <div className="grid gap-3 sm:grid-cols-[1fr_7rem]">
            <TextField name="addProduct" label="Add a product (its id)" optional list="quote-products" hint="Type to choose from the products on sale." />
            <TextField name="addQuantity" label="Quantity" inputMode="numeric" defaultValue="1" />
            <datalist id="quote-products">
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </datalist>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField name="freight" label="Freight ($, including GST)" inputMode="decimal" defaultValue={centsToDollars(quote.freightCents)} />
            <TextField
              name="validityDays"
              label="Valid for (days from sending)"
              inputMode="numeric"
              defaultValue={String(quote.validityDays || DEFAULT_VALIDITY_DAYS)}
            />
          </div>
          <TextareaField name="message" label="Message to the buyer" optional rows={3} defaultValue={quote.message} maxLength={2000} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy}>
              Save
            </Button>
            <Button type="submit" name="intent" value="send" disabled={busy}>
              {quote.status === 'sent' ? 'Save and send again' : 'Save and send to the buyer'}
            </Button>
          </div>
        </Form>
      ) : null}
      {editable ? (
        <Form method="post" className="mt-4">
          <Button type="submit" name="intent" value="withdraw" variant="destructive" disabled={busy}>
            Withdraw the quote
          </Button>
        </Form>
      ) : null}

      <h2 className="mt-12 text-xl font-semibold">As the buyer sees it</h2>
      <div className="mt-2 rounded-2xl border border-slate-200">
        <QuoteDocument quote={quote} seller={seller} back={{ to: '/quotes', label: 'Quotes' }} />
      </div>

      <h2 className="mt-10 text-xl font-semibold">History</h2>
      <DataTable
        className="mt-3"
        phone="stack"
        rows={history}
        rowKey={(_row, index) => String(index)}
        columns={[
          { header: 'When', nowrap: true, cell: (row) => orderDateFormat.format(new Date(row.at)) },
          { header: 'Who', cell: (row) => <span className="[overflow-wrap:anywhere]">{row.by}</span> },
          { header: 'State', cell: (row) => row.status },
          { header: 'Note', wide: true, cell: (row) => row.note ?? '' },
        ]}
      />
    </div>
  )
}
