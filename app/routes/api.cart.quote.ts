import { data } from 'react-router'
import { checkoutItemsSchema } from '../lib/schemas/checkout'
import { shippingEstimate } from '../lib/delivery/shipping'
import { showsPayLater } from '../lib/pay-later'
import { cartForShipping, quoteMethods } from '../server/checkout/checkout.server'
import { methodChoices } from '../server/checkout/delivery-step.server'
import { checkoutIdFrom, getCheckout } from '../server/checkout/drafts.server'
import { discountedLines, itemDiscounts, priceWithPromotions, promotionContext } from '../server/promotions/pricing.server'
import { MAX_CODE_LENGTH } from '../lib/discount-code'
import { gstIncluded } from '../lib/money'
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
  const body = (await request.json().catch(() => null)) as { items?: unknown; code?: unknown } | null
  const parsed = checkoutItemsSchema.safeParse(body?.items)
  if (!parsed.success) return data({ error: 'Your cart could not be read. Please reload the page.' }, { status: 400 })
  try {
    const { db, catalog } = shop(context)
    const user = await getSessionUser(context, request)
    const checkoutId = checkoutIdFrom(request.headers.get('cookie'))
    // The code typed on the cart (an empty one: removed), else the one kept in the shopper's checkout.
    const code = typeof body?.code === 'string' ? body.code.slice(0, MAX_CODE_LENGTH) : ((await getCheckout(db, checkoutId))?.discountCode ?? null)
    const [priced, methods, payLaterSetting, promotions] = await Promise.all([
      // A signed-in trade customer's cart at their own prices (the answer is private, as every answer to a session is).
      priceCart(db, parsed.data, { checkoutId: checkoutId ?? undefined, buyerId: user?.id }),
      catalog.shippingMethods(),
      catalog.payLater(),
      promotionContext(db, code, user?.email ?? null),
    ])
    // The discounts on the items (free shipping waits for the method, chosen on the next step); the
    // shipping is estimated on the discounted items, as the delivery step quotes it.
    const discounted = priceWithPromotions(promotions, priced.lines, null, { email: user?.email ?? null })
    const lines = discountedLines(priced.lines, discounted, gstIncluded)
    const shipping = shippingEstimate(methods, cartForShipping(lines))
    // Every method with its own delivery time and price for this cart, or why it cannot carry it.
    const delivery = methodChoices(quoteMethods(methods, lines))
    const discounts = itemDiscounts(discounted)
    const discountCents = discounts.reduce((sum, discount) => sum + discount.amountCents, 0)
    // The "pay later" message, for the total the cart shows (lines and the shipping estimate), when
    // nothing in it would be backordered and nothing needs the shopper's attention first.
    const payLater =
      priced.problems.length === 0 &&
      showsPayLater(payLaterSetting, shop(context).config.PAYMENT_PROVIDER, {
        amountCents: priced.totals.total - discountCents + (shipping?.cents ?? 0),
        availableNow: priced.backordered.length === 0,
      })
    return {
      // Without what a unit costs the shop: staff's alone.
      lines: priced.lines.map(({ unitCostCents: _staffOnly, ...line }) => line),
      problems: priced.problems,
      totals: priced.totals,
      backordered: priced.backordered,
      shipping,
      delivery,
      payLater,
      discounts,
      code: discounted.code,
    }
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
