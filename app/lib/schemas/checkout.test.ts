import { describe, expect, it } from 'vitest'
import { parseCheckoutItems } from './checkout'
import { demoPaymentSchema } from './demo-payment'

describe('what the checkout accepts from the browser', () => {
  it('takes ids and quantities, and nothing that is not a list of lines', () => {
    expect(parseCheckoutItems(JSON.stringify([{ FBUID: 'unidrone-e900', productCount: 2, shownUnitPrice: 100 }]))).toEqual({
      ok: true,
      items: [{ FBUID: 'unidrone-e900', productCount: 2, shownUnitPrice: 100 }],
    })
    expect(parseCheckoutItems('[]')).toEqual({ ok: false, message: 'Your cart is empty.' })
    expect(parseCheckoutItems('{oops')).toMatchObject({ ok: false })
    expect(parseCheckoutItems(undefined)).toMatchObject({ ok: false })
    expect(parseCheckoutItems(JSON.stringify([{ FBUID: 'a', productCount: 11 }]))).toEqual({ ok: false, message: 'At most 10 of one product.' })
    expect(parseCheckoutItems(JSON.stringify([{ FBUID: 'a', productCount: 0 }]))).toEqual({ ok: false, message: 'Quantities start at 1.' })
    const twice = [
      { FBUID: 'a', productCount: 10 },
      { FBUID: 'a', productCount: 10 },
    ]
    expect(parseCheckoutItems(JSON.stringify(twice))).toEqual({ ok: false, message: 'Your cart lists a product twice. Please reload the page.' })
  })

  it('the demo card form checks the card like a hosted checkout', () => {
    const valid = { email: 'a@b.co', cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'A B' }
    expect(demoPaymentSchema.safeParse(valid).success).toBe(true)
    expect(demoPaymentSchema.safeParse({ ...valid, expiry: '01 / 20' }).error?.issues[0]?.message).toBe('This card has expired.')
    expect(demoPaymentSchema.safeParse({ ...valid, expiry: '13 / 40' }).success).toBe(false)
    expect(demoPaymentSchema.safeParse({ ...valid, cardNumber: '4242' }).success).toBe(false)
  })
})
