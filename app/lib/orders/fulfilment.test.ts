import { describe, expect, it } from 'vitest'
import { applyAction, cancelRefusal, FULFILMENTS, nextAction, trackingLink, type FulfilmentAction } from './fulfilment'

const ACTIONS: FulfilmentAction[] = ['pack', 'ship', 'deliver', 'ready', 'collect']
const order = (fulfilment: (typeof FULFILMENTS)[number], collect = false, status = 'paid') => ({ id: 'UD-TEST', status, collect, fulfilment })

describe('the fulfilment state table', () => {
  const allowed: Record<string, string> = {
    'delivery unfulfilled pack': 'packed',
    'delivery packed ship': 'shipped',
    'delivery shipped deliver': 'delivered',
    'collect unfulfilled ready': 'ready',
    'collect ready collect': 'collected',
  }
  for (const collect of [false, true]) {
    for (const from of FULFILMENTS) {
      for (const action of ACTIONS) {
        const key = `${collect ? 'collect' : 'delivery'} ${from} ${action}`
        it(`${key} → ${allowed[key] ?? 'refused'}`, () => {
          const result = applyAction(order(from, collect), action)
          if (allowed[key]) expect(result).toEqual({ to: allowed[key] })
          else expect(result).toHaveProperty('refused')
        })
      }
    }
  }

  it('moves only paid orders, and says why not', () => {
    for (const status of ['pending', 'failed', 'expired']) {
      expect(applyAction(order('unfulfilled', false, status), 'pack')).toEqual({ refused: 'Order UD-TEST is not paid, so it cannot be packed.' })
      expect(nextAction(order('unfulfilled', false, status))).toBeNull()
    }
  })

  it('names a second click for what it is', () => {
    expect(applyAction(order('packed'), 'pack')).toEqual({ refused: 'Order UD-TEST is already packed.' })
    expect(applyAction(order('shipped'), 'ship')).toEqual({ refused: 'Order UD-TEST is already shipped.' })
  })

  it('offers the next step, and none at the end', () => {
    expect(nextAction(order('unfulfilled'))).toBe('pack')
    expect(nextAction(order('packed'))).toBe('ship')
    expect(nextAction(order('delivered'))).toBeNull()
    expect(nextAction(order('unfulfilled', true))).toBe('ready')
    expect(nextAction(order('collected', true))).toBeNull()
  })
})

describe('tracking links', () => {
  it('are built from the carrier’s pattern, with the number encoded', () => {
    expect(trackingLink('auspost', '33XYZ1234567')).toBe('https://auspost.com.au/mypost/track/details/33XYZ1234567')
    expect(trackingLink('aramex', 'AB-1234')).toBe('https://www.aramex.com.au/tools/track?l=AB-1234')
  })
  it('are none for another carrier or a number that is not one', () => {
    expect(trackingLink('other', '33XYZ1234567')).toBeNull()
    expect(trackingLink('auspost', '<script>')).toBeNull()
    expect(trackingLink('auspost', '')).toBeNull()
  })
})

describe('cancelling before the order leaves', () => {
  it('allows a paid order that is still with the shop, and refuses one that has left or is not paid', () => {
    for (const fulfilment of FULFILMENTS) {
      const refusal = cancelRefusal(order(fulfilment))
      if (['unfulfilled', 'packed', 'ready'].includes(fulfilment)) expect(refusal).toBeNull()
      else expect(refusal).toEqual(expect.any(String))
    }
    expect(cancelRefusal(order('shipped'))).toBe('Order UD-TEST is shipped, so it can no longer be cancelled; a return can be arranged instead.')
    expect(cancelRefusal(order('unfulfilled', false, 'pending'))).toBe('Order UD-TEST is not paid, so there is nothing to cancel.')
  })
})
