import { describe, expect, it } from 'vitest'
import { parseStockAlertRequest } from './schemas/stock-alert'
import { offersStockAlert, waitingLabel, waitingSentence } from './stock-alerts'

describe('back-in-stock alerts', () => {
  it('are offered only on a sold-out product: tracked, none available, no backorder', () => {
    expect(offersStockAlert({ available: 0, allowBackorder: false, leadTime: '' })).toBe(true)
    expect(offersStockAlert({ available: -2, allowBackorder: false, leadTime: '' })).toBe(true)
    expect(offersStockAlert({ available: 0, allowBackorder: true, leadTime: '2 weeks' })).toBe(false)
    expect(offersStockAlert({ available: 1, allowBackorder: false, leadTime: '' })).toBe(false)
    expect(offersStockAlert({ available: null, allowBackorder: false, leadTime: '' })).toBe(false)
  })

  it('read the form: a product id and an address, kept trimmed and lower-cased, or a plain message', () => {
    expect(parseStockAlertRequest({ productId: 'unirtk-f9', email: '  Robin@Example.COM ' })).toEqual({
      ok: true,
      request: { productId: 'unirtk-f9', email: 'robin@example.com' },
    })
    expect(parseStockAlertRequest({ productId: 'unirtk-f9', email: '' })).toEqual({ ok: false, message: 'Enter your e-mail address.' })
    expect(parseStockAlertRequest({ productId: 'unirtk-f9', email: 'robin@' })).toEqual({ ok: false, message: 'Enter a valid e-mail address.' })
    expect(parseStockAlertRequest({ productId: 'unirtk-f9', email: `${'a'.repeat(320)}@example.com` })).toEqual({
      ok: false,
      message: 'At most 320 characters.',
    })
    // The page's own field, broken: its message, whatever the address.
    for (const productId of ['', 'Not An Id', '../x', null, 'a'.repeat(201)])
      expect(parseStockAlertRequest({ productId, email: 'nope' })).toEqual({
        ok: false,
        message: 'The form could not be read. Please reload the page and try again.',
      })
  })

  it('tell staff how many wait, and say nothing when nobody does', () => {
    expect(waitingLabel(0)).toBeNull()
    expect(waitingLabel(1)).toBe('1 waiting')
    expect(waitingLabel(3)).toBe('3 waiting')
    expect(waitingSentence(0)).toBeNull()
    expect(waitingSentence(1)).toBe('1 person waiting for this to be back in stock')
    expect(waitingSentence(3)).toBe('3 people waiting for this to be back in stock')
  })
})
