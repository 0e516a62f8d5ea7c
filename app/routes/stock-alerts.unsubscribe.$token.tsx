import { data, Form, useNavigation } from 'react-router'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
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
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  if (!link) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">This unsubscribe link is not known</h1>
        <p className="mt-4 text-slate-600">
          It may have been copied only in part. Write to{' '}
          <a href={`mailto:${shopEmail}`} className="font-semibold text-brand-700 underline">
            {shopEmail}
          </a>{' '}
          from the address you want taken off our list, and we will do it.
        </p>
      </div>
    )
  }
  const unsubscribed = actionData?.unsubscribed === true || link.unsubscribed
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Unsubscribe from back-in-stock alerts</h1>
      {unsubscribed ? (
        <Alert tone="success" className="mt-6">
          <p className="font-semibold">You are unsubscribed.</p>
          <p className="mt-1 break-words">We will not e-mail {link.email} about products being back in stock again, unless you ask on a product’s page.</p>
        </Alert>
      ) : (
        <>
          <p className="mt-4 break-words text-slate-700">
            Stop back-in-stock e-mails to <strong>{link.email}</strong>, for this product and any other you are waiting for.
          </p>
          <Form method="post" className="mt-8">
            <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
              {sending ? 'Unsubscribing…' : 'Unsubscribe'}
            </Button>
          </Form>
        </>
      )}
    </div>
  )
}
