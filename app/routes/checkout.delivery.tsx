import { data, Link, redirect } from 'react-router'
import { DeliveryForm } from '../components/checkout/delivery-form'
import { OrderLineList } from '../components/shop/order-lines'
import { deliveryDetailsSchema } from '../lib/schemas/delivery'
import { fieldErrors } from '../lib/schemas/errors'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { listAddresses, saveAddress } from '../server/accounts/addresses.server'
import { getSessionUser } from '../server/auth/session.server'
import { abandonPayments, quoteMethods, startCheckout } from '../server/checkout/checkout.server'
import { initialValues, methodChoices, valuesFromForm, type DeliveryValues } from '../server/checkout/delivery-step.server'
import {
  checkoutIdFrom,
  claimCheckout,
  getCheckout,
  isPaymentReturnKey,
  keepDetails,
  keepDiscountCode,
  releaseCheckout,
} from '../server/checkout/drafts.server'
import { priceCart, type CartProblem } from '../server/checkout/orders.server'
import { discountedLines, itemDiscounts, methodPromotion, priceWithPromotions, promotionContext } from '../server/promotions/pricing.server'
import { MAX_CODE_LENGTH, normaliseCode } from '../lib/discount-code'
import { gstIncluded } from '../lib/money'
import { holdDays } from '../server/orders/bank-transfer.server'
import { getTradeAccount, owingOnAccount } from '../server/trade/trade-accounts.server'
import type { Database } from '../server/db/client.server'
import { formatAbn } from '../lib/abn'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import { databaseAwayAnswer, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../server/db/unavailable.server'
import { readForm } from '../server/http/form.server'
import { retryAfterHeaders } from '../server/http/retry-after.server'
import { logger } from '../server/log.server'
import { hitLimit } from '../server/rate-limit.server'
import type { Route } from './+types/checkout.delivery'
import { PRIVATE_PAGE } from '../server/http/private-page.server'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Delivery', 'Who receives your order, where, and how it travels.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args))
  // One address for every shopper, filled from their own checkout: never kept by a shared cache.
  headers.set('Cache-Control', PRIVATE_PAGE['Cache-Control'])
  const retryAfter = args.loaderHeaders.get('Retry-After')
  if (retryAfter && !headers.has('Retry-After')) headers.set('Retry-After', retryAfter)
  return headers
}

const NOTICES = {
  declined: 'Your card was declined and nothing was charged. Your details are as you left them: check them, then try again.',
  cancelled: 'You left the payment page, so nothing was charged. Your details are as you left them.',
  expired: 'The payment page closed after 30 minutes and nothing was charged. Your details are as you left them: try again when you are ready.',
} as const

/** The shopper's checkout (from its cookie), the methods a shopper may choose, and who is signed in. */
async function findCheckout(args: Route.LoaderArgs | Route.ActionArgs) {
  const { db, catalog } = shop(args.context)
  const [checkout, methods, user] = await Promise.all([
    getCheckout(db, checkoutIdFrom(args.request.headers.get('cookie'))),
    catalog.shippingMethods(),
    getSessionUser(args.context, args.request),
  ])
  // A checkout begun by a signed-in customer is theirs alone (a shared computer, after they signed out).
  if (!checkout || (checkout.userId !== null && checkout.userId !== user?.id)) throw redirect('/checkout')
  return { checkout, methods, user }
}

/**
 * The same, with the cart priced, its discounts (docs/domain.md, Promotions: the items' first, whose
 * discounted total every method is quoted on), and each method with what choosing it adds: its free
 * shipping, and what the code says then. `email`: the buyer's, once typed (a code's uses per customer).
 */
async function openCheckout(args: Route.LoaderArgs, email: (found: Awaited<ReturnType<typeof findCheckout>>) => string | null) {
  const found = await findCheckout(args)
  const { db } = shop(args.context)
  const priced = await priceCart(db, found.checkout.items, { checkoutId: found.checkout.id, buyerId: found.user?.id })
  const buyer = email(found)
  const promotions = await promotionContext(db, found.checkout.discountCode, buyer)
  const options = { email: buyer, methodNames: Object.fromEntries(found.methods.map((method) => [method.id, method.name])) }
  const items = priceWithPromotions(promotions, priced.lines, null, options)
  const quoted = quoteMethods(found.methods, discountedLines(priced.lines, items, gstIncluded))
  const choices = methodChoices(quoted).map((choice, index) => ({
    ...choice,
    promotion:
      choice.priceCents === null
        ? methodPromotion(items)
        : methodPromotion(
            priceWithPromotions(promotions, priced.lines, { methodId: choice.id, cents: quoted[index]!.quote.available ? choice.priceCents : 0 }, options),
          ),
  }))
  return { ...found, priced, choices, discounts: itemDiscounts(items), code: found.checkout.discountCode }
}

export async function loader(args: Route.LoaderArgs) {
  const { db, config, mailer } = shop(args.context)
  const demo = config.PAYMENT_PROVIDER === 'demo'
  try {
    const { checkout, priced, user, choices, discounts, code } = await openCheckout(args, ({ checkout, user }) =>
      typeof checkout.details?.email === 'string' && checkout.details.email ? checkout.details.email : (user?.email ?? null),
    )
    const params = new URL(args.request.url).searchParams
    const payment = params.get('payment')
    // Back from a payment page without paying: it is closed and its stock goes back at once. Only the
    // way back the page was given does so (it carries this checkout's key): a link from anywhere
    // else, which the shopper's browser would send with their cookie, shows the step as it is. (A
    // declined payment has already given its stock back.)
    const cancelled = payment === 'cancelled' && isPaymentReturnKey(checkout.id, params.get('return'))
    if (cancelled) await abandonPayments({ db, config, mailer }, checkout.id)
    const addresses = user && !checkout.details ? await listAddresses(db, user.id) : []
    // A trade account is a customer's: staff shopping for themselves get neither its business nor its terms.
    const customerId = user?.role === 'customer' ? user.id : undefined
    const [values, account] = await Promise.all([
      tradeValues(db, customerId, initialValues({ kept: checkout.details, user, address: addresses[0] ?? null, choices })),
      customerId ? onAccountOffer(db, customerId) : null,
    ])
    return {
      lines: priced.lines.map((line) => ({ name: line.productName, quantity: line.quantity, lineTotalCents: line.lineTotalCents })),
      linesCents: priced.lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
      problems: priced.problems.map((problem) => problem.message),
      choices,
      discounts,
      code,
      values,
      signedIn: user !== null,
      demo,
      bankTransfer: config.bankAccount ? { holdDays: await holdDays(db) } : null,
      account,
      notice: cancelled ? NOTICES.cancelled : payment === 'declined' || payment === 'expired' ? NOTICES[payment] : null,
    }
  } catch (error) {
    // (The way back to the cart, for a visitor without a checkout, is thrown too, and passes through.)
    if (!isDatabaseUnavailable(error)) throw error
    logger.warn({ err: error }, 'could not show the delivery step: the database is away')
    // The page still comes, with what the shopper posted (if they did) and a way to send it again.
    return data(
      {
        lines: [],
        linesCents: 0,
        problems: ['We could not load your checkout just now. Please try again in a few seconds: nothing you typed is lost.'],
        choices: [],
        discounts: [],
        code: null,
        values: initialValues({ kept: null, user: null, address: null, choices: [] }),
        signedIn: false,
        demo,
        bankTransfer: null,
        account: null,
        notice: null,
      },
      { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } },
    )
  }
}

/** A trade customer's step starts with their business as staff approved it, unless a company was typed or saved. */
async function tradeValues(db: Database, userId: string | undefined, values: DeliveryValues): Promise<DeliveryValues> {
  if (!userId || values.company || values.abn) return values
  const trade = await getTradeAccount(db, userId)
  return trade ? { ...values, company: trade.company, abn: formatAbn(trade.abn) } : values
}

/** "On account" for a trade customer with payment terms: their days, and the credit left within their limit. */
async function onAccountOffer(db: Database, userId: string) {
  const trade = await getTradeAccount(db, userId)
  if (!trade?.terms) return null
  const { owingCents } = await owingOnAccount(db, userId)
  return { days: trade.terms.paymentDays, availableCents: Math.max(0, trade.terms.creditLimitCents - owingCents) }
}

/** Payment sessions one address may open per window (CHECKOUT_RATE_LIMIT per 10 minutes). */
const CHECKOUT_WINDOW = 10 * 60

/** What the shopper is told when the cart changed under them (sold out, repriced, gone): before paying. */
function cartChanged(problems: CartProblem[]): string {
  return `${problems.map((problem) => problem.message).join(' ')} Nothing was charged: please change your cart, then come back here.`
}

type ActionAnswer = { errors: Record<string, string>; values: DeliveryValues; formError: string | null; codeNote?: string | null }

export async function action(args: Route.ActionArgs) {
  const { db, config, mailer, clientIp } = shop(args.context)
  const form = await readForm(args.request)
  const values = valuesFromForm(form)
  const refuse = (status: number, answer: Partial<ActionAnswer>, init: ResponseInit = {}) =>
    data({ errors: {}, formError: null, values, ...answer } satisfies ActionAnswer, { status, ...init })
  try {
    // (startCheckout prices the cart itself, and says what changed.)
    const { checkout, methods, user } = await findCheckout(args)
    await keepDetails(db, checkout, values)
    // The discount code: applied or removed by its own buttons; a code typed and not applied yet is
    // applied first whatever button was pressed (Enter in its field, say), so nobody pays without
    // the code they just typed. The page then shows the new total, and what the code does.
    const intent = String(form.get('intent') ?? '')
    const typedCode = normaliseCode(String(form.get('discountCode') ?? '')).slice(0, MAX_CODE_LENGTH)
    if (intent === 'remove-code') {
      await keepDiscountCode(db, checkout.id, null)
      return refuse(200, { codeNote: 'The code was removed.' })
    }
    if (intent === 'apply-code' || (typedCode !== '' && typedCode !== (checkout.discountCode ?? ''))) {
      if (typedCode === '') return refuse(400, { errors: { discountCode: 'Enter a discount code.' } })
      await keepDiscountCode(db, checkout.id, typedCode)
      return refuse(200, { codeNote: intent === 'apply-code' ? null : 'Your code was applied first: check the new total, then press the button again.' })
    }
    const method = methods.find((candidate) => candidate.id === values.shippingMethod)
    if (!method) return refuse(400, { errors: { shippingMethod: 'Choose how your order reaches you.' } })
    const parsed = deliveryDetailsSchema.safeParse({ ...values, collect: method.kind === 'collect' })
    if (!parsed.success) return refuse(400, { errors: fieldErrors(parsed.error), formError: 'Please check the highlighted fields.' })

    const limit = await hitLimit(db, `checkout:${clientIp}`, config.CHECKOUT_RATE_LIMIT, CHECKOUT_WINDOW)
    if (!limit.allowed) {
      const formError = 'You have started many payments in a short time. Please wait a few minutes and try again.'
      return refuse(429, { formError }, { headers: { 'Retry-After': String(limit.retryAfter) } })
    }
    if (!(await claimCheckout(db, checkout.id))) {
      return refuse(409, { formError: 'Your payment page is already being opened. Please wait a moment: nothing is charged twice.' })
    }
    let result: Awaited<ReturnType<typeof startCheckout>>
    try {
      result = await startCheckout(
        { db, config, mailer },
        {
          checkoutId: checkout.id,
          items: checkout.items,
          code: checkout.discountCode,
          details: parsed.data,
          method,
          methodNames: Object.fromEntries(methods.map((candidate) => [candidate.id, candidate.name])),
          user,
          origin: publicOrigin(config, args.request),
        },
      )
    } finally {
      // (A paid order's checkout is gone by now, and releasing it changes nothing; if the database is away,
      // the claim lapses on its own.)
      await releaseCheckout(db, checkout.id).catch(() => {})
    }
    if (result.kind === 'redirect') {
      // Kept only once the payment goes ahead: a refused step stores nothing new.
      if (user && values.saveAddress && method.kind !== 'collect') {
        const { fullName, phone, company, abn, addressLine1, addressLine2, suburb, state, postcode } = parsed.data
        await saveAddress(db, user.id, { fullName, phone, company, abn, addressLine1, addressLine2, suburb, state, postcode }, user.email)
      }
      throw redirect(result.url)
    }
    if (result.kind === 'problems') return refuse(409, { formError: cartChanged(result.problems) })
    if (result.kind === 'refused') return refuse(409, { formError: result.message })
    return refuse(502, { formError: result.message })
  } catch (error) {
    // (The redirects, to the payment page or back to the cart, are thrown too, and pass through.)
    if (!isDatabaseUnavailable(error)) throw error
    logger.error({ err: error }, 'could not start a payment: the database is away')
    const formError = 'We could not start your payment just now. Your details are as you typed them: please try again in a few seconds.'
    return databaseAwayAnswer({ errors: {}, values, formError } satisfies ActionAnswer)
  }
}

export default function Delivery({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, linesCents, problems, choices, signedIn, demo, notice, bankTransfer, account, discounts, code } = loaderData
  const values = actionData?.values ?? loaderData.values
  const codeNote = actionData && 'codeNote' in actionData ? (actionData.codeNote ?? null) : null
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <nav aria-label="Checkout steps" className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/checkout" className="underline hover:text-brand-700">
              Cart
            </Link>{' '}
            ›
          </li>
          <li aria-current="step" className="font-semibold text-ink">
            Delivery ›
          </li>
          <li>Payment</li>
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Delivery</h1>
      {[notice, actionData?.formError, ...problems].filter(Boolean).map((message) => (
        <p key={message} role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {message}
        </p>
      ))}
      <DeliveryForm
        key={JSON.stringify(values)}
        values={values}
        errors={actionData?.errors ?? {}}
        choices={choices}
        linesCents={linesCents}
        discounts={discounts}
        code={code ? { text: code, note: codeNote } : null}
        codeError={(actionData?.errors as Record<string, string> | undefined)?.discountCode ?? null}
        codeNote={code ? null : codeNote}
        signedIn={signedIn}
        demo={demo}
        bankTransfer={bankTransfer}
        account={account}
        summary={<OrderLineList lines={lines} />}
      />
    </div>
  )
}
