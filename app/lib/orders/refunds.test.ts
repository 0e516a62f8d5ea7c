import { describe, expect, it } from 'vitest'
import { gstIncluded } from '../money'
import { dollarsToCents } from '../schemas/product'
import { fullRefundRequest, paymentState, planRefund, refundGst, refundRequestFromForm, type RefundableOrder, type RefundPlan } from './refunds'

/** Three propeller pairs at $33.33 and $15 shipping: $114.99, GST $10.45. */
function order(changes: Partial<RefundableOrder> = {}): RefundableOrder {
  return {
    id: 'UD-TEST',
    status: 'paid',
    totalCents: 11_499,
    gstCents: gstIncluded(11_499),
    shippingCents: 1_500,
    refundedCents: 0,
    refundedGstCents: 0,
    shippingRefundedCents: 0,
    lines: [{ position: 0, productId: 'prop', productName: 'UniProp pair', quantity: 3, unitPriceCents: 3_333, lineTotalCents: 9_999, refundedQuantity: 0 }],
    ...changes,
  }
}

/** Applies a plan as the server counts it, for refunds in several steps. */
function after(base: RefundableOrder, plan: RefundPlan): RefundableOrder {
  return {
    ...base,
    refundedCents: base.refundedCents + plan.amountCents,
    refundedGstCents: base.refundedGstCents + plan.gstCents,
    shippingRefundedCents: base.shippingRefundedCents + plan.shippingCents,
    lines: base.lines.map((line) => ({
      ...line,
      refundedQuantity: line.refundedQuantity + (plan.lines.find((chosen) => chosen.position === line.position)?.quantity ?? 0),
    })),
  }
}
const planned = (result: RefundPlan | { refused: string }) => {
  if ('refused' in result) throw new Error(result.refused)
  return result
}

describe('refund arithmetic', () => {
  it('refunds chosen units and the shipping, with GST as total / 11', () => {
    const plan = planned(planRefund(order(), { lines: [{ position: 0, quantity: 1 }], shipping: true, amountCents: null }))
    expect(plan).toMatchObject({ amountCents: 3_333 + 1_500, shippingCents: 1_500, gstCents: gstIncluded(4_833) })
    expect(plan.gstCents).toBe(439)
  })

  it('adds up to the order’s total and GST exactly, however the refunds are split', () => {
    let current = order()
    const steps = [
      { lines: [{ position: 0, quantity: 1 }], shipping: false, amountCents: null },
      { lines: [], shipping: false, amountCents: 1 },
      { lines: [{ position: 0, quantity: 1 }], shipping: true, amountCents: null },
    ]
    for (const step of steps) current = after(current, planned(planRefund(current, step)))
    // What is left is less than the last unit's worth, since the cent refunded as an amount came out of it.
    expect(planRefund(current, { lines: [{ position: 0, quantity: 1 }], shipping: false, amountCents: null })).toEqual({
      refused: 'These come to $33.33, but only $33.32 of this order is left to refund. Enter an amount instead.',
    })
    current = after(current, planned(planRefund(current, { lines: [], shipping: false, amountCents: 3_332 })))
    expect(current.refundedCents).toBe(current.totalCents)
    expect(current.refundedGstCents).toBe(current.gstCents)
    expect(planRefund(current, { lines: [], shipping: false, amountCents: 1 })).toEqual({ refused: 'Order UD-TEST is refunded in full already.' })
  })

  it('rounds each step’s GST on the running total, never drifting a cent', () => {
    // Eleven refunds of 5 cents: each alone would be GST 0 (5 / 11 rounds down), together $0.05.
    let current = order({ totalCents: 55, gstCents: 5, shippingCents: 0, lines: [] })
    const gsts: number[] = []
    for (let step = 0; step < 11; step++) {
      const gst = refundGst(current, 5)
      gsts.push(gst)
      current = { ...current, refundedCents: current.refundedCents + 5, refundedGstCents: current.refundedGstCents + gst }
    }
    expect(gsts.reduce((sum, gst) => sum + gst, 0)).toBe(5)
    expect(current.refundedGstCents).toBe(current.gstCents)
  })

  it('gives a whole line back exactly, even when its total is not units × price', () => {
    const odd = order({
      lines: [{ position: 0, productId: 'p', productName: 'Odd', quantity: 3, unitPriceCents: 3_333, lineTotalCents: 10_000, refundedQuantity: 1 }],
      totalCents: 11_500,
      gstCents: 1_045,
    })
    expect(planned(planRefund(odd, { lines: [{ position: 0, quantity: 2 }], shipping: false, amountCents: null })).amountCents).toBe(10_000 - 3_333)
  })

  it('refuses what cannot be refunded, saying why', () => {
    expect(planRefund(order({ status: 'pending' }), fullRefundRequest(order()))).toEqual({
      refused: 'Order UD-TEST is not paid, so there is nothing to refund.',
    })
    expect(planRefund(order(), { lines: [{ position: 0, quantity: 4 }], shipping: false, amountCents: null })).toEqual({
      refused: 'Only 3 of UniProp pair can still be refunded.',
    })
    expect(planRefund(order(), { lines: [{ position: 7, quantity: 1 }], shipping: false, amountCents: null })).toHaveProperty('refused')
    expect(planRefund(order(), { lines: [], shipping: false, amountCents: null })).toEqual({
      refused: 'Choose what to refund: units of a line, the shipping, or an amount.',
    })
    expect(planRefund(order(), { lines: [{ position: 0, quantity: 1 }], shipping: false, amountCents: 100 })).toEqual({
      refused: 'Choose lines and shipping, or enter an amount — not both.',
    })
    expect(planRefund(order(), { lines: [], shipping: false, amountCents: 11_500 })).toEqual({ refused: 'At most $114.99 of this order is left to refund.' })
    expect(planRefund(order({ shippingRefundedCents: 1_500, refundedCents: 1_500 }), { lines: [], shipping: true, amountCents: null })).toEqual({
      refused: 'The shipping of this order is refunded already.',
    })
  })

  it('reads the order screen’s form, refusing an amount that is not one', () => {
    const form = new FormData()
    form.set('qty-0', '2')
    form.set('qty-1', '')
    form.set('shipping', 'on')
    expect(refundRequestFromForm(form, dollarsToCents)).toEqual({ lines: [{ position: 0, quantity: 2 }], shipping: true, amountCents: null })
    const amount = new FormData()
    amount.set('amount', '$12.50')
    expect(refundRequestFromForm(amount, dollarsToCents)).toEqual({ lines: [], shipping: false, amountCents: 1_250 })
    amount.set('amount', '12.505')
    expect(refundRequestFromForm(amount, dollarsToCents)).toEqual({ refused: 'Enter the amount in dollars and cents, such as 25.50.' })
    const negative = new FormData()
    negative.set('qty-0', '-1')
    expect(refundRequestFromForm(negative, dollarsToCents)).toEqual({ refused: 'Enter whole numbers of units to refund.' })
  })

  it('reads each line under one canonical field, refusing a repeated or respelt one by name', () => {
    const form = (body: string) => refundRequestFromForm(new URLSearchParams(body) as unknown as FormData, dollarsToCents)
    expect(form('qty-0=1&qty-12=2')).toMatchObject({
      lines: [
        { position: 0, quantity: 1 },
        { position: 12, quantity: 2 },
      ],
    })
    expect(form('qty-0=1&qty-0=1')).toEqual({ refused: 'The form sent “qty-0” twice. Please reload the page and try again.' })
    expect(form('qty-0=1&qty-000=1')).toEqual({ refused: expect.stringContaining('“qty-000” is not one of this order’s lines') })
    expect(form('qty-00=1')).toEqual({ refused: expect.stringContaining('“qty-00”') })
    expect(form('qty-1a=1')).toEqual({ refused: expect.stringContaining('“qty-1a”') })
  })

  it('refuses a plan that lists one line twice, so its units are never counted twice', () => {
    const twice = {
      lines: [
        { position: 0, quantity: 1 },
        { position: 0, quantity: 1 },
      ],
      shipping: false,
      amountCents: null,
    }
    expect(planRefund(order(), twice)).toEqual({ refused: 'A line of this order is listed twice. Please reload the page and try again.' })
  })

  it('names the payment state: paid, partially refunded, refunded', () => {
    expect(paymentState({ status: 'paid', totalCents: 100, refundedCents: 0 })).toBe('paid')
    expect(paymentState({ status: 'paid', totalCents: 100, refundedCents: 1 })).toBe('partially-refunded')
    expect(paymentState({ status: 'paid', totalCents: 100, refundedCents: 100 })).toBe('refunded')
    expect(paymentState({ status: 'pending', totalCents: 100, refundedCents: 0 })).toBe('pending')
  })
})
