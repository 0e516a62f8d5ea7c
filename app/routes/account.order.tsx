import { data, Link } from 'react-router'
import { DeliverySummary } from '../components/shop/delivery-summary'
import { OrderLineList } from '../components/shop/order-lines'
import { OrderStatus, orderDateFormat } from '../components/shop/order-status'
import { formatAud } from '../lib/money'
import { carrierName, trackingLink } from '../lib/orders/fulfilment'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { requireUser } from '../server/auth/session.server'
import { getOrder, orderStateHistory, orderSummary } from '../server/checkout/orders.server'
import { shop } from '../server/context.server'
import type { Route } from './+types/account.order'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Order ${loaderData?.order.id ?? ''}`, 'Where your order is.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** A customer's own order: where it is, its tracking link and its tax invoice. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request)
  const { db } = shop(context)
  const order = await getOrder(db, params.orderId)
  // Someone else's order is answered as if it did not exist.
  if (!order || order.userId !== user.id) throw data(null, { status: 404 })
  const states = await orderStateHistory(db, order.id)
  return {
    order: { ...orderSummary(order), fulfilment: order.fulfilment },
    tracking: order.carrier ? { carrier: carrierName(order.carrier), number: order.trackingNumber, link: trackingLink(order.carrier, order.trackingNumber) } : null,
    // The customer sees what happened to the order, not who in the shop did it.
    timeline: states.map((state) => ({ status: state.status, at: state.at.toISOString() })),
  }
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, tracking, timeline } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link to="/client" className="text-sm text-brand-700 hover:underline">
        ← Your account
      </Link>
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
        {order.status === 'paid' ? (
          <Link to={`/orders/${order.id}/invoice`} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
            Tax invoice
          </Link>
        ) : null}
      </section>
      <DeliverySummary delivery={order.delivery} className="mt-8" />
    </div>
  )
}
