import { data, Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { fieldErrors } from '../lib/schemas/errors'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { shop } from '../server/context.server'
import { ADDRESS_ANSWER_MS, answerNoSoonerThan } from '../server/http/answer-time.server'
import { readForm } from '../server/http/form.server'
import { requestOrderLink } from '../server/orders/order-mail.server'
import { hitLimit } from '../server/rate-limit.server'
import type { Route } from './+types/track-order'
import { TextField } from '../components/ui/text-field'
import { Button } from '../components/ui/button'
import { Alert } from '../components/ui/alert'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta('Track your order', 'See where your order is, with its number and your e-mail.', shopNameFrom(matches))

const lookupSchema = z.object({
  orderNumber: z
    .string()
    .trim()
    .min(1, 'required')
    .max(40)
    .regex(/^[A-Za-z]{2}-[A-Za-z0-9]{8}$/, 'An order number looks like UD-ABCD2345.'),
  email: z.string().trim().min(1, 'required').max(320).pipe(z.email('Enter a valid e-mail address.')),
})

/** Lookups one address may make per window (10 per 10 minutes). */
const LOOKUPS = 10
const LOOKUP_WINDOW = 10 * 60

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request))
  const values = { orderNumber: String(form.orderNumber ?? '').slice(0, 100), email: String(form.email ?? '').slice(0, 400) }
  const parsed = lookupSchema.safeParse(values)
  if (!parsed.success) return data({ sent: false, errors: fieldErrors(parsed.error), values }, { status: 400 })
  const { db, mailer, config, clientIp } = shop(context)
  const limit = await hitLimit(db, `order-link:${clientIp}`, LOOKUPS, LOOKUP_WINDOW)
  if (!limit.allowed) {
    return data(
      { sent: false, errors: { form: 'You have asked many times in a short time. Please wait a few minutes.' }, values },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfter) } },
    )
  }
  // A matching order costs a link and an e-mail; the answer waits so that it comes no sooner for one.
  await answerNoSoonerThan(ADDRESS_ANSWER_MS, () => requestOrderLink({ db, mailer, config }, parsed.data))
  return { sent: true, errors: {} as Record<string, string>, values }
}

export default function TrackOrder({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const errors: Record<string, string> = actionData?.errors ?? {}
  const field = (name: 'orderNumber' | 'email', label: string, props: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'size'>) => (
    <TextField name={name} label={label} error={errors[name]} defaultValue={actionData?.values[name]} {...props} />
  )
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Track your order</h1>
      <p className="mt-3 text-slate-600">
        Give your order number (it is on your tax invoice) and the e-mail you ordered with. We e-mail you the link to your order’s page, which keeps working.
        Signed in? Your orders are on your account page.
      </p>
      {actionData?.sent ? (
        <Alert tone="success" className="mt-6">
          If that order number and e-mail match a paid order, we have e-mailed the link to it. Every e-mail we sent about the order has the same link.
        </Alert>
      ) : null}
      {errors.form ? (
        <Alert tone="error" className="mt-6">
          {errors.form}
        </Alert>
      ) : null}
      <Form method="post" noValidate className="mt-6 space-y-4">
        {field('orderNumber', 'Order number', { autoComplete: 'off', placeholder: 'UD-ABCD2345' })}
        {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
        <Button type="submit" disabled={navigation.state !== 'idle'}>
          E-mail me a link
        </Button>
      </Form>
    </div>
  )
}
