import { Link } from 'react-router'
import { formatAud } from '../../lib/money'
import { nextAction } from '../../lib/orders/fulfilment'
import type { Order } from '../../server/checkout/orders.server'
import { OrderStatus, orderDateFormat } from '../shop/order-status'
import { paymentState } from '../../lib/orders/refunds'

/**
 * The staff orders list: each order with its customer, where it goes and its states; orders that can
 * be packed get a checkbox for the form around the table. Rows stack on a phone.
 */
export function OrdersTable({ orders }: { orders: (Omit<Order, 'createdAt' | 'updatedAt' | 'paidAt' | 'reservedUntil'> & { createdAt: string | Date })[] }) {
  return (
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
        {orders.map((order) => (
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
              <OrderStatus status={paymentState(order)} /> {order.status === 'paid' ? <OrderStatus status={order.fulfilment} /> : null}
            </td>
            <td className="text-right sm:py-2">{formatAud(order.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
