import { centsToDecimal } from '../../lib/money'
import { FULFILMENT_LABELS } from '../../lib/orders/fulfilment'
import { goodsMayLeave } from '../../lib/orders/payment-status'
import { csvCell, dateFilterProblem, parseOrderQuery } from '../../lib/orders/order-query'
import { shop } from '../../server/context.server'
import { CSV_LIMIT, listOrdersForExport } from '../../server/orders/order-list.server'
import { listAbandonedCheckouts } from '../../server/orders/abandoned-checkouts.server'
import { ABANDONED_REASONS } from '../../lib/orders/abandoned'
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
  'Purchase order',
  'Delivery method',
  'Suburb',
  'State',
  'Postcode',
  'Shipping',
  'Discount',
  'Discount codes',
  'GST',
  'Total',
] as const

/** An abandoned checkout's columns: its value was never charged, and the reason says why. */
const ABANDONED_COLUMNS = [
  'Checkout',
  'Started (UTC)',
  'Ended (UTC)',
  'Reason',
  'Customer',
  'E-mail',
  'Phone',
  'Delivery method',
  'Value (not charged)',
] as const

/**
 * What the list's query finds, as CSV (amounts in dollars, GST inclusive): the orders (paid, and
 * awaiting a payment still possible) in `orders-<day>.csv`, or with `view=abandoned` the abandoned
 * checkouts in `abandoned-checkouts-<day>.csv`, never the two in one file.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  const problem = dateFilterProblem(search)
  if (problem) return new Response(problem, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } })
  const query = parseOrderQuery(search)
  const day = new Date().toISOString().slice(0, 10)
  if (query.view === 'abandoned') {
    const { checkouts } = await listAbandonedCheckouts(shop(context).db, query, { limit: CSV_LIMIT, offset: 0 })
    const lines = [
      ABANDONED_COLUMNS.join(','),
      ...checkouts.map((row) =>
        [
          row.id,
          row.createdAt.toISOString(),
          row.endedAt.toISOString(),
          ABANDONED_REASONS[row.reason],
          row.customerName,
          row.email,
          row.phone,
          row.shippingMethodName,
          centsToDecimal(row.totalCents),
        ]
          .map(csvCell)
          .join(','),
      ),
    ]
    return csvResponse(lines, `abandoned-checkouts-${day}.csv`)
  }
  const rows = await listOrdersForExport(shop(context).db, query)
  const lines = [
    COLUMNS.join(','),
    ...rows.map((order) =>
      [
        order.id,
        order.createdAt.toISOString(),
        order.status,
        goodsMayLeave(order) ? FULFILMENT_LABELS[order.fulfilment] : '',
        order.customerName,
        order.email,
        order.phone,
        order.company,
        order.abn,
        order.purchaseOrder,
        order.shippingMethodName,
        order.suburb,
        order.state,
        order.postcode,
        centsToDecimal(order.shippingCents),
        // What promotions took off, already out of the shipping and the total (docs/domain.md, Promotions).
        centsToDecimal(order.discountCents),
        order.codes,
        centsToDecimal(order.gstCents),
        centsToDecimal(order.totalCents),
      ]
        .map(csvCell)
        .join(','),
    ),
  ]
  return csvResponse(lines, `orders-${day}.csv`)
}

function csvResponse(lines: string[], filename: string): Response {
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
