import { describe, expect, it } from 'vitest'
import { canMoveReturn, returnRefusal, type ReturnState } from './returns'

const DAY = 24 * 3600_000
const delivered = new Date('2026-11-01T10:00:00+10:00')
const order = (changes: Partial<Parameters<typeof returnRefusal>[0]> = {}) => ({
  id: 'UD-TEST',
  status: 'paid',
  fulfilment: 'delivered',
  fulfilledAt: delivered,
  ...changes,
})

describe('who may ask for a return', () => {
  it('takes a change of mind until 14 days after delivery or collection, and not after', () => {
    expect(returnRefusal(order(), 'change-of-mind', new Date(delivered.getTime() + 14 * DAY))).toBeNull()
    expect(returnRefusal(order({ fulfilment: 'collected' }), 'change-of-mind', new Date(delivered.getTime() + DAY))).toBeNull()
    expect(returnRefusal(order(), 'change-of-mind', new Date(delivered.getTime() + 14 * DAY + 1))).toMatch(/within 14 days of delivery or collection/)
    expect(returnRefusal(order({ fulfilment: 'shipped', fulfilledAt: null }), 'change-of-mind', delivered)).toMatch(
      /once the order has been delivered or collected/,
    )
  })

  it('always takes a fault or a wrong description for review, however late', () => {
    const years = new Date(delivered.getTime() + 3 * 365 * DAY)
    expect(returnRefusal(order(), 'faulty', years)).toBeNull()
    expect(returnRefusal(order(), 'not-as-described', years)).toBeNull()
    expect(returnRefusal(order({ fulfilment: 'shipped', fulfilledAt: null }), 'faulty', delivered)).toBeNull()
  })

  it('has nothing to return on an unpaid, cancelled or unsent order', () => {
    expect(returnRefusal(order({ status: 'pending' }), 'faulty', delivered)).toMatch(/nothing to return/)
    expect(returnRefusal(order({ fulfilment: 'cancelled' }), 'faulty', delivered)).toMatch(/nothing to return/)
    expect(returnRefusal(order({ fulfilment: 'packed', fulfilledAt: null }), 'faulty', delivered)).toMatch(/has not left us yet/)
  })

  it('moves a return only along its steps', () => {
    const states: ReturnState[] = ['requested', 'approved', 'declined', 'received', 'refunded']
    const allowed = new Set(['requested→approved', 'requested→declined', 'approved→received', 'approved→declined', 'received→refunded'])
    for (const from of states) for (const to of states) expect(canMoveReturn(from, to)).toBe(allowed.has(`${from}→${to}`))
  })
})
