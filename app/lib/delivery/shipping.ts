import { formatAud, gstIncluded } from '../money.ts'

/** A weight band: carts up to `upToGrams` (inclusive) cost `priceCents`. */
export interface WeightBand {
  upToGrams: number
  priceCents: number
}

/** A shipping method as staff set it up (prices GST inclusive, in cents). */
export interface ShippingMethod {
  id: string
  name: string
  /** `collect`: Click & Collect at the shop's pickup address, no delivery address asked. */
  kind: 'delivery' | 'collect'
  /** The price when the method has no weight bands. */
  priceCents: number
  /** Carts whose lines come to at least this much ship free; null: never. */
  freeOverCents: number | null
  /** In ascending order; a cart heavier than the last band cannot use the method. */
  weightBands: WeightBand[]
  /** What the shopper is told, such as "2–6 business days". */
  deliveryTime: string
  /** Road transport that may carry lithium batteries; air and express services may not. */
  carriesLithium: boolean
  /** Click & Collect: where, and when, orders are picked up. */
  pickupAddress?: string
  pickupHours?: string
}

/** What a shipping price depends on, from the server's own prices and product data. */
export interface CartForShipping {
  subtotalCents: number
  weightGrams: number
  hasLithium: boolean
}

export type ShippingQuote = { available: true; priceCents: number } | { available: false; reason: string }

const kilograms = (grams: number) => `${(grams / 1000).toLocaleString('en-AU', { maximumFractionDigits: 1 })} kg`

/** The price of one method for one cart, or why the cart cannot use it. */
export function quoteShipping(method: ShippingMethod, cart: CartForShipping): ShippingQuote {
  if (cart.hasLithium && !method.carriesLithium) {
    return { available: false, reason: `Your cart holds lithium batteries, which may travel by road only: ${method.name} cannot carry them.` }
  }
  let priceCents = method.priceCents
  if (method.weightBands.length > 0) {
    const band = method.weightBands.find((candidate) => cart.weightGrams <= candidate.upToGrams)
    if (!band)
      return {
        available: false,
        reason: `Your order weighs ${kilograms(cart.weightGrams)}, more than ${method.name} takes (${kilograms(method.weightBands.at(-1)!.upToGrams)}).`,
      }
    priceCents = band.priceCents
  }
  if (method.freeOverCents !== null && cart.subtotalCents >= method.freeOverCents) priceCents = 0
  return { available: true, priceCents }
}

/** The cheapest delivery method a cart can use: its price ("Free" or "from $15") and what its method promises. */
export interface ShippingEstimate {
  cents: number
  label: string
  methodName: string
  /** The method's own delivery-time text, as staff set it (never a promise of the page's own). */
  deliveryTime: string
}

/**
 * The cart's shipping estimate before an address is given: the cheapest delivery method the cart
 * can use (the first of them, in the staff's order, at equal prices), or null when none can carry it.
 */
export function shippingEstimate(methods: ShippingMethod[], cart: CartForShipping): ShippingEstimate | null {
  let best: { method: ShippingMethod; cents: number } | null = null
  for (const method of methods) {
    if (method.kind !== 'delivery') continue
    const quote = quoteShipping(method, cart)
    if (quote.available && (best === null || quote.priceCents < best.cents)) best = { method, cents: quote.priceCents }
  }
  if (!best) return null
  const { method, cents } = best
  return { cents, label: cents === 0 ? 'Free' : `from ${formatAud(cents)}`, methodName: method.name, deliveryTime: method.deliveryTime }
}

/**
 * An order's totals: shipping is a taxable supply like the goods, so the GST is the whole total / 11
 * (rounded once, on the total); the shipping line's own GST is shown on the invoice.
 */
export function orderTotals(linesCents: number, shippingCents: number) {
  const totalCents = linesCents + shippingCents
  return { subtotalCents: linesCents, shippingCents, totalCents, gstCents: gstIncluded(totalCents), shippingGstCents: gstIncluded(shippingCents) }
}
