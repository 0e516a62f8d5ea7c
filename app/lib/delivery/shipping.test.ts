import { describe, expect, it } from 'vitest'
import { orderTotals, quoteShipping, shippingEstimate, type ShippingMethod } from './shipping'

const standard: ShippingMethod = {
  id: 'standard',
  name: 'Standard',
  kind: 'delivery',
  priceCents: 1500,
  freeOverCents: 30_000,
  weightBands: [],
  deliveryTime: '2–6 business days',
  carriesLithium: true,
}
const express: ShippingMethod = {
  id: 'express',
  name: 'Express',
  kind: 'delivery',
  priceCents: 3000,
  freeOverCents: null,
  weightBands: [],
  deliveryTime: '1–2 business days',
  carriesLithium: false,
}
const collect: ShippingMethod = {
  id: 'collect',
  name: 'Click & Collect Brisbane',
  kind: 'collect',
  priceCents: 0,
  freeOverCents: null,
  weightBands: [],
  deliveryTime: 'Ready in 1 business day',
  carriesLithium: true,
}
const banded: ShippingMethod = {
  ...standard,
  id: 'banded',
  name: 'Courier',
  freeOverCents: null,
  weightBands: [
    { upToGrams: 1000, priceCents: 1200 },
    { upToGrams: 5000, priceCents: 2200 },
    { upToGrams: 20_000, priceCents: 4500 },
  ],
}
const cart = (subtotalCents: number, weightGrams = 500, hasLithium = false) => ({ subtotalCents, weightGrams, hasLithium })

describe('shipping rates', () => {
  it('charges the price, or nothing from the free-over threshold up', () => {
    expect(quoteShipping(standard, cart(29_999))).toEqual({ available: true, priceCents: 1500 })
    expect(quoteShipping(standard, cart(30_000))).toEqual({ available: true, priceCents: 0 })
    expect(quoteShipping(express, cart(1_000_000))).toEqual({ available: true, priceCents: 3000 })
  })

  it('picks the first weight band the cart fits, and refuses a cart heavier than the last', () => {
    expect(quoteShipping(banded, cart(100, 1000))).toEqual({ available: true, priceCents: 1200 })
    expect(quoteShipping(banded, cart(100, 1001))).toEqual({ available: true, priceCents: 2200 })
    expect(quoteShipping(banded, cart(100, 20_000))).toEqual({ available: true, priceCents: 4500 })
    expect(quoteShipping(banded, cart(100, 20_001))).toEqual({ available: false, reason: 'Your order weighs 20 kg, more than Courier takes (20 kg).' })
  })

  it('keeps lithium batteries off methods that may not carry them, and says why', () => {
    expect(quoteShipping(express, cart(5000, 500, true))).toEqual({
      available: false,
      reason: 'Your cart holds lithium batteries, which may travel by road only: Express cannot carry them.',
    })
    expect(quoteShipping(standard, cart(5000, 500, true)).available).toBe(true)
  })

  it('estimates the cart’s shipping from the cheapest delivery method it can use, leaving Click & Collect out', () => {
    expect(shippingEstimate([standard, express, collect], cart(5000))).toEqual({
      cents: 1500,
      label: 'from $15.00',
      methodName: 'Standard',
      deliveryTime: '2–6 business days',
    })
    expect(shippingEstimate([express, standard, collect], cart(30_000))).toEqual({
      cents: 0,
      label: 'Free',
      methodName: 'Standard',
      deliveryTime: '2–6 business days',
    })
    // The delivery time quoted is the cheapest method's own text: Express when it is the cheapest the cart can use.
    expect(shippingEstimate([express, { ...standard, priceCents: 4000, freeOverCents: null }], cart(5000))).toMatchObject({
      cents: 3000,
      methodName: 'Express',
      deliveryTime: '1–2 business days',
    })
    expect(shippingEstimate([express, collect], cart(5000, 500, true))).toBeNull()
  })
})

describe('order totals with shipping', () => {
  it('adds shipping to the lines and takes GST as total / 11, rounded once', () => {
    expect(orderTotals(1_299_900, 1500)).toEqual({
      subtotalCents: 1_299_900,
      shippingCents: 1500,
      totalCents: 1_301_400,
      gstCents: 118_309,
      shippingGstCents: 136,
    })
    // 6 + 6 cents: the GST of the total (1) is not the sum of the parts' rounded GST (1 + 1).
    expect(orderTotals(6, 6).gstCents).toBe(1)
    expect(orderTotals(0, 0)).toMatchObject({ totalCents: 0, gstCents: 0 })
  })
})
