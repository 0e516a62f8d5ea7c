/**
 * Property-based fuzz of every route that takes a write. The actions and resource routes of
 * app/routes.ts (found from their modules' exports) and better-auth's account endpoints receive
 * bodies that fast-check generates, as an anonymous visitor, a signed-in customer and signed-in staff,
 * each with a checkout of their own whose cookie goes with every request (so what is posted to the
 * delivery step reaches its form):
 * - mostly a valid submission of that form with one or two values replaced, at any depth of the JSON
 *   a field carries (the product form, the cart), so the generated value reaches the rules and the
 *   database behind the form's own checks;
 * - otherwise anything: urlencoded, multipart, JSON, plain text and raw bytes.
 * Values are strings of every plane and size with NUL characters and lone surrogates, local-looking
 * links, numbers, nulls, nested objects and arrays. Whatever comes: no 5xx, nothing of the program's
 * insides in the body, and where the answer is a 4xx, no stored row changed (but for what the shopper
 * typed on the delivery step, which the checkout keeps on a refusal too: see CHECKED_TABLES).
 *
 * `npm test` runs a fixed seed and a bounded count. A longer run, or another seed:
 *   FUZZ_RUNS=2000 FUZZ_SEED=7 npx playwright test tests/e2e/bad-input-fuzz.spec.ts
 * A failure prints the seed and the shrunk request that reproduces it.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { expect, test } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '../../app/server/db/client.server'
import { fixedPort } from './support/process'
import { signUpOverHttp } from './support/shop'
import { sql } from 'drizzle-orm'
import {
  checksums,
  DELIVERY,
  rowsOf,
  firstLine,
  formsFor,
  isStaffRoute,
  leakIn,
  multipart,
  realPathOf,
  sendRaw,
  deliverOver,
  startCheckoutOver,
  startProbedShop,
  table,
  type ProbedShop,
  type RawRequest,
} from './support/probing'

const PORT = fixedPort(3425)
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' }
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const RUNS = Number(process.env.FUZZ_RUNS ?? 200)

test.describe.configure({ mode: 'serial' })

/** Routes with an action, and resource routes (no page): the ones a body can reach. */
const writeRoutes = table.filter((route) => {
  const source = readFileSync(new URL(`../../app/${route.file}`, import.meta.url), 'utf8')
  return /export (async )?function action\b|export const action\b/.test(source) || !/export default\b/.test(source)
})

// ---------------------------------------------------------------------------------------------
// What fast-check generates
// ---------------------------------------------------------------------------------------------

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit))
const text = fc.string({ unit: 'binary', maxLength: 60 })

/** A string a form field or JSON value might carry: any plane, NUL, lone surrogates, now and then over a megabyte. */
const stringValue = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.tuple(text, text).map(([before, after]) => `${before}\u0000${after}`) },
  { weight: 2, arbitrary: fc.tuple(text, loneSurrogate, text).map(([before, unit, after]) => `${before}${unit}${after}`) },
  { weight: 1, arbitrary: fc.constantFrom('/\\evil.example/x', '//evil.example', 'javascript:alert(1)', '/日本', '\u2028', 'x.data', 'create', '__proto__') },
  { weight: 1, arbitrary: fc.integer({ min: 50_000, max: 1_300_000 }).map((length) => 'x'.repeat(length)) },
)

/** JSON values of every type, nested up to a few levels. */
const { jsonValue } = fc.letrec<{ jsonValue: unknown }>((tie) => ({
  jsonValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    stringValue,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('jsonValue'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'productName', 'FBUID', 'productCount')), tie('jsonValue'), { maxKeys: 4 }),
  ),
}))

/** A field's value inside a form: a string, or JSON of anything (the product form and the cart send JSON in a field). */
const formValue = fc.oneof({ weight: 3, arbitrary: stringValue }, { weight: 1, arbitrary: jsonValue.map((value) => JSON.stringify(value) ?? '') })

const fieldsOf = (knownFields: string[]) =>
  fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...knownFields, 'intent') }, { weight: 1, arbitrary: text }), formValue, { maxKeys: 7 })

const CONTENT_TYPES = [
  'application/octet-stream',
  'text/plain',
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'image/png',
]

interface GeneratedBody {
  headers: Record<string, string>
  body?: Buffer
  summary: string
  [fc.toStringMethod]: () => string
}

type BodyParts = Omit<GeneratedBody, typeof fc.toStringMethod>

function bodyFor(knownFields: string[]): fc.Arbitrary<GeneratedBody> {
  return fc
    .oneof<fc.Arbitrary<BodyParts>[]>(
      fieldsOf(knownFields).map((fields) => ({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.from(new URLSearchParams(fields).toString()),
        summary: `urlencoded ${describe(fields)}`,
      })),
      fc
        .tuple(fieldsOf(knownFields), fc.option(fc.uint8Array({ maxLength: 2048 })), fc.constantFrom('image/png', 'application/json', 'text/plain', ''))
        .map(([fields, bytes, type]) => {
          const boundary = 'fuzz-boundary-7e3'
          const parts: Parameters<typeof multipart>[1] = Object.entries(fields).map(([name, content]) => ({ name: name.replace(/["\r\n]/g, '_'), content }))
          if (bytes) parts.push({ name: 'file', filename: 'upload.bin', type, content: Buffer.from(bytes) })
          return {
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
            body: multipart(boundary, parts),
            summary: `multipart ${describe(fields)}${bytes ? ` + file of ${bytes.length} bytes (${type || 'no type'})` : ''}`,
          }
        }),
      jsonValue.map((value) => ({
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(value) ?? 'null'),
        summary: `JSON ${describe(value)}`,
      })),
      fc.tuple(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom(...CONTENT_TYPES)).map(([bytes, type]) => ({
        headers: { 'content-type': type },
        body: Buffer.from(bytes),
        summary: `${bytes.length} raw bytes as ${type}`,
      })),
      fc.constant({ headers: {}, summary: 'no body' }),
    )
    .map(readable)
}

function describe(value: unknown): string {
  const json =
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.length > 80 ? `${item.slice(0, 40)}…(${item.length} chars)` : item)) ??
    String(value)
  return json.length > 1500 ? `${json.slice(0, 1500)}…` : json
}

/** fast-check prints a counterexample with this: the summary, not the bytes. */
const readable = (body: BodyParts): GeneratedBody => ({ ...body, [fc.toStringMethod]: () => body.summary })

// ---------------------------------------------------------------------------------------------
// Valid submissions to start from
// ---------------------------------------------------------------------------------------------

/** Replaced when the request is sent: a fresh address (sign-ups, enquiries) and the current edit versions. */
const EMAIL = '$email'
const VERSION = { products: '$version:products', templates: '$version:templates', contacts: '$version:contacts' } as const

const PRODUCT = {
  productName: 'UniDrone E900',
  STUPID: 'prod_fuzz',
  productCategory: 'autopilots',
  productImages: [{ value: '/images/products/unidrone-e900/1.svg', label: 'The drone', description: '' }],
  productDescriptions: [{ value: '', label: 'Overview', description: 'A drone.' }],
  productFeatures: [{ value: '', label: 'Range', description: '10 km' }],
  productSpecifications: [],
  productDimensions: [],
  productShipping: [],
  productDownloads: [{ value: 'https://example.com/manual.pdf', label: 'Manual', description: '' }],
  productPrices: [{ value: '12999.00', label: 'Price', description: '' }],
}
const CONTACT = {
  contactName: 'Fuzz Buyer',
  contactEmail: EMAIL,
  contactPhone: '0400 000 000',
  contactCompany: 'Fuzz Pty Ltd',
  contactMessage: 'Is it in stock?',
}
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
)

interface Seed {
  encoding: 'form' | 'json' | 'multipart'
  fields: Record<string, unknown>
  /** A file part (multipart): JSON when it is not a Buffer. */
  file?: unknown
}

/** Submissions each write route accepts (or would, but for the fuzz): the starting points of the mutations. */
function seedsFor(pattern: string): Seed[] {
  const seed = seedFor(pattern)
  if (pattern === '/client' || pattern === '/program') {
    // The account page's address book: another customer's address (404), or after a mutation none,
    // or the profile form with an intent it does not know.
    const form = (fields: Record<string, unknown>): Seed => ({ encoding: 'form', fields })
    const addressId = probed.real.addressId ?? 'does-not-exist-zz9'
    return [seed!, form({ intent: 'address-default', addressId }), form({ intent: 'address-remove', addressId })]
  }
  return seed ? [seed] : []
}

function seedFor(pattern: string): Seed | null {
  const form = (fields: Record<string, unknown>): Seed => ({ encoding: 'form', fields })
  switch (pattern) {
    case '/login':
      return form({ email: EMAIL, password: 'a good password', intent: 'signup', redirectTo: '/client' })
    case '/contact':
      return form(CONTACT)
    case '/forgot-password':
      return form({ email: EMAIL })
    case '/reset-password':
      return form({ token: 'fuzzfuzzfuzzfuzzfuzzfuzz', password: 'a good password' })
    case '/client/password':
      // Never the right current password: a change would sign out the session the run goes on with.
      return form({ currentPassword: 'not the password 0', newPassword: 'a good password 2' })
    case '/contact/:contactId':
      return form({ intent: 'status', status: 'answered', version: VERSION.contacts })
    case '/checkout':
      return form({ items: [{ FBUID: 'unidrone-e900', productCount: 1 }] })
    case '/checkout/delivery':
      // Valid: a payment page opens (and the one this checkout opened before closes); signed in, the address is saved.
      return form({ ...DELIVERY, email: EMAIL, saveAddress: 'on' })
    case '/settings/shipping':
      // Valid: the express method saved as it is (staff only; the checkout carts can use it either way).
      return form({
        id: 'express',
        formKey: 'edit-express',
        name: 'Express',
        kind: 'delivery',
        price: '30.00',
        freeOver: '',
        weightBands: '',
        deliveryTime: '1–2 business days (by air)',
        pickupAddress: '',
        pickupHours: '',
        position: '2',
        active: 'on',
      })
    case '/settings/payments':
      // Valid: the pay later message on at $2,000 (the fuzz shop takes demo payments, so no page shows it).
      return form({ intent: 'pay-later', payLater: 'on', maxAmount: '2000' })
    case '/api/cart/quote':
      return { encoding: 'json', fields: { items: [{ FBUID: 'unidrone-e900', productCount: 2 }] } }
    case '/pay/demo/:sessionId':
      return form({ email: EMAIL, cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123', name: 'Fuzz Buyer' })
    case '/client':
    case '/program':
      return form({
        profileNameGiven: 'Fuzz',
        profileNameFamily: 'Buyer',
        profileNameOther: '',
        profileMobile: '0400 000 000',
        profileAddress: '1 Queen St, Brisbane QLD 4000',
        profileDateOfBirth: '1990-01-01',
        profileImage: '/images/placeholder.svg',
      })
    case '/product/create':
      return form({ product: { ...PRODUCT, productName: 'Fuzz Gimbal' } })
    case '/product/:productId/update':
      return form({ product: PRODUCT, version: VERSION.products })
    case '/product/:productId/deprecate':
    case '/template/:templateId/deprecate':
      return form({ intent: 'keep' })
    case '/template/create':
      return form({ templateName: 'Fuzz template', templateImage: '/images/placeholder.svg' })
    case '/template/:templateId/update':
      return form({ templateName: 'Fuzz template', templateImage: '', version: VERSION.templates })
    case '/history/:collection/:documentId':
      return form({ historyId: '1' })
    case '/payment-links':
      return form({ intent: 'check', url: 'https://buy.stripe.com/test_fuzz' })
    case '/api/stripe-product':
      return form({ STUPID: 'prod_fuzz', prices: '[]' })
    case '/api/uploads':
      return { encoding: 'multipart', fields: {}, file: PNG }
    case '/migration':
      return {
        encoding: 'multipart',
        fields: { collection: 'templates', intent: 'check', renames: '' },
        file: {
          format: 'unidrone-shop-export',
          version: 1,
          collection: 'templates',
          documents: { 'fuzz-import': { FBUID: 'fuzz-import', templateName: 'Imported', templateImage: '' } },
        },
      }
    case '/api/auth/sign-up/email':
      return { encoding: 'json', fields: { email: EMAIL, password: 'a good password', name: 'Fuzz Buyer' } }
    case '/api/auth/update-user':
      return { encoding: 'json', fields: { name: 'Fuzz Buyer', image: '/images/placeholder.svg' } }
    case '/api/auth/change-password':
      return { encoding: 'json', fields: { currentPassword: 'not the password', newPassword: 'another good password', revokeOtherSessions: false } }
    default:
      return null
  }
}

/** better-auth's account endpoints: outside the route table, and the way in for names and images. */
const AUTH_ROUTES = ['/api/auth/sign-up/email', '/api/auth/update-user', '/api/auth/change-password'].map((path) => ({ file: 'better-auth', path }))

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The value with one place in it replaced by a generated one: the whole of it, or somewhere inside. */
function mutated(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  const keys: (string | number)[] = isRecord(value) ? Object.keys(value) : Array.isArray(value) ? value.map((_, index) => index) : []
  if (keys.length === 0 || depth > 5) return fc.oneof({ weight: 3, arbitrary: stringValue }, { weight: 1, arbitrary: jsonValue })
  const inside = fc.constantFrom(...keys).chain((key) =>
    mutated((value as Record<string | number, unknown>)[key], depth + 1).map((replacement) => {
      if (Array.isArray(value)) return value.map((item, index) => (index === key ? replacement : item))
      return { ...(value as Record<string, unknown>), [key]: replacement }
    }),
  )
  const extraKey = isRecord(value) ? fc.tuple(text, jsonValue).map(([key, extra]) => ({ ...value, [key]: extra })) : inside
  return fc.oneof({ weight: depth === 0 ? 0 : 1, arbitrary: jsonValue }, { weight: 5, arbitrary: inside }, { weight: 1, arbitrary: extraKey })
}

/** A seed with one or two mutations, in its own encoding or now and then the other one. */
function mutatedBody(seed: Seed): fc.Arbitrary<GeneratedBody> {
  const once = mutated(seed.fields)
  const fields = fc.oneof(
    once,
    once.chain((first) => mutated(first)),
  ) as fc.Arbitrary<Record<string, unknown>>
  const encoding = fc.constantFrom<Seed['encoding']>(seed.encoding, seed.encoding, seed.encoding, seed.encoding === 'json' ? 'form' : 'json')
  const file = seed.file === undefined || Buffer.isBuffer(seed.file) ? fc.constant(seed.file) : fc.oneof(fc.constant(seed.file), mutated(seed.file))
  // A seed without fields (an upload) is replaced whole: by a value that is not an object, sent as one field.
  return fc.tuple(fields, encoding, file).map(([values, as, content]) => readable(encode(isRecord(values) ? values : { value: values }, as, content)))
}

const inForm = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))

function encode(fields: Record<string, unknown>, encoding: Seed['encoding'], file: unknown): BodyParts {
  const summary = `${encoding} ${describe(fields)}${file === undefined ? '' : ` + file ${Buffer.isBuffer(file) ? `of ${file.length} bytes` : describe(file)}`}`
  if (encoding === 'json') return { headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(fields)), summary }
  if (encoding === 'form') {
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, inForm(value)])).toString()),
      summary,
    }
  }
  const boundary = 'fuzz-boundary-5b1'
  const parts: Parameters<typeof multipart>[1] = Object.entries(fields).map(([name, value]) => ({
    name: name.replace(/["\r\n]/g, '_'),
    content: inForm(value),
  }))
  if (file !== undefined) {
    const bytes = Buffer.isBuffer(file) ? file : Buffer.from(JSON.stringify(file) ?? '')
    parts.push({
      name: 'file',
      filename: Buffer.isBuffer(file) ? 'photo.png' : 'export.json',
      type: Buffer.isBuffer(file) ? 'image/png' : 'application/json',
      content: bytes,
    })
  }
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: multipart(boundary, parts), summary }
}

// ---------------------------------------------------------------------------------------------
// The shop and who asks
// ---------------------------------------------------------------------------------------------

let probed: ProbedShop
let database: DatabaseHandle
type Who = 'anonymous' | 'customer' | 'staff'
const cookies: Record<Who, string | null> = { anonymous: null, customer: null, staff: null }
/**
 * Each one's own checkout (step one done), whose cookie goes with every request: so the bodies posted
 * to /checkout/delivery reach its form rather than the way back to the cart.
 */
const checkoutCookies: Record<Who, string> = { anonymous: '', customer: '', staff: '' }
const cookieOf = (who: Who) => [cookies[who], checkoutCookies[who]].filter(Boolean).join('; ')

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(150_000)
  probed = await startProbedShop(playwright, PORT, 'fuzz')
  const { origin } = probed
  const customer = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } })
  await signUpOverHttp(customer, `fuzz-customer-${Date.now()}@example.com`, 'a good password', probed.dataDir)
  cookies.customer = (await customer.storageState()).cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ')
  await customer.dispose()
  database = await openDatabase({ dataDir: probed.dataDir, role: 'command' })
  cookies.staff = probed.staffCookie
  for (const who of ['anonymous', 'customer', 'staff'] as const) {
    const context = await playwright.request.newContext({ baseURL: origin })
    checkoutCookies[who] = `checkout=${await startCheckoutOver(context, origin)}`
    await context.dispose()
  }
})

test.afterAll(async () => {
  await database?.close()
  if (probed) expect(await probed.stop(), 'the shop stopped cleanly after the run').toBe(0)
})

let sequence = 0

/** The body as sent: a fresh e-mail address, and the version each edit form was opened at. */
async function resolved(body: Buffer | undefined): Promise<Buffer | undefined> {
  if (!body) return body
  let text = body.toString('latin1')
  if (!text.includes('$') && !text.includes('%24')) return body
  text = text.replace(/\$email|%24email/g, () => `fuzz-${Date.now()}-${sequence++}@example.com`)
  for (const [table, token] of Object.entries(VERSION)) {
    const id = { products: probed.real.productId, templates: probed.real.templateId, contacts: probed.real.contactId }[table]!
    const encoded = encodeURIComponent(token)
    if (!text.includes(token) && !text.includes(encoded)) continue
    const [row] = rowsOf<{ version: number }>(await database.db.execute(sql`select version from ${sql.identifier(table)} where id = ${id}`))
    text = text.replaceAll(token, String(row?.version ?? 1)).replaceAll(encoded, String(row?.version ?? 1))
  }
  return Buffer.from(text, 'latin1')
}

for (const who of ['anonymous', 'customer', 'staff'] as const) {
  test(`generated bodies to every action and resource route, as ${who}: no 5xx, no leak, no row changed by a 4xx`, async () => {
    test.setTimeout(240_000)
    // Signing out would end the session the rest of the run needs; it has no fields to get wrong.
    const routes = [...writeRoutes, ...AUTH_ROUTES].filter((route) => !(who !== 'anonymous' && route.path === '/logout'))
    // The checkout cookie takes a body to the delivery step's form (this one is refused by its postcode).
    const delivery = await sendRaw(
      PORT,
      {
        method: 'POST',
        path: '/checkout/delivery',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: probed.origin },
        body: Buffer.from(new URLSearchParams({ ...DELIVERY, postcode: '0000' }).toString()),
      },
      cookieOf(who),
    )
    expect([delivery.status, firstLine(delivery)], 'the delivery step reached with the checkout cookie').toEqual([400, expect.stringContaining('Delivery')])
    const probe = fc.constantFrom(...routes).chain((route) => {
      const seeds = seedsFor(route.path)
      const anything = bodyFor(formsFor(route.path)?.fields ?? (seeds[0] ? Object.keys(seeds[0].fields) : ['value']))
      const fromSeed = seeds.length === 1 ? mutatedBody(seeds[0]!) : seeds.length > 1 ? fc.oneof(...seeds.map((seed) => mutatedBody(seed))) : null
      return fc.tuple(
        fc.constant(route),
        fromSeed ? fc.oneof({ weight: 4, arbitrary: fromSeed }, { weight: 1, arbitrary: anything }) : anything,
        fc.constantFrom('POST', 'POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE'),
      )
    })
    let sent = 0
    /** Answers by route, for the log: which forms the run got past their checks. */
    const answers = new Map<string, Map<number, number>>()
    await fc.assert(
      fc.asyncProperty(probe, async ([route, generated, method]) => {
        const request: RawRequest = {
          method,
          path: realPathOf(probed.real, route.path),
          headers: { ...generated.headers, origin: probed.origin },
          body: await resolved(generated.body),
        }
        const before = await checksums(database.db)
        const outcome = await sendRaw(PORT, request, cookieOf(who)).catch((error: unknown) => {
          // A connection closed by an early answer before the body was all written: send the head
          // first, and the body only if no answer comes.
          if (/ECONNRESET|EPIPE|socket hang up/.test(String(error))) return sendRaw(PORT, request, cookieOf(who), 2_000)
          throw error
        })
        sent++
        const tally = answers.get(route.path) ?? new Map<number, number>()
        answers.set(route.path, tally.set(outcome.status, (tally.get(outcome.status) ?? 0) + 1))
        const what = `${method} ${request.path} (${route.file === 'better-auth' ? 'account endpoint' : isStaffRoute(route.file) ? 'staff route' : 'public route'}) with ${generated.summary} → ${outcome.status} ${firstLine(outcome)}`
        expect(outcome.status, what).toBeLessThan(500)
        expect(leakIn(outcome.text), what).toBeNull()
        // (The checksums leave out a checkout's typed details: the delivery step keeps them on a refusal, on purpose.)
        if (outcome.status >= 400) expect(await checksums(database.db), `a ${outcome.status} answer changed stored rows: ${what}`).toEqual(before)
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false },
    )
    expect(sent).toBeGreaterThanOrEqual(RUNS)
    const tallies = [...answers]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([path, tally]) =>
          `${path} ${[...tally]
            .sort(([a], [b]) => a - b)
            .map(([status, count]) => `${status}×${count}`)
            .join(' ')}`,
      )
    console.log(`as ${who}: ${sent} requests; answers by route:\n  ${tallies.join('\n  ')}`)
    if (who !== 'anonymous') {
      // Still signed in at the end: the run reached the signed-in code, not the login panel.
      const page = await sendRaw(PORT, { method: 'GET', path: who === 'staff' ? '/staff' : '/client' }, cookies[who])
      expect(page.status, 'the session survived the run').toBe(200)
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Racing writes with different keys
// ---------------------------------------------------------------------------------------------

const RACED_PRODUCT = 'unicam-f1-fpv-camera'
const RACE_RUNS = Number(process.env.FUZZ_RACE_RUNS ?? 10)

/** A paid order of three units of one product (the demo card), as a guest buys one. */
async function paidOrderOver(playwright: { request: { newContext(options: object): Promise<import('@playwright/test').APIRequestContext> } }): Promise<string> {
  const { origin } = probed
  const buyer = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } })
  try {
    await startCheckoutOver(buyer, origin, [{ FBUID: RACED_PRODUCT, productCount: 3 }])
    const session = await deliverOver(buyer, origin)
    const paid = await buyer.post(`/pay/demo/${encodeURIComponent(session)}`, {
      form: { email: 'racer@example.com', cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Rae Racer' },
      maxRedirects: 0,
    })
    expect(paid.status(), await paid.text()).toBe(302)
    const [row] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from orders where provider_session_id = ${session} and status = 'paid'`))
    return row!.id
  } finally {
    await buyer.dispose()
  }
}

type Race = { kind: 'units'; quantity: number } | { kind: 'amount'; cents: number } | { kind: 'cancel' } | { kind: 'return-refund'; quantity: number }

const race: fc.Arbitrary<{ write: Race; copies: number; restock: boolean }> = fc.record({
  write: fc.oneof(
    fc.integer({ min: 1, max: 3 }).map((quantity): Race => ({ kind: 'units', quantity })),
    fc.integer({ min: 1, max: 40_000 }).map((cents): Race => ({ kind: 'amount', cents })),
    fc.constant<Race>({ kind: 'cancel' }),
    fc.integer({ min: 1, max: 3 }).map((quantity): Race => ({ kind: 'return-refund', quantity })),
  ),
  copies: fc.integer({ min: 2, max: 6 }),
  restock: fc.boolean(),
})

test('racing refunds, cancellations and return refunds with different keys move the money and stock once', async ({ playwright }) => {
  test.setTimeout(240_000)
  await database.db.execute(sql`update products set stock_on_hand = 1000, allow_backorder = false where id = ${RACED_PRODUCT}`)
  let run = 0
  await fc.assert(
    fc.asyncProperty(race, async ({ write, copies, restock }) => {
      const orderId = await paidOrderOver(playwright)
      const [order] = rowsOf<{ total: number; unit: number; line: number; name: string }>(
        await database.db.execute(
          sql`select o.total_cents as total, l.unit_price_cents as unit, l.line_total_cents as line, l.product_name as name from orders o join order_lines l on l.order_id = o.id where o.id = ${orderId}`,
        ),
      )
      const returnId = `${orderId}-RT1`
      if (write.kind === 'return-refund') {
        // The customer's return, already approved and received (its steps are tested in tests/e2e/returns.spec.ts).
        await database.db.execute(sql`update orders set fulfilment = 'delivered', fulfilled_at = now() where id = ${orderId}`)
        const lines = JSON.stringify([
          { position: 0, productId: RACED_PRODUCT, productName: order!.name, quantity: write.quantity, amountCents: order!.unit * write.quantity },
        ])
        await database.db.execute(
          sql`insert into returns (id, order_id, status, reason, details, lines, requested_by) values (${returnId}, ${orderId}, 'received', 'faulty', 'Dead on arrival.', ${lines}::jsonb, 'fuzz')`,
        )
      }
      const stockBefore = rowsOf<{ n: number }>(await database.db.execute(sql`select stock_on_hand as n from products where id = ${RACED_PRODUCT}`))[0]!.n
      const fields = (key: string): Record<string, string> => {
        const common = { requestKey: `race-${run}-${key}`, reason: 'Raced', ...(restock ? { restock: 'on' } : {}) }
        if (write.kind === 'units') return { ...common, intent: 'refund', 'qty-0': String(write.quantity) }
        if (write.kind === 'amount') return { ...common, intent: 'refund', amount: (write.cents / 100).toFixed(2) }
        if (write.kind === 'cancel') return { ...common, intent: 'cancel' }
        return { ...common, intent: 'return-refund', returnId }
      }
      const answers = await Promise.all(
        Array.from({ length: copies }, (_, copy) =>
          sendRaw(
            PORT,
            {
              method: 'POST',
              path: `/orders/${orderId}`,
              headers: { ...FORM_HEADERS, origin: probed.origin },
              body: Buffer.from(new URLSearchParams(fields(`${copy}`)).toString()),
            },
            cookies.staff,
          ),
        ),
      )
      run++
      const what = `${copies} × ${JSON.stringify(write)} (restock ${restock}) on ${orderId} → ${answers.map((answer) => answer.status).join(', ')}`
      for (const answer of answers) expect(answer.status, what).toBeLessThan(500)

      const refunds = rowsOf<{ amount: number; status: string; lines: { quantity: number }[]; restock: boolean; return_id: string | null }>(
        await database.db.execute(sql`select amount_cents as amount, status, lines, restock, return_id from refunds where order_id = ${orderId}`),
      ).filter((refund) => refund.status !== 'failed')
      const [after] = rowsOf<{ refunded: number; units: number; fulfilment: string; stock: number }>(
        await database.db.execute(
          sql`select o.refunded_cents as refunded, l.refunded_quantity as units, o.fulfilment, p.stock_on_hand as stock from orders o join order_lines l on l.order_id = o.id join products p on p.id = l.product_id where o.id = ${orderId}`,
        ),
      )
      const refundedUnits = refunds.reduce((sum, refund) => sum + refund.lines.reduce((units, line) => units + line.quantity, 0), 0)
      const restocked = refunds
        .filter((refund) => refund.restock)
        .reduce((sum, refund) => sum + refund.lines.reduce((units, line) => units + line.quantity, 0), 0)
      // What the order counts is what its refunds add up to, never more than it took.
      expect(after!.refunded, what).toBe(refunds.reduce((sum, refund) => sum + refund.amount, 0))
      expect(after!.refunded, what).toBeLessThanOrEqual(order!.total)
      expect(after!.units, what).toBe(refundedUnits)
      expect(after!.units, what).toBeLessThanOrEqual(3)
      expect(after!.stock - stockBefore, what).toBe(restocked)
      // And each write went through as many times as there was something left for it, no more.
      const expected = {
        units: () => Math.min(copies, Math.floor(3 / (write as { quantity: number }).quantity)),
        amount: () => Math.min(copies, Math.floor(order!.total / (write as { cents: number }).cents)),
        cancel: () => 1,
        'return-refund': () => 1,
      }[write.kind]()
      expect(refunds, what).toHaveLength(expected)
      expect(
        answers.filter((answer) => answer.status === 200),
        what,
      ).toHaveLength(expected)
      if (write.kind === 'cancel') expect([after!.fulfilment, after!.stock - stockBefore], what).toEqual(['cancelled', 3])
      if (write.kind === 'return-refund')
        expect(
          refunds.map((refund) => refund.return_id),
          what,
        ).toEqual([returnId])
    }),
    { seed: SEED, numRuns: RACE_RUNS, endOnFailure: false },
  )
})

// ---------------------------------------------------------------------------------------------
// Dot segments and encodings in paths and return paths
// ---------------------------------------------------------------------------------------------

/** Pieces a path or a return path is built from: dot segments, slashes and their encodings, another host. */
const PATH_PIECES = [
  '..',
  '.',
  '%2e%2e',
  '%2E.',
  '.%2e',
  '%2e',
  '/',
  '//',
  '\\',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%09',
  '%0a',
  'evil.example',
  '@evil.example',
  ':',
  'https:',
  '?',
  '#',
  'client',
  'staff',
]
const piece = fc.constantFrom(...PATH_PIECES)
const returnPath = fc.array(piece, { minLength: 1, maxLength: 7 }).map((pieces) => pieces.join(''))
const RETURN_PAGES = ['/auth/continue?redirectTo=', '/login?redirectTo=', '/client/two-factor?redirectTo=', '/login/two-factor?redirectTo=']
/** A real page's address with pieces put between its segments. */
const dottedPath = fc
  .tuple(fc.constantFrom(...table.map((route) => route.path)), fc.array(fc.tuple(fc.nat(), fc.array(piece, { minLength: 1, maxLength: 3 })), { maxLength: 3 }))
  .map(([pattern, inserts]) => {
    const segments = realPathOf(probed.real, pattern).split('/')
    for (const [at, pieces] of inserts) segments.splice(1 + (at % segments.length), 0, pieces.join(''))
    return segments.join('/').replace(/^\/*/, '/')
  })

/** Where a browser would go from this Location header: on the shop's own origin, or elsewhere. */
const leavesTheShop = (location: string) => {
  try {
    return new URL(location, probed.origin).origin !== probed.origin
  } catch {
    return true
  }
}

for (const who of ['anonymous', 'customer', 'staff'] as const) {
  test(`return paths and addresses with dot segments and encodings, as ${who}: no 5xx, no leak, never a way off the shop`, async () => {
    test.setTimeout(120_000)
    const probe = fc.oneof(
      fc.tuple(fc.constantFrom(...RETURN_PAGES), returnPath).map(([page, target]) => `${page}${target.replace(/[?#]/g, encodeURIComponent)}`),
      dottedPath,
    )
    await fc.assert(
      fc.asyncProperty(probe, async (path) => {
        const outcome = await sendRaw(PORT, { method: 'GET', path }, cookieOf(who))
        const what = `GET ${path} as ${who} → ${outcome.status} ${outcome.location ?? ''} ${firstLine(outcome)}`
        expect(outcome.status, what).toBeLessThan(500)
        expect(leakIn(outcome.text), what).toBeNull()
        if (outcome.location) expect(leavesTheShop(outcome.location), what).toBe(false)
        // A page's own links back (the two-step login's Continue) stay on the shop too.
        for (const [, href] of outcome.text.matchAll(/<a [^>]*href="([^"]*)"/g))
          expect(leavesTheShop(href!.replaceAll('&amp;', '&')) && !/^https:\/\/|^mailto:|^tel:/.test(href!), `${what}: link ${href}`).toBe(false)
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: false },
    )
  })
}

// ---------------------------------------------------------------------------------------------
// A field sent twice
// ---------------------------------------------------------------------------------------------

/** Fields a form sends once per ticked box: the only ones that may repeat. */
const REPEATABLE: Record<string, string[]> = {
  '/orders': ['orderId'],
  '/products': ['productId'],
  '/client/two-factor': ['backupCode'],
  '/api/uploads': ['file'],
}
/** Forms whose lines are fields of their own (`qty-<position>`), where one line can be named twice under two spellings. */
const LINE_FORMS: Record<string, Record<string, string>> = {
  '/orders/:orderId': { intent: 'refund', requestKey: 'fuzz-repeated-0001', reason: 'Fuzz', 'qty-0': '1' },
  '/client/orders/:orderId': { intent: 'return', reason: 'faulty', details: 'It does not start.', 'qty-0': '1' },
}

test('a field sent twice, or one line under two spellings, is refused by every form and changes nothing', async () => {
  test.setTimeout(180_000)
  // Every form of app/routes.ts: its valid submission where there is one, else its fields.
  const forms = writeRoutes
    .filter((route) => route.path !== '/logout')
    .flatMap((route) => {
      const seeds = seedsFor(route.path).filter((seed) => seed.encoding !== 'json')
      if (LINE_FORMS[route.path]) return [{ route, fields: LINE_FORMS[route.path] as Record<string, unknown> }]
      if (seeds.length > 0) return seeds.map((seed) => ({ route, fields: seed.fields }))
      const fields = formsFor(route.path)?.fields ?? ['intent']
      return [{ route, fields: Object.fromEntries(fields.map((name) => [name, 'x'])) as Record<string, unknown> }]
    })
  const probe = fc
    .tuple(
      fc.constantFrom(...forms),
      fc.constantFrom<Who>('anonymous', 'customer', 'staff'),
      fc.nat(),
      stringValue,
      fc.boolean(),
      fc.constantFrom('00', '000', '0000', '+0'),
    )
    .map(([form, who, pick, value, respell, spelling]) => {
      const names = Object.keys(form.fields)
      const lines = names.filter((name) => /^qty-\d+$/.test(name))
      const entries: [string, string][] = Object.entries(form.fields).map(([name, content]) => [name, inForm(content)])
      if (respell && lines.length > 0) entries.push([`qty-${spelling}`, '1'])
      else entries.push([names[pick % names.length]!, value])
      return { form, who, entries }
    })
  await fc.assert(
    fc.asyncProperty(probe, async ({ form, who, entries }) => {
      const repeated = entries.at(-1)![0]
      fc.pre(!(REPEATABLE[form.route.path] ?? []).includes(repeated))
      const body = new URLSearchParams(entries.map(([name, value]) => [name, value.replace(/\$email/g, () => `fuzz-${Date.now()}-${sequence++}@example.com`)]))
      const request: RawRequest = {
        method: 'POST',
        path: realPathOf(probed.real, form.route.path),
        headers: { ...FORM_HEADERS, origin: probed.origin },
        body: await resolved(Buffer.from(body.toString())),
      }
      const before = await checksums(database.db)
      const outcome = await sendRaw(PORT, request, cookieOf(who))
      const what = `POST ${request.path} as ${who} with ${describe(entries)} → ${outcome.status} ${outcome.location ?? ''} ${firstLine(outcome)}`
      // Refused (or, without a session, sent to ask for one first; or, on a demo payment page an earlier
      // probe already declined, sent back to the delivery step); never carried out (the rows say so below).
      const toLogin =
        outcome.status >= 300 &&
        outcome.status < 400 &&
        /^\/(login|track-order)(\?|$)|^\/checkout\/delivery\?payment=(declined|expired)$/.test(outcome.location ?? '')
      expect(toLogin || (outcome.status >= 400 && outcome.status < 500), what).toBe(true)
      expect(leakIn(outcome.text), what).toBeNull()
      expect(await checksums(database.db), `a repeated field changed stored rows: ${what}`).toEqual(before)
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: false },
  )
})
