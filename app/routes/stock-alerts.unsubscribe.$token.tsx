import { data } from 'react-router'
import { UnsubscribePage } from '../components/shop/unsubscribe-page'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { shop } from '../server/context.server'
import { PRIVATE_PAGE } from '../server/http/private-page.server'
import { unsubscribeLinkOf, unsubscribeStockAlerts } from '../server/stock/stock-alerts.server'
import type { Route } from './+types/stock-alerts.unsubscribe.$token'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Unsubscribe from back-in-stock alerts', 'Stop back-in-stock e-mails.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * The unsubscribe link of a back-in-stock e-mail (docs/decisions/050-back-in-stock-alerts.md). As the
 * cart reminder's: a GET only shows the page and its button (mail scanners open links); a POST stops
 * every back-in-stock alert of the address, from the page's button or a mail client's one-click POST
 * (RFC 8058, let through the same-origin checks for exactly this address: oneClickWrites). Idempotent.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  const link = await unsubscribeLinkOf(db, params.token)
  if (!link) return data({ link: null, shopEmail: config.SHOP_EMAIL }, { status: 404, headers: PRIVATE_PAGE })
  return data({ link, shopEmail: config.SHOP_EMAIL }, { headers: PRIVATE_PAGE })
}

export async function action({ params, request, context }: Route.ActionArgs) {
  // Any body unsubscribes (a mail client sends `List-Unsubscribe=One-Click`, the page nothing).
  await request.formData().catch(() => null)
  const done = await unsubscribeStockAlerts(shop(context).db, params.token)
  if (!done) return data({ unsubscribed: false }, { status: 404, headers: PRIVATE_PAGE })
  return data({ unsubscribed: true }, { headers: PRIVATE_PAGE })
}

/** Private, and the address (its secret) is sent to no other site. */
export function headers() {
  return { ...PRIVATE_PAGE, 'Referrer-Policy': 'no-referrer' }
}

export default function UnsubscribeStockAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const { link, shopEmail } = loaderData
  return (
    <UnsubscribePage
      email={link?.email ?? null}
      unsubscribed={actionData?.unsubscribed === true || link?.unsubscribed === true}
      shopEmail={shopEmail}
      title="Unsubscribe from back-in-stock alerts"
      ask={
        <>
          Stop back-in-stock e-mails to <strong>{link?.email}</strong>, for this product and any other you are waiting for.
        </>
      }
      done={`We will not e-mail ${link?.email} about products being back in stock again, unless you ask on a product’s page.`}
    />
  )
}
