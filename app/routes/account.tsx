import { data, Form, Link, useNavigation } from 'react-router'
import { OrderStatus, orderDateFormat } from '../components/shop/order-status'
import { formatAud } from '../lib/money'
import { fieldErrors } from '../lib/schemas/errors'
import { profileEditSchema } from '../lib/schemas/profile'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { requireUser } from '../server/auth/session.server'
import { shop } from '../server/context.server'
import { listOrdersOfUser } from '../server/checkout/orders.server'
import { getProfile, updateProfile } from '../server/profiles/profiles.server'
import type { Route } from './+types/account'
import { readForm } from '../server/http/form.server'
import { AddressBook } from '../components/account/address-book'
import { listAddresses, makeDefaultAddress, removeAddress } from '../server/accounts/addresses.server'
import { Button, LinkButton } from '../components/ui/button'
import { Alert } from '../components/ui/alert'
import { TextField } from '../components/ui/text-field'

/**
 * `/client` and `/program`, where a login lands (docs/specification.md, Where a login lands): the
 * person's own account page.
 */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Your account', 'Your details and orders.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request)
  const { db } = shop(context)
  const [profile, orders, addresses] = await Promise.all([getProfile(db, user.id), listOrdersOfUser(db, user.id), listAddresses(db, user.id)])
  return { user, profile, orders, addresses }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request)
  const submitted = await readForm(request)
  const intent = submitted.get('intent')
  if (intent === 'address-default' || intent === 'address-remove') {
    const addressId = String(submitted.get('addressId') ?? '')
    const change = intent === 'address-default' ? makeDefaultAddress : removeAddress
    if (!(await change(shop(context).db, user.id, addressId, user.email))) throw data({ message: 'That address is not in your account.' }, { status: 404 })
    return { saved: false, errors: {} as Record<string, string>, values: null }
  }
  const form = Object.fromEntries(submitted)
  const parsed = profileEditSchema.safeParse(form)
  if (!parsed.success) return data({ saved: false, errors: fieldErrors(parsed.error), values: form }, { status: 400 })
  await updateProfile(shop(context).db, user.id, parsed.data, user.email)
  return { saved: true, errors: {} as Record<string, string>, values: null }
}

const fields = [
  { name: 'profileNameGiven', label: 'Given name', type: 'text', autoComplete: 'given-name' },
  { name: 'profileNameFamily', label: 'Family name', type: 'text', autoComplete: 'family-name' },
  { name: 'profileNameOther', label: 'Other names', type: 'text', autoComplete: 'additional-name' },
  { name: 'profileMobile', label: 'Mobile', type: 'tel', autoComplete: 'tel' },
  { name: 'profileAddress', label: 'Address', type: 'text', autoComplete: 'street-address' },
  { name: 'profileDateOfBirth', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
  { name: 'profileImage', label: 'Profile image address', type: 'text', autoComplete: 'photo' },
] as const

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, profile, orders, addresses } = loaderData
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const values = (actionData?.values ?? profile ?? {}) as Record<string, unknown>
  const errors = actionData?.errors ?? {}

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-4">
          <img src={profile?.profileImage ?? '/images/placeholder-profile.svg'} alt="" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
            <p className="text-slate-600">{user.email}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <LinkButton to="/client/password" variant="secondary">
            Change password
          </LinkButton>
          <LinkButton to="/client/two-factor" variant="secondary">
            Two-step login
          </LinkButton>
          <Form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              Log Out
            </Button>
          </Form>
        </div>
      </div>
      {user.emailVerified ? null : (
        <p className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Please confirm your e-mail address with the link we sent to {user.email}.
        </p>
      )}

      <section aria-labelledby="profile-heading" className="mt-10">
        <h2 id="profile-heading" className="text-xl font-semibold">
          Your details
        </h2>
        {actionData?.saved ? (
          <Alert tone="success" className="mt-4">
            Your details have been saved.
          </Alert>
        ) : null}
        <Form method="post" noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
          {fields.map((field) => {
            return (
              <TextField
                key={field.name}
                name={field.name}
                label={field.label}
                type={field.type}
                autoComplete={field.autoComplete}
                defaultValue={String(values[field.name] ?? '')}
                error={errors[field.name]}
                className={field.name === 'profileAddress' || field.name === 'profileImage' ? 'sm:col-span-2' : undefined}
              />
            )
          })}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save details'}
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="orders-heading" className="mt-12">
        <h2 id="orders-heading" className="text-xl font-semibold">
          Your orders
        </h2>
        {orders.length === 0 ? (
          <p className="mt-3 text-slate-600">You have no orders yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 border-y border-slate-100 text-sm">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <Link to={`/client/orders/${order.id}`} className="font-semibold text-brand-700 hover:underline">
                  {order.id}
                </Link>
                <span>{orderDateFormat.format(new Date(order.createdAt))}</span>
                <OrderStatus status={order.status === 'paid' && order.fulfilment !== 'unfulfilled' ? order.fulfilment : order.status} />
                <span className="font-semibold">{formatAud(order.totalCents)}</span>
                {order.status === 'paid' ? (
                  <Link to={`/orders/${order.id}/invoice`} className="text-brand-700 hover:underline">
                    Tax invoice<span className="sr-only"> for {order.id}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <AddressBook addresses={addresses} />
    </div>
  )
}
