import { createHash } from 'node:crypto'
import { render } from '@react-email/components'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { OrderEmail, orderEmailText, type EmailDocument, type EmailSummary, type OrderEmailProps } from '../../emails/order-email.tsx'
import { addressLines } from '../../lib/delivery/address.ts'
import { formatAud } from '../../lib/money.ts'
import { carrierName, trackingLink } from '../../lib/orders/fulfilment.ts'
import { owingCents, type BankAccount } from '../../lib/orders/bank-transfer.ts'
import { buyerLines, type TaxInvoice } from '../checkout/invoice.ts'
import { getOrder, type OrderWithLines } from '../checkout/orders.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { orders } from '../db/schema.ts'
import { shopIdentity, type Env, type ShopIdentity } from '../env.server.ts'
import { logger } from '../log.server.ts'
import type { MailMessage } from '../mail/message.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { publicOrigin } from '../public-origin.server.ts'
import type { AdjustmentNote } from './adjustment-note.ts'
import { hitLimit } from '../rate-limit.server.ts'
import { statusTokenOf } from './order-links.server.ts'
import { lineNameWithContents } from '../../lib/kits.ts'

/**
 * Every e-mail to a customer about their order (docs/decisions/041-order-emails.md): confirmation,
 * shipped, ready for pickup, delivered, refund, return updates and the link asked for on "Track your
 * order". Each carries the button to the order's lasting page, rendered from one React component
 * (app/emails/order-email.tsx) into HTML and its plain-text part.
 */

/** What an order e-mail needs besides the order: the shop, its public origin, and the order page's address. */
export interface OrderMailContext {
  shop: ShopIdentity
  origin: string
  orderPage: string
}

/** The context of an e-mail about this order, giving the order its status link if it has none yet (inside the caller's transaction). */
export async function orderMailContext(tx: Executor, config: Env, orderId: string): Promise<OrderMailContext> {
  const origin = publicOrigin(config)
  return { shop: shopIdentity(config), origin, orderPage: `${origin}/track-order/${await statusTokenOf(tx, orderId)}` }
}

type MailOrder = Pick<
  OrderWithLines,
  | 'id'
  | 'customerName'
  | 'totalCents'
  | 'gstCents'
  | 'shippingCents'
  | 'shippingMethodName'
  | 'collect'
  | 'pickupAddress'
  | 'addressLine1'
  | 'addressLine2'
  | 'suburb'
  | 'state'
  | 'postcode'
> & {
  email: string
  lines: {
    productName: string
    quantity: number
    lineTotalCents: number
    discountCents?: number
    kitComponents?: { productName: string; quantity: number }[]
  }[]
  shippingDiscountCents?: number
  discounts?: { label: string; amountCents: number }[]
}

async function message(
  context: OrderMailContext,
  order: MailOrder,
  subject: string,
  content: Omit<OrderEmailProps, 'shop' | 'origin' | 'greeting'> & { preview: string },
): Promise<MailMessage> {
  const props: OrderEmailProps = {
    shop: context.shop,
    origin: context.origin,
    greeting: order.customerName ? `Hello ${order.customerName},` : 'Hello,',
    ...content,
  }
  const html = await render(<OrderEmail {...props} />)
  return { to: order.email, replyTo: context.shop.email, subject: `${subject} — ${context.shop.name}`, html, text: orderEmailText(props) }
}

/**
 * The order's lines with their amounts before discounts, shipping, each discount (negative), and the
 * specification's Subtotal, GST and Total, as the order's page shows them (app/lib/order-summary.ts).
 */
export function orderSummaryForEmail(order: MailOrder): EmailSummary {
  return {
    heading: 'Order summary',
    items: order.lines.map((line) => ({ name: lineNameWithContents(line), quantity: line.quantity, cents: line.lineTotalCents + (line.discountCents ?? 0) })),
    totals: [
      ...(order.shippingMethodName
        ? [{ label: `Shipping (${order.shippingMethodName})`, cents: order.shippingCents + (order.shippingDiscountCents ?? 0) }]
        : []),
      ...(order.discounts ?? []).map((discount) => ({ label: discount.label, cents: -discount.amountCents })),
      { label: 'Subtotal (excl. GST)', cents: order.totalCents - order.gstCents },
      { label: 'GST', cents: order.gstCents },
      { label: 'Total', cents: order.totalCents, strong: true },
    ],
  }
}

const itemsOnly = (heading: string, lines: { productName: string; quantity: number }[]): EmailSummary => ({
  heading,
  items: lines.map((line) => ({ name: line.productName, quantity: line.quantity })),
  totals: [],
})

function deliveryDetails(order: MailOrder): OrderEmailProps['details'] {
  if (order.collect) return [{ label: 'Click & Collect', lines: [order.pickupAddress || 'From our shop'] }]
  const lines = addressLines(order)
  return lines ? [{ label: 'Delivering to', lines: [order.customerName, ...lines].filter(Boolean) }] : []
}

const orderButton = (context: OrderMailContext) => ({ href: context.orderPage, text: 'View your order' })

/** Sent once, when the payment is confirmed: the summary, the delivery, the order page and its tax invoice. */
export function confirmationMail(context: OrderMailContext, order: MailOrder): Promise<MailMessage> {
  const next = order.collect ? 'We will e-mail you when it is ready for pickup.' : 'We will e-mail you when it ships, with its tracking number.'
  return message(context, order, `Order ${order.id} confirmed`, {
    preview: `We have your order ${order.id} and your payment of ${formatAud(order.totalCents)}.`,
    heading: 'Thank you for your order',
    paragraphs: [`We have your order ${order.id} and your payment of ${formatAud(order.totalCents)}. ${next}`],
    actions: [orderButton(context), { href: `${context.orderPage}/invoice`, text: `Tax invoice for ${order.id}` }],
    summary: orderSummaryForEmail(order),
    details: deliveryDetails(order),
  })
}

const dayFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Brisbane' })

/**
 * How to pay an order by bank transfer, as every e-mail about it says it: the account, the reference,
 * what is owing, and (an order on account) when it is due.
 */
export function transferInstructions(
  account: BankAccount | null,
  order: Pick<MailOrder, 'id' | 'totalCents'> & { receivedCents: number; reservedUntil?: Date | null; paymentDueAt?: Date | null },
) {
  return {
    label: order.paymentDueAt ? `Pay by ${dayFormat.format(order.paymentDueAt)}` : 'Pay by bank transfer',
    lines: [
      ...(account ? [`BSB: ${account.bsb}`, `Account number: ${account.accountNumber}`, `Account name: ${account.accountName}`] : []),
      `Reference: ${order.id}`,
      `Amount: ${formatAud(owingCents(order))}`,
      // The hold ends an order nothing arrived for; one partly paid is kept until staff settle it (docs/domain.md, Bank transfer).
      ...(order.reservedUntil && order.receivedCents === 0 ? [`We hold your items until ${dayFormat.format(order.reservedUntil)}.`] : []),
    ],
  }
}

type InvoicedOrder = MailOrder & { receivedCents: number; paymentDueAt: Date | null }

/**
 * Sent once, when an order is placed on a trade customer's account: the order is confirmed and
 * invoiced at once (its tax invoice is ready), with the due date and how to pay.
 */
export function invoicedMail(context: OrderMailContext, order: InvoicedOrder, account: BankAccount | null): Promise<MailMessage> {
  const due = order.paymentDueAt ? dayFormat.format(order.paymentDueAt) : null
  const next = order.collect ? 'We will e-mail you when it is ready for pickup.' : 'We will e-mail you when it ships, with its tracking number.'
  return message(context, order, `Order ${order.id} confirmed: invoiced on account${due ? `, due ${due}` : ''}`, {
    preview: `Your order ${order.id} is on your account: ${formatAud(order.totalCents)}${due ? `, due by ${due}` : ''}.`,
    heading: 'Thank you for your order',
    paragraphs: [
      `We have your order ${order.id} on your account, and we are getting it ready now. ${next}`,
      `Its tax invoice is for ${formatAud(order.totalCents)}${due ? `, due by ${due}` : ''}. Please pay it by bank transfer with ${order.id} as the reference.`,
    ],
    actions: [orderButton(context), { href: `${context.orderPage}/invoice`, text: `Tax invoice for ${order.id}` }],
    summary: orderSummaryForEmail(order),
    details: [transferInstructions(account, order), ...(deliveryDetails(order) ?? [])],
  })
}

/** A part of an invoice on account was paid: what arrived, what is left and when it is due. */
export function accountPaymentReceivedMail(
  context: OrderMailContext,
  order: InvoicedOrder,
  amountCents: number,
  account: BankAccount | null,
): Promise<MailMessage> {
  return message(context, order, `Payment received for invoice ${order.id}`, {
    preview: `We received ${formatAud(amountCents)}; ${formatAud(owingCents(order))} is still owing.`,
    heading: 'Payment received',
    paragraphs: [
      `Thank you: we received ${formatAud(amountCents)} for invoice ${order.id}. ${formatAud(owingCents(order))} is still owing${order.paymentDueAt ? `, due by ${dayFormat.format(order.paymentDueAt)}` : ''}.`,
    ],
    actions: [orderButton(context)],
    summary: null,
    details: [transferInstructions(account, order)],
  })
}

/** The last payment of an invoice on account arrived: it is paid in full. */
export function accountPaidMail(context: OrderMailContext, order: MailOrder): Promise<MailMessage> {
  return message(context, order, `Invoice ${order.id} paid in full`, {
    preview: `We received the last of the ${formatAud(order.totalCents)} for invoice ${order.id}.`,
    heading: 'Paid in full',
    paragraphs: [`Thank you: invoice ${order.id} for ${formatAud(order.totalCents)} is paid in full. There is nothing more to pay on it.`],
    actions: [orderButton(context), { href: `${context.orderPage}/invoice`, text: `Tax invoice for ${order.id}` }],
    summary: null,
  })
}

type TransferOrder = MailOrder & { receivedCents: number; reservedUntil: Date | null }

/** Sent when an order is placed to be paid by bank transfer: the account, the reference and how long the items are held. */
export function transferPlacedMail(context: OrderMailContext, order: TransferOrder, account: BankAccount | null): Promise<MailMessage> {
  return message(context, order, `Order ${order.id}: awaiting your bank transfer`, {
    preview: `Please transfer ${formatAud(order.totalCents)} with the reference ${order.id}.`,
    heading: 'Thank you: your order awaits payment',
    paragraphs: [
      `We have your order ${order.id}. Please transfer ${formatAud(order.totalCents)} to the account below, with ${order.id} as the reference so that we can match your payment.`,
      'We send your order as soon as the money arrives (transfers between banks can take a business day), and e-mail you then.',
    ],
    actions: [orderButton(context)],
    summary: orderSummaryForEmail(order),
    details: [transferInstructions(account, order), ...(deliveryDetails(order) ?? [])],
  })
}

/** The one reminder, three days after the order, while nothing or only part has arrived. */
export function transferReminderMail(context: OrderMailContext, order: TransferOrder, account: BankAccount | null): Promise<MailMessage> {
  return message(context, order, `Reminder: order ${order.id} awaits your bank transfer`, {
    preview: `${formatAud(owingCents(order))} is still owing on your order ${order.id}.`,
    heading: 'Your order still awaits payment',
    paragraphs: [
      `We have not yet received ${order.receivedCents > 0 ? 'all of ' : ''}the payment for your order ${order.id}: ${formatAud(owingCents(order))} is owing.`,
      'If you have paid in the last day, thank you: it may still be on its way between banks. Otherwise, please transfer it with the reference below, or reply to this e-mail if you would rather cancel.',
    ],
    actions: [orderButton(context)],
    summary: null,
    details: [transferInstructions(account, order)],
  })
}

/** A part of the money arrived: what did, and what is left. */
export function transferReceivedMail(context: OrderMailContext, order: TransferOrder, amountCents: number, account: BankAccount | null): Promise<MailMessage> {
  return message(context, order, `Part payment received for order ${order.id}`, {
    preview: `We received ${formatAud(amountCents)}; ${formatAud(owingCents(order))} is still owing.`,
    heading: 'Part payment received',
    paragraphs: [
      `Thank you: we received ${formatAud(amountCents)} for your order ${order.id}. ${formatAud(owingCents(order))} is still owing, and we send your order once it arrives.`,
    ],
    actions: [orderButton(context)],
    summary: null,
    details: [transferInstructions(account, order)],
  })
}

/** The order was cancelled before any money came: by the end of its hold, or by staff. */
export function transferCancelledMail(context: OrderMailContext, order: MailOrder, why: 'lapsed' | 'staff'): Promise<MailMessage> {
  return message(context, order, `Order ${order.id} cancelled`, {
    preview: `Your order ${order.id} was cancelled; nothing was paid.`,
    heading: 'Your order was cancelled',
    paragraphs: [
      why === 'lapsed'
        ? `We did not receive a bank transfer for your order ${order.id} while we held its items, so we have cancelled it. Nothing was paid.`
        : `We have cancelled your order ${order.id} before it was paid. Nothing was paid.`,
      'If you sent a transfer in the last day, reply to this e-mail and we will sort it out with you. You are welcome to order again at any time.',
    ],
    actions: [orderButton(context)],
    summary: itemsOnly('In this order', order.lines),
  })
}

/** Sent when staff mark an order shipped: the carrier, the tracking number and its link. */
export function shippedMail(context: OrderMailContext, order: MailOrder & { carrier: string; trackingNumber: string }): Promise<MailMessage> {
  const link = trackingLink(order.carrier, order.trackingNumber)
  return message(context, order, `Your order ${order.id} has shipped`, {
    preview: `Your order ${order.id} is on its way with ${carrierName(order.carrier)}.`,
    heading: 'Your order is on its way',
    paragraphs: [
      `Your order ${order.id} is on its way with ${carrierName(order.carrier)}.`,
      order.trackingNumber ? `Tracking number: ${order.trackingNumber}.` : 'The carrier gave no tracking number for this parcel.',
    ],
    actions: [...(link ? [{ href: link, text: 'Track your parcel' }] : []), orderButton(context)],
    summary: itemsOnly('In this parcel', order.lines),
    details: deliveryDetails(order),
  })
}

/** Sent when a Click & Collect order is ready: where to pick it up, and when. */
export function readyForPickupMail(context: OrderMailContext, order: MailOrder & { pickupHours: string }): Promise<MailMessage> {
  return message(context, order, `Your order ${order.id} is ready for pickup`, {
    preview: `Your order ${order.id} is ready for pickup.`,
    heading: 'Ready for pickup',
    paragraphs: [
      `Your order ${order.id} is ready for pickup at ${order.pickupAddress || 'our shop'}.`,
      ...(order.pickupHours ? [`Opening hours: ${order.pickupHours}.`] : []),
      'Please bring your order number and photo ID.',
    ],
    actions: [orderButton(context)],
    summary: itemsOnly('In this order', order.lines),
  })
}

/** Sent when staff mark an order delivered: where to turn if something is wrong. */
export function deliveredMail(context: OrderMailContext, order: MailOrder): Promise<MailMessage> {
  return message(context, order, `Your order ${order.id} was delivered`, {
    preview: `Your order ${order.id} was delivered.`,
    heading: 'Your order was delivered',
    paragraphs: [
      `Your order ${order.id} was delivered. We hope it serves you well.`,
      'If anything is wrong with it, choose "Request a return" on your order’s page or reply to this e-mail. Your rights under the Australian Consumer Law are not affected by anything we say.',
    ],
    actions: [orderButton(context)],
    summary: itemsOnly('In this order', order.lines),
  })
}

/** An adjustment note as the e-mail prints it: the same facts as the printable page. */
function noteDocument(note: AdjustmentNote): EmailDocument {
  return {
    title: 'Adjustment note',
    facts: [
      `${note.seller.legalName} (trading as ${note.seller.name}), ABN ${note.seller.abn}`,
      note.seller.address,
      `Adjustment note number: ${note.number}`,
      `Date: ${note.date}`,
      `To: ${note.buyer.join(', ')}`,
      `Original tax invoice: ${note.invoice.number}${note.invoice.date ? ` of ${note.invoice.date}` : ''}`,
      ...(note.reason ? [`Reason: ${note.reason}`] : []),
    ],
    rows: note.rows.map((row) => ({ label: row.description, cents: row.amountCents })),
    totals: [
      { label: 'Decrease in price (including GST)', cents: note.decreaseCents, strong: true },
      { label: 'GST decrease', cents: note.gstDecreaseCents },
    ],
  }
}

/** Sent when a refund is made: what was given back, when to expect it, and the adjustment note. */
export function refundMail(context: OrderMailContext, order: MailOrder, note: AdjustmentNote): Promise<MailMessage> {
  return message(context, order, `Refund of ${formatAud(note.decreaseCents)} for your order ${order.id}`, {
    preview: `We have refunded ${formatAud(note.decreaseCents)} for your order ${order.id}.`,
    heading: `Refund of ${formatAud(note.decreaseCents)}`,
    paragraphs: [
      `We have refunded ${formatAud(note.decreaseCents)} for your order ${order.id} to the card or account you paid with. Your bank may take a few business days to show it.`,
    ],
    actions: [orderButton(context)],
    summary: null,
    document: noteDocument(note),
  })
}

/** A return's news (asked for, approved, declined, received), with the items it is about. */
export function returnMail(
  context: OrderMailContext,
  order: MailOrder,
  items: { productName: string; quantity: number }[],
  subject: string,
  paragraphs: string[],
): Promise<MailMessage> {
  return message(context, order, subject, {
    preview: paragraphs[0] ?? subject,
    heading: subject,
    paragraphs,
    actions: [orderButton(context)],
    summary: itemsOnly('Items in this return', items),
  })
}

/** The answer to "Track your order": the order's lasting link. */
export function orderLinkMail(context: OrderMailContext, order: MailOrder): Promise<MailMessage> {
  return message(context, order, `Your order ${order.id}`, {
    preview: `The link to your order ${order.id}.`,
    heading: `Your order ${order.id}`,
    paragraphs: [
      `You asked for the link to your order ${order.id}. It shows where your order is, its tax invoice and its returns, and it keeps working: keep this e-mail.`,
      'If you did not ask for this, you can ignore this e-mail.',
    ],
    actions: [orderButton(context)],
    summary: itemsOnly('In this order', order.lines),
  })
}

/** Order links one address is e-mailed at most, per hour, however many clients ask. */
export const ORDER_LINKS_PER_ADDRESS_PER_HOUR = 3

/**
 * "Track your order": when the order number and e-mail match a paid order, its status link is e-mailed
 * to that address, at most ORDER_LINKS_PER_ADDRESS_PER_HOUR an hour (counted in the database, across
 * every process; the key is a hash of the address). The answer is the same either way, so the form
 * tells nobody which orders exist nor that an address had its share.
 */
export async function requestOrderLink(deps: { db: Database; mailer: MailService; config: Env }, input: { orderNumber: string; email: string }): Promise<void> {
  const orderId = input.orderNumber.trim().toUpperCase()
  const [order] = await deps.db
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, ['paid', 'invoiced', 'awaiting-payment', 'cancelled']),
        sql`lower(${orders.email}) = lower(${input.email.trim()})`,
      ),
    )
    .limit(1)
  if (!order?.email) return
  const addressKey = `order-link-mail:${createHash('sha256').update(order.email.trim().toLowerCase()).digest('hex')}`
  if (!(await hitLimit(deps.db, addressKey, ORDER_LINKS_PER_ADDRESS_PER_HOUR, 60 * 60)).allowed) {
    logger.warn({ orderId: order.id }, 'order link not sent: this address had its hourly share')
    return
  }
  await sendOrderLink(deps, order.id)
}

/** E-mails the order's status link to its customer (the lookup form, and staff's "send the link again"). */
export async function sendOrderLink(deps: { db: Database; mailer: MailService; config: Env }, orderId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await getOrder(tx, orderId)
    if (!order?.email) return
    const context = await orderMailContext(tx, deps.config, order.id)
    await deps.mailer.send(await orderLinkMail(context, { ...order, email: order.email }), tx)
  })
}

/** The tax invoice as an e-mail (staff's "Send the invoice again"): the printable page's facts and amounts. */
export function taxInvoiceMail(context: OrderMailContext, order: MailOrder, invoice: TaxInvoice): Promise<MailMessage> {
  return message(context, order, `Tax invoice for your order ${order.id}`, {
    preview: `Tax invoice ${order.id}, ${formatAud(invoice.totalCents)} including GST.`,
    heading: `Tax invoice ${order.id}`,
    paragraphs: ['Here is the tax invoice for your order, as you or our staff asked. It is also on your order’s page, ready to print.'],
    actions: [orderButton(context), { href: `${context.orderPage}/invoice`, text: 'Printable tax invoice' }],
    summary: null,
    document: {
      title: 'Tax invoice',
      facts: [
        `${invoice.seller.legalName} (trading as ${invoice.seller.name}), ABN ${invoice.seller.abn}`,
        invoice.seller.address,
        `Invoice and order number: ${invoice.orderId}`,
        `Date: ${invoice.date}`,
        ...(invoice.due ? [`On account: ${formatAud(invoice.due.owingCents)} owing, due by ${invoice.due.date}`] : []),
        ...(invoice.purchaseOrder ? [`Your purchase order: ${invoice.purchaseOrder}`] : []),
        `Customer: ${buyerLines(invoice).join(', ')}`,
        ...(invoice.deliverTo.length ? [`Deliver to: ${invoice.deliverTo.join(', ')}`] : []),
      ],
      rows: [
        ...invoice.rows.map((row) => ({ label: `${row.quantity} × ${row.description}`, cents: row.amountCents })),
        ...(invoice.shipping ? [{ label: `Shipping: ${invoice.shipping.name}`, cents: invoice.shipping.cents }] : []),
        ...invoice.discounts.map((discount) => ({ label: `Discount: ${discount.label}`, cents: -discount.cents })),
      ],
      totals: [
        { label: 'Subtotal (excluding GST)', cents: invoice.subtotalExGstCents },
        { label: 'GST included', cents: invoice.gstCents },
        { label: 'Total (including GST)', cents: invoice.totalCents, strong: true },
      ],
    },
  })
}
