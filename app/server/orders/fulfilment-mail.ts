import { carrierName, trackingLink } from '../../lib/orders/fulfilment.ts'
import { escapeHtml } from '../mail/html.ts'
import type { MailMessage } from '../mail/message.ts'

export interface MailShop {
  name: string
  email: string
}

export interface MailOrder {
  id: string
  email: string
  customerName: string
  lines: { productName: string; quantity: number }[]
}

/** A short transactional e-mail about one order: greeting, what happened, an optional link, the items. */
export function orderMessage(
  shop: MailShop,
  order: MailOrder,
  subject: string,
  paragraphs: string[],
  link: { href: string; text: string } | null,
  itemsHeading = 'In this order:',
): MailMessage {
  const greeting = order.customerName ? `Hello ${order.customerName},` : 'Hello,'
  const items = order.lines.map((line) => `${line.quantity} × ${line.productName}`)
  const closing = `Questions? Reply to this e-mail or write to ${shop.email}.`
  const text = [greeting, '', ...paragraphs, ...(link ? ['', `${link.text}: ${link.href}`] : []), '', itemsHeading, ...items, '', closing, '', shop.name].join(
    '\n',
  )
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''}
<p>${escapeHtml(itemsHeading)}</p><ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
<p style="font-size:13px;color:#475569">${escapeHtml(closing)}<br>${escapeHtml(shop.name)}</p>
</body></html>`
  return { to: order.email, replyTo: shop.email, subject, text, html }
}

/** Sent when staff mark an order shipped: the carrier, the tracking number and its link. */
export function shippedMail(shop: MailShop, order: MailOrder & { carrier: string; trackingNumber: string }): MailMessage {
  const link = trackingLink(order.carrier, order.trackingNumber)
  const paragraphs = [
    `Your order ${order.id} is on its way with ${carrierName(order.carrier)}.`,
    order.trackingNumber ? `Tracking number: ${order.trackingNumber}.` : 'The carrier gave no tracking number for this parcel.',
  ]
  return orderMessage(shop, order, `Your order ${order.id} has shipped — ${shop.name}`, paragraphs, link ? { href: link, text: 'Track your parcel' } : null)
}

/** Sent when a Click & Collect order is ready: where to pick it up, and when. */
export function readyForPickupMail(shop: MailShop, order: MailOrder & { pickupAddress: string; pickupHours: string }): MailMessage {
  const paragraphs = [
    `Your order ${order.id} is ready for pickup at ${order.pickupAddress || 'our shop'}.`,
    ...(order.pickupHours ? [`Opening hours: ${order.pickupHours}.`] : []),
    'Please bring your order number and photo ID.',
  ]
  return orderMessage(shop, order, `Your order ${order.id} is ready for pickup — ${shop.name}`, paragraphs, null)
}
