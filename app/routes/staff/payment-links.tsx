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
import { Button } from '../../components/ui/button'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { PageHeader } from '../../components/ui/page-header'
import { DataTable } from '../../components/ui/table'

export const meta: Route.MetaFunction = ({ matches }) => [
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
        The Stripe account’s payment links and what each line sells, against the shop’s prices: a line at a price the shop does not show is marked, so that a
        link never sells at another price than the shop’s.
      </p>

      {loaderData.provider === 'demo' ? (
        <Alert tone="warning" className="mt-6 max-w-3xl">
          Payment links and the catalogue check need Stripe: this shop takes payments on its demo payment page. Whoever runs the shop’s server can connect it to
          Stripe.
        </Alert>
      ) : (
        <>
          <section aria-labelledby="catalogue-check" className="mt-8 rounded-xl border border-slate-200 p-5">
            <h2 id="catalogue-check" className="text-xl font-semibold">
              Catalogue check
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-slate-600">
              Compares every product’s prices with Stripe’s: a missing or archived product, a missing or inactive price, another amount or another currency. The
              same check runs from the command line with <code className="rounded bg-slate-100 px-1">npm run catalog:check</code>.
            </p>
            <Form method="post" className="mt-4">
              <Button type="submit" name="intent" value="check" disabled={checking}>
                {checking ? 'Checking…' : 'Check the catalogue'}
              </Button>
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
        {marked === 0
          ? 'every line sells at a price the shop shows.'
          : `${marked} ${marked === 1 ? 'line sells' : 'lines sell'} at a price the shop does not show.`}
      </p>
      <ul className="mt-4 space-y-6">
        {links.map((link) => (
          <li key={link.id} className="rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-mono text-sm font-semibold">{link.id}</h3>
              <Badge tone={link.active ? 'success' : 'neutral'}>{link.active ? 'Active' : 'Inactive'}</Badge>
            </div>
            <a href={link.url} className="mt-1 block break-all text-sm text-brand-700 hover:underline" rel="noreferrer" target="_blank">
              {link.url}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            {link.lines.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">No line items.</p>
            ) : (
              <DataTable
                className="mt-3"
                phone="scroll"
                label={`Line items of ${link.id}`}
                caption={`Line items of ${link.id}`}
                minWidth="min-w-[40rem]"
                alignTop
                fixed
                rows={link.lines}
                rowKey={(line) => line.id}
                columns={[
                  { header: 'Item', width: 'w-[28%]', cell: (line) => line.description },
                  {
                    header: 'Price',
                    width: 'w-[22%]',
                    cell: (line) => (
                      <>
                        <span className="font-medium">{line.amountText}</span>
                        <span className="block font-mono text-xs text-slate-500">{line.priceId ?? 'no price'}</span>
                      </>
                    ),
                  },
                  { header: 'Quantity', width: 'w-[10%]', align: 'right', cell: (line) => line.quantity },
                  { header: 'In the shop', width: 'w-[40%]', cell: (line) => <MatchText match={line.match} /> },
                ]}
              />
            )}
          </li>
        ))}
      </ul>
    </>
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
          <Badge tone="success">Shop price</Badge> <ProductLink {...match} /> at {formatAud(match.shopAmount)}
        </>
      )
    case 'other-amount':
      return (
        <>
          <Badge tone="warning">Other amount</Badge> <ProductLink {...match} /> shows {formatAud(match.shopAmount)} for this price
        </>
      )
    case 'product':
      return (
        <>
          <Badge tone="warning">Price not in the shop</Badge> <ProductLink {...match} />
          {match.shopAmount === null ? ' has no price' : ` shows ${formatAud(match.shopAmount)}`}
        </>
      )
    default:
      return <Badge tone="warning">Not in the shop</Badge>
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
      <Alert tone="warning">{summary}</Alert>
      <DataTable
        className="mt-3"
        phone="scroll"
        label="Mismatches between the shop and Stripe"
        caption="Mismatches between the shop and Stripe"
        minWidth="min-w-[40rem]"
        alignTop
        rows={failing.flatMap((product) => product.mismatches.map((mismatch, index) => ({ product, mismatch, index })))}
        rowKey={({ product, index }) => `${product.FBUID}-${index}`}
        columns={[
          {
            header: 'Product',
            cell: ({ product, index }) =>
              index === 0 ? (
                <>
                  <Link to={`/product/${product.FBUID}/update`} className="text-brand-700 hover:underline">
                    {product.productName}
                  </Link>
                  <span className="block font-mono text-xs text-slate-500">{product.STUPID}</span>
                </>
              ) : (
                <span className="sr-only">{product.productName}</span>
              ),
          },
          { header: 'Mismatch', cell: ({ mismatch }) => mismatch.label },
          { header: 'Details', cell: ({ mismatch }) => mismatch.message },
        ]}
      />
    </div>
  )
}
