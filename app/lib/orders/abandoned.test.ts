import { describe, expect, it } from 'vitest'
import { countsAsOrder } from './abandoned'

describe('orders and abandoned checkouts', () => {
  const now = new Date('2026-05-01T10:00:00Z')
  const later = new Date('2026-05-01T10:20:00Z')
  const earlier = new Date('2026-05-01T09:59:59Z')

  it('a paid order is an order; a payment that ended without money is not', () => {
    expect(countsAsOrder({ status: 'paid', reservedUntil: null }, now)).toBe(true)
    expect(countsAsOrder({ status: 'failed', reservedUntil: later }, now)).toBe(false)
    expect(countsAsOrder({ status: 'expired', reservedUntil: later }, now)).toBe(false)
  })

  it('a pending order is an order only while its payment window is open', () => {
    expect(countsAsOrder({ status: 'pending', reservedUntil: later }, now)).toBe(true)
    expect(countsAsOrder({ status: 'pending', reservedUntil: later.toISOString() }, now)).toBe(true)
    expect(countsAsOrder({ status: 'pending', reservedUntil: earlier }, now)).toBe(false)
    expect(countsAsOrder({ status: 'pending', reservedUntil: now }, now)).toBe(false)
    expect(countsAsOrder({ status: 'pending', reservedUntil: null }, now)).toBe(false)
  })
})
