import { Link } from 'react-router'
import { formatAud } from '../../lib/money'
import { nextAction } from '../../lib/orders/fulfilment'
import { goodsMayLeave } from '../../lib/orders/payment-status'
import type { Order } from '../../server/checkout/orders.server'
import { OrderStatus, orderDateFormat } from '../shop/order-status'
import { paymentState } from '../../lib/orders/refunds'
import { Checkbox } from '../ui/checkbox-field'
import { DataTable } from '../ui/table'

/**
 * The staff orders list: each order with its customer, where it goes and its states; orders that can
 * be packed get a checkbox for the form around the table. Rows stack on a phone.
 */
export function OrdersTable({ orders }: { orders: (Omit<Order, 'createdAt' | 'updatedAt' | 'paidAt' | 'reservedUntil'> & { createdAt: string | Date })[] }) {
  return (
    <DataTable
      className="mt-6"
      rows={orders}
      rowKey={(order) => order.id}
      columns={[
        {
          header: 'Select',
          hideHeader: true,
          wide: true,
          cell: (order) =>
            nextAction(order) === 'pack' ? <Checkbox name="orderId" value={order.id} aria-label={`Select ${order.id} to mark packed`} /> : null,
        },
        {
          header: 'Order',
          cell: (order) => (
            <Link to={`/orders/${order.id}`} className="font-semibold text-brand-700 hover:underline">
              {order.id}
            </Link>
          ),
        },
        { header: 'Placed', cell: (order) => orderDateFormat.format(new Date(order.createdAt)) },
        {
          header: 'Customer',
          cell: (order) => (
            <>
              {order.customerName ? <span className="block">{order.customerName}</span> : null}
              <span className="break-all text-slate-600">{order.email ?? '—'}</span>
            </>
          ),
        },
        {
          header: 'Delivery',
          cell: (order) =>
            order.shippingMethodName ? (
              <>
                <span className="block">{order.collect ? 'Click & Collect' : `${order.suburb} ${order.state}`}</span>
                <span className="text-slate-600">{order.shippingMethodName}</span>
              </>
            ) : (
              '—'
            ),
        },
        {
          header: 'Status',
          cell: (order) => (
            <>
              <OrderStatus status={paymentState(order)} /> {goodsMayLeave(order) ? <OrderStatus status={order.fulfilment} /> : null}
            </>
          ),
        },
        { header: 'Total', align: 'right', cell: (order) => formatAud(order.totalCents) },
      ]}
    />
  )
}
