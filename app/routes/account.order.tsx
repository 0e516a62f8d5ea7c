import { data } from 'react-router'
import { OrderProgress } from '../components/shop/order-progress'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { requireUser } from '../server/auth/session.server'
import { getOwnOrder } from '../server/checkout/orders.server'
import { shop } from '../server/context.server'
import { orderView } from '../server/orders/order-view.server'
import { returnRequestAction } from '../server/orders/return-request.server'
import type { Route } from './+types/account.order'
import { privatePageHeaders } from '../server/http/private-page.server'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Order ${loaderData?.order.id ?? ''}`, 'Where your order is.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** A customer's own order: where it is, its tracking link and its tax invoice. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request)
  const { db } = shop(context)
  // Someone else's order, or a payment attempt that ended without money, is answered as if it did not exist.
  const order = await getOwnOrder(db, user.id, params.orderId)
  if (!order) throw data(null, { status: 404 })
  return orderView(db, order, `/orders/${order.id}`, shop(context).config.bankAccount)
}

/** "Request a return" on the customer's own order. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request)
  const { db, mailer, config } = shop(context)
  const order = await getOwnOrder(db, user.id, params.orderId)
  if (!order) throw data(null, { status: 404 })
  return returnRequestAction({ db, mailer, config }, request, order.id, user.email)
}

export const headers = privatePageHeaders

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderProgress view={loaderData} back={{ to: '/client', label: 'Your account' }} result={actionData ?? null} />
}
