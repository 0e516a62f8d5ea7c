import { data, Form, Link, useNavigation } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
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
import { closeCustomerAccount, isClosedAccount, isClosedEmail, PrivacyRequestRefusedError } from '../../server/staff/privacy.server'
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
  return { ...customer, closed: isClosedEmail(customer.account.email), trade, owing, categories, products }
}

/**
 * Approves the customer as trade, changes the account, or ends it (docs/domain.md, Trade accounts);
 * closes the account at the customer's request (docs/domain.md, Privacy requests).
 */
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
    if (intent === 'close-account') {
      if (form.get('confirm') !== 'yes')
        return data(
          { message: null, errors: {}, values: null, close: { tone: 'error' as const, text: 'Tick the box to confirm this is the customer’s own request.' } },
          { status: 400 },
        )
      await closeCustomerAccount(db, { userId: params.userId, by: staff.email })
      return {
        message: null,
        errors: {},
        values: null,
        close: {
          tone: 'success' as const,
          text: 'The account is closed: they are signed out, cannot sign in, and their personal details are removed. Their orders and tax invoices are kept.',
        },
      }
    }
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
    if (version === null && (await isClosedAccount(db, params.userId))) return refuse(409, 'This account is closed: it cannot be approved as trade.')
    const parsed = parseTradeForm(values)
    if (!parsed.ok) return refuse(400, 'Please check the highlighted fields.', parsed.errors)
    const saved = await saveTradeAccount(db, { userId: params.userId, expectedVersion: version, account: parsed.account, by: staff.email })
    return {
      message: { tone: 'success' as const, text: version === null ? `${saved.company} is approved as a trade customer.` : 'The trade account is saved.' },
      errors: {},
      values: null,
    }
  } catch (error) {
    if (error instanceof PrivacyRequestRefusedError)
      return data({ message: null, errors: {}, values: null, close: { tone: 'error' as const, text: error.message } }, { status: error.status })
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
  const { account, closed, totals, addresses, orders, abandonedCheckouts, enquiries, trade, owing, categories, products } = loaderData
  const closeMessage = actionData && 'close' in actionData ? (actionData.close ?? null) : null
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

      {closed && !trade ? null : (
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
      )}

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

      <PrivacyRequests userId={account.id} closed={closed} message={closeMessage} />
    </div>
  )
}

/** A copy of the customer's data, and closing their account (docs/domain.md, Privacy requests). */
function PrivacyRequests({ userId, closed, message }: { userId: string; closed: boolean; message: { tone: 'error' | 'success'; text: string } | null }) {
  const busy = useNavigation().state !== 'idle'
  return (
    <section aria-labelledby="privacy-heading" className="mt-10 rounded-xl border border-slate-200 p-4 sm:p-5">
      <h2 id="privacy-heading" className="text-lg font-semibold">
        Privacy requests
      </h2>
      <p className="mt-1 text-sm text-slate-600">A customer may ask for a copy of what the shop holds about them, or ask to close their account.</p>
      <p className="mt-3 text-sm">
        <a href={`/staff/customers/${encodeURIComponent(userId)}/data.json`} download className="font-medium text-brand-700 underline">
          Download their data (JSON)
        </a>
      </p>
      {message ? (
        <Alert tone={message.tone} className="mt-4">
          {message.text}
        </Alert>
      ) : null}
      {closed ? (
        message?.tone === 'success' ? null : (
          <p className="mt-4 text-sm font-medium" data-testid="account-closed">
            This account is closed.
          </p>
        )
      ) : (
        <Form method="post" className="mt-4 space-y-3">
          <h3 className="font-medium">Close this account</h3>
          <p className="text-sm text-slate-600">
            Signs them out everywhere and removes their password and Google sign-in, two-step login, profile details, saved addresses, back-in-stock alerts,
            stored carts and what their enquiries said. Their orders, refunds and tax invoices are kept for the period the law requires. This cannot be undone.
          </p>
          <CheckboxField name="confirm" value="yes" label="I have checked this is the customer’s own request" />
          <Button type="submit" name="intent" value="close-account" variant="destructive" disabled={busy}>
            Close this account
          </Button>
        </Form>
      )}
    </section>
  )
}
