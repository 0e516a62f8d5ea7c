import { redirect } from 'react-router'
import { OrderProgress } from '../components/shop/order-progress'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { getOrder } from '../server/checkout/orders.server'
import { shop } from '../server/context.server'
import { orderOfView } from '../server/orders/order-links.server'
import { orderView } from '../server/orders/order-view.server'
import { returnRequestAction } from '../server/orders/return-request.server'
import type { Route } from './+types/track-order.view'
import { privatePageHeaders } from '../server/http/private-page.server'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Order ${loaderData?.order.id ?? ''}`, 'Where your order is.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** A guest's order, for the browser that opened the e-mailed link (a day); without it, the lookup form. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = shop(context)
  const orderId = await orderOfView(db, request.headers.get('cookie'))
  const order = orderId ? await getOrder(db, orderId) : null
  if (!order) throw redirect('/track-order')
  return orderView(db, order, '/track-order/view')
}

/** "Request a return" from a guest's order view: the browser that opened the e-mailed link. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, config } = shop(context)
  const orderId = await orderOfView(db, request.headers.get('cookie'))
  if (!orderId) throw redirect('/track-order')
  return returnRequestAction({ db, mailer, config }, request, orderId, 'guest (order link)')
}

export const headers = privatePageHeaders

export default function GuestOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderProgress view={loaderData} back={null} result={actionData ?? null} />
}
