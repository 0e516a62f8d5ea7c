import { describe, expect, it } from 'vitest'
import { availabilityOf, availableNow, canBuy, schemaAvailability } from './stock'

const facts = (available: number | null, allowBackorder = false, leadTime = '') => ({ available, allowBackorder, leadTime })

describe('what a product says about its stock', () => {
  it.each([
    [facts(null), 'In stock', 'InStock'],
    [facts(6), 'In stock', 'InStock'],
    [facts(5), 'Only 5 left', 'LimitedAvailability'],
    [facts(1), 'Only 1 left', 'LimitedAvailability'],
    [facts(0), 'Sold out', 'OutOfStock'],
    [facts(-2), 'Sold out', 'OutOfStock'],
    [facts(0, true, '2–3 weeks'), 'Backorder — ships in 2–3 weeks', 'BackOrder'],
    [facts(0, true), 'Backorder', 'BackOrder'],
    [facts(3, true, '2–3 weeks'), 'Only 3 left', 'LimitedAvailability'],
  ])('%o → %s', (stock, label, schema) => {
    expect(availabilityOf(stock).label).toBe(label)
    expect(schemaAvailability(stock)).toBe(`https://schema.org/${schema}`)
    expect(canBuy(stock)).toBe(label !== 'Sold out')
    expect(availableNow(stock)).toBe(label === 'In stock' || label.startsWith('Only'))
  })
})
