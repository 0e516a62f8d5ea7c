import { describe, expect, it } from 'vitest'
import { adjustmentNote } from './adjustment-note.ts'
import { taxInvoice } from '../checkout/invoice.ts'
import {
  confirmationMail,
  deliveredMail,
  orderLinkMail,
  readyForPickupMail,
  refundMail,
  returnMail,
  shippedMail,
  taxInvoiceMail,
  transferCancelledMail,
  transferPlacedMail,
  transferReceivedMail,
  transferReminderMail,
  invoicedMail,
  accountPaymentReceivedMail,
  type OrderMailContext,
} from './order-mail.server.tsx'

const shop = {
  name: 'UniDrone Robotics',
  legalName: 'UniDrone Robotics Pty Ltd',
  email: 'enquiries@unidrone.example',
  abn: '51 824 753 556',
  address: 'PO Box 1234, Brisbane QLD 4001, Australia',
  phone: '+61 7 3000 0000',
}
const context: OrderMailContext = { shop, origin: 'https://shop.example', orderPage: 'https://shop.example/track-order/AbCdEfGhIjKlMnOpQrStUvWxYz012345' }
const order = {
  id: 'UD-ABCD2345',
  email: 'ada@example.com',
  customerName: 'Ada <Lovelace>',
  totalCents: 1_301_900,
  gstCents: 118_355,
  shippingCents: 2_000,
  shippingMethodName: 'Express Post',
  collect: false,
  pickupAddress: '',
  addressLine1: '12 Example Street',
  addressLine2: '',
  suburb: 'Toowong',
  state: 'QLD',
  postcode: '4066',
  lines: [
    { productName: 'UniDrone E900', quantity: 1, lineTotalCents: 1_299_900, unitPriceCents: 1_299_900 },
    { productName: 'UniProp 22×7.8 Carbon Propeller Pair', quantity: 2, lineTotalCents: 0, unitPriceCents: 0 },
  ],
}

describe('order e-mails', () => {
  it('the confirmation has the order summary with Subtotal, GST and Total, the delivery, and links to the order page and its tax invoice', async () => {
    const mail = await confirmationMail(context, order)
    expect(mail).toMatchObject({ to: 'ada@example.com', replyTo: shop.email, subject: 'Order UD-ABCD2345 confirmed — UniDrone Robotics' })
    expect(mail.text).toContain(`View your order: ${context.orderPage}\nTax invoice for UD-ABCD2345: ${context.orderPage}/invoice`)
    expect(mail.text).toContain('Subtotal (excl. GST): $11,835.45\nGST: $1,183.55\nTotal: $13,019.00')
    // What a customer typed is text in the HTML, never markup.
    expect(mail.html).toContain('Hello Ada &lt;Lovelace&gt;,')
    expect(mail.html).toContain(`href="${context.orderPage}"`)
    expect(mail.html).toContain('src="https://shop.example/email-logo.png"')
    expect(mail.text).toMatchSnapshot('text')
    expect(mail.html).toMatchSnapshot('html')
  })

  it('a discounted order: the items and shipping at their prices, each discount its own line, so the lines add up to the total', async () => {
    // Two cameras at $69.00 less 15 %, free standard shipping ($15.00): $117.30, GST $10.66.
    const discounted = {
      ...order,
      totalCents: 11_730,
      gstCents: 1_066,
      shippingCents: 0,
      shippingDiscountCents: 1_500,
      shippingMethodName: 'Standard',
      discounts: [
        { label: 'Code CAMS15', amountCents: 2_070 },
        { label: 'Free shipping week', amountCents: 1_500 },
      ],
      lines: [{ productName: 'UniCam F1 FPV Camera', quantity: 2, unitPriceCents: 6_900, lineTotalCents: 11_730, discountCents: 2_070 }],
    }
    const mail = await confirmationMail(context, discounted)
    expect(mail.text).toContain('2 × UniCam F1 FPV Camera — $138.00')
    expect(mail.text).toContain(
      'Shipping (Standard): $15.00\nCode CAMS15: -$20.70\nFree shipping week: -$15.00\nSubtotal (excl. GST): $106.64\nGST: $10.66\nTotal: $117.30',
    )
    const invoice = taxInvoice(
      { name: shop.name, legalName: shop.legalName, abn: shop.abn, address: shop.address, email: shop.email },
      { ...discounted, issuedAt: new Date('2026-11-27T02:00:00Z') },
    )
    expect(invoice.rows).toEqual([{ description: 'UniCam F1 FPV Camera', quantity: 2, unitCents: 6_900, amountCents: 13_800 }])
    expect(invoice.shipping).toEqual({ name: 'Standard', cents: 1_500, gstCents: 0 })
    expect(invoice.rows[0]!.amountCents + invoice.shipping!.cents - invoice.discounts.reduce((sum, discount) => sum + discount.cents, 0)).toBe(
      invoice.totalCents,
    )
    const sent = await taxInvoiceMail(context, discounted, invoice)
    expect(sent.text).toContain('Discount: Code CAMS15: -$20.70')
  })

  it('shipped, ready for pickup and delivered each say what happened and link the same order page', async () => {
    const shipped = await shippedMail(context, { ...order, carrier: 'auspost', trackingNumber: '33ABC0012345' })
    expect(shipped.text).toContain('Track your parcel: https://auspost.com.au/mypost/track/details/33ABC0012345')
    const ready = await readyForPickupMail(context, { ...order, collect: true, pickupAddress: '12 Hangar St, Mascot NSW 2020', pickupHours: 'Mon–Fri 9–5' })
    expect(ready.text).toContain('ready for pickup at 12 Hangar St, Mascot NSW 2020')
    const delivered = await deliveredMail(context, order)
    expect(delivered.text).toContain('Your rights under the Australian Consumer Law are not affected')
    for (const mail of [shipped, ready, delivered]) {
      expect(mail.text).toContain(`View your order: ${context.orderPage}`)
      expect(mail.text).toMatchSnapshot(mail.subject)
    }
  })

  it('the refund carries its adjustment note; return news lists the returned items', async () => {
    const note = adjustmentNote(
      shop,
      { ...order, paidAt: new Date('2026-11-20T00:00:00Z'), company: '', abn: '' },
      {
        id: 'UD-ABCD2345-R1',
        amountCents: 18_900,
        gstCents: 1_718,
        shippingCents: 0,
        reason: 'Faulty',
        lines: [{ position: 1, productId: 'prop', productName: 'UniProp 22×7.8 Carbon Propeller Pair', quantity: 1, amountCents: 18_900 }],
        createdAt: new Date('2026-11-26T00:00:00Z'),
        settledAt: new Date('2026-11-26T00:00:00Z'),
      },
    )
    const refund = await refundMail(context, order, note)
    expect(refund.subject).toBe('Refund of $189.00 for your order UD-ABCD2345 — UniDrone Robotics')
    expect(refund.text).toContain('ADJUSTMENT NOTE')
    expect(refund.text).toContain('Decrease in price (including GST): $189.00\nGST decrease: $17.18')
    expect(refund.text).toMatchSnapshot('refund')
    const news = await returnMail(
      context,
      order,
      [{ productName: 'UniProp 22×7.8 Carbon Propeller Pair', quantity: 1 }],
      'Your return UD-ABCD2345-RT1 is approved',
      ['Send it to us.'],
    )
    expect(news.text).toContain('Items in this return:\n1 × UniProp 22×7.8 Carbon Propeller Pair')
    expect(news.text).toContain(`View your order: ${context.orderPage}`)
  })

  it('the link asked for at Track your order, and the tax invoice sent again, link the same page', async () => {
    const link = await orderLinkMail(context, order)
    expect(link.text).toContain(`View your order: ${context.orderPage}`)
    const invoice = taxInvoice(shop, { ...order, issuedAt: new Date('2026-11-20T00:00:00Z') })
    const mail = await taxInvoiceMail(context, order, invoice)
    expect(mail.text).toContain('TAX INVOICE')
    expect(mail.text).toContain('ABN 51 824 753 556')
    expect(mail.text).toContain('GST included: $1,183.55')
    expect(mail.text).toMatchSnapshot('tax invoice')
  })

  it('a bank transfer’s e-mails give the account, the reference and what is owing; the hold is promised only while nothing has arrived', async () => {
    const account = { bsb: '062-000', accountNumber: '12345678', accountName: 'UniDrone Robotics Pty Ltd' }
    const awaiting = { ...order, receivedCents: 0, reservedUntil: new Date('2026-12-04T02:00:00Z') }
    const placed = await transferPlacedMail(context, awaiting, account)
    expect(placed.text).toContain(
      'Pay by bank transfer:\nBSB: 062-000\nAccount number: 12345678\nAccount name: UniDrone Robotics Pty Ltd\nReference: UD-ABCD2345\nAmount: $13,019.00\nWe hold your items until 4 December 2026.',
    )
    const reminder = await transferReminderMail(context, awaiting, account)
    expect(reminder.text).toContain('$13,019.00 is owing')
    const part = await transferReceivedMail(context, { ...awaiting, receivedCents: 1_000_000 }, 1_000_000, account)
    expect(part.text).toContain('we received $10,000.00 for your order UD-ABCD2345. $3,019.00 is still owing')
    expect(part.text).toContain('Amount: $3,019.00')
    expect(part.text).not.toContain('We hold your items until')
    const cancelled = await transferCancelledMail(context, order, 'lapsed')
    expect(cancelled.text).toContain('so we have cancelled it. Nothing was paid.')
    const invoiced = await invoicedMail(context, { ...order, receivedCents: 0, paymentDueAt: new Date('2026-12-27T02:00:00Z') }, account)
    expect(invoiced.subject).toBe('Order UD-ABCD2345 confirmed: invoiced on account, due 27 December 2026 — UniDrone Robotics')
    expect(invoiced.text).toContain('Pay by 27 December 2026:\nBSB: 062-000')
    const paidPart = await accountPaymentReceivedMail(
      context,
      { ...order, receivedCents: 1_000_000, paymentDueAt: new Date('2026-12-27T02:00:00Z') },
      1_000_000,
      account,
    )
    expect(paidPart.text).toContain('$3,019.00 is still owing, due by 27 December 2026')
    for (const mail of [placed, reminder, part, cancelled, invoiced, paidPart]) {
      expect(mail.text).toContain(`View your order: ${context.orderPage}`)
      expect(mail.text).toMatchSnapshot(mail.subject)
    }
  })
})
