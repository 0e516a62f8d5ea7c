import { describe, expect, it } from 'vitest'
import { cardText, categoryPageOf, isCategory, shownPrice } from './catalog'

const item = (description: string) => ({ value: '', label: 'x', description })

describe('what a card and a product page show', () => {
  it('the card shows the sixth description', () => {
    const descriptions = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'].map(item)
    expect(cardText({ productDescriptions: descriptions })).toBe('six')
  })

  it('falls back to the first description when there are fewer than six', () => {
    expect(cardText({ productDescriptions: ['first', 'second'].map(item) })).toBe('first')
    expect(cardText({ productDescriptions: [] })).toBe('')
  })

  it('the price shown is the first price entry', () => {
    const prices = [
      { value: 12900, label: 'Unit', description: 'price_1' },
      { value: 9900, label: 'Bulk', description: 'price_2' },
    ]
    expect(shownPrice({ productPrices: prices })?.value).toBe(12900)
    expect(shownPrice({ productPrices: [] })).toBeUndefined()
  })

  it('knows exactly the five categories', () => {
    expect(['autopilots', 'cameras', 'radio-controllers', 'propulsion', 'parts-accessories'].every(isCategory)).toBe(true)
    expect(isCategory('drones')).toBe(false)
    expect(isCategory('__proto__')).toBe(false)
  })
})

describe('categoryPageOf', () => {
  const page = (query: string) => categoryPageOf(new URLSearchParams(query))
  it('reads ?page= as a page number from 1, and no page as page 1', () => {
    expect(page('')).toBe(1)
    expect(page('page=1')).toBe(1)
    expect(page('page=12')).toBe(12)
    expect(page('utm_source=news&page=3')).toBe(3)
    expect(page('utm_source=news')).toBe(1)
  })
  it('refuses anything that is not a whole page number', () => {
    for (const value of ['0', '-1', '1.5', 'abc', '', '01', '100000', ' 2']) expect(page(`page=${encodeURIComponent(value)}`), value).toBeNull()
  })
})
