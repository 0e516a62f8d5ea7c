import type { RefundLine } from '../db/schema.ts'
import type { InvoiceShop } from '../checkout/invoice.ts'

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Brisbane' })

export interface NoteRefund {
  id: string
  amountCents: number
  gstCents: number
  shippingCents: number
  lines: RefundLine[]
  reason: string
  createdAt: Date
  settledAt: Date | null
}

export interface NoteOrder {
  id: string
  email: string | null
  customerName: string
  company: string
  abn: string
  paidAt: Date | null
  /** Set on an order placed on account: its tax invoice is of that day, not of its payment. */
  invoicedAt?: Date | null
  shippingMethodName: string
}

/**
 * An adjustment note: the tax office's document for a decrease in the price of a taxable sale that
 * a tax invoice was issued for. It carries the words "Adjustment note", the seller's identity and
 * ABN, its own number and date, the original tax invoice, what changed and why, the amount of the
 * decrease and the GST decrease. Its number is the refund's id.
 */
export interface AdjustmentNote {
  number: string
  date: string
  seller: InvoiceShop
  buyer: string[]
  invoice: { number: string; date: string }
  rows: { description: string; amountCents: number }[]
  reason: string
  decreaseCents: number
  gstDecreaseCents: number
}

export function adjustmentNote(shop: InvoiceShop, order: NoteOrder, refund: NoteRefund): AdjustmentNote {
  const rows = [
    ...refund.lines.map((line) => ({ description: `${line.quantity} × ${line.productName}`, amountCents: line.amountCents })),
    ...(refund.shippingCents > 0
      ? [{ description: `Shipping${order.shippingMethodName ? `: ${order.shippingMethodName}` : ''}`, amountCents: refund.shippingCents }]
      : []),
  ]
  if (rows.length === 0) rows.push({ description: 'Price adjustment', amountCents: refund.amountCents })
  const company = order.company ? `${order.company}${order.abn ? `, ABN ${order.abn}` : ''}` : order.abn ? `ABN ${order.abn}` : ''
  return {
    number: refund.id,
    date: dateFormat.format(refund.settledAt ?? refund.createdAt),
    seller: shop,
    buyer: [order.customerName, company, order.email ?? ''].filter(Boolean),
    invoice: { number: order.id, date: (order.invoicedAt ?? order.paidAt) ? dateFormat.format((order.invoicedAt ?? order.paidAt)!) : '' },
    rows,
    reason: refund.reason,
    decreaseCents: refund.amountCents,
    gstDecreaseCents: refund.gstCents,
  }
}
