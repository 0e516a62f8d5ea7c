import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/** One request the fake received, with its form body parsed into nested objects and arrays. */
export interface StripeRequest {
  method: string
  path: string
  /** The query string, parsed like a form body (GET parameters: `product`, `limit`, `starting_after`…). */
  query: Record<string, any>
  idempotencyKey: string | null
  authorization: string | null
  body: Record<string, any>
}

export interface FakeSession {
  id: string
  object: 'checkout.session'
  url: string
  mode: string
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  status: 'open' | 'complete' | 'expired'
  /** Seconds since the epoch, by the fake's clock when the session was created. */
  created: number
  /** When the payment page closes: `expires_at` as sent, or 24 hours after creation (Stripe's default). */
  expires_at: number
  metadata: Record<string, string>
  client_reference_id: string | null
  customer_email: string | null
  customer_details: { email: string | null } | null
  payment_intent: string | null
  currency: 'aud'
  /** Lines less the coupons plus shipping, when the fake knows every line's amount (null otherwise). */
  amount_total: number | null
  /** The lines before coupons. */
  amount_subtotal: number | null
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number }
  /** The coupons sent (`discounts[0][coupon]`). */
  discounts: { coupon: string }[]
  /** The shipping rates offered: each `shipping_rate_data` sent becomes a rate (`shr_test_…`, kept in `shippingRates`). */
  shipping_options: { shipping_amount: number; shipping_rate: string }[]
  /** The rate charged (Stripe picks the first when there is one to pick from). */
  shipping_cost: { amount_subtotal: number; amount_tax: number; amount_total: number; shipping_rate: string } | null
  success_url: string
  cancel_url: string
  line_items: Record<string, any>[]
  /** The dashboard's payment methods this session leaves out, as sent (`excluded_payment_method_types`). */
  excluded_payment_method_types: string[]
}

/** A coupon (`POST /v1/coupons`): an amount off, redeemed by the sessions that name it. */
export interface FakeCoupon {
  id: string
  object: 'coupon'
  amount_off: number
  currency: 'aud'
  duration: string
  name: string | null
  max_redemptions: number | null
  times_redeemed: number
  metadata: Record<string, string>
  valid: boolean
  livemode: false
}

/** A shipping rate made from a session's `shipping_rate_data`, with the fields Stripe returns. */
export interface FakeShippingRate {
  id: string
  object: 'shipping_rate'
  active: boolean
  display_name: string
  type: 'fixed_amount'
  fixed_amount: { amount: number; currency: string }
  tax_behavior: 'inclusive' | 'exclusive' | 'unspecified'
  metadata: Record<string, string>
  livemode: false
}

/** A refund of a payment intent, with the fields Stripe returns that the shop reads. */
export interface FakeRefund {
  id: string
  object: 'refund'
  amount: number
  currency: 'aud'
  payment_intent: string
  charge: string
  status: 'succeeded' | 'pending' | 'failed' | 'canceled'
  failure_reason: string | null
  metadata: Record<string, string>
  created: number
}

/** Stripe's bounds on `expires_at`: from 30 minutes to 24 hours after the session's creation. */
const SESSION_MIN_SECONDS = 30 * 60
const SESSION_MAX_SECONDS = 24 * 60 * 60

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

/** A product of the fake's catalogue, with the fields Stripe returns that the shop reads. */
export interface FakeProduct {
  id: string
  object: 'product'
  name: string
  active: boolean
  default_price: string | null
  description: string | null
  metadata: Record<string, string>
  created: number
  updated: number
  livemode: false
}

export interface FakePrice {
  id: string
  object: 'price'
  product: string
  active: boolean
  currency: string
  unit_amount: number | null
  unit_amount_decimal: string | null
  type: 'one_time' | 'recurring'
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null
  billing_scheme: 'per_unit' | 'tiered'
  custom_unit_amount: null
  nickname: string | null
  lookup_key: string | null
  metadata: Record<string, string>
  tax_behavior: 'inclusive' | 'exclusive' | 'unspecified'
  created: number
  livemode: false
}

export interface FakePaymentLink {
  id: string
  object: 'payment_link'
  url: string
  active: boolean
  currency: string
  metadata: Record<string, string>
  livemode: false
  /** Price ids and quantities; `GET …/line_items` answers with line items built from the prices as they are then. */
  lines: { price: string; quantity: number }[]
}

export interface NewFakeProduct {
  id?: string
  name: string
  active?: boolean
  default_price?: string | null
}

export interface NewFakePrice {
  id?: string
  product: string
  unit_amount: number | null
  currency?: string
  active?: boolean
  nickname?: string | null
  recurring?: FakePrice['recurring']
  /** Makes this price the product's `default_price`. */
  default?: boolean
}

export interface NewFakePaymentLink {
  id?: string
  active?: boolean
  lines: { price: string; quantity?: number }[]
}

/**
 * A stand-in for api.stripe.com on a free loopback port. Checkout: create a session (idempotently,
 * like Stripe: the same key with other parameters is an `idempotency_error`; `expires_at` must lie
 * 30 minutes to 24 hours ahead; a fixed `payment_method_types` is refused, as the pinned API version does), read it back, and expire it (`POST …/:id/expire`: only an open
 * session; `completeSession` plays the shopper paying). Catalogue (seeded with `addProduct`,
 * `addPrice`, `addPaymentLink`): `GET /v1/products/:id`, `GET /v1/prices` (filtered by `product`, `active`, `currency`),
 * `GET /v1/prices/:id`, `GET /v1/payment_links` and `GET /v1/payment_links/:id/line_items`, lists
 * newest first and paginated as Stripe does (`limit`, `starting_after`, `has_more`).
 * Refunds: `POST /v1/refunds` (idempotent; only a paid session's payment intent, never more than is
 * left of it) and `GET /v1/refunds?payment_intent=`; `dashboardRefund` plays staff refunding in
 * Stripe's dashboard and `chargeRefundedEvent` builds the event that follows.
 * `failNext` makes the next API call fail once; `loseNextAnswer` carries it out and loses the answer.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = []
  const sessions = new Map<string, FakeSession>()
  const byIdempotencyKey = new Map<string, { session: FakeSession; raw: string }>()
  /** Other POSTs' first answers by idempotency key, replayed as Stripe replays them. */
  const replays = new Map<string, { status: number; body: object }>()
  const shippingRates = new Map<string, FakeShippingRate>()
  const failures: { status: number; body: object }[] = []
  const lostAnswers: (number | 'drop')[] = []
  const products = new Map<string, FakeProduct>()
  const prices = new Map<string, FakePrice>()
  const paymentLinks = new Map<string, FakePaymentLink>()
  const refunds = new Map<string, FakeRefund>()
  const coupons = new Map<string, FakeCoupon>()
  // Creation times that always increase, so "newest first" is well defined within one second.
  let clock = Math.floor(Date.now() / 1000)
  const tick = () => ++clock
  let url = ''

  const server = createServer(async (req, res) => {
    const raw = await readBody(req)
    const address = new URL(req.url ?? '/', 'http://fake')
    const path = address.pathname
    const request: StripeRequest = {
      method: req.method ?? 'GET',
      path,
      query: parseForm(address.search.slice(1)),
      idempotencyKey: header(req, 'idempotency-key'),
      authorization: header(req, 'authorization'),
      body: parseForm(raw),
    }
    requests.push(request)

    const failure = failures.shift()
    if (failure) return reply(res, failure.status, failure.body)
    const lost = lostAnswers.shift()
    if (lost !== undefined) {
      // Carried out as usual; only the answer is lost.
      res = lostAnswer(res, lost)
    }

    if (request.method === 'GET') {
      const answer = catalogue(request)
      if (answer) return reply(res, answer.status, answer.body)
    }

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const earlier = request.idempotencyKey ? byIdempotencyKey.get(request.idempotencyKey) : undefined
      if (earlier && earlier.raw !== raw) {
        return reply(
          res,
          400,
          stripeError(
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
          ),
        )
      }
      if (earlier) return reply(res, 200, earlier.session, { 'Idempotent-Replayed': 'true' })
      const created = newSession(request.body)
      if ('error' in created) return reply(res, 400, created.error)
      sessions.set(created.id, created)
      if (request.idempotencyKey) byIdempotencyKey.set(request.idempotencyKey, { session: created, raw })
      return reply(res, 200, created)
    }
    if (path === '/v1/coupons' && request.method === 'POST') {
      const earlier = request.idempotencyKey ? replays.get(request.idempotencyKey) : undefined
      if (earlier) return reply(res, earlier.status, earlier.body, { 'Idempotent-Replayed': 'true' })
      const answer = createCoupon(request.body)
      if (request.idempotencyKey) replays.set(request.idempotencyKey, answer)
      return reply(res, answer.status, answer.body)
    }
    if (path === '/v1/refunds' && request.method === 'GET') {
      const found = [...refunds.values()].filter((refund) => query(request, 'payment_intent', refund.payment_intent))
      return reply(res, 200, listPage(found.reverse(), request.query, path).body)
    }
    if (path === '/v1/refunds' && request.method === 'POST') {
      const earlier = request.idempotencyKey ? replays.get(request.idempotencyKey) : undefined
      if (earlier) return reply(res, earlier.status, earlier.body, { 'Idempotent-Replayed': 'true' })
      const answer = createRefund(request.body)
      if (request.idempotencyKey) replays.set(request.idempotencyKey, answer)
      return reply(res, answer.status, answer.body)
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path)
    if (match) {
      const sessionId = decodeURIComponent(match[1]!)
      const session = sessions.get(sessionId)
      if (request.method === 'GET' && !match[2]) return session ? reply(res, 200, session) : reply(res, 404, missing('checkout.session', sessionId).body)
      if (request.method === 'POST' && match[2]) {
        const earlier = request.idempotencyKey ? replays.get(request.idempotencyKey) : undefined
        if (earlier) return reply(res, earlier.status, earlier.body, { 'Idempotent-Replayed': 'true' })
        const answer = expire(sessionId, session)
        if (request.idempotencyKey) replays.set(request.idempotencyKey, answer)
        return reply(res, answer.status, answer.body)
      }
    }
    return reply(res, 404, stripeError('invalid_request_error', `Unrecognized request URL (${request.method}: ${path})`))
  })

  /** The session a payment intent paid for (the fake's charges are its sessions). */
  const sessionOf = (paymentIntent: string) => [...sessions.values()].find((session) => session.payment_intent === paymentIntent)
  const refundedOf = (paymentIntent: string) =>
    [...refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntent && (refund.status === 'succeeded' || refund.status === 'pending'))
      .reduce((sum, refund) => sum + refund.amount, 0)

  /** A refund as Stripe makes one: only of a paid session's payment, and never more than is left of it. */
  function createCoupon(body: Record<string, any>): { status: number; body: object } {
    const amountOff = Number(body.amount_off)
    if (!Number.isSafeInteger(amountOff) || amountOff <= 0 || body.currency !== 'aud') {
      return { status: 400, body: stripeError('invalid_request_error', 'A coupon needs a positive amount_off in aud.') }
    }
    const coupon: FakeCoupon = {
      id: id('coupon'),
      object: 'coupon',
      amount_off: amountOff,
      currency: 'aud',
      duration: body.duration ?? 'once',
      name: body.name ?? null,
      max_redemptions: body.max_redemptions === undefined ? null : Number(body.max_redemptions),
      times_redeemed: 0,
      metadata: body.metadata ?? {},
      valid: true,
      livemode: false,
    }
    coupons.set(coupon.id, coupon)
    return { status: 200, body: coupon }
  }

  function createRefund(body: Record<string, any>, metadataless = false): { status: number; body: object } {
    const paymentIntent = String(body.payment_intent ?? '')
    const session = sessionOf(paymentIntent)
    if (!session || session.payment_status !== 'paid') return missing('payment_intent', paymentIntent)
    const charged = session.amount_total ?? Number.MAX_SAFE_INTEGER
    const left = charged - refundedOf(paymentIntent)
    if (left <= 0)
      return {
        status: 400,
        body: stripeError('invalid_request_error', `Charge ch_${paymentIntent.slice(3)} has already been refunded.`, 'charge_already_refunded'),
      }
    const amount = body.amount === undefined ? left : Number(body.amount)
    if (!Number.isInteger(amount) || amount < 1)
      return { status: 400, body: stripeError('invalid_request_error', 'Invalid positive integer', 'parameter_invalid_integer', 'amount') }
    if (amount > left) {
      return {
        status: 400,
        body: stripeError(
          'invalid_request_error',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          'amount_too_large',
          'amount',
        ),
      }
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'aud',
      payment_intent: paymentIntent,
      charge: `ch_${paymentIntent.slice(3)}`,
      status: 'succeeded',
      failure_reason: null,
      metadata: metadataless ? {} : (body.metadata ?? {}),
      created: tick(),
    }
    refunds.set(refund.id, refund)
    return ok(refund)
  }

  /** Closes an open session as Stripe does; a session that is complete or already expired cannot be. */
  function expire(sessionId: string, session: FakeSession | undefined): { status: number; body: object } {
    if (!session) return missing('checkout.session', sessionId)
    if (session.status !== 'open') {
      const message = `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`
      return { status: 400, body: stripeError('invalid_request_error', message) }
    }
    session.status = 'expired'
    return ok({ ...session })
  }

  /** A session from its create parameters, or the error Stripe answers for them. */
  function newSession(body: Record<string, any>): FakeSession | { error: object } {
    const created = Math.floor(Date.now() / 1000)
    const expiresAt = body.expires_at === undefined ? created + SESSION_MAX_SECONDS : Number(body.expires_at)
    if (!Number.isInteger(expiresAt))
      return { error: stripeError('invalid_request_error', 'Invalid integer: expires_at', 'parameter_invalid_integer', 'expires_at') }
    if (expiresAt < created + SESSION_MIN_SECONDS) {
      return {
        error: stripeError(
          'invalid_request_error',
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
          undefined,
          'expires_at',
        ),
      }
    }
    if (expiresAt > created + SESSION_MAX_SECONDS) {
      return {
        error: stripeError(
          'invalid_request_error',
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
          undefined,
          'expires_at',
        ),
      }
    }
    // The API version the SDK pins (2026-10-28.endive) takes no fixed list: the dashboard's methods
    // apply, less any `excluded_payment_method_types`.
    if (body.payment_method_types !== undefined) {
      return {
        error: stripeError(
          'invalid_request_error',
          'payment_method_types is no longer supported. Manage payment methods in the Dashboard, or use excluded_payment_method_types.',
          'payment_method_types_no_longer_supported',
          'payment_method_types',
        ),
      }
    }
    const options = ((body.shipping_options ?? []) as Record<string, any>[]).map((option) => {
      const data = option.shipping_rate_data ?? {}
      const rate: FakeShippingRate = {
        id: id('shr'),
        object: 'shipping_rate',
        active: true,
        display_name: data.display_name,
        type: 'fixed_amount',
        fixed_amount: { amount: Number(data.fixed_amount?.amount), currency: data.fixed_amount?.currency },
        tax_behavior: data.tax_behavior ?? 'unspecified',
        metadata: {},
        livemode: false,
      }
      shippingRates.set(rate.id, rate)
      return { shipping_amount: rate.fixed_amount.amount, shipping_rate: rate.id }
    })
    const sessionId = id('cs')
    const lineItems: Record<string, any>[] = body.line_items ?? []
    // The amounts of prices sent as price_data, or of the fake's own prices by id.
    const amounts = lineItems.map((line) => {
      const unit = line.price_data ? Number(line.price_data.unit_amount) : (prices.get(String(line.price))?.unit_amount ?? null)
      return unit === null ? null : unit * Number(line.quantity)
    })
    const shipping = options[0] ?? null
    // Stripe takes a coupon's amount off the line items (never the shipping), and refuses an unknown or used-up one.
    const couponIds: string[] = (body.discounts ?? []).map((discount: { coupon?: string }) => String(discount.coupon))
    const used = couponIds.map((couponId) => coupons.get(couponId))
    if (used.some((coupon) => !coupon || (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions))) {
      return { error: stripeError('invalid_request_error', `No such coupon: '${couponIds.join(', ')}'`) }
    }
    for (const coupon of used) coupon!.times_redeemed++
    const itemsTotal = amounts.every((amount) => amount !== null) ? amounts.reduce((sum, amount) => sum + amount!, 0) : null
    const discountTotal =
      itemsTotal === null
        ? 0
        : Math.min(
            itemsTotal,
            used.reduce((sum, coupon) => sum + coupon!.amount_off, 0),
          )
    return {
      id: sessionId,
      object: 'checkout.session',
      url: `${url}/pay/${sessionId}`,
      mode: body.mode,
      payment_status: 'unpaid',
      status: 'open',
      created,
      expires_at: expiresAt,
      metadata: body.metadata ?? {},
      client_reference_id: body.client_reference_id ?? null,
      customer_email: body.customer_email ?? null,
      customer_details: null,
      payment_intent: null,
      currency: 'aud',
      // Stripe knows the amounts of its own prices; the fake only those sent as price_data.
      amount_subtotal: itemsTotal,
      amount_total: itemsTotal === null ? null : itemsTotal - discountTotal + (shipping?.shipping_amount ?? 0),
      total_details: { amount_discount: discountTotal, amount_shipping: shipping?.shipping_amount ?? 0, amount_tax: 0 },
      discounts: couponIds.map((coupon) => ({ coupon })),
      shipping_options: options,
      shipping_cost: shipping
        ? { amount_subtotal: shipping.shipping_amount, amount_tax: 0, amount_total: shipping.shipping_amount, shipping_rate: shipping.shipping_rate }
        : null,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      line_items: lineItems,
      excluded_payment_method_types: body.excluded_payment_method_types ?? [],
    }
  }

  /** The catalogue's GET endpoints; null for a path that is not one of them. */
  function catalogue(request: StripeRequest): { status: number; body: object } | null {
    const { path, query } = request
    let match: RegExpExecArray | null
    if ((match = /^\/v1\/products\/([^/]+)$/.exec(path))) {
      const product = products.get(decodeURIComponent(match[1]!))
      return product ? ok(product) : missing('product', decodeURIComponent(match[1]!))
    }
    if (path === '/v1/prices') {
      const found = [...prices.values()].filter(
        (price) =>
          (query.product === undefined || price.product === query.product) &&
          (query.active === undefined || String(price.active) === query.active) &&
          (query.currency === undefined || price.currency === query.currency),
      )
      return listPage(
        found.sort((a, b) => b.created - a.created),
        query,
        path,
      )
    }
    if ((match = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
      const price = prices.get(decodeURIComponent(match[1]!))
      return price ? ok(price) : missing('price', decodeURIComponent(match[1]!))
    }
    if (path === '/v1/payment_links') {
      const found = [...paymentLinks.values()].filter((link) => query.active === undefined || String(link.active) === query.active)
      return listPage(found.reverse().map(paymentLinkObject), query, path)
    }
    if ((match = /^\/v1\/payment_links\/([^/]+)(\/line_items)?$/.exec(path))) {
      const link = paymentLinks.get(decodeURIComponent(match[1]!))
      if (!link) return missing('payment_link', decodeURIComponent(match[1]!))
      if (!match[2]) return ok(paymentLinkObject(link))
      return listPage(
        link.lines.map((line, index) => lineItem(link, line, index)),
        query,
        path,
      )
    }
    return null
  }

  function lineItem(link: FakePaymentLink, line: FakePaymentLink['lines'][number], index: number) {
    const price = prices.get(line.price) ?? null
    const product = price ? products.get(price.product) : undefined
    const amount = price && price.unit_amount !== null ? price.unit_amount * line.quantity : 0
    return {
      id: `li_${link.id.replace(/^plink_/, '')}_${index}`,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price?.currency ?? link.currency,
      description: product?.name ?? null,
      price,
      quantity: line.quantity,
    }
  }

  function paymentLinkObject(link: FakePaymentLink) {
    const { lines: _lines, ...object } = link
    return object
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    requests,
    sessions,
    products,
    prices,
    paymentLinks,
    shippingRates,
    refunds,
    /** A refund made in Stripe's dashboard (no shop metadata); `charge.refunded` follows it. */
    dashboardRefund(paymentIntent: string, amount: number): FakeRefund {
      const answer = createRefund({ payment_intent: paymentIntent, amount }, true)
      if (answer.status !== 200) throw new Error(`The fake refused the refund: ${JSON.stringify(answer.body)}`)
      return answer.body as FakeRefund
    },
    /** The `charge.refunded` event Stripe sends after any refund of the payment. */
    chargeRefundedEvent(paymentIntent: string) {
      const session = sessionOf(paymentIntent)
      const refunded = refundedOf(paymentIntent)
      return stripeEvent('charge.refunded', {
        id: `ch_${paymentIntent.slice(3)}`,
        object: 'charge',
        amount: session?.amount_total ?? refunded,
        amount_refunded: refunded,
        refunded: session?.amount_total !== null && refunded >= (session?.amount_total ?? 0),
        currency: 'aud',
        payment_intent: paymentIntent,
        metadata: {},
        status: 'succeeded',
      })
    },
    /**
     * The shopper pays on the session's page: it becomes complete and paid (with a payment intent),
     * and can no longer be expired. Returns the session, for `checkoutSessionEvent`.
     */
    completeSession(sessionId: string, changes: Partial<FakeSession> = {}): FakeSession {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`The fake has no session ${sessionId}`)
      if (session.status !== 'open') throw new Error(`Session ${sessionId} is ${session.status}, not open`)
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') }, changes)
      return session
    },
    /** A product in the fake's catalogue (`prod_test_…` unless `id` is given). */
    addProduct(product: NewFakeProduct): FakeProduct {
      const created = tick()
      const stored: FakeProduct = {
        id: product.id ?? id('prod'),
        object: 'product',
        name: product.name,
        active: product.active ?? true,
        default_price: product.default_price ?? null,
        description: null,
        metadata: {},
        created,
        updated: created,
        livemode: false,
      }
      products.set(stored.id, stored)
      return stored
    },
    /** A price of a product (AUD, one-off and active unless told otherwise). */
    addPrice(price: NewFakePrice): FakePrice {
      const stored: FakePrice = {
        id: price.id ?? id('price'),
        object: 'price',
        product: price.product,
        active: price.active ?? true,
        currency: price.currency ?? 'aud',
        unit_amount: price.unit_amount,
        unit_amount_decimal: price.unit_amount === null ? null : String(price.unit_amount),
        type: price.recurring ? 'recurring' : 'one_time',
        recurring: price.recurring ?? null,
        billing_scheme: 'per_unit',
        custom_unit_amount: null,
        nickname: price.nickname ?? null,
        lookup_key: null,
        metadata: {},
        tax_behavior: 'inclusive',
        created: tick(),
        livemode: false,
      }
      prices.set(stored.id, stored)
      const product = products.get(price.product)
      if (price.default && product) product.default_price = stored.id
      return stored
    },
    /** A payment link selling the given prices. */
    addPaymentLink(link: NewFakePaymentLink): FakePaymentLink {
      const linkId = link.id ?? id('plink')
      const stored: FakePaymentLink = {
        id: linkId,
        object: 'payment_link',
        url: `https://buy.stripe.com/test_${linkId.replace(/^plink_/, '')}`,
        active: link.active ?? true,
        currency: 'aud',
        metadata: {},
        livemode: false,
        lines: link.lines.map((line) => ({ price: line.price, quantity: line.quantity ?? 1 })),
      }
      paymentLinks.set(stored.id, stored)
      return stored
    },
    /** Forgets the catalogue (products, prices, payment links); sessions and requests stay. */
    clearCatalogue() {
      products.clear()
      prices.clear()
      paymentLinks.clear()
    },
    /** The sessions created, in order (replays of an idempotency key are not new sessions). */
    sessionRequests: () => requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions'),
    /** The next API call answers `status` with `body` (a Stripe error object by default), once. */
    failNext(status: number, body: object = defaultError(status)) {
      failures.push({ status, body })
    },
    /**
     * The next API call is carried out, but its answer is lost: replaced by `status` (a 5xx after
     * Stripe did the work) or, with 'drop', the connection is cut. Once per call.
     */
    loseNextAnswer(how: number | 'drop') {
      lostAnswers.push(how)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

/**
 * A `checkout.session.*` event as Stripe would send it for `session`; `changes` are applied to the
 * session first (e.g. `{ payment_status: 'paid', payment_intent: 'pi_…' }`).
 */
export function checkoutSessionEvent(
  type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded' | 'checkout.session.async_payment_failed' | 'checkout.session.expired',
  session: FakeSession,
  changes: Partial<FakeSession> = {},
) {
  return stripeEvent(type, { ...session, ...changes })
}

/** An event as Stripe delivers it to a webhook endpoint. */
function stripeEvent<Type extends string, Data>(type: Type, object: Data) {
  return {
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  }
}

/** The body and `Stripe-Signature` header of a webhook delivery, signed as Stripe signs them. */
export function signedWebhook(payload: object, secret: string): { body: string; signature: string } {
  const body = JSON.stringify(payload, null, 2)
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) }
}

/**
 * Parses the form encoding the SDK sends (`line_items[0][price_data][unit_amount]=…`) into nested
 * objects, with numeric keys as array indexes. Values stay strings, as on the wire.
 */
export function parseForm(raw: string): Record<string, any> {
  const root: Record<string, any> = {}
  for (const [key, value] of new URLSearchParams(raw)) {
    const [head, ...rest] = key.split('[')
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))]
    let node: any = root
    path.forEach((segment, index) => {
      const last = index === path.length - 1
      if (last) {
        node[segment] = value
        return
      }
      node[segment] ??= /^\d+$/.test(path[index + 1]!) ? [] : {}
      node = node[segment]
    })
  }
  return root
}

/** Whether a list filter (a query parameter) is absent or matches. */
function query(request: StripeRequest, name: string, value: string): boolean {
  return request.query[name] === undefined || request.query[name] === value
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name]
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Stands in for `res` while a request is carried out, then answers `how` instead of its result. */
function lostAnswer(res: ServerResponse, how: number | 'drop'): ServerResponse {
  const swallowed = {
    writeHead: () => swallowed,
    end: () => {
      if (how === 'drop') res.socket?.destroy()
      else reply(res, how, defaultError(how))
      return swallowed
    },
  }
  return swallowed as unknown as ServerResponse
}

function reply(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), ...headers })
  res.end(JSON.stringify(body))
}

function stripeError(type: string, message: string, code?: string, param?: string) {
  return { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } }
}

const ok = (body: object) => ({ status: 200, body })

function missing(object: string, objectId: string) {
  return { status: 404, body: stripeError('invalid_request_error', `No such ${object}: '${objectId}'`, 'resource_missing', 'id') }
}

/**
 * One page of a list (given in Stripe's order: newest first), as Stripe pages them: `limit` (1–100,
 * default 10) objects after the one named by `starting_after` (which must be in the list), and `has_more`.
 */
function listPage<T extends { id: string }>(ordered: T[], query: Record<string, any>, path: string) {
  const limit = query.limit === undefined ? 10 : Number(query.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return { status: 400, body: stripeError('invalid_request_error', 'Invalid integer: limit must be between 1 and 100', 'parameter_invalid_integer', 'limit') }
  }
  let start = 0
  if (query.starting_after !== undefined) {
    const index = ordered.findIndex((item) => item.id === query.starting_after)
    if (index === -1) return missing('object', String(query.starting_after))
    start = index + 1
  }
  const data = ordered.slice(start, start + limit)
  return { status: 200, body: { object: 'list', data, has_more: start + limit < ordered.length, url: path } }
}

function defaultError(status: number) {
  if (status === 401) return stripeError('invalid_request_error', 'Invalid API Key provided: sk_test_****fake')
  if (status === 429) return stripeError('rate_limit_error', 'Too many requests')
  if (status >= 500) return stripeError('api_error', 'Something went wrong on our end')
  return stripeError('invalid_request_error', 'Bad request')
}
