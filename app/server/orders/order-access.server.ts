import { data, redirect, type RouterContextProvider } from 'react-router'
import { requireStaff, requireUser } from '../auth/session.server.ts'
import { getOrder, type OrderWithLines } from '../checkout/orders.server.ts'
import { shop } from '../context.server.ts'
import { orderOfView } from './order-links.server.ts'

export interface OrderViewer {
  order: OrderWithLines
  /** Where this viewer's order page is: staff's order screen, the account's order, or the guest view. */
  orderPage: string
  /** The printable documents' base: `/orders/:id` for accounts and staff, `/track-order/view` for guests. */
  documentsBase: string
  staff: boolean
}

/**
 * Who may see an order's documents (tax invoice, adjustment notes): with an order id, its customer
 * or staff (who pass their second factor, as on every staff screen); someone else's order is
 * answered as if it did not exist. Without one, the guest whose browser opened the e-mailed link.
 */
export async function orderForViewer(context: Readonly<RouterContextProvider>, request: Request, orderId: string | undefined): Promise<OrderViewer> {
  const { db } = shop(context)
  if (orderId === undefined) {
    const viewed = await orderOfView(db, request.headers.get('cookie'))
    const order = viewed ? await getOrder(db, viewed) : null
    if (!order) throw redirect('/track-order')
    return { order, orderPage: '/track-order/view', documentsBase: '/track-order/view', staff: false }
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
