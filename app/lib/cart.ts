import { gstIncluded } from './money.ts'

/** The cart lives in the browser's local storage under the spec's collection name (docs/domain.md, Cart). */
export const CART_STORAGE_KEY = 'checkouts'
export const MAX_PER_LINE = 10
export const QUANTITY_OPTIONS = Array.from({ length: MAX_PER_LINE }, (_, index) => index + 1)

/**
 * A cart line: the product's id and what the visitor was shown (name, picture, unit price in
 * cents). The price is only a reference for noticing a change: the server prices every order.
 */
export interface CartItem {
  FBUID: string
  productName: string
  image: string
  unitPrice: number
  productCount: number
}

export interface Cart {
  checkoutItems: CartItem[]
}

export const emptyCart = (): Cart => ({ checkoutItems: [] })

export type AddOutcome =
  | { outcome: 'added' | 'increased'; cart: Cart }
  /** The line would pass 10: the cart is unchanged; `room` more could still be added. */
  | { outcome: 'limit'; cart: Cart; room: number }

function isQuantity(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_PER_LINE
}

/**
 * docs/domain.md, Cart: a new product is added with the chosen quantity; a product already in the cart grows
 * only while its line stays at or below 10, otherwise nothing changes.
 */
export function addToCart(cart: Cart, product: Omit<CartItem, 'productCount'>, quantity: number): AddOutcome {
  if (!isQuantity(quantity)) throw new RangeError(`A quantity is 1 to ${MAX_PER_LINE}, not ${quantity}`)
  const existing = cart.checkoutItems.find((item) => item.FBUID === product.FBUID)
  if (!existing) return { outcome: 'added', cart: { checkoutItems: [...cart.checkoutItems, { ...product, productCount: quantity }] } }
  if (existing.productCount + quantity > MAX_PER_LINE) return { outcome: 'limit', cart, room: MAX_PER_LINE - existing.productCount }
  return {
    outcome: 'increased',
    cart: {
      checkoutItems: cart.checkoutItems.map((item) =>
        item.FBUID === product.FBUID ? { ...item, ...product, productCount: item.productCount + quantity } : item,
      ),
    },
  }
}

export function setQuantity(cart: Cart, productId: string, quantity: number): Cart {
  if (!isQuantity(quantity)) return cart
  return { checkoutItems: cart.checkoutItems.map((item) => (item.FBUID === productId ? { ...item, productCount: quantity } : item)) }
}

export function removeFromCart(cart: Cart, productId: string): Cart {
  return { checkoutItems: cart.checkoutItems.filter((item) => item.FBUID !== productId) }
}

/** The badge: how many items in total. */
export function cartCount(cart: Cart): number {
  return cart.checkoutItems.reduce((total, item) => total + item.productCount, 0)
}

/** Reads what local storage holds; anything malformed becomes an empty cart, bad lines are dropped. */
export function parseStoredCart(raw: string | null): Cart {
  if (!raw) return emptyCart()
  try {
    const parsed = JSON.parse(raw) as { checkoutItems?: unknown }
    if (!Array.isArray(parsed.checkoutItems)) return emptyCart()
    const seen = new Set<string>()
    const items = parsed.checkoutItems.filter((item): item is CartItem => {
      const line = item as Partial<CartItem>
      const valid =
        typeof line.FBUID === 'string' &&
        line.FBUID.length > 0 &&
        typeof line.productName === 'string' &&
        typeof line.image === 'string' &&
        typeof line.unitPrice === 'number' &&
        Number.isSafeInteger(line.unitPrice) &&
        line.unitPrice >= 0 &&
        typeof line.productCount === 'number' &&
        isQuantity(line.productCount) &&
        !seen.has(line.FBUID)
      if (valid) seen.add(line.FBUID!)
      return valid
    })
    return { checkoutItems: items }
  } catch {
    return emptyCart()
  }
}

export interface Totals {
  /** Sum of all lines, GST included. */
  total: number
  /** The GST included in the total (total / 11, docs/domain.md, Money and GST). */
  gst: number
  /** Total less GST. */
  subtotal: number
}

/** Total = Σ unit price × count; GST = total / 11; subtotal = total − GST (docs/domain.md, Cart). */
export function orderTotals(lines: { unitPrice: number; quantity: number }[]): Totals {
  const total = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  const gst = gstIncluded(total)
  return { total, gst, subtotal: total - gst }
}
