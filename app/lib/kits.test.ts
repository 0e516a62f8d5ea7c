import { describe, expect, it } from 'vitest'
import { componentUnits, kitAvailable, kitContents, lineNameWithContents } from './kits'

const part = (quantity: number, available: number | null, more: { allowBackorder?: boolean; sellable?: boolean } = {}) => ({
  quantity,
  available,
  allowBackorder: more.allowBackorder ?? false,
  sellable: more.sellable ?? true,
})

describe('kits', () => {
  it('can be sold as many times as the scarcest tracked component allows, in whole kits', () => {
    expect(kitAvailable([part(1, 4), part(2, 5), part(1, null)])).toBe(2)
    expect(kitAvailable([part(1, 4), part(2, 1)])).toBe(0)
    // Held beyond what is on the shelf (a late payment) is none, not fewer than none.
    expect(kitAvailable([part(1, -2), part(1, 9)])).toBe(0)
  })

  it('is limited by nothing when no component is tracked or all are on backorder; not at all when one is out of the shop', () => {
    expect(kitAvailable([part(1, null), part(3, 0, { allowBackorder: true })])).toBeNull()
    expect(kitAvailable([part(1, 10), part(1, null, { sellable: false })])).toBe(0)
    expect(kitAvailable([])).toBeNull()
  })

  it('names its contents and counts its components’ units for a number of kits', () => {
    expect(
      kitContents([
        { productName: 'UniDrone E900', quantity: 1 },
        { productName: 'UniCell battery', quantity: 2 },
      ]),
    ).toBe('1 × UniDrone E900, 2 × UniCell battery')
    expect(
      componentUnits(
        [
          { productId: 'e900', quantity: 1 },
          { productId: 'cell', quantity: 2 },
        ],
        3,
      ),
    ).toEqual([
      { productId: 'e900', quantity: 3 },
      { productId: 'cell', quantity: 6 },
    ])
  })

  it('names a kit’s order line with its contents, and any other line as it is', () => {
    const kit = {
      productName: 'E900 Kit',
      kitComponents: [
        { productName: 'UniDrone E900', quantity: 1 },
        { productName: 'UniCell battery', quantity: 2 },
      ],
    }
    expect(lineNameWithContents(kit)).toBe('E900 Kit (kit of 1 × UniDrone E900, 2 × UniCell battery)')
    expect(lineNameWithContents({ productName: 'UniCell battery', kitComponents: [] })).toBe('UniCell battery')
  })
})
