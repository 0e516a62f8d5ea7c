import { data, Form, redirect } from 'react-router'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import { openOrderLink, orderLinkOpenable, orderViewCookie } from '../server/orders/order-links.server'
import type { Route } from './+types/track-order.$token'
import { PRIVATE_PAGE } from '../server/http/private-page.server'
import { Button, LinkButton } from '../components/ui/button'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Your order', 'A link to your order.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * An e-mailed link. Opening it only offers a button: mail scanners that fetch every link in a
 * message must not spend it. Pressing the button spends it, and gives this browser a day's view.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!(await orderLinkOpenable(shop(context).db, params.token))) throw data(null, { status: 410 })
  return null
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const opened = await openOrderLink(shop(context).db, params.token)
  if (!opened) throw data(null, { status: 410 })
  throw redirect('/track-order/view', {
    headers: { 'Set-Cookie': orderViewCookie(opened.viewToken, publicOrigin(shop(context).config, request).startsWith('https:')) },
  })
}

export function headers() {
  return { ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }
}

export default function OpenOrderLink() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Your order</h1>
      <p className="mt-4 text-slate-600">This link works once: this browser can then see your order for a day.</p>
      <Form method="post" className="mt-8">
        <Button type="submit" size="lg">
          See my order
        </Button>
      </Form>
    </div>
  )
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">This link no longer works</h1>
      <p className="mt-4 text-slate-600">A link to an order works once, within an hour of being sent. Ask for a new one, it only takes a moment.</p>
      <LinkButton to="/track-order" size="lg" className="mt-8">
        Ask for a new link
      </LinkButton>
    </div>
  )
}
