import { useEffect, useMemo, useRef, useState } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { useCart } from '../components/shop/cart-context'
import { useCartQuote } from '../components/shop/cart-quote'
import { orderTotals, QUANTITY_OPTIONS } from '../lib/cart'
import { discountLines, summariseOrder } from '../lib/order-summary'
import { MAX_CODE_LENGTH } from '../lib/discount-code'
import type { CodeOutcome } from '../lib/promotions'
import { TextField } from '../components/ui/text-field'
import { QUOTE_SUGGESTED_FROM_CENTS } from '../lib/quote-suggestion'
import { productPath } from '../lib/catalog'
import { formatAud } from '../lib/money'
import { PAY_LATER_MESSAGE } from '../lib/pay-later'
import { parseCheckoutItems } from '../lib/schemas/checkout'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { getSessionUser } from '../server/auth/session.server'
import { checkoutCookie, checkoutIdFrom, keepCart } from '../server/checkout/drafts.server'
import { priceCart, type CartProblem } from '../server/checkout/orders.server'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import { databaseAwayAnswer, isDatabaseUnavailable } from '../server/db/unavailable.server'
import { logger } from '../server/log.server'
import type { Route } from './+types/checkout'
import { readForm } from '../server/http/form.server'
import { retryAfterHeaders } from '../server/http/retry-after.server'
import { Button, LinkButton } from '../components/ui/button'
import { SelectField } from '../components/ui/select-field'
import { Alert } from '../components/ui/alert'
import { Picture } from '../components/shop/picture'
import { OrderSummaryLines } from '../components/shop/order-summary'
import { DeliveryTimes } from '../components/shop/delivery-times'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Cart', 'Your cart and order summary, with GST.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export function loader({ context }: Route.LoaderArgs) {
  return { demo: shop(context).config.PAYMENT_PROVIDER === 'demo' }
}

export const headers = retryAfterHeaders

/**
 * "Continue to delivery": the cart (from the browser's storage) is priced and kept in the shopper's
 * checkout on the server, then the delivery step takes over as plain server-rendered forms.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const parsed = parseCheckoutItems(form.get('items'))
  if (!parsed.ok) return data({ error: parsed.message, problems: [] as CartProblem[] }, { status: 400 })
  const { db } = shop(context)
  try {
    const checkoutId = checkoutIdFrom(request.headers.get('cookie'))
    const user = await getSessionUser(context, request)
    const priced = await priceCart(db, parsed.items, { checkoutId: checkoutId ?? undefined, buyerId: user?.id })
    if (priced.problems.length > 0) {
      return data({ error: 'Something in your cart has changed. Please check it before you go on.', problems: priced.problems }, { status: 409 })
    }
    // The discount code shown on the cart goes with it (none: forgotten); the next steps price it again.
    const code = String(form.get('code') ?? '').slice(0, MAX_CODE_LENGTH)
    const id = await keepCart(db, { id: checkoutId, items: parsed.items, userId: user?.id ?? null, code })
    // "Request a quote" keeps the cart the same way, for the quote form to read.
    throw redirect(form.get('intent') === 'quote' ? '/checkout/quote' : '/checkout/delivery', {
      status: 303,
      headers: { 'Set-Cookie': checkoutCookie(id, publicOrigin(shop(context).config, request).startsWith('https:')) },
    })
  } catch (error) {
    // (The redirect to the delivery step is thrown too, and passes through.)
    if (!isDatabaseUnavailable(error)) throw error
    logger.error({ err: error }, 'could not keep a cart for checkout: the database is away')
    const message = 'We could not go on to delivery just now. Your cart is as you left it: please try again in a few seconds.'
    return databaseAwayAnswer({ error: message, problems: [] as CartProblem[] })
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, ready, setQuantity, remove, updatePrice } = useCart()
  const navigation = useNavigation()
  const paying = navigation.state !== 'idle' && navigation.formAction === '/checkout'
  const items = useMemo(
    () => cart.checkoutItems.map((item) => ({ FBUID: item.FBUID, productCount: item.productCount, shownUnitPrice: item.unitPrice })),
    [cart],
  )
  const itemsJson = JSON.stringify(items)
  // The code typed here ('' once removed); null until then: the one kept in the shopper's checkout, if any.
  const [code, setCode] = useState<string | null>(null)
  const quote = useCartQuote(itemsJson, ready, code)
  const quoted = quote.priced
  // After "Try again" succeeds its message (and the button) goes: focus moves on to Pay.
  const payButton = useRef<HTMLButtonElement>(null)
  const retried = useRef(false)
  useEffect(() => {
    if (!retried.current || quote.checking) return
    retried.current = false
    if (quoted) payButton.current?.focus()
  }, [quote.checking, quoted])
  const problems = [...(quoted?.problems ?? []), ...(actionData?.problems ?? [])]
  const problemFor = (productId: string) => problems.find((problem) => problem.productId === productId)
  const totals = quoted?.totals ?? orderTotals(cart.checkoutItems.map((item) => ({ unitPrice: item.unitPrice, quantity: item.productCount })))
  const shippingCents = quoted?.shipping?.cents ?? 0
  // Shipping is the cheapest method this cart can use, until the delivery step prices the one chosen.
  const summary = summariseOrder({
    itemsCents: totals.total,
    shipping: { cents: shippingCents, shown: ready && quoted ? (quoted.shipping?.label ?? 'Not available') : '', testId: 'shipping-estimate' },
    extras: discountLines(quoted?.discounts ?? []),
  })
  const deliverable = quoted?.delivery.filter((choice) => choice.unavailable === null) ?? []
  const canPay = ready && items.length > 0 && quoted !== null && quoted.problems.length === 0 && !paying

  if (ready && items.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Your cart is empty</h1>
        <p className="mt-4 text-slate-600">Find autopilots, cameras, radio links and more in our product ranges.</p>
        <LinkButton to="/products" size="lg" className="mt-8">
          Browse products
        </LinkButton>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Your cart</h1>
      {actionData?.error ? (
        <Alert tone="error" className="mt-6">
          {actionData.error}
        </Alert>
      ) : null}

      {/* The cart is read from local storage after hydration: reserve room so its lines push nothing.
          On narrow screens the summary comes first (as in most shops' mobile carts), so the lines
          appearing below it move nothing on screen. */}
      <div className="mt-8 grid min-h-[36rem] content-start gap-10 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="cart-heading">
          <h2 id="cart-heading" className="sr-only">
            Items in your cart
          </h2>
          {!ready ? (
            <p className="border-y border-slate-200 py-5 text-slate-600">Loading your cart…</p>
          ) : (
            <ul className="divide-y divide-slate-200 border-y border-slate-200">
              {cart.checkoutItems.map((item) => {
                const problem = problemFor(item.FBUID)
                const line = quoted?.lines.find((candidate) => candidate.productId === item.FBUID)
                return (
                  <li key={item.FBUID} className="flex gap-4 py-5" data-testid="cart-line">
                    {item.image ? (
                      <Picture
                        src={item.image}
                        alt=""
                        width={96}
                        height={96}
                        sizes="96px"
                        className="h-24 w-24 shrink-0 rounded-lg bg-slate-50 object-contain"
                      />
                    ) : null}
                    <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-4">
                      <div>
                        <Link to={productPath(item.FBUID)} className="font-semibold hover:text-brand-700">
                          {item.productName}
                        </Link>
                        <p className="mt-1 text-sm text-slate-600">
                          {formatAud(line?.unitPriceCents ?? item.unitPrice)} each
                          {line?.normalUnitPriceCents !== undefined ? `: your trade price (normally ${formatAud(line.normalUnitPriceCents)})` : ''}
                        </p>
                        {problem ? <CartProblemNote problem={problem} onAccept={updatePrice} onRemove={remove} /> : null}
                      </div>
                      <div className="flex flex-wrap items-center gap-3">
                        <SelectField
                          label={`Quantity of ${item.productName}`}
                          labelLook="hidden"
                          controlWidth="w-auto"
                          value={item.productCount}
                          onChange={(event) => setQuantity(item.FBUID, Number(event.target.value))}
                        >
                          {QUANTITY_OPTIONS.map((value) => (
                            <option key={value} value={value}>
                              {value}
                            </option>
                          ))}
                        </SelectField>
                        <Button variant="ghost" onClick={() => remove(item.FBUID)}>
                          Remove<span className="sr-only"> {item.productName}</span>
                        </Button>
                        <p className="font-semibold sm:w-28 sm:text-right">{formatAud((line?.unitPriceCents ?? item.unitPrice) * item.productCount)}</p>
                      </div>
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
        </section>

        <section aria-labelledby="summary-heading" className="order-first h-fit rounded-2xl bg-slate-50 p-6 lg:order-none">
          <h2 id="summary-heading" className="text-lg font-semibold">
            Order summary
          </h2>
          <OrderSummaryLines figures={summary} known={ready && (quoted !== null || quote.error !== null)} estimate={shippingCents > 0} className="mt-4" />
          <p className="mt-2 text-xs text-slate-500">
            Shipping here is the cheapest method your cart can use; you choose the method on the next step, where its price is exact.
          </p>
          {quote.error ? (
            <div role="alert" className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <p>{quote.error}</p>
              {quote.retryable ? (
                <Button
                  variant="inline"
                  aria-disabled={quote.checking}
                  onClick={() => {
                    if (quote.checking) return
                    retried.current = true
                    quote.retry()
                  }}
                  className="mt-1 aria-disabled:cursor-progress aria-disabled:no-underline"
                >
                  {quote.checking ? 'Checking…' : 'Try again'}
                </Button>
              ) : null}
            </div>
          ) : null}
          <CartCode outcome={quoted?.code ?? null} checking={quote.checking} onApply={setCode} />
          <Form method="post" className="mt-6">
            <input type="hidden" name="items" value={itemsJson} />
            <input type="hidden" name="code" value={quoted?.code?.code ?? ''} />
            <Button ref={payButton} type="submit" name="intent" value="delivery" disabled={!canPay} size="lg" className="w-full">
              {paying ? 'One moment…' : 'Continue to delivery'}
            </Button>
            {/* Businesses buying large items ask for a quote: said plainly from $1,000, offered on any cart. */}
            {summary.totalCents >= QUOTE_SUGGESTED_FROM_CENTS ? (
              <p className="mt-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-ink" data-testid="quote-suggestion">
                Buying for a business? Ask for a quote: freight priced to your postcode, payment by bank transfer, your purchase order on the invoice.
              </p>
            ) : null}
            <Button
              type="submit"
              name="intent"
              value="quote"
              variant={summary.totalCents >= QUOTE_SUGGESTED_FROM_CENTS ? 'secondary' : 'link'}
              disabled={!canPay}
              className={summary.totalCents >= QUOTE_SUGGESTED_FROM_CENTS ? 'mt-3 w-full' : 'mt-3'}
            >
              Request a quote
            </Button>
          </Form>
          {loaderData.demo ? (
            <p className="mt-3 text-xs text-slate-500">Demo shop: payment uses a demo card page and no money is taken.</p>
          ) : (
            <p className="mt-3 text-xs text-slate-500">You will pay on Stripe’s secure page.</p>
          )}
          {/* Under the button, so that it appearing with the server's answer moves nothing the shopper may be about to press. */}
          {quoted?.payLater ? (
            <p className="mt-2 text-sm font-medium text-slate-700" data-testid="pay-later">
              {PAY_LATER_MESSAGE}
            </p>
          ) : null}
          {deliverable.length > 0 ? (
            <div className="mt-6 border-t border-slate-200 pt-4">
              <h3 className="text-sm font-semibold">Delivery methods</h3>
              <DeliveryTimes choices={deliverable} className="mt-1" />
            </div>
          ) : null}
        </section>
      </div>
    </div>
  )
}

/**
 * The cart's discount code: a field and Apply, or the code with what it does and Remove. The server
 * prices it with the cart (it needs scripts, as the cart does; the delivery step takes a code without).
 */
function CartCode({ outcome, checking, onApply }: { outcome: CodeOutcome | null; checking: boolean; onApply: (code: string) => void }) {
  const [typed, setTyped] = useState('')
  if (outcome) {
    return (
      <div className="mt-4 border-t border-slate-200 pt-4 text-sm" data-testid="discount-code">
        <p>
          Discount code <strong className="font-mono">{outcome.code}</strong>
        </p>
        <p role={outcome.applied ? 'status' : 'alert'} className={`mt-1 ${outcome.applied ? 'text-emerald-800' : 'text-red-800'}`} data-testid="code-message">
          {outcome.message}
        </p>
        <Button variant="inline" className="mt-1" onClick={() => onApply('')}>
          Remove the code<span className="sr-only"> {outcome.code}</span>
        </Button>
      </div>
    )
  }
  return (
    <form
      className="mt-4 flex items-end gap-2 border-t border-slate-200 pt-4"
      data-testid="discount-code"
      onSubmit={(event) => {
        event.preventDefault()
        if (typed.trim()) onApply(typed.trim())
      }}
    >
      <TextField
        name="discountCode"
        label="Discount code"
        optional
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={MAX_CODE_LENGTH}
        className="flex-1"
      />
      <Button type="submit" variant="secondary" disabled={checking && typed.trim() !== ''}>
        Apply
      </Button>
    </form>
  )
}

function CartProblemNote({
  problem,
  onAccept,
  onRemove,
}: {
  problem: CartProblem
  onAccept: (productId: string, unitPrice: number) => void
  onRemove: (productId: string) => void
}) {
  return (
    <div role="alert" className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>
        {problem.message}
        {problem.kind === 'repriced' ? ` It is now ${formatAud(problem.unitPriceCents)}.` : ''}
      </p>
      {problem.kind === 'repriced' ? (
        <Button variant="inline" onClick={() => onAccept(problem.productId, problem.unitPriceCents)} className="mt-1">
          Accept the new price
        </Button>
      ) : (
        <Button variant="inline" onClick={() => onRemove(problem.productId)} className="mt-1">
          Remove it
        </Button>
      )}
    </div>
  )
}
