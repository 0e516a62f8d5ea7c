import { gstIncluded } from '../../lib/money.ts'
import { addressLines, type OrderDelivery } from '../../lib/delivery/address.ts'
import { lineNameWithContents } from '../../lib/kits.ts'

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
  /** As charged, after any free-shipping discount. */
  shippingCents?: number
  shippingDiscountCents?: number
  /** The buyer's purchase order number, quoted on the invoice when they gave one. */
  purchaseOrder?: string
  /** At their discounted amounts, with each line's part of the discounts. */
  lines: {
    productName: string
    quantity: number
    unitPriceCents: number
    lineTotalCents: number
    discountCents?: number
    /** A kit's contents, listed under its name (docs/domain.md, Kits). */
    kitComponents?: { productName: string; quantity: number }[]
  }[]
  discounts?: { label: string; amountCents: number }[]
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
  /** Each item at its price before discounts (units × unit price). */
  rows: { description: string; quantity: number; unitCents: number; amountCents: number }[]
  /** The shipping before any discount; its GST is on what was charged for it (none when a discount made it free). */
  shipping: { name: string; cents: number; gstCents: number } | null
  /** Each discount, after the items and shipping: together they bring the rows to the total. */
  discounts: { label: string; cents: number }[]
  subtotalExGstCents: number
  gstCents: number
  totalCents: number
}

/**
 * The order confirmation is a tax invoice under Australian rules: the words "Tax invoice", the
 * seller's name and ABN, the date, the buyer's identity (always given at checkout, and required from
 * $1,000), each item with quantity and price, the shipping (a taxable supply), any discount (which
 * lowers the price of the supply, so the GST is one eleventh of the discounted total), the GST and
 * the total.
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
  const shippingBefore = shippingCents + (order.shippingDiscountCents ?? 0)
  return {
    orderId: order.id,
    date: dateFormat.format(order.issuedAt),
    due: order.due ? { date: dateFormat.format(order.due.at), owingCents: order.due.owingCents } : null,
    seller: shop,
    buyer: { name: order.customerName ?? '', email: order.email, company: order.company ?? '', abn: order.abn ?? '', phone: order.phone ?? '' },
    purchaseOrder: order.purchaseOrder ?? '',
    deliverTo: collect ? ['Click & Collect', ...(order.pickupAddress ? [order.pickupAddress] : [])] : (address ?? []),
    rows: order.lines.map((line) => ({
      // A kit is one line, its contents named with it (each kit's, not the line's totals).
      description: lineNameWithContents(line),
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
      amountCents: line.lineTotalCents + (line.discountCents ?? 0),
    })),
    shipping: order.shippingMethodName ? { name: order.shippingMethodName, cents: shippingBefore, gstCents: gstIncluded(shippingCents) } : null,
    discounts: (order.discounts ?? []).map((discount) => ({ label: discount.label, cents: discount.amountCents })),
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
