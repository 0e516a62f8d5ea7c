import { gstIncluded, formatAud } from '../../lib/money.ts'
import type { MailMessage } from '../mail/message.ts'
import { escapeHtml } from '../mail/html.ts'
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
  paidAt: Date
  totalCents: number
  gstCents: number
  shippingCents?: number
  lines: { productName: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[]
}

/** From this total the buyer's identity must be on a tax invoice (the tax office's rule). */
export const IDENTITY_REQUIRED_FROM_CENTS = 100_000

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Brisbane' })

/** A tax invoice's content, for the e-mail and the printable page alike. */
export interface TaxInvoice {
  orderId: string
  date: string
  seller: InvoiceShop
  buyer: { name: string; email: string; company: string; abn: string; phone: string }
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
    date: dateFormat.format(order.paidAt),
    seller: shop,
    buyer: { name: order.customerName ?? '', email: order.email, company: order.company ?? '', abn: order.abn ?? '', phone: order.phone ?? '' },
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

/** The buyer as the invoice names them: name, company and ABN when given, and the e-mail. */
export function buyerLines(invoice: TaxInvoice): string[] {
  const { buyer } = invoice
  return [buyer.name, buyer.company ? `${buyer.company}${buyer.abn ? `, ABN ${buyer.abn}` : ''}` : buyer.abn ? `ABN ${buyer.abn}` : '', buyer.email].filter(
    Boolean,
  )
}

export function invoiceMail(shop: InvoiceShop, order: InvoiceOrder): MailMessage {
  const invoice = taxInvoice(shop, order)
  const subject = `Tax invoice for your order ${order.id} — ${shop.name}`
  const shippingText = invoice.shipping
    ? [`Shipping: ${invoice.shipping.name} = ${formatAud(invoice.shipping.cents)} (GST ${formatAud(invoice.shipping.gstCents)})`]
    : []
  const text = [
    `Tax invoice`,
    '',
    `${shop.legalName} (trading as ${shop.name})`,
    `ABN ${shop.abn}`,
    shop.address,
    '',
    `Invoice and order number: ${order.id}`,
    `Date: ${invoice.date}`,
    `Customer: ${buyerLines(invoice).join(', ')}`,
    ...(invoice.deliverTo.length ? [`Deliver to: ${invoice.deliverTo.join(', ')}`] : []),
    '',
    ...invoice.rows.map((row) => `${row.description} — ${row.quantity} × ${formatAud(row.unitCents)} = ${formatAud(row.amountCents)}`),
    ...shippingText,
    '',
    `Subtotal (excluding GST): ${formatAud(invoice.subtotalExGstCents)}`,
    `GST included: ${formatAud(invoice.gstCents)}`,
    `Total (including GST): ${formatAud(invoice.totalCents)}`,
    '',
    'Thank you for your purchase. Your order has been successfully placed and paid.',
    `Questions? Reply to this e-mail or write to ${shop.email}.`,
  ].join('\n')
  const cell = 'padding:6px 8px;border-bottom:1px solid #e2e8f0'
  const rows = [
    ...invoice.rows.map(
      (row) =>
        `<tr><td style="${cell}">${escapeHtml(row.description)}</td><td style="${cell};text-align:right">${row.quantity}</td><td style="${cell};text-align:right">${formatAud(row.unitCents)}</td><td style="${cell};text-align:right">${formatAud(row.amountCents)}</td></tr>`,
    ),
    ...(invoice.shipping
      ? [
          `<tr><td style="${cell}">Shipping: ${escapeHtml(invoice.shipping.name)} (GST ${formatAud(invoice.shipping.gstCents)})</td><td style="${cell};text-align:right">1</td><td style="${cell};text-align:right">${formatAud(invoice.shipping.cents)}</td><td style="${cell};text-align:right">${formatAud(invoice.shipping.cents)}</td></tr>`,
        ]
      : []),
  ].join('')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:22px">Tax invoice</h1>
<p><strong>${escapeHtml(shop.legalName)}</strong> (trading as ${escapeHtml(shop.name)})<br>ABN ${escapeHtml(shop.abn)}<br>${escapeHtml(shop.address)}</p>
<p>Invoice and order number: <strong>${escapeHtml(order.id)}</strong><br>Date: ${escapeHtml(invoice.date)}<br>Customer: ${buyerLines(invoice).map(escapeHtml).join('<br>')}${
    invoice.deliverTo.length ? `<br>Deliver to: ${invoice.deliverTo.map(escapeHtml).join(', ')}` : ''
  }</p>
<table style="border-collapse:collapse;width:100%;max-width:640px">
<thead><tr><th style="text-align:left;padding:6px 8px">Description</th><th style="text-align:right;padding:6px 8px">Qty</th><th style="text-align:right;padding:6px 8px">Unit price</th><th style="text-align:right;padding:6px 8px">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>
<tr><td colspan="3" style="padding:6px 8px;text-align:right">Subtotal (excluding GST)</td><td style="padding:6px 8px;text-align:right">${formatAud(invoice.subtotalExGstCents)}</td></tr>
<tr><td colspan="3" style="padding:6px 8px;text-align:right">GST included</td><td style="padding:6px 8px;text-align:right">${formatAud(invoice.gstCents)}</td></tr>
<tr><td colspan="3" style="padding:6px 8px;text-align:right"><strong>Total (including GST)</strong></td><td style="padding:6px 8px;text-align:right"><strong>${formatAud(invoice.totalCents)}</strong></td></tr>
</tfoot></table>
<p>Thank you for your purchase. Questions? Reply to this e-mail or write to ${escapeHtml(shop.email)}.</p>
</body></html>`
  return { to: order.email, subject, text, html, replyTo: shop.email }
}
