import { describe, expect, it } from 'vitest'
import { addToCart, cartCount, emptyCart, orderTotals, parseStoredCart, removeFromCart, setQuantity, type Cart } from './cart'

const drone = { FBUID: 'unidrone-e900', productName: 'UniDrone E900', image: '/e900.svg', unitPrice: 1299900 }
const esc = { FBUID: 'uniesc-80a-foc', productName: 'UniESC 80A FOC', image: '/esc.svg', unitPrice: 24900 }

describe('the cart rules (docs/domain.md, Cart)', () => {
  it('adds a new product with the chosen quantity', () => {
    const result = addToCart(emptyCart(), drone, 3)
    expect(result.outcome).toBe('added')
    expect(result.cart.checkoutItems).toEqual([{ ...drone, productCount: 3 }])
  })

  it('raises an existing line while it stays at or below 10', () => {
    const withSeven = addToCart(emptyCart(), drone, 7).cart
    const result = addToCart(withSeven, drone, 3)
    expect(result.outcome).toBe('increased')
    expect(result.cart.checkoutItems[0]!.productCount).toBe(10)
  })

  it('leaves the line unchanged when the sum would pass 10, and says how many more fit', () => {
    const withEight = addToCart(emptyCart(), drone, 8).cart
    const result = addToCart(withEight, drone, 3)
    expect(result).toEqual({ outcome: 'limit', cart: withEight, room: 2 })
  })

  it('refuses quantities outside 1–10', () => {
    expect(() => addToCart(emptyCart(), drone, 0)).toThrow(RangeError)
    expect(() => addToCart(emptyCart(), drone, 11)).toThrow(RangeError)
    expect(() => addToCart(emptyCart(), drone, 1.5)).toThrow(RangeError)
  })

  it('sets quantities only within 1–10, removes lines, and counts items for the badge', () => {
    let cart: Cart = addToCart(addToCart(emptyCart(), drone, 2).cart, esc, 1).cart
    expect(cartCount(cart)).toBe(3)
    cart = setQuantity(cart, 'uniesc-80a-foc', 5)
    expect(cartCount(cart)).toBe(7)
    expect(setQuantity(cart, 'uniesc-80a-foc', 11)).toBe(cart)
    expect(setQuantity(cart, 'uniesc-80a-foc', 0)).toBe(cart)
    cart = removeFromCart(cart, 'unidrone-e900')
    expect(cart.checkoutItems.map((item) => item.FBUID)).toEqual(['uniesc-80a-foc'])
    expect(cartCount(emptyCart())).toBe(0)
  })

  it('reads what local storage holds, dropping anything malformed', () => {
    expect(parseStoredCart(null)).toEqual(emptyCart())
    expect(parseStoredCart('not json')).toEqual(emptyCart())
    expect(parseStoredCart('{"checkoutItems": 5}')).toEqual(emptyCart())
    const stored = JSON.stringify({
      checkoutItems: [
        { ...drone, productCount: 2 },
        { ...drone, productCount: 1 },
        { ...esc, productCount: 40 },
        { FBUID: 'x', productCount: 1 },
      ],
    })
    expect(parseStoredCart(stored)).toEqual({ checkoutItems: [{ ...drone, productCount: 2 }] })
  })
})

describe('order totals', () => {
  it('sums unit price × count, with GST as total / 11 and subtotal as the rest', () => {
    expect(
      orderTotals([
        { unitPrice: 1299900, quantity: 2 },
        { unitPrice: 24900, quantity: 1 },
      ]),
    ).toEqual({ total: 2624700, gst: 238609, subtotal: 2386091 })
    expect(orderTotals([])).toEqual({ total: 0, gst: 0, subtotal: 0 })
    expect(orderTotals([{ unitPrice: 1100, quantity: 1 }])).toEqual({ total: 1100, gst: 100, subtotal: 1000 })
  })
})
