import { data, Form, Link, useNavigation } from 'react-router'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
import { productPath } from '../lib/catalog'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { STOCK_ALERT_PROMISE } from '../lib/stock-alerts'
import { shop } from '../server/context.server'
import { PRIVATE_PAGE } from '../server/http/private-page.server'
import { confirmLinkOf, confirmStockAlert } from '../server/stock/stock-alerts.server'
import type { Route } from './+types/stock-alerts.confirm.$token'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Confirm your alert', 'Confirm a back-in-stock alert.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/**
 * A back-in-stock alert's confirmation link (docs/decisions/050-back-in-stock-alerts.md). A GET only
 * shows the page and its one button: mail scanners and link previews fetch every link in a message and
 * must not confirm anything. The button's POST confirms; again changes nothing.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await confirmLinkOf(shop(context).db, params.token)
  if (!link) return data({ link: null }, { status: 404, headers: PRIVATE_PAGE })
  return data({ link }, { headers: PRIVATE_PAGE })
}

export async function action({ params, context }: Route.ActionArgs) {
  const link = await confirmStockAlert(shop(context).db, params.token)
  if (!link) return data({ confirmed: false }, { status: 404, headers: PRIVATE_PAGE })
  return data({ confirmed: link.confirmed }, { headers: PRIVATE_PAGE })
}

/**
 * Private, and the address (its secret) is sent to no other site. `same-origin` rather than
 * `no-referrer`: with the latter the browser posts the button's form with `Origin: null`, which the
 * same-origin checks rightly refuse.
 */
export function headers() {
  return { ...PRIVATE_PAGE, 'Referrer-Policy': 'same-origin' }
}

export default function ConfirmStockAlert({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  if (!link) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">This confirmation link is not known</h1>
        <p className="mt-4 text-slate-600">
          It may have been copied only in part, or it is more than 7 days old and the request was forgotten. Ask again on the product’s page.
        </p>
      </div>
    )
  }
  const product = link.productName ?? 'this product'
  const confirmed = actionData?.confirmed === true || link.confirmed
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Confirm your back-in-stock alert</h1>
      {link.unsubscribed ? (
        <Alert tone="info" className="mt-6">
          <p className="break-words">Back-in-stock e-mails to {link.email} were stopped, so this alert is off.</p>
        </Alert>
      ) : confirmed ? (
        <Alert tone="success" className="mt-6">
          <p className="font-semibold">Your alert is on.</p>
          <p className="mt-1 break-words">
            {link.notified
              ? `We already e-mailed ${link.email} that ${product} is back.`
              : `We will e-mail ${link.email} once when ${product} is back in stock.`}
          </p>
        </Alert>
      ) : (
        <>
          <p className="mt-4 break-words text-slate-700">
            E-mail <strong>{link.email}</strong> once when <strong>{product}</strong> is back in stock.
          </p>
          <p className="mt-2 text-sm text-slate-600">{STOCK_ALERT_PROMISE}</p>
          <Form method="post" className="mt-8">
            <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
              {sending ? 'Confirming…' : 'Confirm the alert'}
            </Button>
          </Form>
        </>
      )}
      {link.productName ? (
        <p className="mt-8">
          <Link to={productPath(link.productId)} className="font-semibold text-brand-700 underline">
            Back to {link.productName}
          </Link>
        </p>
      ) : null}
    </div>
  )
}
