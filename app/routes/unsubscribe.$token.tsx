import { data, Form, useNavigation } from 'react-router'
import { Alert } from '../components/ui/alert'
import { Button } from '../components/ui/button'
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
      <h1 className="text-3xl font-bold tracking-tight">Unsubscribe</h1>
      {unsubscribed ? (
        <Alert tone="success" className="mt-6">
          <p className="font-semibold">You are unsubscribed.</p>
          <p className="mt-1 break-words">
            We will not e-mail {link.email} about carts or offers again. E-mails about an order you place (its confirmation, shipping news) still come.
          </p>
        </Alert>
      ) : (
        <>
          <p className="mt-4 break-words text-slate-700">
            Stop cart reminders and offers to <strong>{link.email}</strong>. E-mails about an order you place (its confirmation, shipping news) still come.
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
