import { data } from 'react-router'
import { checkoutItemsSchema } from '../lib/schemas/checkout'
import { priceCart } from '../server/checkout/orders.server'
import { shop } from '../server/context.server'
import type { Route } from './+types/api.cart.quote'

/** Prices the visitor's cart from the database and says what changed since they added it. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = (await request.json().catch(() => null)) as { items?: unknown } | null
  const parsed = checkoutItemsSchema.safeParse(body?.items)
  if (!parsed.success) return data({ error: 'Your cart could not be read. Please reload the page.' }, { status: 400 })
  const priced = await priceCart(shop(context).db, parsed.data)
  return { lines: priced.lines, problems: priced.problems, totals: priced.totals }
}

export function loader() {
  return data({ error: 'Send the cart with POST.' }, { status: 405 })
}
