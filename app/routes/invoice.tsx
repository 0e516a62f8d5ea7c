import { data } from 'react-router'
import { PrintableDocument } from '../components/shop/printable-document'
import { formatAud } from '../lib/money'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { buyerLines, taxInvoice } from '../server/checkout/invoice'
import { shop } from '../server/context.server'
import { orderForViewer } from '../server/orders/order-access.server'
import { shopIdentity } from '../server/env.server'
import type { Route } from './+types/invoice'
import { privatePageHeaders } from '../server/http/private-page.server'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Tax invoice ${loaderData?.invoice.orderId ?? ''}`, 'A printable tax invoice.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * The printable tax invoice of a paid order: for staff, the customer whose order it is, and a guest
 * through the e-mailed link (`/track-order/view/invoice`).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { config } = shop(context)
  const { order, orderPage, staff } = await orderForViewer(context, request, 'orderId' in params ? params.orderId : undefined)
  if (order.status !== 'paid' || !order.paidAt) throw data({ message: 'This order has not been paid, so it has no tax invoice.' }, { status: 404 })
  return { invoice: taxInvoice(shopIdentity(config), { ...order, email: order.email ?? '', paidAt: order.paidAt }), staff, orderPage }
}

export const headers = privatePageHeaders

export default function Invoice({ loaderData }: Route.ComponentProps) {
  const { invoice, staff, orderPage } = loaderData
  const { seller } = invoice
  return (
    <PrintableDocument
      back={{ to: orderPage, label: staff ? 'The order' : 'Your order' }}
      title="Tax invoice"
      seller={seller}
      buyer={buyerLines(invoice)}
      deliverTo={invoice.deliverTo}
      about="this invoice"
    >
      <p className="mt-6 text-sm">
        Invoice and order number: <strong>{invoice.orderId}</strong>
        <br />
        Date: {invoice.date}
      </p>
      <table className="mt-6 w-full text-left text-sm">
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-2 font-semibold">Description</th>
            <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">Qty</th>
            <th scope="col" className="hidden py-2 text-right font-semibold sm:table-cell">Unit price</th>
            <th scope="col" className="py-2 text-right font-semibold">Amount</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {[
            ...invoice.rows,
            ...(invoice.shipping
              ? [{ description: `Shipping: ${invoice.shipping.name} (GST ${formatAud(invoice.shipping.gstCents)})`, quantity: 1, unitCents: invoice.shipping.cents, amountCents: invoice.shipping.cents }]
              : []),
          ].map((row, index) => (
            <tr key={index}>
              <td className="py-2 pr-2">
                {row.description}
                <span className="block text-slate-600 sm:hidden">
                  {row.quantity} × {formatAud(row.unitCents)}
                </span>
              </td>
              <td className="hidden py-2 text-right sm:table-cell">{row.quantity}</td>
              <td className="hidden py-2 text-right sm:table-cell">{formatAud(row.unitCents)}</td>
              <td className="py-2 text-right" data-testid={index === invoice.rows.length ? 'shipping' : undefined}>
                {formatAud(row.amountCents)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-300">
          {(
            [
              ['Subtotal (excluding GST)', invoice.subtotalExGstCents, undefined],
              ['GST included', invoice.gstCents, 'gst'],
              ['Total (including GST)', invoice.totalCents, 'total'],
            ] as const
          ).map(([label, cents, testId]) => (
            <tr key={label} className={testId === 'total' ? 'font-semibold' : undefined}>
              <td colSpan={3} className="hidden py-1 text-right sm:table-cell">
                {label}
              </td>
              <td className="py-1 text-right sm:hidden">{label}</td>
              <td className="py-1 text-right" data-testid={testId}>
                {formatAud(cents)}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
    </PrintableDocument>
  )
}
