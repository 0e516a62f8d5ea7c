import { data, Form, Link, useSearchParams } from 'react-router'
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
import { packOrders } from '../../server/orders/fulfilment.server'
import type { Route } from './+types/orders'
import { Button } from '../../components/ui/button'
import { Alert } from '../../components/ui/alert'
import { PageHeader } from '../../components/ui/page-header'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Orders', 'Orders placed in the shop.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  const query = parseOrderQuery(search)
  const { orders, total } = await listOrdersPage(shop(context).db, query)
  // A date the list cannot use is left out of it, and said.
  const problem = dateFilterProblem(search)
  return data({ orders, total, query, problem }, { status: problem ? 400 : 200 })
}

/** "Mark packed" on the orders ticked in the list. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const orderIds = [...new Set((await readForm(request, { repeatable: ['orderId'] })).getAll('orderId').map(String))].slice(0, 200)
  if (orderIds.length === 0) return data({ packed: [] as string[], refused: ['Tick the orders to mark packed.'] }, { status: 400 })
  const { db, mailer, config } = shop(context)
  const result = await packOrders({ db, mailer, config }, orderIds, staff.email)
  return data(result, { status: result.packed.length === 0 ? 409 : 200 })
}

export default function StaffOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, total, query, problem } = loaderData
  const [params] = useSearchParams()
  const packable = orders.filter((order) => nextAction(order) === 'pack')
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE))
  const filtered = params.toString() !== ''
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader title="Orders" />
      <Form method="get" role="search" aria-label="Find orders" className="mt-6 grid gap-3 sm:grid-cols-[1fr_12rem_9rem_9rem_10rem_auto] sm:items-end">
        <TextField name="q" label="Search" type="search" size="sm" defaultValue={query.q} placeholder="Number, name, e-mail or phone" />
        <SelectField id="filter" label="State" size="sm" defaultValue={query.filter} options={ORDER_FILTERS} />
        <TextField name="from" label="From" type="date" size="sm" defaultValue={query.from} />
        <TextField name="to" label="To" type="date" size="sm" defaultValue={query.to} />
        <SelectField id="sort" label="Sort" size="sm" defaultValue={query.sort} options={ORDER_SORTS} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <span data-testid="order-count">
          {total} {total === 1 ? 'order' : 'orders'}
          {filtered ? ' found' : ''}
        </span>
        {filtered ? (
          <Link to="/orders" className="text-brand-700 underline">
            Clear
          </Link>
        ) : null}
        {total > 0 ? (
          <a href={`/orders/export.csv${orderQueryString(query, { page: 1 })}`} className="text-brand-700 underline" download>
            Download CSV
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
      {orders.length === 0 ? (
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
