import { data, Link } from 'react-router'
import { OrderStatus, orderDateFormat } from '../../components/shop/order-status'
import { ENQUIRY_STATUSES } from '../../lib/enquiries'
import { formatAud } from '../../lib/money'
import { paymentState } from '../../lib/orders/refunds'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { getCustomer } from '../../server/staff/customers.server'
import type { Route } from './+types/customers.$userId'

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(
    loaderData ? `Customer ${loaderData.account.name || loaderData.account.email}` : 'Customer',
    'A customer’s account, orders, addresses and enquiries.',
    shopNameFrom(matches),
  ),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const customer = await getCustomer(shop(context).db, params.userId)
  if (!customer) throw data(null, { status: 404 })
  return customer
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

export default function CustomerScreen({ loaderData }: Route.ComponentProps) {
  const { account, totals, addresses, orders, abandonedCheckouts, enquiries } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to="/staff/customers" className="text-sm text-brand-700 hover:underline">
        ← Customers
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{account.name || account.email}</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm [overflow-wrap:anywhere] sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">E-mail</dt>
        <dd>
          {account.email} {account.emailVerified ? '(verified)' : '(not verified)'}
        </dd>
        <dt className="text-slate-500">Customer since</dt>
        <dd>{orderDateFormat.format(new Date(account.createdAt))}</dd>
        <dt className="text-slate-500">Two-step login</dt>
        <dd>{account.twoFactorEnabled ? 'On' : 'Off'}</dd>
        <dt className="text-slate-500">Paid orders</dt>
        <dd data-testid="customer-paid">
          {totals.paidOrders}
          {totals.guestOrders > 0 ? ` (${totals.guestOrders} as a guest with this e-mail)` : ''}
        </dd>
        <dt className="text-slate-500">Spent</dt>
        <dd data-testid="customer-spent">{formatAud(totals.spentCents)}</dd>
        {abandonedCheckouts > 0 ? (
          <>
            <dt className="text-slate-500">Abandoned checkouts</dt>
            <dd>
              <Link to={`/orders?view=abandoned&q=${encodeURIComponent(account.email)}`} className="text-brand-700 hover:underline">
                {abandonedCheckouts}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>

      <Section id="orders-heading" title={`Orders (${orders.length})`}>
        {orders.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No orders.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="customer-orders">
            {orders.map((order) => (
              <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span>
                  <Link to={`/orders/${order.id}`} className="font-semibold text-brand-700 hover:underline">
                    {order.id}
                  </Link>{' '}
                  <span className="text-slate-600">
                    {orderDateFormat.format(new Date(order.createdAt))}
                    {order.userId ? '' : ', as a guest'}
                  </span>
                </span>
                <span className="flex flex-wrap items-center gap-2">
                  <OrderStatus status={paymentState(order)} /> {order.status === 'paid' ? <OrderStatus status={order.fulfilment} /> : null}
                  <span className="tabular-nums">{formatAud(order.totalCents)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="addresses-heading" title="Saved addresses">
        {addresses.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">None saved.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {addresses.map((address) => (
              <li key={address.id} className="rounded-lg border border-slate-200 px-3 py-2 [overflow-wrap:anywhere]">
                {address.fullName},{' '}
                {[address.company, address.addressLine1, address.addressLine2, `${address.suburb} ${address.state} ${address.postcode}`]
                  .filter(Boolean)
                  .join(', ')}
                {address.phone ? `, ${address.phone}` : ''}
                {address.isDefault ? <span className="ml-2 text-xs font-semibold text-slate-600">Default</span> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="enquiries-heading" title="Enquiries">
        {enquiries.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No enquiries from this address.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="customer-enquiries">
            {enquiries.map((enquiry) => (
              <li key={enquiry.id} className="py-2">
                <Link to={`/contact/${enquiry.id}`} className="font-semibold text-brand-700 hover:underline">
                  {orderDateFormat.format(new Date(enquiry.createdAt))}
                </Link>{' '}
                <span className="text-slate-600">· {ENQUIRY_STATUSES[enquiry.status]}</span>
                <p className="line-clamp-2 [overflow-wrap:anywhere]">{enquiry.message}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  )
}
