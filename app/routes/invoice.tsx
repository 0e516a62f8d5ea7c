import { data } from 'react-router'
import { PrintableDocument } from '../components/shop/printable-document'
import { DataTable } from '../components/ui/table'
import { formatAud } from '../lib/money'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { buyerLines, invoiceOrderOf, taxInvoice } from '../server/checkout/invoice'
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
 * The printable tax invoice of a paid order, or one placed on account: for staff, the customer whose order it is, and a guest
 * through the e-mailed link (`/track-order/view/invoice`).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { config } = shop(context)
  const { order, orderPage, staff } = await orderForViewer(context, request, params)
  const invoiced = invoiceOrderOf(order)
  if (!invoiced) throw data({ message: 'This order has not been paid, so it has no tax invoice.' }, { status: 404 })
  return { invoice: taxInvoice(shopIdentity(config), { ...invoiced, email: order.email ?? '' }), staff, orderPage }
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
        {invoice.purchaseOrder ? (
          <>
            <br />
            Your purchase order: <strong data-testid="invoice-purchase-order">{invoice.purchaseOrder}</strong>
          </>
        ) : null}
      </p>
      <DataTable
        className="mt-6"
        phone="fit"
        look="document"
        rows={[
          ...invoice.rows,
          ...(invoice.shipping
            ? [
                {
                  description: `Shipping: ${invoice.shipping.name} (GST ${formatAud(invoice.shipping.gstCents)})`,
                  quantity: 1,
                  unitCents: invoice.shipping.cents,
                  amountCents: invoice.shipping.cents,
                },
              ]
            : []),
          ...invoice.discounts.map((discount) => ({
            description: `Discount: ${discount.label}`,
            quantity: 1,
            unitCents: -discount.cents,
            amountCents: -discount.cents,
          })),
        ]}
        rowKey={(_row, index) => String(index)}
        columns={[
          {
            header: 'Description',
            cell: (row) => (
              <>
                {row.description}
                <span className="block text-slate-600 sm:hidden">
                  {row.quantity} × {formatAud(row.unitCents)}
                </span>
              </>
            ),
          },
          { header: 'Qty', align: 'right', hideOnPhone: true, cell: (row) => row.quantity },
          { header: 'Unit price', align: 'right', hideOnPhone: true, cell: (row) => formatAud(row.unitCents) },
          {
            header: 'Amount',
            align: 'right',
            cell: (row, index) => (
              <span data-testid={index === invoice.rows.length && invoice.shipping ? 'shipping' : index >= invoice.rows.length ? 'discount' : undefined}>
                {formatAud(row.amountCents)}
              </span>
            ),
          },
        ]}
        totals={[
          { label: 'Subtotal (excluding GST)', value: formatAud(invoice.subtotalExGstCents) },
          { label: 'GST included', value: formatAud(invoice.gstCents), testId: 'gst' },
          { label: 'Total (including GST)', value: formatAud(invoice.totalCents), testId: 'total', strong: true },
        ]}
      />
      {invoice.due ? (
        <p className="mt-6 text-sm" data-testid="invoice-due">
          On account: <strong>{formatAud(invoice.due.owingCents)}</strong> owing, due by <strong>{invoice.due.date}</strong>. Please quote {invoice.orderId}{' '}
          with your payment.
        </p>
      ) : null}
    </PrintableDocument>
  )
}
