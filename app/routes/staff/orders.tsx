import { data, Form, Link, useSearchParams } from 'react-router'
import { AbandonedTable } from '../../components/staff/abandoned-table'
import { OrdersTable } from '../../components/staff/orders-table'
import { PrevNextLinks } from '../../components/ui/prev-next'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { nextAction } from '../../lib/orders/fulfilment'
import { dateFilterProblem, ORDER_FILTERS, ORDER_SORTS, ORDERS_PAGE_SIZE, orderQueryString, parseOrderQuery } from '../../lib/orders/order-query'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import { listOrdersPage } from '../../server/orders/order-list.server'
import { listAbandonedCheckouts } from '../../server/orders/abandoned-checkouts.server'
import { ABANDONED_REASONS } from '../../lib/orders/abandoned'
import { packOrders } from '../../server/orders/fulfilment.server'
import { reminderDelayHours, setReminderDelayHours } from '../../server/checkout/cart-reminders.server'
import { MAX_REMINDER_DELAY_HOURS, MIN_REMINDER_DELAY_HOURS, parseReminderDelay } from '../../lib/cart-reminders'
import type { Route } from './+types/orders'
import { Button, LinkButton } from '../../components/ui/button'
import { Alert } from '../../components/ui/alert'
import { PageHeader } from '../../components/ui/page-header'

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...(loaderData?.query.view === 'abandoned'
    ? pageMeta('Abandoned checkouts', 'Payments that ended without money.', shopNameFrom(matches))
    : pageMeta('Orders', 'Orders placed in the shop.', shopNameFrom(matches))),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  const query = parseOrderQuery(search)
  const { db } = shop(context)
  // Orders, or (?view=abandoned) the payment attempts that ended without money, never the two mixed.
  const [{ orders, total }, abandoned, reminderDelay] =
    query.view === 'abandoned'
      ? [{ orders: [], total: 0 }, await listAbandonedCheckouts(db, query), await reminderDelayHours(db)]
      : [await listOrdersPage(db, query), { checkouts: [], total: 0 }, null]
  // A date the list cannot use is left out of it, and said.
  const problem = dateFilterProblem(search)
  return data(
    { orders, total: query.view === 'abandoned' ? abandoned.total : total, checkouts: abandoned.checkouts, query, problem, reminderDelay },
    { status: problem ? 400 : 200 },
  )
}

/** "Mark packed" on the orders ticked in the list; on the abandoned checkouts, the cart reminder's delay. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request, { repeatable: ['orderId'] })
  const { db, mailer, config } = shop(context)
  if (form.get('intent') === 'reminder-delay') {
    const parsed = parseReminderDelay(form.get('delayHours'))
    if (!parsed.ok) return data({ packed: [] as string[], refused: [] as string[], delay: { error: parsed.message, saved: null } }, { status: 400 })
    await setReminderDelayHours(db, parsed.hours)
    return data({ packed: [] as string[], refused: [] as string[], delay: { error: null, saved: parsed.hours } })
  }
  const orderIds = [...new Set(form.getAll('orderId').map(String))].slice(0, 200)
  if (orderIds.length === 0) return data({ packed: [] as string[], refused: ['Tick the orders to mark packed.'], delay: null }, { status: 400 })
  const result = await packOrders({ db, mailer, config }, orderIds, staff.email)
  return data({ ...result, delay: null }, { status: result.packed.length === 0 ? 409 : 200 })
}

const VIEWS = { orders: 'Orders', abandoned: 'Abandoned checkouts' } as const

export default function StaffOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, checkouts, total, query, problem, reminderDelay } = loaderData
  const [params] = useSearchParams()
  const abandoned = query.view === 'abandoned'
  const packable = orders.filter((order) => nextAction(order) === 'pack')
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE))
  // Anything asked for beyond the view itself.
  const filtered = [...params.keys()].some((key) => key !== 'view')
  const noun = abandoned ? (total === 1 ? 'abandoned checkout' : 'abandoned checkouts') : total === 1 ? 'order' : 'orders'
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader
        title={VIEWS[query.view]}
        lead={
          abandoned ? 'Payments that ended without money: declined, cancelled, or left to expire. Nothing was charged, and no report counts them.' : undefined
        }
      />
      <nav aria-label="Show" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(VIEWS) as (keyof typeof VIEWS)[]).map((view) => (
            <li key={view}>
              <LinkButton
                variant="pill"
                size="sm"
                to={view === 'abandoned' ? '/orders?view=abandoned' : '/orders'}
                aria-current={query.view === view ? 'page' : undefined}
              >
                {VIEWS[view]}
              </LinkButton>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        role="search"
        aria-label={abandoned ? 'Find abandoned checkouts' : 'Find orders'}
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_9rem_9rem_10rem_auto] sm:items-end"
      >
        {abandoned ? <input type="hidden" name="view" value="abandoned" /> : null}
        <TextField name="q" label="Search" type="search" size="sm" defaultValue={query.q} placeholder="Number, name, e-mail or phone" />
        {abandoned ? (
          <SelectField id="reason" label="Reason" size="sm" defaultValue={query.reason} first={['', 'Every reason']} options={ABANDONED_REASONS} />
        ) : (
          <SelectField id="filter" label="State" size="sm" defaultValue={query.filter} options={ORDER_FILTERS} />
        )}
        <TextField name="from" label="From" type="date" size="sm" defaultValue={query.from} />
        <TextField name="to" label="To" type="date" size="sm" defaultValue={query.to} />
        <SelectField id="sort" label="Sort" size="sm" defaultValue={query.sort} options={ORDER_SORTS} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span data-testid="order-count">
          {total} {noun}
          {filtered ? ' found' : ''}
        </span>
        {filtered ? (
          <Link to={abandoned ? '/orders?view=abandoned' : '/orders'} className="text-brand-700 underline">
            Clear
          </Link>
        ) : null}
        {total > 0 ? (
          <a href={`/orders/export.csv${orderQueryString(query, { page: 1 })}`} className="text-brand-700 underline" download>
            Download CSV{abandoned ? ' of abandoned checkouts' : ''}
          </a>
        ) : null}
      </p>
      {problem ? (
        <Alert tone="error" className="mt-4">
          {problem}
        </Alert>
      ) : null}
      {actionData?.packed.length ? (
        <Alert tone="success" className="mt-4">
          Marked packed: {actionData.packed.join(', ')}.
        </Alert>
      ) : null}
      {actionData?.refused.length ? (
        <Alert tone="error" className="mt-4">
          {actionData.refused.join(' ')}
        </Alert>
      ) : null}
      {abandoned && reminderDelay !== null ? <ReminderDelayForm hours={reminderDelay} result={actionData?.delay ?? null} /> : null}
      {abandoned ? (
        checkouts.length === 0 ? (
          <p className="mt-6 text-slate-600">{filtered ? 'No abandoned checkouts match.' : 'No abandoned checkouts.'}</p>
        ) : (
          <AbandonedTable checkouts={checkouts} />
        )
      ) : orders.length === 0 ? (
        <p className="mt-6 text-slate-600">{filtered ? 'No orders match.' : 'No orders yet.'}</p>
      ) : (
        <Form method="post">
          {packable.length > 0 ? (
            <Button type="submit" className="mt-6">
              Mark packed
            </Button>
          ) : null}
          <OrdersTable orders={orders} />
        </Form>
      )}
      <PrevNextLinks label="Pages of orders" page={query.page} pages={pages} href={(page) => `/orders${orderQueryString(query, { page })}`} />
    </div>
  )
}

/**
 * The cart reminder's delay (docs/domain.md, Abandoned checkout reminders): how long a checkout whose
 * shopper consented is left unpaid before its one reminder. Checked on the server (whole hours, 1–168).
 */
function ReminderDelayForm({ hours, result }: { hours: number; result: { error: string | null; saved: number | null } | null }) {
  return (
    <Form method="post" noValidate className="mt-6 rounded-lg border border-slate-200 p-4" aria-labelledby="reminder-delay-heading">
      <h2 id="reminder-delay-heading" className="font-semibold">
        Cart reminders
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        One e-mail, only to shoppers who ticked “E-mail me about this cart and offers” on the delivery step and have not unsubscribed, sent this long after they
        left their checkout unpaid.
      </p>
      <input type="hidden" name="intent" value="reminder-delay" />
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          name="delayHours"
          label="Send the reminder after (hours)"
          type="number"
          inputMode="numeric"
          min={MIN_REMINDER_DELAY_HOURS}
          max={MAX_REMINDER_DELAY_HOURS}
          size="sm"
          controlWidth="w-28"
          defaultValue={String(result?.saved ?? hours)}
          error={result?.error ?? undefined}
          required
        />
        <Button type="submit" variant="secondary">
          Save
        </Button>
      </div>
      {result?.saved ? (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          Saved: reminders go {result.saved} {result.saved === 1 ? 'hour' : 'hours'} after a checkout is left.
        </p>
      ) : null}
    </Form>
  )
}
