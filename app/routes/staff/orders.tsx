import { data, Form, Link } from 'react-router'
import { OrderStatus, orderDateFormat } from '../../components/shop/order-status'
import { formatAud } from '../../lib/money'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { nextAction } from '../../lib/orders/fulfilment'
import { requireStaff } from '../../server/auth/session.server'
import { listOrders } from '../../server/checkout/orders.server'
import { readForm } from '../../server/http/form.server'
import { packOrders } from '../../server/orders/fulfilment.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = ({ matches }) =>
  [...pageMeta('Orders', 'Orders placed in the shop.', shopNameFrom(matches)), { name: 'robots', content: 'noindex' }]

export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await listOrders(shop(context).db) }
}

/** "Mark packed" on the orders ticked in the list. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const orderIds = [...new Set((await readForm(request)).getAll('orderId').map(String))].slice(0, 200)
  if (orderIds.length === 0) return data({ packed: [] as string[], refused: ['Tick the orders to mark packed.'] }, { status: 400 })
  const { db, mailer, config } = shop(context)
  const result = await packOrders({ db, mailer, config }, orderIds, staff.email)
  return data(result, { status: result.packed.length === 0 ? 409 : 200 })
}

export default function StaffOrders({ loaderData, actionData }: Route.ComponentProps) {
  const packable = loaderData.orders.filter((order) => nextAction(order) === 'pack')
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
      {actionData?.packed.length ? (
        <p role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 px-4 py-2 text-sm text-green-800">
          Marked packed: {actionData.packed.join(', ')}.
        </p>
      ) : null}
      {actionData?.refused.length ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
          {actionData.refused.join(' ')}
        </p>
      ) : null}
      {loaderData.orders.length === 0 ? (
        <p className="mt-6 text-slate-600">No orders yet.</p>
      ) : (
        <Form method="post" id="pack-orders">
        {packable.length > 0 ? (
          <button type="submit" className="mt-6 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600">
            Mark packed
          </button>
        ) : null}
        <table className="mt-6 w-full text-left text-sm">
          <thead className="hidden border-b border-slate-200 text-slate-500 sm:table-header-group">
            <tr>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="py-2 font-medium">Order</th>
              <th scope="col" className="py-2 font-medium">Placed</th>
              <th scope="col" className="py-2 font-medium">Customer</th>
              <th scope="col" className="py-2 font-medium">Delivery</th>
              <th scope="col" className="py-2 font-medium">Status</th>
              <th scope="col" className="py-2 text-right font-medium">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loaderData.orders.map((order) => (
              <tr key={order.id} className="grid grid-cols-2 gap-x-4 gap-y-1 py-3 sm:table-row sm:py-0">
                <td className="col-span-2 sm:py-2">
                  {nextAction(order) === 'pack' ? (
                    <input type="checkbox" name="orderId" value={order.id} aria-label={`Select ${order.id} to mark packed`} className="h-4 w-4" />
                  ) : null}
                </td>
                <td className="sm:py-2">
                  <Link to={`/orders/${order.id}`} className="font-semibold text-brand-700 hover:underline">
                    {order.id}
                  </Link>
                </td>
                <td className="sm:py-2">{orderDateFormat.format(new Date(order.createdAt))}</td>
                <td className="sm:py-2">
                  {order.customerName ? <span className="block">{order.customerName}</span> : null}
                  <span className="break-all text-slate-600">{order.email ?? '—'}</span>
                </td>
                <td className="sm:py-2">
                  {order.shippingMethodName ? (
                    <>
                      <span className="block">{order.collect ? 'Click & Collect' : `${order.suburb} ${order.state}`}</span>
                      <span className="text-slate-600">{order.shippingMethodName}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="sm:py-2">
                  <OrderStatus status={order.status} /> {order.status === 'paid' ? <OrderStatus status={order.fulfilment} /> : null}
                </td>
                <td className="text-right sm:py-2">{formatAud(order.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </Form>
      )}
    </div>
  )
}
