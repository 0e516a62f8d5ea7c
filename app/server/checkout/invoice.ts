import { formatAud } from '../../lib/money.ts'
import type { MailMessage } from '../mail/message.ts'
import { escapeHtml } from '../mail/html.ts'

export interface InvoiceShop {
  name: string
  legalName: string
  abn: string
  address: string
  email: string
}

export interface InvoiceOrder {
  id: string
  email: string
  paidAt: Date
  totalCents: number
  gstCents: number
  lines: { productName: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[]
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Brisbane' })

/**
 * The order confirmation is a tax invoice under Australian rules: the words "Tax invoice", the
 * seller's name and ABN, the date, each item with quantity and price, the GST and the total.
 */
export function invoiceMail(shop: InvoiceShop, order: InvoiceOrder): MailMessage {
  const date = dateFormat.format(order.paidAt)
  const subtotal = order.totalCents - order.gstCents
  const subject = `Tax invoice for your order ${order.id} — ${shop.name}`
  const text = [
    `Tax invoice`,
    '',
    `${shop.legalName} (trading as ${shop.name})`,
    `ABN ${shop.abn}`,
    shop.address,
    '',
    `Invoice and order number: ${order.id}`,
    `Date: ${date}`,
    `Customer: ${order.email}`,
    '',
    ...order.lines.map(
      (line) => `${line.productName} — ${line.quantity} × ${formatAud(line.unitPriceCents)} = ${formatAud(line.lineTotalCents)}`,
    ),
    '',
    `Subtotal (excluding GST): ${formatAud(subtotal)}`,
    `GST included: ${formatAud(order.gstCents)}`,
    `Total (including GST): ${formatAud(order.totalCents)}`,
    '',
    'Thank you for your purchase. Your order has been successfully placed and paid.',
    `Questions? Reply to this e-mail or write to ${shop.email}.`,
  ].join('\n')
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0">${escapeHtml(line.productName)}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right">${line.quantity}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right">${formatAud(line.unitPriceCents)}</td><td style="padding:6px 8px;border-bottom:1px solid #e2e8f0;text-align:right">${formatAud(line.lineTotalCents)}</td></tr>`,
    )
    .join('')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:22px">Tax invoice</h1>
<p><strong>${escapeHtml(shop.legalName)}</strong> (trading as ${escapeHtml(shop.name)})<br>ABN ${escapeHtml(shop.abn)}<br>${escapeHtml(shop.address)}</p>
<p>Invoice and order number: <strong>${escapeHtml(order.id)}</strong><br>Date: ${escapeHtml(date)}<br>Customer: ${escapeHtml(order.email)}</p>
<table style="border-collapse:collapse;width:100%;max-width:640px">
<thead><tr><th style="text-align:left;padding:6px 8px">Description</th><th style="text-align:right;padding:6px 8px">Qty</th><th style="text-align:right;padding:6px 8px">Unit price</th><th style="text-align:right;padding:6px 8px">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>
<tr><td colspan="3" style="padding:6px 8px;text-align:right">Subtotal (excluding GST)</td><td style="padding:6px 8px;text-align:right">${formatAud(subtotal)}</td></tr>
<tr><td colspan="3" style="padding:6px 8px;text-align:right">GST included</td><td style="padding:6px 8px;text-align:right">${formatAud(order.gstCents)}</td></tr>
<tr><td colspan="3" style="padding:6px 8px;text-align:right"><strong>Total (including GST)</strong></td><td style="padding:6px 8px;text-align:right"><strong>${formatAud(order.totalCents)}</strong></td></tr>
</tfoot></table>
<p>Thank you for your purchase. Questions? Reply to this e-mail or write to ${escapeHtml(shop.email)}.</p>
</body></html>`
  return { to: order.email, subject, text, html, replyTo: shop.email }
}
