import { data } from 'react-router'
import { OrderProgress } from '../components/shop/order-progress'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { getOrder } from '../server/checkout/orders.server'
import { shop } from '../server/context.server'
import { orderIdOfStatusToken } from '../server/orders/order-links.server'
import { orderView } from '../server/orders/order-view.server'
import { returnRequestAction } from '../server/orders/return-request.server'
import type { Route } from './+types/track-order.$token'
import { PRIVATE_PAGE } from '../server/http/private-page.server'
import { LinkButton } from '../components/ui/button'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Order ${loaderData?.order.id ?? ''}`, 'Where your order is.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * An order's status page, reached from every e-mail about the order (docs/decisions/041-order-emails.md):
 * whoever holds the link sees this one order, for as long as staff leave the link in place.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = shop(context)
  const orderId = await orderIdOfStatusToken(db, params.token)
  const order = orderId ? await getOrder(db, orderId) : null
  if (!order) throw data(null, { status: 404 })
  return orderView(db, order, `/track-order/${params.token}`, shop(context).config.bankAccount)
}

/** "Ask to return" from the order's status page. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { db, mailer, config } = shop(context)
  const orderId = await orderIdOfStatusToken(db, params.token)
  if (!orderId) throw data(null, { status: 404 })
  return returnRequestAction({ db, mailer, config }, request, orderId, 'customer (order link)')
}

/** Private, and no address of this page (its secret) is sent to the carrier's site or anywhere else. */
export function headers() {
  return { ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }
}

export default function OrderStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderProgress view={loaderData} back={null} result={actionData ?? null} />
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">This link does not open an order</h1>
      <p className="mt-4 text-slate-600">
        The link may have been mistyped, or replaced by a newer one we e-mailed you. Ask for the link again with your order number and e-mail.
      </p>
      <LinkButton to="/track-order" size="lg" className="mt-8">
        Ask for the link
      </LinkButton>
    </div>
  )
}
