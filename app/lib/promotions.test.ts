import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { gstIncluded } from './money'
import { applyPromotions, apportion, codeRefusal, periodOf, type Promotion, type PromotionInput } from './promotions'

const NOW = new Date('2026-11-27T02:00:00Z') // 27 November, noon in Brisbane

function promotion(overrides: Partial<Promotion>): Promotion {
  return {
    id: overrides.id ?? 'p1',
    kind: 'code',
    code: 'BLACKFRIDAY',
    name: '15 % off cameras',
    active: true,
    benefit: 'percent',
    percentBp: 1500,
    amountCents: null,
    productIds: [],
    categories: [],
    kit: [],
    shippingMethodId: null,
    minSpendCents: 0,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    combinesWithOffers: false,
    ...overrides,
  }
}

const camera = { productId: 'cam', category: 'Cameras', unitPriceCents: 449_900, quantity: 1 }
const battery = { productId: 'bat', category: 'Batteries', unitPriceCents: 12_900, quantity: 2 }
const e900 = { productId: 'e900', category: 'Drones', unitPriceCents: 1_299_900, quantity: 1 }

function price(input: Partial<PromotionInput> & { code?: PromotionInput['code'] }) {
  return applyPromotions({ lines: [camera, battery], shipping: null, offers: [], code: null, email: null, now: NOW, ...input })
}
const withCode = (code: Promotion, usage = { uses: 0, usesByEmail: 0 }) => ({ text: code.code!.toLowerCase(), promotion: code, usage })

describe('apportion', () => {
  it('splits in proportion, the cents left over on the largest line', () => {
    expect(apportion(100, [300, 600, 100])).toEqual([30, 60, 10])
    expect(apportion(10, [10, 10, 10])).toEqual([4, 3, 3])
    expect(apportion(2, [1, 1, 1])).toEqual([1, 1, 0])
  })

  it('always adds up to the discount, and never takes a line below nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const sum = weights.reduce((a, b) => a + b, 0)
          const total = Math.floor(sum * share)
          const parts = apportion(total, weights)
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total)
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0)
            expect(part).toBeLessThanOrEqual(weights[index]!)
          })
        },
      ),
    )
  })

  it('refuses to take off more than there is', () => {
    expect(() => apportion(11, [5, 5])).toThrow(RangeError)
  })
})

describe('a code', () => {
  const blackFriday = promotion({ categories: ['Cameras'] })

  it('takes its percentage off the lines it covers only, and GST is one eleventh of the discounted total', () => {
    const outcome = price({ code: withCode(blackFriday) })
    expect(outcome.code).toMatchObject({ code: 'BLACKFRIDAY', applied: true })
    // 15 % of $4,499.00 is $674.85, all on the camera.
    expect(outcome.lineDiscountCents).toEqual([67_485, 0])
    const total = 449_900 + 25_800 - 67_485
    expect(total).toBe(408_215)
    expect(gstIncluded(total)).toBe(37_110)
  })

  it('spreads an amount off the order across the lines by their amounts', () => {
    const outcome = price({ code: withCode(promotion({ benefit: 'amount', percentBp: null, amountCents: 5_000 })) })
    expect(outcome.lineDiscountCents.reduce((a, b) => a + b, 0)).toBe(5_000)
    // $47.28 and $2.71 rounded down, the cent left over on the camera's line.
    expect(outcome.lineDiscountCents).toEqual([4_729, 271])
  })

  it('says in words why it does not apply', () => {
    const start = periodOf('2026-12-01', null).startsAt
    expect(price({ code: withCode(promotion({ startsAt: start })) }).code?.message).toBe('This code starts on 1 December.')
    const ended = periodOf(null, '2026-11-26').endsAt
    expect(price({ code: withCode(promotion({ endsAt: ended })) }).code?.message).toBe('This code ended on 26 November.')
    expect(price({ code: withCode(promotion({ minSpendCents: 500_000 })) }).code?.message).toBe('Spend $243.00 more to use this code.')
    expect(price({ code: withCode(promotion({ productIds: ['e900'] })) }).code?.message).toBe('This code is for products that are not in your cart.')
    expect(price({ code: withCode(promotion({ active: false })) }).code?.message).toBe('This code is paused at the moment.')
    expect(price({ code: { text: 'nope', promotion: null, usage: { uses: 0, usesByEmail: 0 } } }).code).toMatchObject({
      applied: false,
      message: 'We do not know this code. Please check its spelling.',
    })
    expect(price({ code: withCode(promotion({ usageLimit: 5 }), { uses: 5, usesByEmail: 0 }) }).code?.message).toBe(
      'This code has been used as many times as it can be.',
    )
  })

  it('starts at midnight in Brisbane on its first day and ends at midnight after its last', () => {
    const { startsAt, endsAt } = periodOf('2026-11-28', '2026-11-30')
    expect(startsAt?.toISOString()).toBe('2026-11-27T14:00:00.000Z')
    expect(endsAt?.toISOString()).toBe('2026-11-30T14:00:00.000Z')
    const code = promotion({ startsAt, endsAt })
    expect(codeRefusal(code, { uses: 0, usesByEmail: 0 }, new Date('2026-11-27T13:59:59Z'), null)).toBe('This code starts on 28 November.')
    expect(codeRefusal(code, { uses: 0, usesByEmail: 0 }, new Date('2026-11-27T14:00:00Z'), null)).toBeNull()
    expect(codeRefusal(code, { uses: 0, usesByEmail: 0 }, new Date('2026-11-30T14:00:00Z'), null)).toBe('This code ended on 30 November.')
  })

  it('counts uses per customer only once their e-mail is known', () => {
    const once = promotion({ perCustomerLimit: 1 })
    expect(codeRefusal(once, { uses: 3, usesByEmail: 1 }, NOW, null)).toBeNull()
    expect(codeRefusal(once, { uses: 3, usesByEmail: 1 }, NOW, 'a@example.com')).toBe('This code can be used once per customer, and you have used it.')
  })

  it('gives free shipping with its method only, and says which', () => {
    const free = promotion({ benefit: 'free-shipping', percentBp: null, shippingMethodId: 'standard' })
    const outcome = price({ code: withCode(free), shipping: { methodId: 'standard', cents: 1_500 } })
    expect(outcome).toMatchObject({ shippingDiscountCents: 1_500, totalDiscountCents: 1_500 })
    const express = price({ code: withCode(free), shipping: { methodId: 'express', cents: 2_500 }, methodNames: { standard: 'Standard' } })
    expect(express.code?.message).toBe('This code gives free shipping with Standard. Choose it to use the code.')
    expect(express.shippingDiscountCents).toBe(0)
  })

  it('never adds to a trade price', () => {
    const outcome = price({ lines: [{ ...camera, tradePriced: true }], code: withCode(blackFriday) })
    expect(outcome.code?.message).toBe('Your trade prices already apply to these products; codes do not add to them.')
  })
})

describe('offers', () => {
  const kit = promotion({
    id: 'kit',
    kind: 'offer',
    code: null,
    name: 'E900 flight kit',
    percentBp: 500,
    kit: [
      { productId: 'e900', quantity: 1 },
      { productId: 'bat', quantity: 2 },
    ],
  })

  it('a kit takes its percentage off complete kits only', () => {
    const outcome = price({ lines: [e900, { ...battery, quantity: 3 }], offers: [kit] })
    // One kit: the drone and two of the three batteries; 5 % of $13,257.00.
    expect(outcome.discounts).toHaveLength(1)
    expect(outcome.discounts[0]).toMatchObject({ label: 'E900 flight kit', amountCents: 66_285 })
    expect(price({ lines: [e900, { ...battery, quantity: 1 }], offers: [kit] }).discounts).toHaveLength(0)
  })

  it('the offer taking more wins a line two offers cover', () => {
    const small = promotion({ id: 'small', kind: 'offer', code: null, name: '5 % off drones', percentBp: 500, categories: ['Drones'] })
    const big = promotion({ id: 'big', kind: 'offer', code: null, name: '10 % off drones', percentBp: 1000, categories: ['Drones'] })
    const outcome = price({ lines: [e900], offers: [small, big] })
    expect(outcome.discounts.map((discount) => discount.label)).toEqual(['10 % off drones'])
  })

  it('a code adds to an offer only where staff allowed it', () => {
    const offer = promotion({ id: 'o', kind: 'offer', code: null, name: 'Camera week', percentBp: 1000, categories: ['Cameras'] })
    const alone = price({ lines: [camera], offers: [offer], code: withCode(promotion({})) })
    expect(alone.code?.message).toBe('This code does not add to the offers already on your cart.')
    const stacked = price({ lines: [camera], offers: [offer], code: withCode(promotion({ combinesWithOffers: true })) })
    // 10 % off, then 15 % off what is left: $449.90 then $607.36 (the price after it rounded half up).
    expect(stacked.lineDiscountCents).toEqual([44_990 + 60_736])
  })

  it('an offer not yet started or paused takes nothing', () => {
    const later = promotion({ kind: 'offer', code: null, startsAt: periodOf('2026-12-01', null).startsAt })
    expect(price({ offers: [later, { ...later, id: 'p2', startsAt: null, active: false }] }).totalDiscountCents).toBe(0)
  })
})
