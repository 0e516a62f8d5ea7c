import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router'
import { formatAud } from '../../lib/money'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import {
  checkCatalog,
  checkSummary,
  listPaymentLinks,
  listShopPrices,
  NEEDS_STRIPE_FOR_STAFF,
  StripeCatalogError,
  type CatalogCheck,
  type LineMatch,
  type PaymentLinkList,
} from '../../server/catalog/stripe-catalog.server'
import { stripeClient } from '../../server/checkout/payments/stripe.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/payment-links'
import { readForm } from '../../server/http/form.server'
import { buttonClass } from '../../components/ui/button'
import { Alert } from '../../components/ui/alert'
import { PageHeader } from '../../components/ui/page-header'

export const meta: Route.MetaFunction = ({ matches }) =>
  [
    ...pageMeta('Payment links', 'Stripe payment links and their prices against the shop’s, and the catalogue check.', shopNameFrom(matches)),
    { name: 'robots', content: 'noindex' },
  ]

type LoaderData = { provider: 'demo' } | ({ provider: 'stripe'; error: null } & PaymentLinkList) | { provider: 'stripe'; error: string }

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  if (config.PAYMENT_PROVIDER !== 'stripe') return data<LoaderData>({ provider: 'demo' })
  try {
    const list = await listPaymentLinks(stripeClient(config), await listShopPrices(db))
    return data<LoaderData>({ provider: 'stripe', error: null, ...list })
  } catch (error) {
    if (error instanceof StripeCatalogError) return data<LoaderData>({ provider: 'stripe', error: error.message }, { status: error.status })
    throw error
  }
}

type ActionData = { check: CatalogCheck; summary: string; error: null } | { check: null; error: string }

/** "Check the catalogue": every product's prices against Stripe's. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = shop(context)
  const form = await readForm(request)
  if (form.get('intent') !== 'check') return data<ActionData>({ check: null, error: 'Unknown request. Please reload the page and try again.' }, { status: 400 })
  if (config.PAYMENT_PROVIDER !== 'stripe') return data<ActionData>({ check: null, error: NEEDS_STRIPE_FOR_STAFF }, { status: 409 })
  try {
    const check = await checkCatalog(stripeClient(config), await listShopPrices(db))
    return data<ActionData>({ check, summary: checkSummary(check), error: null })
  } catch (error) {
    if (error instanceof StripeCatalogError) return data<ActionData>({ check: null, error: error.message }, { status: error.status })
    throw error
  }
}

/** The check reads, it does not change the links: no need to list them all again after it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' ? false : defaultShouldRevalidate
}

export default function PaymentLinks({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const checking = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader title="Payment links" />
      <p className="mt-2 max-w-3xl text-slate-600">
        The Stripe account’s payment links and what each line sells, against the shop’s prices: a line at a price the shop does not show is
        marked, so that a link never sells at another price than the shop’s.
      </p>

      {loaderData.provider === 'demo' ? (
        <p className="mt-6 max-w-3xl rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Payment links and the catalogue check need Stripe: this shop takes payments on its demo payment page. Whoever runs the shop’s
          server can connect it to Stripe.
        </p>
      ) : (
        <>
          <section aria-labelledby="catalogue-check" className="mt-8 rounded-xl border border-slate-200 p-5">
            <h2 id="catalogue-check" className="text-xl font-semibold">
              Catalogue check
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-slate-600">
              Compares every product’s prices with Stripe’s: a missing or archived product, a missing or inactive price, another amount or another
              currency. The same check runs from the command line with <code className="rounded bg-slate-100 px-1">npm run catalog:check</code>.
            </p>
            <Form method="post" className="mt-4">
              <button
                type="submit"
                name="intent"
                value="check"
                disabled={checking}
                className={buttonClass()}
              >
                {checking ? 'Checking…' : 'Check the catalogue'}
              </button>
            </Form>
            <div aria-live="polite">{actionData ? <CheckResult result={actionData} /> : null}</div>
          </section>

          <section aria-labelledby="links-heading" className="mt-10">
            <h2 id="links-heading" className="text-xl font-semibold">
              Links
            </h2>
            {loaderData.error !== null ? (
              <Alert tone="error" className="mt-4">
                The payment links could not be read: {loaderData.error}
              </Alert>
            ) : (
              <LinkList list={loaderData} />
            )}
          </section>
        </>
      )}
    </div>
  )
}

function LinkList({ list }: { list: PaymentLinkList }) {
  const { links, truncated } = list
  if (links.length === 0) return <p className="mt-4 text-slate-600">The Stripe account has no payment links.</p>
  const marked = links.reduce((sum, link) => sum + link.unmatched, 0)
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">
        {links.length} {links.length === 1 ? 'link' : 'links'}
        {truncated ? ` (the first ${list.limit})` : ''};{' '}
        {marked === 0 ? 'every line sells at a price the shop shows.' : `${marked} ${marked === 1 ? 'line sells' : 'lines sell'} at a price the shop does not show.`}
      </p>
      <ul className="mt-4 space-y-6">
        {links.map((link) => (
          <li key={link.id} className="rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-mono text-sm font-semibold">{link.id}</h3>
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${link.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-700'}`}>
                {link.active ? 'Active' : 'Inactive'}
              </span>
            </div>
            <a href={link.url} className="mt-1 block break-all text-sm text-brand-700 hover:underline" rel="noreferrer" target="_blank">
              {link.url}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            {link.lines.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">No line items.</p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full min-w-[40rem] table-fixed text-left text-sm">
                  <caption className="sr-only">Line items of {link.id}</caption>
                  <colgroup>
                    <col className="w-[28%]" />
                    <col className="w-[22%]" />
                    <col className="w-[10%]" />
                    <col className="w-[40%]" />
                  </colgroup>
                  <thead className="border-b border-slate-200 text-slate-500">
                    <tr>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Item
                      </th>
                      <th scope="col" className="py-2 pr-3 font-medium">
                        Price
                      </th>
                      <th scope="col" className="py-2 pr-3 text-right font-medium">
                        Quantity
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        In the shop
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 align-top">
                    {link.lines.map((line) => (
                      <tr key={line.id}>
                        <td className="py-2 pr-3">{line.description}</td>
                        <td className="py-2 pr-3">
                          <span className="font-medium">{line.amountText}</span>
                          <span className="block font-mono text-xs text-slate-500">{line.priceId ?? 'no price'}</span>
                        </td>
                        <td className="py-2 pr-3 text-right">{line.quantity}</td>
                        <td className="py-2">
                          <MatchText match={line.match} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}

function Badge({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${ok ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}>
      {children}
    </span>
  )
}

function ProductLink({ FBUID, productName }: { FBUID: string; productName: string }) {
  return (
    <Link to={`/product/${FBUID}`} className="text-brand-700 underline hover:no-underline">
      {productName}
    </Link>
  )
}

function MatchText({ match }: { match: LineMatch }) {
  switch (match.kind) {
    case 'price':
      return (
        <>
          <Badge ok>Shop price</Badge> <ProductLink {...match} /> at {formatAud(match.shopAmount)}
        </>
      )
    case 'other-amount':
      return (
        <>
          <Badge ok={false}>Other amount</Badge> <ProductLink {...match} /> shows {formatAud(match.shopAmount)} for this price
        </>
      )
    case 'product':
      return (
        <>
          <Badge ok={false}>Price not in the shop</Badge> <ProductLink {...match} />
          {match.shopAmount === null ? ' has no price' : ` shows ${formatAud(match.shopAmount)}`}
        </>
      )
    default:
      return <Badge ok={false}>Not in the shop</Badge>
  }
}

function CheckResult({ result }: { result: ActionData }) {
  if (result.error !== null) {
    return (
      <Alert tone="error" className="mt-4">
        The catalogue could not be checked: {result.error}
      </Alert>
    )
  }
  const { check, summary } = result
  const failing = check.products.filter((product) => product.mismatches.length > 0)
  if (check.mismatches === 0) {
    return (
      <Alert tone="success" className="mt-4">
        {summary}
      </Alert>
    )
  }
  return (
    <div className="mt-4">
      <Alert tone="warning">
        {summary}
      </Alert>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Mismatches between the shop and Stripe</caption>
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Product
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Mismatch
              </th>
              <th scope="col" className="py-2 font-medium">
                Details
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {failing.flatMap((product) =>
              product.mismatches.map((mismatch, index) => (
                <tr key={`${product.FBUID}-${index}`}>
                  <td className="py-2 pr-3">
                    {index === 0 ? (
                      <>
                        <Link to={`/product/${product.FBUID}/update`} className="text-brand-700 hover:underline">
                          {product.productName}
                        </Link>
                        <span className="block font-mono text-xs text-slate-500">{product.STUPID}</span>
                      </>
                    ) : (
                      <span className="sr-only">{product.productName}</span>
                    )}
                  </td>
                  <td className="py-2 pr-3">{mismatch.label}</td>
                  <td className="py-2">{mismatch.message}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}
