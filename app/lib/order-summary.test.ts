import { describe, expect, it } from 'vitest'
import { gstIncluded } from './money'
import { summariseOrder, summariseStoredOrder } from './order-summary'

describe('the order summary', () => {
  it('adds items and shipping into the total, takes the GST from the total once, and shows the subtotal as total − GST', () => {
    const summary = summariseOrder({ itemsCents: 1_299_900, shipping: { cents: 1500, methodName: 'Standard' } })
    expect(summary.lines.map((line) => [line.label, line.cents, line.shown])).toEqual([
      ['Items', 1_299_900, undefined],
      ['Shipping (Standard)', 1500, '$15.00'],
    ])
    expect(summary).toMatchObject({ totalCents: 1_301_400, gstCents: 118_309, subtotalCents: 1_183_091 })
    expect(summary.gstCents).toBe(gstIncluded(1_301_400))
    expect(summary.subtotalCents + summary.gstCents).toBe(summary.totalCents)
  })

  it('rounds the GST of the whole total, not of each line: 6 c + 6 c of shipping holds 1 c of GST, not 2', () => {
    expect(summariseOrder({ itemsCents: 6, shipping: { cents: 6 } })).toMatchObject({ totalCents: 12, gstCents: 1, subtotalCents: 11 })
  })

  it('says "Free" for shipping that costs nothing, and leaves the line out when there is no shipping', () => {
    expect(summariseOrder({ itemsCents: 1100, shipping: { cents: 0, methodName: 'Click & Collect Brisbane' } }).lines[1]).toMatchObject({
      label: 'Shipping (Click & Collect Brisbane)',
      shown: 'Free',
    })
    const bare = summariseOrder({ itemsCents: 1100, shipping: null })
    expect(bare.lines.map((line) => line.key)).toEqual(['items'])
    expect(bare).toMatchObject({ totalCents: 1100, gstCents: 100, subtotalCents: 1000 })
  })

  it('counts a further line, such as a discount, in the total and the GST', () => {
    const summary = summariseOrder({
      itemsCents: 33_000,
      shipping: { cents: 1500 },
      extras: [{ key: 'discount', label: 'Discount (WINTER)', cents: -3_300 }],
    })
    expect(summary.lines.map((line) => line.key)).toEqual(['items', 'shipping', 'discount'])
    expect(summary).toMatchObject({ totalCents: 31_200, gstCents: 2_836, subtotalCents: 28_364 })
  })

  it('shows a stored order’s total and GST as they were charged', () => {
    const order = {
      lines: [{ lineTotalCents: 18_900 }, { lineTotalCents: 33_000 }],
      shippingCents: 0,
      shippingMethodName: 'Standard',
      totalCents: 51_900,
      gstCents: 4_718,
    }
    const summary = summariseStoredOrder(order)
    expect(summary.lines.map((line) => [line.label, line.cents])).toEqual([
      ['Items', 51_900],
      ['Shipping (Standard)', 0],
    ])
    expect(summary).toMatchObject({ totalCents: 51_900, gstCents: 4_718, subtotalCents: 47_182 })
    expect(summariseStoredOrder({ ...order, shippingMethodName: null }).lines).toHaveLength(1)
  })
})
