import { data, redirect } from 'react-router'
import { LinkButton } from '../components/ui/button'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { requireUser } from '../server/auth/session.server'
import { checkoutOfResumeToken } from '../server/checkout/cart-reminders.server'
import { CHECKOUT_DAYS, checkoutCookie } from '../server/checkout/drafts.server'
import { shop } from '../server/context.server'
import { PRIVATE_PAGE } from '../server/http/private-page.server'
import { publicOrigin } from '../server/public-origin.server'
import type { Route } from './+types/checkout.resume.$token'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Your cart', 'Back to your checkout.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * The cart reminder's button (docs/decisions/042-cart-reminders.md): gives this browser the
 * checkout's cookie and opens the delivery step as the shopper left it, in any browser. A checkout
 * begun signed in stays its customer's: they sign in first. A GET changes nothing but this browser's
 * cookie, so a mail scanner fetching the link does no harm.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  const checkout = await checkoutOfResumeToken(db, params.token)
  if (!checkout) return data({ problem: 'gone' as const, days: CHECKOUT_DAYS }, { status: 404, headers: PRIVATE_PAGE })
  if (checkout.userId !== null) {
    const user = await requireUser(context, request)
    if (user.id !== checkout.userId) return data({ problem: 'other-account' as const, days: CHECKOUT_DAYS }, { status: 403, headers: PRIVATE_PAGE })
  }
  const secure = publicOrigin(config, request).startsWith('https:')
  throw redirect('/checkout/delivery', { status: 303, headers: { 'Set-Cookie': checkoutCookie(checkout.id, secure), ...PRIVATE_PAGE } })
}

/** Private, and the address (its secret) is sent to no other site. */
export function headers() {
  return { ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }
}

export default function ResumeCheckout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      {loaderData.problem === 'other-account' ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">This cart is in another account</h1>
          <p className="mt-4 text-slate-600">
            It was started by a customer who was signed in. Sign out, then sign in to that account and follow the link again.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">This cart is no longer waiting</h1>
          <p className="mt-4 text-slate-600">
            It has been paid for, or it was kept for {loaderData.days} days and then forgotten. If you paid, your order confirmation has a link to your order.
            Anything still in your cart on this device is in the cart page.
          </p>
        </>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LinkButton to="/checkout" size="lg">
          Go to your cart
        </LinkButton>
        <LinkButton to="/products" variant="secondary" size="lg">
          Browse products
        </LinkButton>
      </div>
    </div>
  )
}
