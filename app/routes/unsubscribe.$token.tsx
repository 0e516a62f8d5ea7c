import { data } from 'react-router'
import { UnsubscribePage } from '../components/shop/unsubscribe-page'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { unsubscribe, unsubscribeLinkOf } from '../server/checkout/cart-reminders.server'
import { shop } from '../server/context.server'
import { PRIVATE_PAGE } from '../server/http/private-page.server'
import type { Route } from './+types/unsubscribe.$token'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Unsubscribe', 'Stop reminders and offers by e-mail.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * The unsubscribe link of a cart reminder (docs/decisions/042-cart-reminders.md). A GET only shows
 * the page and its one button: mail scanners and link previews fetch every link in a message, and must
 * not unsubscribe anyone. A POST unsubscribes: the page's button, or a mail client's own button, which
 * posts `List-Unsubscribe=One-Click` here without a cookie (RFC 8058: the secret in the address is
 * the authority, so where the POST comes from is not asked: oneClickWrites in
 * app/server/http/middleware/security.server.ts). Idempotent.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  const link = await unsubscribeLinkOf(db, params.token)
  const shopEmail = config.SHOP_EMAIL
  if (!link) return data({ link: null, shopEmail }, { status: 404, headers: PRIVATE_PAGE })
  return data({ link, shopEmail }, { headers: PRIVATE_PAGE })
}

export async function action({ params, request, context }: Route.ActionArgs) {
  // The body says only who pressed: a mail client's one-click, or the page. Any body unsubscribes.
  const form = await request.formData().catch(() => null)
  const source = form?.get('List-Unsubscribe') === 'One-Click' ? 'one-click' : 'page'
  const done = await unsubscribe(shop(context).db, params.token, source)
  if (!done) return data({ unsubscribed: false }, { status: 404, headers: PRIVATE_PAGE })
  return data({ unsubscribed: true }, { headers: PRIVATE_PAGE })
}

/** Private, and the address (its secret) is sent to no other site. */
export function headers() {
  return { ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { link, shopEmail } = loaderData
  return (
    <UnsubscribePage
      email={link?.email ?? null}
      unsubscribed={actionData?.unsubscribed === true || link?.unsubscribed === true}
      shopEmail={shopEmail}
      title="Unsubscribe"
      ask={
        <>
          Stop cart reminders and offers to <strong>{link?.email}</strong>. E-mails about an order you place (its confirmation, shipping news) still come.
        </>
      }
      done={`We will not e-mail ${link?.email} about carts or offers again. E-mails about an order you place (its confirmation, shipping news) still come.`}
    />
  )
}
