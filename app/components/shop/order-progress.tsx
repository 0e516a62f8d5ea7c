import { Link } from 'react-router'
import { formatAud } from '../../lib/money'
import type { OrderView } from '../../server/orders/order-view.server'
import { DeliverySummary } from './delivery-summary'
import { OrderLineList } from './order-lines'
import { OrderStatus, orderDateFormat } from './order-status'

/** A customer's view of their order: where it is, the tracking link, what was bought, the invoice. */
export function OrderProgress({ view, back, invoice }: { view: OrderView; back: { to: string; label: string } | null; invoice: boolean }) {
  const { order, tracking, timeline } = view
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      {back ? (
        <Link to={back.to} className="text-sm text-brand-700 hover:underline">
          ← {back.label}
        </Link>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Order {order.id}</h1>
        <OrderStatus status={order.status === 'paid' && order.fulfilment !== 'unfulfilled' ? order.fulfilment : order.status} />
      </div>

      <section aria-labelledby="timeline-heading" className="mt-8">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Progress
        </h2>
        <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid="timeline">
          {timeline.map((state, index) => (
            <li key={index} className="flex flex-wrap items-center gap-3">
              <OrderStatus status={state.status} />
              <time dateTime={state.at}>{orderDateFormat.format(new Date(state.at))}</time>
            </li>
          ))}
        </ol>
        {tracking ? (
          <p className="mt-4 text-sm">
            Sent with {tracking.carrier}
            {tracking.number ? `, tracking number ${tracking.number}` : ''}.{' '}
            {tracking.link ? (
              <a href={tracking.link} className="font-semibold text-brand-700 underline" rel="noreferrer">
                Track your parcel
              </a>
            ) : null}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="items-heading" className="mt-8">
        <h2 id="items-heading" className="text-lg font-semibold">
          Items
        </h2>
        <OrderLineList lines={order.lines} className="mt-2" />
        {order.shippingMethodName ? (
          <p className="flex justify-between border-t border-slate-100 py-2 text-sm">
            <span>Shipping ({order.shippingMethodName})</span>
            <span>{order.shippingCents === 0 ? 'Free' : formatAud(order.shippingCents)}</span>
          </p>
        ) : null}
        <p className="flex justify-between border-t border-slate-200 pt-2 font-semibold">
          <span>Total (incl. {formatAud(order.gstCents)} GST)</span>
          <span>{formatAud(order.totalCents)}</span>
        </p>
        {invoice && order.status === 'paid' ? (
          <Link to={`/orders/${order.id}/invoice`} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
            Tax invoice
          </Link>
        ) : null}
      </section>
      <DeliverySummary delivery={order.delivery} className="mt-8" />
    </div>
  )
}
