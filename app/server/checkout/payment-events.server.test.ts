import { describe, expect, it } from 'vitest'
import { nextStatus } from './payment-events.server'

describe('the order state table', () => {
  it.each([
    ['pending', 'paid', 'paid'],
    ['pending', 'failed', 'failed'],
    ['pending', 'expired', 'expired'],
    ['failed', 'paid', 'paid'],
    ['expired', 'paid', 'paid'],
    ['paid', 'paid', null],
    ['paid', 'failed', null],
    ['paid', 'expired', null],
    ['failed', 'expired', null],
    ['expired', 'failed', null],
  ] as const)('%s + %s → %s', (current, outcome, next) => {
    expect(nextStatus(current, outcome)).toBe(next)
  })
})
