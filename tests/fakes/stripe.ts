import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/** One request the fake received, with its form body parsed into nested objects and arrays. */
export interface StripeRequest {
  method: string
  path: string
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
  metadata: Record<string, string>
  client_reference_id: string | null
  customer_email: string | null
  customer_details: { email: string | null } | null
  payment_intent: string | null
  currency: 'aud'
  amount_total: number | null
  success_url: string
  cancel_url: string
  line_items: Record<string, any>[]
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

/**
 * A stand-in for api.stripe.com on a free loopback port, enough for Checkout: create a session
 * (idempotently, like Stripe) and read it back. `failNext` makes the next API call fail once.
 */
export async function startFakeStripe() {
  const requests: StripeRequest[] = []
  const sessions = new Map<string, FakeSession>()
  const byIdempotencyKey = new Map<string, FakeSession>()
  const failures: { status: number; body: object }[] = []
  let url = ''

  const server = createServer(async (req, res) => {
    const raw = await readBody(req)
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const request: StripeRequest = {
      method: req.method ?? 'GET',
      path,
      idempotencyKey: header(req, 'idempotency-key'),
      authorization: header(req, 'authorization'),
      body: parseForm(raw),
    }
    requests.push(request)

    const failure = failures.shift()
    if (failure) return reply(res, failure.status, failure.body)

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const earlier = request.idempotencyKey ? byIdempotencyKey.get(request.idempotencyKey) : undefined
      if (earlier) return reply(res, 200, earlier, { 'Idempotent-Replayed': 'true' })
      const session = newSession(url, request.body)
      sessions.set(session.id, session)
      if (request.idempotencyKey) byIdempotencyKey.set(request.idempotencyKey, session)
      return reply(res, 200, session)
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
    if (request.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!))
      return session ? reply(res, 200, session) : reply(res, 404, stripeError('invalid_request_error', 'No such checkout.session', 'resource_missing'))
    }
    return reply(res, 404, stripeError('invalid_request_error', `Unrecognized request URL (${request.method}: ${path})`))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    requests,
    sessions,
    /** The sessions created, in order (replays of an idempotency key are not new sessions). */
    sessionRequests: () => requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions'),
    /** The next API call answers `status` with `body` (a Stripe error object by default), once. */
    failNext(status: number, body: object = defaultError(status)) {
      failures.push({ status, body })
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

function newSession(baseUrl: string, body: Record<string, any>): FakeSession {
  const sessionId = id('cs')
  const lineItems: Record<string, any>[] = body.line_items ?? []
  const amounts = lineItems.map((line) => (line.price_data ? Number(line.price_data.unit_amount) * Number(line.quantity) : null))
  return {
    id: sessionId,
    object: 'checkout.session',
    url: `${baseUrl}/pay/${sessionId}`,
    mode: body.mode,
    payment_status: 'unpaid',
    status: 'open',
    metadata: body.metadata ?? {},
    client_reference_id: body.client_reference_id ?? null,
    customer_email: body.customer_email ?? null,
    customer_details: null,
    payment_intent: null,
    currency: 'aud',
    // Stripe knows the amounts of its own prices; the fake only those sent as price_data.
    amount_total: amounts.every((amount) => amount !== null) ? amounts.reduce((sum, amount) => sum + amount, 0) : null,
    success_url: body.success_url,
    cancel_url: body.cancel_url,
    line_items: lineItems,
  }
}

/**
 * A `checkout.session.*` event as Stripe would send it for `session`; `changes` are applied to the
 * session first (e.g. `{ payment_status: 'paid', payment_intent: 'pi_…' }`).
 */
export function checkoutSessionEvent(
  type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'checkout.session.expired',
  session: FakeSession,
  changes: Partial<FakeSession> = {},
) {
  return {
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...session, ...changes } },
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

function reply(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), ...headers })
  res.end(JSON.stringify(body))
}

function stripeError(type: string, message: string, code?: string) {
  return { error: { type, message, ...(code ? { code } : {}) } }
}

function defaultError(status: number) {
  if (status === 401) return stripeError('invalid_request_error', 'Invalid API Key provided: sk_test_****fake')
  if (status === 429) return stripeError('rate_limit_error', 'Too many requests')
  if (status >= 500) return stripeError('api_error', 'Something went wrong on our end')
  return stripeError('invalid_request_error', 'Bad request')
}
