import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PriceTag } from './price-tag'

/** The words a shopper (or a screen reader) gets from the price, and whether anything is struck through. */
const read = (props: Parameters<typeof PriceTag>[0]) => {
  const html = renderToStaticMarkup(createElement(PriceTag, props))
  return { text: html.replace(/<[^>]+>/g, ''), struck: /<s>([^<]*)<\/s>/.exec(html)?.[1] ?? null }
}

describe('the price tag', () => {
  it('says "Was $X, now $Y" with the was price struck through, on the page and on cards', () => {
    expect(read({ cents: 129_900, wasCents: 149_900, size: 'page' })).toEqual({ text: 'Was $1,499.00, now $1,299.00 incl. GST', struck: '$1,499.00' })
    expect(read({ cents: 129_900, wasCents: 149_900 })).toEqual({ text: 'Was $1,499.00, now $1,299.00', struck: '$1,499.00' })
  })

  it('shows no was price that is not above the price, and none beside a trade price, which compares with the normal price instead', () => {
    expect(read({ cents: 129_900, wasCents: 129_900 })).toEqual({ text: '$1,299.00', struck: null })
    expect(read({ cents: 129_900, wasCents: null })).toEqual({ text: '$1,299.00', struck: null })
    expect(read({ cents: 116_910, normalCents: 129_900, wasCents: 149_900 })).toEqual({ text: '$1,169.10Your trade price (normally $1,299.00)', struck: null })
    // A trade customer who pays the normal price for this product sees the same comparison as everyone.
    expect(read({ cents: 129_900, normalCents: 129_900, wasCents: 149_900 }).text).toBe('Was $1,499.00, now $1,299.00')
  })
})
