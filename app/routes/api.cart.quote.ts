import { data } from 'react-router'
import { checkoutItemsSchema } from '../lib/schemas/checkout'
import { shippingEstimate } from '../lib/delivery/shipping'
import { cartForShipping, quoteMethods } from '../server/checkout/checkout.server'
import { methodChoices } from '../server/checkout/delivery-step.server'
import { checkoutIdFrom } from '../server/checkout/drafts.server'
import { priceCart } from '../server/checkout/orders.server'
import { shop } from '../server/context.server'
import { getSessionUser } from '../server/auth/session.server'
import { databaseAwayAnswer, isDatabaseUnavailable } from '../server/db/unavailable.server'
import { logger } from '../server/log.server'
import type { Route } from './+types/api.cart.quote'

/**
 * Prices the visitor's cart from the database and says what changed since they added it, with the
 * shipping estimate and the delivery methods it can use (JSON, asked by the checkout page's useCartQuote).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = (await request.json().catch(() => null)) as { items?: unknown } | null
  const parsed = checkoutItemsSchema.safeParse(body?.items)
  if (!parsed.success) return data({ error: 'Your cart could not be read. Please reload the page.' }, { status: 400 })
  try {
    const { db, catalog } = shop(context)
    const user = await getSessionUser(context, request)
    const [priced, methods] = await Promise.all([
      // A signed-in trade customer's cart at their own prices (the answer is private, as every answer to a session is).
      priceCart(db, parsed.data, { checkoutId: checkoutIdFrom(request.headers.get('cookie')) ?? undefined, buyerId: user?.id }),
      catalog.shippingMethods(),
    ])
    const shipping = shippingEstimate(methods, cartForShipping(priced.lines))
    // Every method with its own delivery time and price for this cart, or why it cannot carry it.
    const delivery = methodChoices(quoteMethods(methods, priced.lines))
    return { lines: priced.lines, problems: priced.problems, totals: priced.totals, shipping, delivery }
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    logger.warn({ err: error }, 'could not price a cart: the database is away')
    // Checkout shows this beside the cart, which stays as it is, with a way to ask again.
    return databaseAwayAnswer({ error: 'We could not check your cart’s prices just now. Please try again in a few seconds.' })
  }
}

export function loader() {
  return data({ error: 'Send the cart with POST.' }, { status: 405 })
}
