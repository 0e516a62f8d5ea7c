import { Link } from 'react-router'
import { OrderStatus, orderDateFormat } from '../../components/shop/order-status'
import { formatAud } from '../../lib/money'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { listOrders } from '../../server/checkout/orders.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/orders'

export const meta: Route.MetaFunction = ({ matches }) =>
  [...pageMeta('Orders', 'Orders placed in the shop.', shopNameFrom(matches)), { name: 'robots', content: 'noindex' }]

export async function loader({ context }: Route.LoaderArgs) {
  return { orders: await listOrders(shop(context).db) }
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
      {loaderData.orders.length === 0 ? (
        <p className="mt-6 text-slate-600">No orders yet.</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <thead className="hidden border-b border-slate-200 text-slate-500 sm:table-header-group">
            <tr>
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
                  <OrderStatus status={order.status} />
                </td>
                <td className="text-right sm:py-2">{formatAud(order.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
