import { data } from 'react-router'
import { checkoutItemsSchema } from '../lib/schemas/checkout'
import { shippingEstimate } from '../lib/delivery/shipping'
import { showsPayLater } from '../lib/pay-later'
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
 * shipping estimate, the delivery methods it can use and whether it gets the "pay later" message (JSON,
 * asked by the checkout page's useCartQuote).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = (await request.json().catch(() => null)) as { items?: unknown } | null
  const parsed = checkoutItemsSchema.safeParse(body?.items)
  if (!parsed.success) return data({ error: 'Your cart could not be read. Please reload the page.' }, { status: 400 })
  try {
    const { db, catalog } = shop(context)
    const user = await getSessionUser(context, request)
    const [priced, methods, payLaterSetting] = await Promise.all([
      // A signed-in trade customer's cart at their own prices (the answer is private, as every answer to a session is).
      priceCart(db, parsed.data, { checkoutId: checkoutIdFrom(request.headers.get('cookie')) ?? undefined, buyerId: user?.id }),
      catalog.shippingMethods(),
      catalog.payLater(),
    ])
    const shipping = shippingEstimate(methods, cartForShipping(priced.lines))
    // Every method with its own delivery time and price for this cart, or why it cannot carry it.
    const delivery = methodChoices(quoteMethods(methods, priced.lines))
    // The "pay later" message, for the total the cart shows (lines and the shipping estimate), when
    // nothing in it would be backordered and nothing needs the shopper's attention first.
    const payLater =
      priced.problems.length === 0 &&
      showsPayLater(payLaterSetting, shop(context).config.PAYMENT_PROVIDER, {
        amountCents: priced.totals.total + (shipping?.cents ?? 0),
        availableNow: priced.backordered.length === 0,
      })
    return { lines: priced.lines, problems: priced.problems, totals: priced.totals, backordered: priced.backordered, shipping, delivery, payLater }
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
