import { data, Link } from 'react-router'
import { StockAlertForm } from '../components/shop/stock-alert-form'
import { Alert } from '../components/ui/alert'
import { productPath } from '../lib/catalog'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { REQUESTS_PER_EMAIL_PER_HOUR, REQUESTS_PER_IP_PER_HOUR, STOCK_ALERT_PROMISE } from '../lib/stock-alerts'
import { parseStockAlertRequest } from '../lib/schemas/stock-alert'
import { shop } from '../server/context.server'
import { readForm } from '../server/http/form.server'
import { PRIVATE_PAGE } from '../server/http/private-page.server'
import { retryAfterHeaders } from '../server/http/retry-after.server'
import { publicOrigin } from '../server/public-origin.server'
import { hitLimit } from '../server/rate-limit.server'
import { requestStockAlert } from '../server/stock/stock-alerts.server'
import type { Route } from './+types/stock-alerts'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Back-in-stock alert', 'Hear once by e-mail when a sold-out product is back.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** Private (it names the address typed), and when to try again after the rate limit. */
export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args))
  headers.set('Cache-Control', PRIVATE_PAGE['Cache-Control'])
  return headers
}

type Answer =
  | { kind: 'asked'; productId: string; productName: string; email: string }
  | { kind: 'available'; productId: string; productName: string }
  | { kind: 'refused'; productId: string | null; email: string; message: string }

/**
 * "E-mail me when it is back", posted from a sold-out product's page (docs/domain.md, Back-in-stock
 * alerts). Whatever the address's state, the visitor reads the same "check your e-mail": whether it was
 * already waiting is never told. Limited per address and per client address, so the form cannot be
 * used to flood someone's inbox with confirmations.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, mailer, config, clientIp } = shop(context)
  const form = await readForm(request)
  const typedEmail = String(form.get('email') ?? '').slice(0, 320)
  const parsed = parseStockAlertRequest({ productId: form.get('productId'), email: form.get('email') })
  const productId = typeof form.get('productId') === 'string' && /^[a-z0-9-]{1,200}$/.test(String(form.get('productId'))) ? String(form.get('productId')) : null
  const refuse = (message: string, status: number, headers: Record<string, string> = {}) =>
    data<Answer>({ kind: 'refused', productId, email: typedEmail, message }, { status, headers: { ...PRIVATE_PAGE, ...headers } })
  if (!parsed.ok) return refuse(parsed.message, 400)
  const { request: asked } = parsed
  for (const [key, max] of [
    [`stock-alert:ip:${clientIp}`, REQUESTS_PER_IP_PER_HOUR],
    [`stock-alert:email:${asked.email}`, REQUESTS_PER_EMAIL_PER_HOUR],
  ] as const) {
    const limit = await hitLimit(db, key, max, 3600)
    if (!limit.allowed) {
      const minutes = Math.ceil(limit.retryAfter / 60)
      return refuse(`Too many alert requests in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 429, {
        'Retry-After': String(limit.retryAfter),
      })
    }
  }
  const outcome = await requestStockAlert({ db, mailer, config, origin: publicOrigin(config, request) }, asked)
  if (outcome.kind === 'unknown-product')
    return data<Answer>(
      { kind: 'refused', productId: null, email: typedEmail, message: 'This product is not in the shop.' },
      { status: 404, headers: PRIVATE_PAGE },
    )
  if (outcome.kind === 'available')
    return data<Answer>({ kind: 'available', productId: asked.productId, productName: outcome.productName }, { headers: PRIVATE_PAGE })
  return data<Answer>({ kind: 'asked', productId: asked.productId, productName: outcome.productName, email: asked.email }, { headers: PRIVATE_PAGE })
}

export default function StockAlerts({ actionData }: Route.ComponentProps) {
  const answer = actionData
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      {answer?.kind === 'asked' ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Check your e-mail to confirm</h1>
          <p className="mt-4 break-words text-slate-700" role="status">
            If <strong>{answer.email}</strong> is not waiting for {answer.productName} yet, a message is on its way with a link to confirm. Once you confirm, we
            e-mail you once when it is back.
          </p>
          <p className="mt-3 text-sm text-slate-600">{STOCK_ALERT_PROMISE} Nothing arrived within a few minutes? Look in your spam folder.</p>
          <p className="mt-8">
            <Link to={productPath(answer.productId)} className="font-semibold text-brand-700 underline">
              Back to {answer.productName}
            </Link>
          </p>
        </>
      ) : answer?.kind === 'available' ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">{answer.productName} is available</h1>
          <p className="mt-4 text-slate-700">There is no need to wait: it can be ordered now.</p>
          <p className="mt-8">
            <Link to={productPath(answer.productId)} className="font-semibold text-brand-700 underline">
              Go to {answer.productName}
            </Link>
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Back-in-stock alert</h1>
          {answer?.kind === 'refused' ? (
            <Alert tone="error" className="mt-6">
              {answer.message}
            </Alert>
          ) : (
            <p className="mt-4 text-slate-700">To hear when a sold-out product is back, use the form on its page.</p>
          )}
          {answer?.kind === 'refused' && answer.productId ? <StockAlertForm productId={answer.productId} email={answer.email} /> : null}
          <p className="mt-8">
            <Link to="/products" className="font-semibold text-brand-700 underline">
              See all products
            </Link>
          </p>
        </>
      )}
    </div>
  )
}
