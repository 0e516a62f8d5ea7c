import { lineNameWithContents } from '../../lib/kits'
import { formatAud, gstIncluded } from '../../lib/money'
import { quoteTotals } from '../../lib/quotes'
import { DataTable } from '../ui/table'
import { PrintableDocument } from './printable-document'

export interface QuoteDocumentData {
  id: string
  company: string
  abn: string
  contactName: string
  email: string
  phone: string
  state: string
  postcode: string
  message: string
  freightCents: number
  sentAt: string | Date | null
  validUntil: string | Date | null
  /** A kit's line with its contents, named as the tax invoice names them. */
  lines: { productName: string; quantity: number; unitPriceCents: number; kitComponents?: { productName: string; quantity: number }[] }[]
}

const dayFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Brisbane' })
const day = (value: string | Date | null) => (value ? dayFormat.format(new Date(value)) : '—')

/**
 * A quote as its buyer prints it: quote number, seller and buyer with their ABNs, each line with its
 * GST (a kit's with its contents), the freight as a line of its own, the totals, the date it is valid until, and the terms.
 */
export function QuoteDocument({
  quote,
  seller,
  back,
  children,
}: {
  quote: QuoteDocumentData
  seller: { name: string; legalName: string; abn: string; address: string; email: string }
  back: { to: string; label: string }
  children?: React.ReactNode
}) {
  const totals = quoteTotals(quote.lines, quote.freightCents)
  const rows = [
    ...quote.lines.map((line) => ({
      description: lineNameWithContents(line),
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
      amountCents: line.unitPriceCents * line.quantity,
    })),
    { description: 'Freight', quantity: 1, unitCents: quote.freightCents, amountCents: quote.freightCents },
  ]
  return (
    <PrintableDocument
      back={back}
      title={`Quote ${quote.id}`}
      seller={seller}
      buyer={[quote.company, quote.abn ? `ABN ${quote.abn}` : '', quote.contactName, quote.email, quote.phone].filter(Boolean)}
      deliverTo={[`${quote.postcode} ${quote.state}`]}
      about="this quote"
    >
      <p className="mt-6 text-sm">
        Quote number: <strong>{quote.id}</strong>
        <br />
        Date: {day(quote.sentAt)}
        <br />
        Valid until: <strong data-testid="valid-until">{day(quote.validUntil)}</strong>
      </p>
      {quote.message ? <p className="mt-4 text-sm whitespace-pre-line [overflow-wrap:anywhere]">{quote.message}</p> : null}
      <DataTable
        className="mt-6"
        phone="fit"
        look="document"
        rows={rows}
        rowKey={(_row, index) => String(index)}
        columns={[
          {
            header: 'Description',
            cell: (row) => (
              <>
                {row.description}
                <span className="block text-slate-600 sm:hidden">
                  {row.quantity} × {formatAud(row.unitCents)}, GST {formatAud(gstIncluded(row.amountCents))}
                </span>
              </>
            ),
          },
          { header: 'Qty', align: 'right', hideOnPhone: true, cell: (row) => row.quantity },
          { header: 'Unit price', align: 'right', hideOnPhone: true, cell: (row) => formatAud(row.unitCents) },
          { header: 'GST', align: 'right', hideOnPhone: true, cell: (row) => formatAud(gstIncluded(row.amountCents)) },
          { header: 'Amount', align: 'right', cell: (row) => formatAud(row.amountCents) },
        ]}
        totals={[
          { label: 'Subtotal (excluding GST)', value: formatAud(totals.subtotalCents) },
          { label: 'GST included', value: formatAud(totals.gstCents), testId: 'quote-gst' },
          { label: 'Total (including GST)', value: formatAud(totals.totalCents), testId: 'quote-total', strong: true },
        ]}
      />
      <section aria-labelledby="terms-heading" className="mt-6 text-sm text-slate-700">
        <h2 id="terms-heading" className="font-semibold text-ink">
          Terms
        </h2>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          <li>Prices are in Australian dollars and include GST. The GST shown for each line is its share; the GST of the quote is taken on its total.</li>
          <li>These prices hold until the date above, whatever our catalogue says meanwhile. Stock is reserved for you when you accept.</li>
          <li>Pay by card when you accept, or by bank transfer with the order number as the reference: we send the goods once paid.</li>
          <li>This quote does not limit your rights under the Australian Consumer Law.</li>
        </ul>
      </section>
      {children}
    </PrintableDocument>
  )
}
