import { data, Form, redirect, useNavigation } from 'react-router'
import { QuoteDocument } from '../components/shop/quote-document'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { fieldErrors } from '../lib/schemas/errors'
import { acceptanceSchema } from '../lib/schemas/quote-acceptance'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { QUOTE_STATE_LABELS, quoteState } from '../lib/quotes'
import { getSessionUser } from '../server/auth/session.server'
import { shop } from '../server/context.server'
import { shopIdentity } from '../server/env.server'
import { readForm } from '../server/http/form.server'
import { PRIVATE_PAGE } from '../server/http/private-page.server'
import { publicOrigin } from '../server/public-origin.server'
import { abandonQuotePayment, acceptQuote } from '../server/quotes/accept-quote.server'
import { acceptRefusal, getQuoteByToken } from '../server/quotes/quotes.server'
import { getTradeAccount } from '../server/trade/trade-accounts.server'
import type { Route } from './+types/quote.$token'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Quote ${loaderData?.quote.id ?? ''}`, 'A quote to print and accept.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** Private, and its address (a secret) is never sent on as a referrer. */
export function headers() {
  return { ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }
}

/**
 * A sent quote's page, reached from its e-mail (docs/domain.md, Quotes): the printable quote, and while it
 * can be accepted, the form to accept it (where the goods go, a purchase order number) with a button per
 * way to pay. Back from the payment page without paying, the quote's payment is closed and it can be
 * accepted again.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const deps = shop(context)
  let quote = await getQuoteByToken(deps.db, params.token)
  if (!quote || quote.status === 'requested') throw data(null, { status: 404 })
  if (new URL(request.url).searchParams.get('payment') === 'cancelled' && quote.orderId) {
    await abandonQuotePayment(deps, quote)
    quote = (await getQuoteByToken(deps.db, params.token))!
  }
  const { token: _secret, ...shown } = quote
  // A signed-in trade customer with payment terms may accept on account (placeOrder checks it all again).
  const user = await getSessionUser(context, request)
  const terms = user?.role === 'customer' && user.trade ? ((await getTradeAccount(deps.db, user.id))?.terms ?? null) : null
  return {
    quote: shown,
    onAccountDays: terms?.paymentDays ?? null,
    state: quoteState(quote),
    refusal: acceptRefusal(quote),
    seller: shopIdentity(deps.config),
    bankTransfer: deps.config.bankAccount !== null,
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const deps = shop(context)
  const quote = await getQuoteByToken(deps.db, params.token)
  if (!quote || quote.status === 'requested') throw data(null, { status: 404 })
  const form = await readForm(request)
  const values = Object.fromEntries(
    ['fullName', 'phone', 'addressLine1', 'addressLine2', 'suburb', 'purchaseOrder', 'payment'].map((name) => [
      name,
      String(form.get(name) ?? '').slice(0, 500),
    ]),
  )
  const parsed = acceptanceSchema.safeParse(values)
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), formError: 'Please check the highlighted fields.', values }, { status: 400 })
  const user = await getSessionUser(context, request)
  const result = await acceptQuote(deps, quote, parsed.data, { user: user?.role === 'customer' ? user : null, origin: publicOrigin(deps.config, request) })
  if (result.kind === 'redirect') throw redirect(result.url, 303)
  const formError = result.kind === 'problems' ? result.problems.map((problem) => problem.message).join(' ') : result.message
  return data({ errors: {}, formError, values }, { status: result.kind === 'error' ? 502 : 409 })
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, state, refusal, seller, bankTransfer, onAccountDays } = loaderData
  const busy = useNavigation().state !== 'idle'
  const values = actionData?.values ?? { fullName: quote.contactName, phone: quote.phone }
  const errors: Record<string, string> = actionData?.errors ?? {}
  const field = (name: string, label: string, extra: { optional?: boolean; autoComplete?: string; hint?: string } = {}) => (
    <TextField
      name={name}
      label={label}
      defaultValue={values[name as keyof typeof values] ?? ''}
      error={errors[name]}
      optional={extra.optional}
      hint={extra.hint}
      autoComplete={extra.autoComplete}
    />
  )
  return (
    <QuoteDocument quote={quote} seller={seller} back={{ to: '/', label: seller.name }}>
      <section aria-labelledby="accept-heading" className="mt-10 rounded-2xl border border-slate-200 p-5 print:hidden">
        <h2 id="accept-heading" className="text-xl font-semibold">
          {refusal ? QUOTE_STATE_LABELS[state] : 'Accept this quote'}
        </h2>
        {refusal ? (
          <p className="mt-2 text-sm" data-testid="quote-refusal">
            {refusal}
          </p>
        ) : (
          <Form method="post" noValidate className="mt-4 space-y-4">
            {actionData?.formError ? <Alert tone="error">{actionData.formError}</Alert> : null}
            <p className="text-sm text-slate-700">
              Where the goods go, in {quote.postcode} {quote.state} (the freight is priced for it). Your order is placed at this quote’s prices.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              {field('fullName', 'Receiver’s name', { autoComplete: 'name' })}
              {field('phone', 'Phone', { autoComplete: 'tel' })}
            </div>
            {field('addressLine1', 'Address', { autoComplete: 'address-line1' })}
            <div className="grid gap-4 sm:grid-cols-2">
              {field('addressLine2', 'Apartment, unit, building', { optional: true, autoComplete: 'address-line2' })}
              {field('suburb', 'Suburb', { autoComplete: 'address-level2' })}
            </div>
            {field('purchaseOrder', 'Purchase order number', { optional: true, hint: 'Printed on your tax invoice and packing slip.' })}
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button type="submit" name="payment" value="card" disabled={busy} size="lg">
                Accept and pay by card
              </Button>
              {bankTransfer ? (
                <Button type="submit" name="payment" value="bank-transfer" variant="secondary" disabled={busy} size="lg">
                  Accept and pay by bank transfer
                </Button>
              ) : null}
              {onAccountDays ? (
                <Button type="submit" name="payment" value="account" variant="secondary" disabled={busy} size="lg">
                  Accept on account ({onAccountDays} days)
                </Button>
              ) : null}
            </div>
            {onAccountDays ? (
              <p className="text-sm text-slate-600">On account: we send the goods with the tax invoice, to be paid within {onAccountDays} days of it.</p>
            ) : null}
          </Form>
        )}
      </section>
    </QuoteDocument>
  )
}
