import { useEffect } from 'react'
import { Link, useRevalidator } from 'react-router'
import { useCart } from '../components/shop/cart-context'
import { DeliverySummary } from '../components/shop/delivery-summary'
import { OrderLineList } from '../components/shop/order-lines'
import { summariseStoredOrder } from '../lib/order-summary'
import { OrderSummaryLines } from '../components/shop/order-summary'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { checkoutIdFrom } from '../server/checkout/drafts.server'
import { getOrderBySession, orderSummary } from '../server/checkout/orders.server'
import { noteBuyerReturned } from '../server/staff/health.server'
import { shop } from '../server/context.server'
import { statusTokenOf } from '../server/orders/order-links.server'
import type { Route } from './+types/success'
import { privatePageHeaders } from '../server/http/private-page.server'
import { LinkButton } from '../components/ui/button'
import { TransferDetails } from '../components/shop/transfer-details'
import { transferDue } from '../server/orders/order-view.server'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Thank you', 'Your order has been placed.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id')
  const order = sessionId && sessionId.length <= 200 ? await getOrderBySession(shop(context).db, sessionId) : null
  if (!order) return { order: null, orderPage: null, transfer: null }
  // Back from the payment page before its payment event: noted once, so a webhook that never comes shows on staff's dashboard.
  if (order.status === 'pending' && !order.buyerReturnedAt) await noteBuyerReturned(shop(context).db, order.id)
  // The address is shown to the browser that checked out, not to whoever else has this link.
  const own = order.checkoutId !== null && checkoutIdFrom(request.headers.get('cookie')) === order.checkoutId
  const summary = orderSummary(order)
  // The browser that paid is shown the order's own page, the one every e-mail about the order links to.
  const placed = order.status === 'paid' || order.status === 'awaiting-payment' || order.status === 'invoiced'
  const orderPage = own && placed ? `/track-order/${await statusTokenOf(shop(context).db, order.id)}` : null
  // A bank-transfer order: the account to pay into (nothing personal: the shop's account and the order number).
  const transfer = transferDue(order, shop(context).config.bankAccount)
  return { order: { ...summary, delivery: own ? summary.delivery : null }, orderPage, transfer }
}

export const headers = privatePageHeaders

/** How long the page keeps asking whether the payment provider has confirmed the order. */
const CONFIRMATION_POLLS = 20

export default function Success({ loaderData }: Route.ComponentProps) {
  const { clear, ready } = useCart()
  const revalidator = useRevalidator()
  const { order, transfer } = loaderData
  const placed = order?.status === 'paid' || order?.status === 'awaiting-payment' || order?.status === 'invoiced'

  // docs/screens.md, Success: arriving here empties the cart (once it has been read from storage).
  useEffect(() => {
    if (ready) clear()
    // Once, when the cart is read: `clear` is a new function after every change of the cart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready])

  const waiting = order?.status === 'pending'
  useEffect(() => {
    if (!waiting) return
    let polls = 0
    const timer = window.setInterval(() => {
      polls += 1
      if (polls > CONFIRMATION_POLLS) window.clearInterval(timer)
      else void revalidator.revalidate()
    }, 1000)
    return () => window.clearInterval(timer)
    // Polling restarts only when the order's state changes (the revalidator changes with every poll).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting])

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Thank You for Your Purchase!</h1>
      <p className="mt-4 text-lg text-slate-700">Your order has been successfully placed.</p>
      <p className="mt-2 text-slate-600">
        {transfer?.dueAt
          ? 'It is on your account: the confirmation e-mail has its tax invoice and due date.'
          : transfer
            ? 'We have e-mailed you our bank details with your order.'
            : 'A confirmation email has been sent.'}
      </p>

      {transfer ? <TransferDetails due={transfer} className="mt-10" /> : null}
      {placed && order ? (
        <section aria-labelledby="order-heading" className="mt-10 rounded-2xl border border-slate-200 p-6 text-left">
          <h2 id="order-heading" className="text-lg font-semibold">
            Order {order.id}
          </h2>
          <OrderLineList lines={order.lines} className="mt-4" />
          <OrderSummaryLines figures={summariseStoredOrder(order)} className="mt-2 border-t border-slate-200 pt-3" />
          {order.delivery ? <DeliverySummary delivery={order.delivery} className="mt-6" /> : null}
        </section>
      ) : null}
      {waiting ? (
        <p role="status" className="mt-10 text-slate-600">
          Waiting for the payment provider to confirm order {order.id}…
        </p>
      ) : null}

      {placed ? (
        <p className="mt-6 text-sm text-slate-600">
          {loaderData.orderPage ? (
            <>
              Follow your order on{' '}
              <Link to={loaderData.orderPage} className="font-semibold text-brand-700 underline">
                its own page
              </Link>
              ; the confirmation e-mail has the same link.
            </>
          ) : (
            <>
              Follow your order at any time on{' '}
              <Link to="/track-order" className="font-semibold text-brand-700 underline">
                Track your order
              </Link>
              .
            </>
          )}
        </p>
      ) : null}
      <LinkButton to="/" size="lg" className="mt-10">
        Return to Homepage
      </LinkButton>
    </div>
  )
}
