import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { OrderLineList } from '../components/shop/order-lines'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { SelectField } from '../components/ui/select-field'
import { TextareaField } from '../components/ui/textarea-field'
import { TextField } from '../components/ui/text-field'
import { STATES } from '../lib/delivery/postcodes'
import { QUOTE_REQUEST_FIELDS, quoteRequestSchema } from '../lib/quotes'
import { fieldErrors } from '../lib/schemas/errors'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { getSessionUser } from '../server/auth/session.server'
import { checkoutIdFrom, getCheckout } from '../server/checkout/drafts.server'
import { priceCart } from '../server/checkout/orders.server'
import { shop } from '../server/context.server'
import { readForm } from '../server/http/form.server'
import { privatePageHeaders } from '../server/http/private-page.server'
import { hitLimit } from '../server/rate-limit.server'
import { quoteRequestedMail, quoteRequestNoticeMail } from '../server/quotes/quote-mail.server'
import { requestQuote } from '../server/quotes/quotes.server'
import type { Route } from './+types/checkout.quote'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Request a quote', 'Ask for a quote for your cart, with freight, for your business.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export const headers = privatePageHeaders

/** The shopper's cart as kept by the cart's "Request a quote" (the checkout cookie), priced now. */
async function cartOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const { db } = shop(args.context)
  const [checkout, user] = await Promise.all([getCheckout(db, checkoutIdFrom(args.request.headers.get('cookie'))), getSessionUser(args.context, args.request)])
  if (!checkout || (checkout.userId !== null && checkout.userId !== user?.id)) throw redirect('/checkout')
  return { checkout, user, priced: await priceCart(db, checkout.items) }
}

export async function loader(args: Route.LoaderArgs) {
  const { checkout, user, priced } = await cartOf(args)
  const kept = (checkout.details ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    lines: priced.lines.map((line) => ({ name: line.productName, quantity: line.quantity, lineTotalCents: line.lineTotalCents })),
    values: {
      company: text(kept.company),
      abn: text(kept.abn),
      contactName: text(kept.fullName) || user?.name || '',
      email: text(kept.email) || user?.email || '',
      phone: text(kept.phone),
      state: text(kept.state),
      postcode: text(kept.postcode),
      notes: '',
    } as Record<string, string>,
  }
}

/** Quote requests one address may send per hour. */
const REQUESTS_PER_HOUR = 10

export async function action(args: Route.ActionArgs) {
  const { db, config, mailer, clientIp } = shop(args.context)
  const form = await readForm(args.request)
  const values = Object.fromEntries(QUOTE_REQUEST_FIELDS.map((name) => [name, String(form.get(name) ?? '').slice(0, 2000)])) as Record<string, string>
  const parsed = quoteRequestSchema.safeParse(values)
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error), formError: 'Please check the highlighted fields.', values, sent: null }, { status: 400 })
  const { checkout, user } = await cartOf(args)
  const limit = await hitLimit(db, `quote-request:${clientIp}`, REQUESTS_PER_HOUR, 3600)
  if (!limit.allowed) {
    return data(
      { errors: {}, formError: 'You have asked for many quotes in a short time. Please wait a while, or e-mail us.', values, sent: null },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfter) } },
    )
  }
  const quote = await requestQuote(db, { items: checkout.items, request: parsed.data, userId: user?.id ?? null, by: user?.email ?? parsed.data.email })
  if (!quote) return data({ errors: {}, formError: 'Nothing in your cart is sold any more: there is nothing to quote.', values, sent: null }, { status: 409 })
  await mailer.send(await quoteRequestedMail(config, quote))
  await mailer.send(await quoteRequestNoticeMail(config, quote))
  return { errors: {}, formError: null, values, sent: { id: quote.id, email: quote.email } }
}

export default function RequestQuote({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const values = actionData?.values ?? loaderData.values
  const errors: Record<string, string> = actionData?.errors ?? {}
  const sent = actionData?.sent
  const field = (
    name: string,
    label: string,
    extra: { optional?: boolean; autoComplete?: string; hint?: string; inputMode?: 'numeric' | 'tel' | 'email'; type?: string } = {},
  ) => (
    <TextField
      name={name}
      label={label}
      defaultValue={values[name] ?? ''}
      error={errors[name]}
      optional={extra.optional}
      hint={extra.hint}
      autoComplete={extra.autoComplete}
      inputMode={extra.inputMode}
      type={extra.type}
    />
  )
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/checkout" className="text-sm text-brand-700 hover:underline">
        ← Back to your cart
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Request a quote</h1>
      {sent ? (
        <Alert tone="success" className="mt-6">
          Thank you: we have your quote request {sent.id}. We will e-mail the quote to {sent.email}, usually within one business day. Your cart is as you left
          it.
        </Alert>
      ) : (
        <>
          <p className="mt-3 max-w-prose text-slate-700">
            For a business buying for its work: we price your cart with freight to your postcode and e-mail you a quote to accept, paying by card or bank
            transfer, with your purchase order number on the tax invoice.
          </p>
          <section aria-labelledby="cart-heading" className="mt-6 rounded-2xl bg-slate-50 p-5">
            <h2 id="cart-heading" className="font-semibold">
              Your cart
            </h2>
            <OrderLineList lines={loaderData.lines} className="mt-2" />
          </section>
          <Form method="post" noValidate className="mt-8 space-y-4">
            {actionData?.formError ? <Alert tone="error">{actionData.formError}</Alert> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {field('company', 'Company name', { autoComplete: 'organization' })}
              {field('abn', 'ABN', { inputMode: 'numeric', hint: 'Printed on your quote and tax invoice.' })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {field('contactName', 'Your name', { autoComplete: 'name' })}
              {field('phone', 'Phone', { autoComplete: 'tel', type: 'tel' })}
            </div>
            {field('email', 'Email', { autoComplete: 'email', type: 'email', hint: 'The quote is sent here.' })}
            <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
              <SelectField name="state" label="Delivery state or territory" defaultValue={values.state} error={errors.state} first={['', 'Choose…']}>
                {STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.code} — {state.name}
                  </option>
                ))}
              </SelectField>
              <TextField
                name="postcode"
                label="Delivery postcode"
                defaultValue={values.postcode ?? ''}
                error={errors.postcode}
                inputMode="numeric"
                maxLength={4}
                autoComplete="postal-code"
              />
            </div>
            <TextareaField
              name="notes"
              label="Notes"
              optional
              rows={4}
              defaultValue={values.notes ?? ''}
              error={errors.notes}
              hint="Quantities you are weighing, delivery needs, when you need it."
            />
            <Button type="submit" size="lg" disabled={busy}>
              Request the quote
            </Button>
          </Form>
        </>
      )}
    </div>
  )
}
