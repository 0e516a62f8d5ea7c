import { createContext, useContext, useEffect, useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { signedInHintOf } from '../../lib/signed-in-hint'
import {
  addToCart,
  CART_STORAGE_KEY,
  cartCount,
  emptyCart,
  parseStoredCart,
  removeFromCart,
  setQuantity,
  type AddOutcome,
  type Cart,
  type CartItem,
} from '../../lib/cart'

interface CartApi {
  cart: Cart
  /**
   * False until the cart has been read from local storage (after hydration). The add buttons are
   * disabled until then: the page shows before its scripts arrive, and a click on a button whose
   * script is not there yet would be lost without a word.
   */
  ready: boolean
  count: number
  add(product: Omit<CartItem, 'productCount'>, quantity: number): AddOutcome
  setQuantity(productId: string, quantity: number): void
  updatePrice(productId: string, unitPrice: number): void
  remove(productId: string): void
  clear(): void
}

const CartContext = createContext<CartApi | null>(null)

/**
 * Set while the cart holds a trade customer's own prices (docs/domain.md, Trade accounts): once they
 * are no longer signed in as trade (they signed out on a shared computer), the cart goes with them,
 * so the next person never sees their prices.
 */
const TRADE_CART_KEY = 'checkouts-trade'

function save(cart: Cart) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart))
    if (signedInHintOf(document.cookie) === 'trade' && cart.checkoutItems.length > 0) window.localStorage.setItem(TRADE_CART_KEY, '1')
  } catch {
    // Storage full or disabled (private mode): the cart still works for this page.
  }
}

/** Empties the cart a trade customer left behind when whoever is here now is not them (signed out, or another account). */
function forgetTradeCart(): boolean {
  try {
    if (!window.localStorage.getItem(TRADE_CART_KEY) || signedInHintOf(document.cookie) === 'trade') return false
    window.localStorage.removeItem(TRADE_CART_KEY)
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(emptyCart()))
    return true
  } catch {
    return false
  }
}

/**
 * The cart (docs/domain.md, Cart), kept in local storage under `checkouts`: read on start (created empty
 * when absent), saved on every change, and kept in step across tabs by the `storage` event.
 */
export function CartProvider({ children }: { children: React.ReactNode }) {
  const [cart, setCart] = useState<Cart>(emptyCart)
  const [ready, setReady] = useState(false)
  const location = useLocation()

  useEffect(() => {
    forgetTradeCart()
    const stored = window.localStorage.getItem(CART_STORAGE_KEY)
    const initial = parseStoredCart(stored)
    if (stored === null) save(initial)
    setCart(initial)
    setReady(true)
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) setCart(parseStoredCart(event.newValue))
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  // Signing out changes the page without loading a new one: each navigation looks again.
  useEffect(() => {
    if (forgetTradeCart()) setCart(emptyCart())
  }, [location])

  const api = useMemo<CartApi>(() => {
    const commit = (next: Cart) => {
      save(next)
      setCart(next)
    }
    return {
      cart,
      ready,
      count: cartCount(cart),
      add(product, quantity) {
        const result = addToCart(cart, product, quantity)
        if (result.outcome !== 'limit') commit(result.cart)
        return result
      },
      setQuantity: (productId, quantity) => commit(setQuantity(cart, productId, quantity)),
      updatePrice: (productId, unitPrice) =>
        commit({ checkoutItems: cart.checkoutItems.map((item) => (item.FBUID === productId ? { ...item, unitPrice } : item)) }),
      remove: (productId) => commit(removeFromCart(cart, productId)),
      clear: () => commit(emptyCart()),
    }
  }, [cart, ready])

  return <CartContext.Provider value={api}>{children}</CartContext.Provider>
}

export function useCart(): CartApi {
  const api = useContext(CartContext)
  if (!api) throw new Error('useCart needs a CartProvider above it')
  return api
}
