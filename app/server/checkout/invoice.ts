import { gstIncluded } from '../../lib/money.ts'
import { addressLines, type OrderDelivery } from '../../lib/delivery/address.ts'

export interface InvoiceShop {
  name: string
  legalName: string
  abn: string
  address: string
  email: string
}

export interface InvoiceOrder extends Partial<OrderDelivery> {
  id: string
  email: string
  /** When the invoice was issued: when the order was paid, or placed on account (invoiceDateOf). */
  issuedAt: Date
  /** An order on account not yet paid in full: when it is due and what is owing (printed under the totals). */
  due?: { at: Date; owingCents: number } | null
  totalCents: number
  gstCents: number
  shippingCents?: number
  /** The buyer's purchase order number, quoted on the invoice when they gave one. */
  purchaseOrder?: string
  lines: { productName: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[]
}

/** From this total the buyer's identity must be on a tax invoice (the tax office's rule). */
export const IDENTITY_REQUIRED_FROM_CENTS = 100_000

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Brisbane' })

/** A tax invoice's content, for the e-mail and the printable page alike. */
export interface TaxInvoice {
  orderId: string
  date: string
  /** Payment terms still open: the due date and the amount owing. */
  due: { date: string; owingCents: number } | null
  seller: InvoiceShop
  buyer: { name: string; email: string; company: string; abn: string; phone: string }
  purchaseOrder: string
  /** The delivery address as lines, or "Click & Collect" with the pickup address. */
  deliverTo: string[]
  rows: { description: string; quantity: number; unitCents: number; amountCents: number }[]
  shipping: { name: string; cents: number; gstCents: number } | null
  subtotalExGstCents: number
  gstCents: number
  totalCents: number
}

/**
 * The order confirmation is a tax invoice under Australian rules: the words "Tax invoice", the
 * seller's name and ABN, the date, the buyer's identity (always given at checkout, and required from
 * $1,000), each item with quantity and price, the shipping (a taxable supply), the GST and the total.
 */
export function taxInvoice(shop: InvoiceShop, order: InvoiceOrder): TaxInvoice {
  const collect = order.collect ?? false
  const address =
    order.addressLine1 !== undefined
      ? addressLines({
          collect,
          addressLine1: order.addressLine1,
          addressLine2: order.addressLine2 ?? '',
          suburb: order.suburb ?? '',
          state: order.state ?? '',
          postcode: order.postcode ?? '',
        })
      : null
  const shippingCents = order.shippingCents ?? 0
  return {
    orderId: order.id,
    date: dateFormat.format(order.issuedAt),
    due: order.due ? { date: dateFormat.format(order.due.at), owingCents: order.due.owingCents } : null,
    seller: shop,
    buyer: { name: order.customerName ?? '', email: order.email, company: order.company ?? '', abn: order.abn ?? '', phone: order.phone ?? '' },
    purchaseOrder: order.purchaseOrder ?? '',
    deliverTo: collect ? ['Click & Collect', ...(order.pickupAddress ? [order.pickupAddress] : [])] : (address ?? []),
    rows: order.lines.map((line) => ({
      description: line.productName,
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
      amountCents: line.lineTotalCents,
    })),
    shipping: order.shippingMethodName ? { name: order.shippingMethodName, cents: shippingCents, gstCents: gstIncluded(shippingCents) } : null,
    subtotalExGstCents: order.totalCents - order.gstCents,
    gstCents: order.gstCents,
    totalCents: order.totalCents,
  }
}

/**
 * The day an order's tax invoice is issued, or null when it has none yet: an order placed on account
 * is invoiced as it is placed (docs/domain.md, Trade accounts); any other, when it is paid.
 */
export function invoiceDateOf(order: { status: string; invoicedAt: Date | null; paidAt: Date | null }): Date | null {
  if (order.status !== 'paid' && order.status !== 'invoiced') return null
  return order.invoicedAt ?? order.paidAt
}

/** What a tax invoice says of an order: issued when invoiceDateOf says, with its due date while money is owing on account. */
export function invoiceOrderOf<
  Order extends { status: string; invoicedAt: Date | null; paidAt: Date | null; paymentDueAt: Date | null; totalCents: number; receivedCents: number },
>(order: Order): (Order & { issuedAt: Date; due: { at: Date; owingCents: number } | null }) | null {
  const issuedAt = invoiceDateOf(order)
  if (!issuedAt) return null
  const due =
    order.status === 'invoiced' && order.paymentDueAt ? { at: order.paymentDueAt, owingCents: Math.max(0, order.totalCents - order.receivedCents) } : null
  return { ...order, issuedAt, due }
}

/** The buyer as the invoice names them: name, company and ABN when given, and the e-mail. */
export function buyerLines(invoice: TaxInvoice): string[] {
  const { buyer } = invoice
  return [buyer.name, buyer.company ? `${buyer.company}${buyer.abn ? `, ABN ${buyer.abn}` : ''}` : buyer.abn ? `ABN ${buyer.abn}` : '', buyer.email].filter(
    Boolean,
  )
}
