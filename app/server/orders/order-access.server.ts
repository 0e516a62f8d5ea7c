import { data, type RouterContextProvider } from 'react-router'
import { requireStaff, requireUser } from '../auth/session.server.ts'
import { getOrder, type OrderWithLines } from '../checkout/orders.server.ts'
import { shop } from '../context.server.ts'
import { orderIdOfStatusToken } from './order-links.server.ts'

export interface OrderViewer {
  order: OrderWithLines
  /** Where this viewer's order page is: staff's order screen, the account's order, or the guest view. */
  orderPage: string
  /** The printable documents' base: `/orders/:id` for accounts and staff, `/track-order/:token` for a status link. */
  documentsBase: string
  staff: boolean
}

/**
 * Who may see an order's documents (tax invoice, adjustment notes): with an order id, its customer
 * or staff (who pass their second factor, as on every staff screen); someone else's order is
 * answered as if it did not exist. With a status token instead, whoever holds the order's link.
 */
export async function orderForViewer(
  context: Readonly<RouterContextProvider>,
  request: Request,
  params: { orderId?: string; token?: string },
): Promise<OrderViewer> {
  const { db } = shop(context)
  const { orderId, token } = params
  if (orderId === undefined) {
    const linked = token ? await orderIdOfStatusToken(db, token) : null
    const order = linked ? await getOrder(db, linked) : null
    if (!order) throw data(null, { status: 404 })
    return { order, orderPage: `/track-order/${token}`, documentsBase: `/track-order/${token}`, staff: false }
  }
  const user = await requireUser(context, request)
  const order = await getOrder(db, orderId)
  const own = order !== null && order.userId === user.id
  if (!own && user.role === 'staff') await requireStaff(context, request)
  if (!order || (!own && user.role !== 'staff')) throw data(null, { status: 404 })
  return own
    ? { order, orderPage: `/client/orders/${order.id}`, documentsBase: `/orders/${order.id}`, staff: false }
    : { order, orderPage: `/orders/${order.id}`, documentsBase: `/orders/${order.id}`, staff: true }
}
