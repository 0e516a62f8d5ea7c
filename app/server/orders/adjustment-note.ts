import { formatAud } from '../../lib/money.ts'
import type { RefundLine } from '../db/schema.ts'
import { escapeHtml } from '../mail/html.ts'
import type { MailMessage } from '../mail/message.ts'
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
    invoice: { number: order.id, date: order.paidAt ? dateFormat.format(order.paidAt) : '' },
    rows,
    reason: refund.reason,
    decreaseCents: refund.amountCents,
    gstDecreaseCents: refund.gstCents,
  }
}

/** The note as plain text lines: the e-mail's text part. */
export function adjustmentNoteText(note: AdjustmentNote): string[] {
  return [
    'Adjustment note',
    `${note.seller.legalName} (trading as ${note.seller.name}), ABN ${note.seller.abn}`,
    note.seller.address,
    `Adjustment note number: ${note.number}`,
    `Date: ${note.date}`,
    `To: ${note.buyer.join(', ')}`,
    `Original tax invoice: ${note.invoice.number}${note.invoice.date ? ` of ${note.invoice.date}` : ''}`,
    ...(note.reason ? [`Reason: ${note.reason}`] : []),
    '',
    ...note.rows.map((row) => `${row.description}: ${formatAud(row.amountCents)}`),
    '',
    `Decrease in price (including GST): ${formatAud(note.decreaseCents)}`,
    `GST decrease: ${formatAud(note.gstDecreaseCents)}`,
  ]
}

/** Sent when a refund is made: what was given back, when to expect it, and the adjustment note. */
export function refundMail(shop: InvoiceShop, order: NoteOrder & { email: string }, note: AdjustmentNote, orderLink: string): MailMessage {
  const greeting = order.customerName ? `Hello ${order.customerName},` : 'Hello,'
  const lead = `We have refunded ${formatAud(note.decreaseCents)} for your order ${order.id} to the card or account you paid with. Your bank may take a few business days to show it.`
  const closing = `Questions? Reply to this e-mail or write to ${shop.email}.`
  const text = [greeting, '', lead, '', `Your order: ${orderLink}`, '', ...adjustmentNoteText(note), '', closing, '', shop.name].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(orderLink)}">Your order</a></p>
<h2 style="font-size:18px">Adjustment note</h2>
<p>${escapeHtml(note.seller.legalName)} (trading as ${escapeHtml(note.seller.name)})<br>ABN ${escapeHtml(note.seller.abn)}<br>${escapeHtml(note.seller.address)}</p>
<p>Adjustment note number: <strong>${escapeHtml(note.number)}</strong><br>Date: ${escapeHtml(note.date)}<br>To: ${escapeHtml(note.buyer.join(', '))}<br>Original tax invoice: ${escapeHtml(note.invoice.number)}${note.invoice.date ? ` of ${escapeHtml(note.invoice.date)}` : ''}${note.reason ? `<br>Reason: ${escapeHtml(note.reason)}` : ''}</p>
<table style="border-collapse:collapse">${note.rows.map((row) => `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(row.description)}</td><td style="text-align:right">${escapeHtml(formatAud(row.amountCents))}</td></tr>`).join('')}
<tr><td style="padding:6px 12px 2px 0"><strong>Decrease in price (including GST)</strong></td><td style="text-align:right"><strong>${escapeHtml(formatAud(note.decreaseCents))}</strong></td></tr>
<tr><td style="padding:2px 12px 2px 0">GST decrease</td><td style="text-align:right">${escapeHtml(formatAud(note.gstDecreaseCents))}</td></tr></table>
<p style="font-size:13px;color:#475569">${escapeHtml(closing)}<br>${escapeHtml(shop.name)}</p>
</body></html>`
  return { to: order.email, replyTo: shop.email, subject: `Refund of ${formatAud(note.decreaseCents)} for your order ${order.id} — ${shop.name}`, text, html }
}
