import { data } from 'react-router'
import { PrintableDocument } from '../components/shop/printable-document'
import { DataTable } from '../components/ui/table'
import { formatAud } from '../lib/money'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { shop } from '../server/context.server'
import { shopIdentity } from '../server/env.server'
import { privatePageHeaders } from '../server/http/private-page.server'
import { adjustmentNote } from '../server/orders/adjustment-note'
import { orderForViewer } from '../server/orders/order-access.server'
import { getRefund } from '../server/orders/refunds.server'
import type { Route } from './+types/adjustment-note'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Adjustment note ${loaderData?.note.number ?? ''}`, 'A printable adjustment note for a refund.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * The printable adjustment note of a refund (the tax office's document for a decrease in GST): for
 * staff, the customer whose order it is, and a guest through the e-mailed link.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  const { order, orderPage, staff } = await orderForViewer(context, request, params)
  const refund = await getRefund(db, order.id, params.refundId)
  if (!refund || refund.status !== 'succeeded') throw data(null, { status: 404 })
  return { note: adjustmentNote(shopIdentity(config), order, refund), orderPage, staff }
}

export const headers = privatePageHeaders

export default function AdjustmentNotePage({ loaderData }: Route.ComponentProps) {
  const { note, orderPage, staff } = loaderData
  const { seller } = note
  return (
    <PrintableDocument
      back={{ to: orderPage, label: staff ? 'The order' : 'Your order' }}
      title="Adjustment note"
      seller={seller}
      buyer={note.buyer}
      about="this refund"
    >
      <p className="mt-6 text-sm leading-6">
        Adjustment note number: <strong data-testid="note-number">{note.number}</strong>
        <br />
        Date: {note.date}
        <br />
        Original tax invoice: <strong data-testid="original-invoice">{note.invoice.number}</strong>
        {note.invoice.date ? ` of ${note.invoice.date}` : ''}
        {note.reason ? (
          <>
            <br />
            Reason: {note.reason}
          </>
        ) : null}
      </p>
      <DataTable
        className="mt-6"
        phone="fit"
        look="document"
        rows={note.rows}
        rowKey={(_row, index) => String(index)}
        columns={[
          { header: 'Adjustment', cell: (row) => row.description },
          { header: 'Amount', align: 'right', cell: (row) => formatAud(row.amountCents) },
        ]}
        totals={[
          { label: 'Decrease in price (including GST)', value: formatAud(note.decreaseCents), testId: 'decrease', strong: true },
          { label: 'GST decrease', value: formatAud(note.gstDecreaseCents), testId: 'gst-decrease' },
        ]}
      />
    </PrintableDocument>
  )
}
