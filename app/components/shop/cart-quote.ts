import { useCallback, useEffect, useRef, useState } from 'react'
import type { ShippingEstimate } from '../../lib/delivery/shipping'
import type { MethodChoice } from '../../server/checkout/delivery-step.server'
import type { SummaryDiscount } from '../../lib/order-summary'
import type { CodeOutcome } from '../../lib/promotions'
import type { PricedCart as ServerPricedCart } from '../../server/checkout/orders.server'

/**
 * The server's prices for the cart, its shipping estimate (the cheapest method; null: none can carry
 * it), every delivery method with its delivery time and price for this cart, and whether the cart
 * shows the "pay later" message (app/lib/pay-later.ts).
 */
export type PricedCart = ServerPricedCart & {
  shipping: ShippingEstimate | null
  delivery: MethodChoice[]
  payLater: boolean
  /** The discounts on the items, and what the code entered does (docs/domain.md, Promotions). */
  discounts: SummaryDiscount[]
  code: CodeOutcome | null
}

/** Said when the shop could not be reached or gave no answer it could read. */
export const QUOTE_FAILED = 'We could not check your cart’s prices just now. Please try again in a moment.'

export interface CartQuote {
  /** The server's prices for the cart as it is now; null while asking, or when asking failed. */
  priced: PricedCart | null
  /** Why there are no prices, when asking failed. */
  error: string | null
  /** Asking again may help (the shop unreachable or busy), unlike for a cart it cannot read. */
  retryable: boolean
}

const NONE: CartQuote = { priced: null, error: null, retryable: false }

/**
 * The server's prices for the cart (`POST /api/cart/quote`; `itemsJson`: the cart's lines as the
 * checkout form sends them), asked again whenever they change; a newer question cancels the one
 * under way. A failure (the shop unreachable, the database away, a cart the server cannot read) is
 * a message on the checkout page, with a way to ask again where that may help, never the error
 * page: the cart is in the browser and nothing is lost.
 */
export function useCartQuote(itemsJson: string, ready: boolean, code: string | null): CartQuote & { checking: boolean; retry(): void } {
  const [quote, setQuote] = useState<CartQuote>(NONE)
  const [checking, setChecking] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const asked = useRef<string | null>(null)

  useEffect(() => {
    if (!ready || itemsJson === '[]') return
    const controller = new AbortController()
    // A changed cart drops the old answer; asking again for the same cart ("Try again") keeps the
    // message, and the button the visitor pressed, in place until the new answer comes.
    if (asked.current !== itemsJson) setQuote(NONE)
    asked.current = itemsJson
    setChecking(true)
    askForQuote(itemsJson, code, controller.signal).then((answer) => {
      if (controller.signal.aborted) return
      setQuote(answer)
      setChecking(false)
    })
    return () => controller.abort()
    // The quote follows the cart's content (itemsJson), its code, and the visitor's "Try again" (attempt).
  }, [ready, itemsJson, code, attempt])

  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return { ...quote, checking, retry }
}

/** `code`: typed on the cart ('' when removed); null: the one kept in the shopper's checkout, if any. */
async function askForQuote(itemsJson: string, code: string | null, signal: AbortSignal): Promise<CartQuote> {
  try {
    const response = await fetch('/api/cart/quote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: `{"items":${itemsJson}${code === null ? '' : `,"code":${JSON.stringify(code)}`}}`,
      signal,
    })
    const body: unknown = await response.json().catch(() => null)
    if (response.ok && isPricedCart(body)) return { priced: body, error: null, retryable: false }
    const message = typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' ? body.error : QUOTE_FAILED
    return { priced: null, error: message, retryable: response.status >= 500 || response.status === 429 }
  } catch {
    return { priced: null, error: QUOTE_FAILED, retryable: true }
  }
}

function isPricedCart(body: unknown): body is PricedCart {
  return typeof body === 'object' && body !== null && 'lines' in body && 'problems' in body && 'totals' in body && 'shipping' in body && 'delivery' in body
}
