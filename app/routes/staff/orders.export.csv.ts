import { centsToDecimal } from '../../lib/money'
import { FULFILMENT_LABELS } from '../../lib/orders/fulfilment'
import { csvCell, dateFilterProblem, parseOrderQuery } from '../../lib/orders/order-query'
import { shop } from '../../server/context.server'
import { listOrdersForExport } from '../../server/orders/order-list.server'
import type { Route } from './+types/orders.export.csv'

const COLUMNS = [
  'Order',
  'Placed (UTC)',
  'Payment',
  'Fulfilment',
  'Customer',
  'E-mail',
  'Phone',
  'Company',
  'ABN',
  'Delivery method',
  'Suburb',
  'State',
  'Postcode',
  'Shipping',
  'GST',
  'Total',
] as const

/** The orders the list's query finds, as CSV (amounts in dollars, GST inclusive). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  const problem = dateFilterProblem(search)
  if (problem) return new Response(problem, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } })
  const query = parseOrderQuery(search)
  const rows = await listOrdersForExport(shop(context).db, query)
  const lines = [
    COLUMNS.join(','),
    ...rows.map((order) =>
      [
        order.id,
        order.createdAt.toISOString(),
        order.status,
        order.status === 'paid' ? FULFILMENT_LABELS[order.fulfilment] : '',
        order.customerName,
        order.email,
        order.phone,
        order.company,
        order.abn,
        order.shippingMethodName,
        order.suburb,
        order.state,
        order.postcode,
        centsToDecimal(order.shippingCents),
        centsToDecimal(order.gstCents),
        centsToDecimal(order.totalCents),
      ]
        .map(csvCell)
        .join(','),
    ),
  ]
  const day = new Date().toISOString().slice(0, 10)
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
