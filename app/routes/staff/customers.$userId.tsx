import { data, Link } from 'react-router'
import { TradeAccountPanel, tradeFormDefaults } from '../../components/staff/trade-account-panel'
import { parseTradeForm, tradeFormValues } from '../../lib/schemas/trade-account'
import { goodsMayLeave } from '../../lib/orders/payment-status'
import { requireStaff } from '../../server/auth/session.server'
import { readForm } from '../../server/http/form.server'
import {
  endTradeAccount,
  getTradeAccount,
  owingOnAccount,
  productCategories,
  productsForPriceList,
  saveTradeAccount,
  StaleTradeAccountError,
  TradeAccountRefusedError,
} from '../../server/trade/trade-accounts.server'
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
  const { db } = shop(context)
  const customer = await getCustomer(db, params.userId)
  if (!customer) throw data(null, { status: 404 })
  const [trade, owing, categories, products] = await Promise.all([
    getTradeAccount(db, params.userId),
    owingOnAccount(db, params.userId),
    productCategories(db),
    productsForPriceList(db),
  ])
  return { ...customer, trade, owing, categories, products }
}

/** Approves the customer as trade, changes the account, or ends it (docs/domain.md, Trade accounts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const { db } = shop(context)
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  const versionText = String(form.get('version') ?? '')
  const version = /^\d{1,9}$/.test(versionText) ? Number(versionText) : null
  const values = tradeFormValues(form)
  const refuse = (status: number, text: string, errors: Record<string, string> = {}) =>
    data({ message: { tone: 'error' as const, text }, errors, values: intent === 'save-trade' ? values : null }, { status })
  try {
    if (intent === 'end-trade') {
      if (version === null) return refuse(400, 'The form could not be read. Please reload the page and try again.')
      await endTradeAccount(db, { userId: params.userId, expectedVersion: version, by: staff.email })
      return {
        message: { tone: 'success' as const, text: 'The trade account is ended: this customer pays normal prices from now on.' },
        errors: {},
        values: null,
      }
    }
    if (intent !== 'save-trade') return refuse(400, 'The form could not be read. Please reload the page and try again.')
    const parsed = parseTradeForm(values)
    if (!parsed.ok) return refuse(400, 'Please check the highlighted fields.', parsed.errors)
    const saved = await saveTradeAccount(db, { userId: params.userId, expectedVersion: version, account: parsed.account, by: staff.email })
    return {
      message: { tone: 'success' as const, text: version === null ? `${saved.company} is approved as a trade customer.` : 'The trade account is saved.' },
      errors: {},
      values: null,
    }
  } catch (error) {
    if (error instanceof StaleTradeAccountError) return refuse(409, error.message)
    if (error instanceof TradeAccountRefusedError) return refuse(409, error.message, error.field ? { [error.field]: error.message } : {})
    throw error
  }
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

export default function CustomerScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { account, totals, addresses, orders, abandonedCheckouts, enquiries, trade, owing, categories, products } = loaderData
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
        <dt className="text-slate-500">Sales</dt>
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

      <TradeAccountPanel
        // A new form once the account changes (saved, ended, or changed by someone else).
        key={trade?.version ?? 'none'}
        account={trade}
        owing={owing}
        values={actionData?.values ?? tradeFormDefaults(trade, categories)}
        errors={actionData?.errors ?? {}}
        products={products}
        message={actionData?.message ?? null}
      />

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
                  <OrderStatus status={paymentState(order)} /> {goodsMayLeave(order) ? <OrderStatus status={order.fulfilment} /> : null}
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
