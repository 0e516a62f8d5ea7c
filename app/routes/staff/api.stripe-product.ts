import { stripeClient } from '../../server/checkout/payments/stripe.server'
import { fetchStripeProductPrices, NEEDS_STRIPE_FOR_STAFF, readFetchRequest, StripeCatalogError } from '../../server/catalog/stripe-catalog.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/api.stripe-product'
import { readForm } from '../../server/http/form.server'

/**
 * "Fetch from Stripe" on the product form (staff only, through the staff layout). GET tells the form
 * whether the shop runs on Stripe; POST (`STUPID`, `prices` as the form has them) answers with the
 * proposed price entries (`{ ok: true, rows, … }`) or `{ ok: false, message }`. Reads only: the form
 * saves what staff accept. The secret key stays here.
 */
export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ provider: shop(context).config.PAYMENT_PROVIDER }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ ok: false, message: 'Use POST.', notes: [] }, { status: 405, headers: { Allow: 'GET, POST' } })
  const { config } = shop(context)
  const input = readFetchRequest(await readForm(request))
  if (!input.ok) return Response.json({ ok: false, message: input.message, notes: [] }, { status: 400 })
  if (config.PAYMENT_PROVIDER !== 'stripe') return Response.json({ ok: false, message: NEEDS_STRIPE_FOR_STAFF, notes: [] }, { status: 409 })
  try {
    return Response.json(await fetchStripeProductPrices(stripeClient(config), input.STUPID, input.prices))
  } catch (error) {
    if (error instanceof StripeCatalogError) return Response.json({ ok: false, message: error.message, notes: [] }, { status: error.status })
    throw error
  }
}
