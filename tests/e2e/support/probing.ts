/**
 * What the bad-input suites share: the route table as a list of addresses, a raw HTTP client, the
 * checks for leaked internals, the form fields of every action and a checksum of the stored rows.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type APIRequestContext } from '@playwright/test'
import { sql } from 'drizzle-orm'
import routes from '../../../app/routes'
import { openDatabase, type Database } from '../../../app/server/db/client.server'
import { softwareEntries } from '../../../app/lib/software'
import { startShopProcess, type ShopProcess } from './process'
import { addDemoData, addStaff, logInAsStaffOverHttp, DELIVERY_FORM, signUpOverHttp } from './shop'

export interface RouteEntry {
  file: string
  path?: string
  index?: boolean
  children?: RouteEntry[]
}

export function flatten(entries: RouteEntry[], parentPath = ''): { file: string; path: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parentPath}/${entry.path}`.replace(/\/+/g, '/') : parentPath || '/'
    if (entry.children) return flatten(entry.children, entry.path ? full : parentPath)
    return [{ file: entry.file, path: full }]
  })
}

export const table = flatten(routes as RouteEntry[])
export const isStaffRoute = (file: string) => file.startsWith('routes/staff/')
export const paramsOf = (pattern: string) => [...pattern.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!)

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
export const MEGABYTE = 1024 * 1024

export function multipart(boundary: string, parts: { name: string; filename?: string; type?: string; content: Buffer | string }[], close = true) {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`))
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content))
    chunks.push(Buffer.from('\r\n'))
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return Buffer.concat(chunks)
}

/** A request as it goes on the wire. */
export interface RawRequest {
  method: string
  /** Exactly as sent on the request line (already percent-encoded where it should be). */
  path: string
  headers?: Record<string, string>
  body?: Buffer
}

export interface Outcome {
  status: number
  contentType: string
  /** The Location header of a redirect, as sent. */
  location: string | null
  text: string
}

/**
 * Node's own client for requests whose exact bytes matter (paths a URL parser would rewrite).
 * `headersFirstMs`: send the head, and the body only if no answer has come within that time (for a
 * server that answers without reading the body and closes the connection: a body still being sent
 * then meets a reset that can take the answer with it).
 */
export function sendRaw(port: number, probe: RawRequest, cookie: string | null, headersFirstMs = 0): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { host: `localhost:${port}`, connection: 'close', ...probe.headers }
    if (cookie) headers.cookie = cookie
    if (probe.body) headers['content-length'] = probe.body.length
    // A server may answer a request it will not read (a 404 or 413 before a 2 MB body) and close the
    // connection while the body is still being sent: once the answer has begun, it is the outcome,
    // and the write error that follows (EPIPE, a reset) says nothing more.
    let answered = false
    const req = httpRequest({ host: '127.0.0.1', port, method: probe.method, path: probe.path, headers, timeout: 30_000 }, (res) => {
      answered = true
      const chunks: Buffer[] = []
      const outcome = () => ({
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type'] ?? ''),
        location: res.headers.location ?? null,
        text: Buffer.concat(chunks).toString('utf8'),
      })
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(outcome()))
      res.on('close', () => resolve(outcome()))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')))
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    if (!headersFirstMs || !probe.body) return void req.end(probe.body)
    req.flushHeaders()
    setTimeout(() => {
      if (answered) req.destroy()
      else req.end(probe.body)
    }, headersFirstMs)
  })
}

/** What gives the program's insides away: stack frames, source paths, raw error and query texts. */
export const LEAKS: [string, RegExp][] = [
  ['stack frame', /^\s*at [^\n]*(\(|\b)[^\s()]+:\d+:\d+\)?$/m],
  ['stack frame (escaped)', /\\n\s+at [^"\\]+:\d+:\d+/],
  ['source path', /\/work\/|node_modules|node:internal|file:\/\/\//],
  ['internal error name', /\b(TypeError|RangeError|SyntaxError|URIError|ReferenceError|DrizzleQueryError|PostgresError|AggregateError)\b/],
  [
    'error with internal details',
    /Error: (Failed query|Cannot read propert|Unexpected token|Content-Type was not one of|Failed to (parse|decode)|invalid byte sequence)/,
  ],
  ['database text', /\b(Failed query|invalid byte sequence for encoding|duplicate key value|relation "[^"]+" does not exist|syntax error at or near)\b/],
  ['serialised stack', /"stack"\s*:/],
]

export function leakIn(text: string): string | null {
  for (const [name, pattern] of LEAKS) {
    const match = pattern.exec(text)
    if (match) return `${name}: ${match[0].trim().slice(0, 120)}`
  }
  return null
}

/** The first thing a person would read: a text body's first line, an HTML page's title and heading. */
export function firstLine(outcome: Outcome): string {
  if (/html/.test(outcome.contentType)) {
    const title = /<title>([^<]*)<\/title>/.exec(outcome.text)?.[1] ?? ''
    const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(outcome.text)?.[1]?.replace(/<[^>]+>/g, '') ?? ''
    return `[html] ${title}${heading ? ` / ${heading}` : ''}`.slice(0, 160)
  }
  return (outcome.text.split('\n', 1)[0] ?? '').slice(0, 160)
}

/**
 * The tables whose rows bad input must leave alone, each with what of it is compared (a table, or a
 * query over it). Left out: `request_limits` (every refused request may count against a limit) and,
 * of `checkouts`, `details` and `updated_at`: the delivery step keeps what the shopper typed even
 * when it refuses it (on purpose, so nothing typed is lost on a refusal or a return from a payment
 * page). A new checkout, or another cart in one, still shows.
 */
export const CHECKED_TABLES: Record<string, string> = {
  products: 'products',
  contacts: 'contacts',
  templates: 'templates',
  orders: 'orders',
  order_lines: 'order_lines',
  payment_events: 'payment_events',
  product_redirects: 'product_redirects',
  profiles: 'profiles',
  history: 'history',
  outbox: 'outbox',
  user: '"user"',
  shipping_methods: 'shipping_methods',
  addresses: 'addresses',
  'checkouts (but details, updated_at)': '(select id, items, user_id, created_at from checkouts)',
  shop_settings: 'shop_settings',
}

/** The rows of a `db.execute` answer (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** Row count and checksum of every checked table. */
export async function checksums(db: Database): Promise<Record<string, string>> {
  const result: Record<string, string> = {}
  for (const [name, source] of Object.entries(CHECKED_TABLES)) {
    const rows = rowsOf<{ n: number; sum: string }>(
      await db.execute(sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') as sum from ${source} t`)),
    )
    result[name] = `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`
  }
  return result
}

/** The same, read through the shop's socket. */
export async function snapshot(dataDir: string): Promise<Record<string, string>> {
  const database = await openDatabase({ dataDir, role: 'command' })
  try {
    return await checksums(database.db)
  } finally {
    await database.close()
  }
}

export async function queryOne<T>(dataDir: string, text: string): Promise<T | undefined> {
  const database = await openDatabase({ dataDir, role: 'command' })
  try {
    return rowsOf<T>(await database.db.execute(sql.raw(text)))[0]
  } finally {
    await database.close()
  }
}

/** Form fields of each route that has an action, and what keeps a submission invalid whatever the fuzz. */
export function formsFor(pattern: string): { fields: string[]; fixed?: Record<string, string> } | null {
  switch (pattern) {
    case '/login':
      return { fields: ['email', 'password', 'intent', 'redirectTo'], fixed: { email: 'not-an-email' } }
    case '/forgot-password':
      return { fields: ['email'], fixed: { email: 'not-an-email' } }
    case '/reset-password':
      return { fields: ['token', 'password'], fixed: { token: 'not a token' } }
    case '/client/two-factor':
      return { fields: ['intent', 'password', 'code', 'totpURI', 'backupCode', 'redirectTo'], fixed: { password: '', code: '' } }
    case '/login/two-factor':
      return { fields: ['method', 'code', 'redirectTo'], fixed: { code: '' } }
    case '/client/password':
      return { fields: ['currentPassword', 'newPassword'], fixed: { currentPassword: '' } }
    case '/contact':
      return { fields: ['contactName', 'contactEmail', 'contactPhone', 'contactCompany', 'contactMessage'], fixed: { contactEmail: 'not-an-email' } }
    case '/checkout':
      return { fields: ['items'] }
    case '/checkout/delivery':
      // A method that needs an address, and a postcode and e-mail that can never be valid.
      return {
        fields: [
          'fullName',
          'email',
          'phone',
          'company',
          'abn',
          'shippingMethod',
          'addressLine1',
          'addressLine2',
          'suburb',
          'state',
          'postcode',
          'saveAddress',
        ],
        fixed: { shippingMethod: 'standard', postcode: '0000', email: 'not-an-email' },
      }
    case '/settings/shipping':
      return {
        fields: [
          'id',
          'formKey',
          'name',
          'kind',
          'price',
          'freeOver',
          'weightBands',
          'deliveryTime',
          'carriesLithium',
          'pickupAddress',
          'pickupHours',
          'position',
          'active',
          'intent',
        ],
        fixed: { name: '' },
      }
    case '/pay/demo/:sessionId':
      return { fields: ['email', 'cardNumber', 'expiry', 'cvc', 'name'], fixed: { email: 'not-an-email' } }
    case '/client':
    case '/program':
      return {
        // `intent` = address-default | address-remove with `addressId` changes a saved address instead;
        // any other intent is the profile form, kept invalid by its date.
        fields: [
          'profileNameGiven',
          'profileNameFamily',
          'profileNameOther',
          'profileMobile',
          'profileAddress',
          'profileDateOfBirth',
          'profileImage',
          'plainPicture',
          'intent',
          'addressId',
        ],
        fixed: { profileDateOfBirth: 'not a date' },
      }
    case '/product/create':
    case '/product/:productId/update':
      return { fields: ['product', 'version'] }
    case '/product/:productId/deprecate':
    case '/template/:templateId/deprecate':
      return { fields: ['intent'] }
    case '/template/create':
      return { fields: ['templateName', 'templateImage'], fixed: { templateName: '' } }
    case '/template/:templateId/update':
      return { fields: ['templateName', 'templateImage', 'version'], fixed: { templateName: '' } }
    case '/contact/:contactId':
      return { fields: ['intent', 'status', 'subject', 'message', 'version'], fixed: { intent: 'reply', subject: '' } }
    case '/history/:collection/:documentId':
      return { fields: ['historyId'] }
    case '/migration':
      return { fields: ['collection', 'intent', 'token', 'plan', 'renames', 'fileName'] }
    case '/api/uploads':
      return { fields: ['file'] }
    case '/api/cart/quote':
    case '/api/stripe/webhook':
      return { fields: ['items'] }
    case '/logout':
      return { fields: ['probe'] }
    case '/track-order':
      return { fields: ['orderNumber', 'email'], fixed: { email: 'not-an-email' } }
    case '/orders':
      return { fields: ['orderId'] }
    case '/orders/:orderId':
      return {
        fields: ['intent', 'carrier', 'trackingNumber', 'requestKey', 'amount', 'qty-0', 'reason', 'returnId', 'note'],
        fixed: { intent: 'not-an-action' },
      }
    case '/client/orders/:orderId':
    case '/track-order/:token':
      return { fields: ['intent', 'reason', 'details', 'qty-0'], fixed: { reason: 'not-a-reason' } }
    case '/checkout/quote':
      return { fields: ['company', 'abn', 'contactName', 'email', 'phone', 'state', 'postcode', 'notes'], fixed: { abn: '12 345 678 901' } }
    case '/quote/:token':
      return { fields: ['fullName', 'phone', 'addressLine1', 'addressLine2', 'suburb', 'purchaseOrder', 'payment'], fixed: { phone: '12' } }
    case '/quotes':
      return { fields: ['company', 'abn', 'contactName', 'email', 'phone', 'state', 'postcode'], fixed: { email: 'not-an-email' } }
    case '/quotes/:quoteId':
      return {
        fields: ['intent', 'qty-0', 'price-0', 'reason-0', 'addProduct', 'addQuantity', 'freight', 'validityDays', 'message', 'version'],
        fixed: { validityDays: '0' },
      }
    case '/settings/notifications':
      return { fields: ['intent', 'newOrders', 'lowStock'], fixed: { intent: 'not-an-action' } }
    case '/settings/payments':
      return { fields: ['intent', 'payLater', 'maxAmount'], fixed: { maxAmount: 'not an amount' } }
    default:
      return null
  }
}

/** A cart the shop sells (stock untracked, no lithium: every delivery method can carry it). */
export const CART = [{ FBUID: 'unicam-f1-fpv-camera', productCount: 1 }]

/** A valid delivery step. */
export const DELIVERY = DELIVERY_FORM

/**
 * Checkout, step one, through a request context (which keeps the cookie): the cart is priced and
 * kept, and the answer is a 303 to the delivery step with the checkout's cookie. Answers its id.
 */
export async function startCheckoutOver(context: APIRequestContext, origin: string, items: unknown = CART): Promise<string> {
  const answer = await context.post('/checkout', { form: { items: JSON.stringify(items) }, headers: { origin }, maxRedirects: 0 })
  expect(answer.status(), await answer.text()).toBe(303)
  expect(answer.headers().location).toBe('/checkout/delivery')
  const setCookie = answer
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value)
  const cookie = setCookie.find((value) => value.startsWith('checkout='))
  expect(cookie, setCookie.join('\n')).toMatch(/^checkout=[A-Za-z0-9_-]{32}; Path=\/;(.*; )?HttpOnly; SameSite=Lax(;|$)/)
  return /^checkout=([^;]+)/.exec(cookie!)![1]!
}

/** Checkout, step two, with the context's checkout cookie: a valid delivery step opens a demo payment page. Answers its session id. */
export async function deliverOver(context: APIRequestContext, origin: string, fields: Record<string, string> = {}): Promise<string> {
  const answer = await context.post('/checkout/delivery', { form: { ...DELIVERY, ...fields }, headers: { origin }, maxRedirects: 0 })
  expect(answer.status(), await answer.text()).toBe(302)
  // (The payment provider's address: the demo page's, on the shop's own origin.)
  const location = new URL(answer.headers().location ?? '', origin)
  expect([location.origin, location.pathname, location.search]).toEqual([origin, expect.stringMatching(/^\/pay\/demo\/[^/]+$/), ''])
  return decodeURIComponent(location.pathname.slice('/pay/demo/'.length))
}

/**
 * The real value of a route parameter: most routes take `real[name]`; the tax invoice of an order
 * takes a paid one (an unpaid order has none, so its page would never be reached).
 */
export function realParam(real: Record<string, string>, pattern: string, name: string): string | undefined {
  if (
    (pattern === '/orders/:orderId/invoice' || pattern === '/client/orders/:orderId' || pattern === '/orders/:orderId/adjustment-notes/:refundId') &&
    name === 'orderId'
  ) {
    return real.paidOrderId ?? real.orderId
  }
  // The paid order's status page and its documents open with that order's own link.
  if (pattern.startsWith('/track-order/') && name === 'token') return real.statusToken
  return real[name]
}

/** The route's address with real values for its parameters (or an id that names nothing). */
export function realPathOf(real: Record<string, string>, pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => realParam(real, pattern, name) ?? 'does-not-exist-zz9')
}

export interface ProbedShop {
  shop: ShopProcess
  origin: string
  dataDir: string
  /** The staff account the embedded demo created, from the shop's start-up output. */
  staff: { email: string; password: string }
  /** A staff session that passed the second factor. */
  staffCookie: string
  /**
   * Real ids of things that exist, so that forms are reached past their not-found checks:
   * `sessionId` and `orderId` of an open demo payment page and its pending order (an anonymous
   * checkout), `paidOrderId` and `addressId` of a paid order and the saved address of the customer
   * `customer` who bought it, and so on.
   */
  real: Record<string, string>
  /** A signed-in customer, with a paid order and a saved address (not staff, not the suites' own). */
  customer: { email: string; password: string }
  /** Stops the shop, removes its data and answers its exit code. */
  stop(): Promise<number | null>
}

/**
 * A shop process of a suite's own (embedded database in a fresh directory), with something for every
 * form to find: a pending order (the checkout's two steps: the cart, then delivery), a customer's paid
 * order and saved address, an enquiry and its e-mail, a template. The browser tests running
 * beside it in other workers write to the shared test shop, so a checksum of its tables could not be
 * compared there.
 */
export async function startProbedShop(
  playwright: { request: { newContext(options: object): Promise<APIRequestContext> } },
  port: number,
  name: string,
): Promise<ProbedShop> {
  const origin = `http://localhost:${port}`
  const dataDir = await mkdtemp(path.join(tmpdir(), `shop-${name}-`))
  const shop = startShopProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: origin,
    BETTER_AUTH_SECRET: `${name}-secret-${name}-secret-0123456789abcdef`,
    AUTH_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '100000',
  })
  const stop = async () => {
    try {
      return await shop.stop()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  try {
    await shop.url
    // A production shop has no products and no staff account until an operator adds them.
    addDemoData(dataDir)
    const staffEmail = `${name}-staff@unidrone.example`
    const staff = { email: staffEmail, password: addStaff(staffEmail, dataDir) }
    const real: Record<string, string> = {}
    const setup = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } })
    // An open demo payment page: the cart (303 to the delivery step, with the checkout's cookie),
    // then the delivery step (302 to the payment page, its order pending). Anonymous.
    await startCheckoutOver(setup, origin)
    const delivery = await setup.get('/checkout/delivery', { maxRedirects: 0 })
    expect(delivery.status(), 'the checkout cookie opens the delivery step').toBe(200)
    real.sessionId = await deliverOver(setup, origin)
    real.orderId = (await queryOne<{ id: string }>(dataDir, `select id from orders where provider_session_id = '${real.sessionId.replace(/'/g, "''")}'`))!.id
    // A customer's paid order (the tax invoice's page) and the address they saved at checkout.
    const customer = { email: `${name}-customer-${Date.now()}@example.com`, password: 'a good password 1' }
    const buyer = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } })
    await signUpOverHttp(buyer, customer.email, customer.password, dataDir)
    await startCheckoutOver(buyer, origin)
    const paidSession = await deliverOver(buyer, origin, { fullName: 'Cal Customer', email: customer.email, saveAddress: 'on' })
    const payment = await buyer.post(`/pay/demo/${encodeURIComponent(paidSession)}`, {
      form: { email: customer.email, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Cal Customer' },
      maxRedirects: 0,
    })
    expect(payment.status(), await payment.text()).toBe(302)
    expect(payment.headers().location).toMatch(/^\/success\?session_id=/)
    real.paidOrderId = (await queryOne<{ id: string }>(
      dataDir,
      `select id from orders where provider_session_id = '${paidSession.replace(/'/g, "''")}' and status = 'paid'`,
    ))!.id
    real.statusToken = (await queryOne<{ token: string }>(dataDir, `select status_token as token from orders where id = '${real.paidOrderId}'`))!.token
    real.addressId = (await queryOne<{ id: string }>(dataDir, `select id from addresses limit 1`))!.id
    expect((await buyer.get(`/orders/${real.paidOrderId}/invoice`, { maxRedirects: 0 })).status(), 'the customer sees the invoice of their order').toBe(200)
    await buyer.dispose()
    const enquiry = await setup.post('/contact', {
      form: { contactName: 'Fuzz Setup', contactEmail: 'fuzz-setup@example.com', contactPhone: '', contactCompany: '', contactMessage: 'A question.' },
    })
    expect(enquiry.status()).toBe(200)
    // Staff pass the second factor, as the shop requires in production (enrolling at this first login).
    await logInAsStaffOverHttp(setup, origin, staff.email, staff.password)
    // (Without the checkout's cookie: a suite that posts to the delivery step as staff would otherwise
    // close the payment page of `real.sessionId`, which that checkout opened.)
    const staffCookie = (await setup.storageState()).cookies
      .filter((entry) => entry.name !== 'checkout')
      .map((entry) => `${entry.name}=${entry.value}`)
      .join('; ')
    const template = await setup.post('/template/create', { form: { templateName: 'Fuzz template', templateImage: '' }, maxRedirects: 0 })
    expect(template.status(), await template.text()).toBe(302)
    real.templateId = /\/template\/([^/?]+)/.exec(template.headers().location ?? '')![1]!
    await setup.dispose()

    real.productId = 'unidrone-e900'
    real.category = 'cameras'
    real.collection = 'products'
    real.documentId = 'unidrone-e900'
    real.section = 'privacy-policy'
    real.file = softwareEntries().find((entry) => entry.file)?.file ?? 'does-not-exist-zz9'
    real.contactId = (await queryOne<{ id: string }>(dataDir, `select id from contacts limit 1`))!.id
    real.messageId = (await queryOne<{ id: string }>(dataDir, `select id from outbox limit 1`))!.id
    return { shop, origin, dataDir, staff, staffCookie, real, customer, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
