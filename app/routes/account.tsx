import { data, Form, Link, useNavigation } from 'react-router'
import { OrderStatus, orderDateFormat } from '../components/shop/order-status'
import { formatAud } from '../lib/money'
import { goodsMayLeave, hasTaxInvoice } from '../lib/orders/payment-status'
import { fieldErrors } from '../lib/schemas/errors'
import { profileEditSchema } from '../lib/schemas/profile'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { requireUser } from '../server/auth/session.server'
import { shop } from '../server/context.server'
import { listOrdersOfUser } from '../server/checkout/orders.server'
import { getProfile, PLACEHOLDER_PROFILE_IMAGE, syncProfileFromUser, updateProfile } from '../server/profiles/profiles.server'
import type { Route } from './+types/account'
import { readForm } from '../server/http/form.server'
import { AddressBook } from '../components/account/address-book'
import { listAddresses, makeDefaultAddress, removeAddress } from '../server/accounts/addresses.server'
import { Button, LinkButton } from '../components/ui/button'
import { Badge } from '../components/ui/badge'
import { CheckboxField } from '../components/ui/checkbox-field'
import { Alert } from '../components/ui/alert'
import { TextField } from '../components/ui/text-field'

/**
 * `/client` and `/program`, where a login lands (docs/specification.md, Where a login lands): the
 * person's own account page. What a customer comes for first, their orders, leads; then their
 * delivery addresses, how they log in, and their profile.
 */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Your account', 'Your orders, addresses, login and details.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request)
  const { db } = shop(context)
  const [profile, orders, addresses] = await Promise.all([getProfile(db, user.id), listOrdersOfUser(db, user.id), listAddresses(db, user.id)])
  // The picture is shown, never its address: the person's own (from Google) or the plain one.
  const picture = {
    src: profile?.profileImage || PLACEHOLDER_PROFILE_IMAGE,
    own: !!profile?.profileImage && profile.profileImage !== PLACEHOLDER_PROFILE_IMAGE,
  }
  return { user, profile, orders, addresses, picture }
}

/** The profile form's fields; the picture is not typed in, only kept or put back to the plain one. */
const profileFormSchema = profileEditSchema.omit({ profileImage: true })

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request)
  const submitted = await readForm(request)
  const intent = submitted.get('intent')
  const { db } = shop(context)
  if (intent === 'address-default' || intent === 'address-remove') {
    const addressId = String(submitted.get('addressId') ?? '')
    const change = intent === 'address-default' ? makeDefaultAddress : removeAddress
    if (!(await change(db, user.id, addressId, user.email))) throw data({ message: 'That address is not in your account.' }, { status: 404 })
    return { saved: false, errors: {} as Record<string, string>, values: null }
  }
  const form = Object.fromEntries(submitted)
  const parsed = profileFormSchema.safeParse(form)
  if (!parsed.success) return data({ saved: false, errors: fieldErrors(parsed.error), values: form }, { status: 400 })
  // The picture stays as it is (from Google, or the plain one) unless the person asks for the plain one.
  // An account without a profile (made before profiles existed, or whose profile an import removed) gets one first.
  if (!(await getProfile(db, user.id))) await syncProfileFromUser(db, { id: user.id, email: user.email, name: user.name })
  const current = await getProfile(db, user.id)
  const profileImage = submitted.get('plainPicture') === 'on' ? '' : (current?.profileImage ?? '')
  await updateProfile(db, user.id, { ...parsed.data, profileImage }, user.email)
  return { saved: true, errors: {} as Record<string, string>, values: null }
}

const fields = [
  { name: 'profileNameGiven', label: 'Given name', type: 'text', autoComplete: 'given-name' },
  { name: 'profileNameFamily', label: 'Family name', type: 'text', autoComplete: 'family-name' },
  {
    name: 'profileNameOther',
    label: 'Middle or other names',
    type: 'text',
    autoComplete: 'additional-name',
    hint: 'Any names besides your given and family names.',
  },
  { name: 'profileMobile', label: 'Mobile number', type: 'tel', autoComplete: 'tel' },
  { name: 'profileDateOfBirth', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
  {
    name: 'profileAddress',
    label: 'Home address',
    type: 'text',
    autoComplete: 'street-address',
    hint: 'Where you live. The addresses your orders go to are kept under Delivery addresses.',
  },
] as const

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, profile, orders, addresses, picture } = loaderData
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const values = (actionData?.values ?? profile ?? {}) as Record<string, unknown>
  const errors = actionData?.errors ?? {}

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">Your account</h1>
          <p className="break-all text-slate-600">{user.email}</p>
        </div>
        <Form method="post" action="/logout">
          <Button type="submit" variant="secondary">
            Log Out
          </Button>
        </Form>
      </div>
      {user.emailVerified ? null : (
        <p className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Please confirm your e-mail address with the link we sent to {user.email}.
        </p>
      )}

      <section aria-labelledby="orders-heading" className="mt-10">
        <h2 id="orders-heading" className="text-xl font-semibold">
          Your orders
        </h2>
        {orders.length === 0 ? (
          <p className="mt-3 text-slate-600">
            You have no orders yet.{' '}
            <Link to="/products" className="font-semibold text-brand-700 underline">
              Browse products
            </Link>
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 border-y border-slate-100 text-sm">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <Link to={`/client/orders/${order.id}`} className="font-semibold text-brand-700 hover:underline">
                  {order.id}
                </Link>
                <span>{orderDateFormat.format(new Date(order.createdAt))}</span>
                <OrderStatus status={goodsMayLeave(order) && order.fulfilment !== 'unfulfilled' ? order.fulfilment : order.status} />
                <span className="font-semibold">{formatAud(order.totalCents)}</span>
                {hasTaxInvoice(order) ? (
                  <Link to={`/orders/${order.id}/invoice`} className="text-brand-700 hover:underline">
                    Tax invoice<span className="sr-only"> for {order.id}</span>
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <AddressBook addresses={addresses} className="mt-12" />

      <section aria-labelledby="security-heading" className="mt-12">
        <h2 id="security-heading" className="text-xl font-semibold">
          Security
        </h2>
        <ul className="mt-3 divide-y divide-slate-100 border-y border-slate-100 text-sm">
          <li className="flex flex-wrap items-center justify-between gap-3 py-4 sm:flex-nowrap">
            <div className="min-w-0 sm:flex-1">
              <p className="font-semibold">Password</p>
              <p className="text-slate-600">Changing it signs you out on your other devices.</p>
            </div>
            <LinkButton to="/client/password" variant="secondary" size="sm" className="shrink-0">
              Change password
            </LinkButton>
          </li>
          <li className="flex flex-wrap items-center justify-between gap-3 py-4 sm:flex-nowrap">
            <div className="min-w-0 sm:flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                Two-step login
                <Badge tone={user.twoFactorEnabled ? 'success' : 'neutral'}>{user.twoFactorEnabled ? 'On' : 'Off'}</Badge>
              </p>
              <p className="text-slate-600">
                {user.twoFactorEnabled
                  ? 'Each login asks for a code from your authenticator app as well as your password.'
                  : 'Your password alone logs you in. With two-step login a stolen password is not enough.'}
              </p>
            </div>
            <LinkButton to="/client/two-factor" variant="secondary" size="sm" className="shrink-0">
              {user.twoFactorEnabled ? 'Manage two-step login' : 'Set up two-step login'}
            </LinkButton>
          </li>
        </ul>
      </section>

      <section aria-labelledby="profile-heading" className="mt-12">
        <h2 id="profile-heading" className="text-xl font-semibold">
          Your details
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every detail is optional.</p>
        {actionData?.saved ? (
          <Alert tone="success" className="mt-4">
            Your details have been saved.
          </Alert>
        ) : null}
        <Form method="post" noValidate className="mt-6 grid gap-5 sm:grid-cols-2">
          <div className="flex items-center gap-4 sm:col-span-2">
            <img src={picture.src} alt="Your picture" width={64} height={64} className="h-16 w-16 shrink-0 rounded-full bg-slate-100 object-cover" />
            <div className="min-w-0 text-sm">
              <p className="font-medium">Picture</p>
              {picture.own ? (
                <CheckboxField name="plainPicture" label="Use the plain picture instead of this one" className="mt-1" />
              ) : (
                <p className="text-slate-600">The plain picture. Logging in with Google shows your Google picture here.</p>
              )}
            </div>
          </div>
          {fields.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              type={field.type}
              autoComplete={field.autoComplete}
              hint={'hint' in field ? field.hint : undefined}
              defaultValue={String(values[field.name] ?? '')}
              error={errors[field.name]}
              className={field.name === 'profileAddress' ? 'sm:col-span-2' : undefined}
            />
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save details'}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  )
}
