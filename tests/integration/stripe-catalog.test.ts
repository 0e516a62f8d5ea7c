import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoProducts } from '../../db/seed/catalog'
import type { ProductFields } from '../../app/lib/catalog'
import { centsToDollars } from '../../app/lib/schemas/product'
import { action as stripeProductAction, loader as stripeProductLoader } from '../../app/routes/staff/api.stripe-product'
import { action as paymentLinksAction, loader as paymentLinksLoader } from '../../app/routes/staff/payment-links'
import { action as createProductAction, loader as createProductLoader } from '../../app/routes/staff/product.create'
import { action as updateProductAction } from '../../app/routes/staff/product.$productId.update'
import type { SessionUser } from '../../app/server/auth/session.server'
import { STRIPE_PRODUCT_ID } from '../../app/lib/schemas/product'
import { validProductForm } from '../../app/lib/schemas/product-form.fixture'
import { getEditableProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct, getProduct } from '../../app/server/catalog/products.server'
import {
  checkCatalog,
  listShopPrices,
  NEEDS_STRIPE,
  NEEDS_STRIPE_FOR_STAFF,
  type CatalogCheck,
  type PaymentLinkList,
  type PriceProposal,
} from '../../app/server/catalog/stripe-catalog.server'
import { createStripeClient } from '../../app/server/checkout/payments/stripe.server'
import { openDatabase, type DatabaseHandle } from '../../app/server/db/client.server'
import { history } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { startFakeStripe, type FakeStripe } from '../fakes/stripe'
import { testDatabaseKinds } from '../support/databases'
import { routeContext } from '../support/route-context'

const ORIGIN = 'http://localhost:3998'
const base = demoProducts.find((product) => product.productCategory === 'cameras')!
const fields = (productName: string, STUPID: string, productPrices: ProductFields['productPrices']): ProductFields => ({
  ...base,
  productName,
  STUPID,
  productPrices,
})
const price = (value: number, description = '', label = 'Price (inc. GST)') => ({ value, label, description })

const stripeConfig = (apiUrl: string, key = 'sk_test_fake'): Env =>
  parseEnv({ PORT: '3998', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'whsec_test', STRIPE_API_URL: apiUrl })

/**
 * The Stripe side of the tests: a product whose price was changed the Stripe way (a new default
 * price, the old one archived), with a second AUD price and a USD one; a USD-only product; products
 * that match, drift and are missing for the catalogue check; and 103 payment links (two pages).
 */
function seedStripe(fake: FakeStripe) {
  fake.addProduct({ id: 'prod_fetch', name: 'Sky Eye Fetch' })
  fake.addPrice({ id: 'price_fetch_old', product: 'prod_fetch', unit_amount: 129900, active: false })
  fake.addPrice({ id: 'price_fetch_new', product: 'prod_fetch', unit_amount: 119900, default: true })
  fake.addPrice({ id: 'price_fetch_case', product: 'prod_fetch', unit_amount: 149900, nickname: 'With carry case' })
  fake.addPrice({ id: 'price_fetch_usd', product: 'prod_fetch', unit_amount: 79900, currency: 'usd' })

  fake.addProduct({ id: 'prod_usd', name: 'Sky Eye USD' })
  fake.addPrice({ id: 'price_usd_only', product: 'prod_usd', unit_amount: 99900, currency: 'usd', default: true })

  fake.addProduct({ id: 'prod_match', name: 'Check Match' })
  fake.addPrice({ id: 'price_match', product: 'prod_match', unit_amount: 50000, default: true })

  fake.addProduct({ id: 'prod_drift', name: 'Check Drift' })
  fake.addPrice({ id: 'price_drift_old', product: 'prod_drift', unit_amount: 50000, active: false })
  fake.addPrice({ id: 'price_drift_cheap', product: 'prod_drift', unit_amount: 45000, default: true })
  fake.addPrice({ id: 'price_drift_usd', product: 'prod_drift', unit_amount: 50000, currency: 'usd' })

  fake.addProduct({ id: 'prod_foreign', name: 'Not Sold Here' })
  fake.addPrice({ id: 'price_foreign', product: 'prod_foreign', unit_amount: 1000 })

  // The oldest link is listed last, on the second page of 100.
  fake.addPaymentLink({
    id: 'plink_mixed',
    lines: [{ price: 'price_match', quantity: 2 }, { price: 'price_drift_cheap' }, { price: 'price_drift_usd' }, { price: 'price_foreign' }],
  })
  for (let index = 0; index < 102; index++) fake.addPaymentLink({ id: `plink_filler_${String(index).padStart(3, '0')}`, lines: [{ price: 'price_match' }] })
}

async function seedShop(database: DatabaseHandle) {
  await createProduct(database.db, fields('Sky Eye Fetch', 'prod_fetch', [price(129900, 'price_fetch_old')]), 'staff@example.com')
  await createProduct(database.db, fields('Sky Eye USD', 'prod_usd', [price(129900)]), 'staff@example.com')
  await createProduct(database.db, fields('Check Match', 'prod_match', [price(50000, 'price_match')]), 'staff@example.com')
  await createProduct(
    database.db,
    fields('Check Drift', 'prod_drift', [price(50000, 'price_drift_old'), price(50000, 'price_drift_usd'), price(50000, '')]),
    'staff@example.com',
  )
  await createProduct(database.db, fields('Check Missing', 'prod_missing', [price(10000, 'price_missing')]), 'staff@example.com')
}

/** A RR8 `data()` result or a plain value: the value and the status it answers with. */
function unwrap<T>(result: unknown): { status: number; value: T } {
  if (result && typeof result === 'object' && 'type' in result && result.type === 'DataWithResponseInit') {
    const wrapped = result as unknown as { data: T; init: ResponseInit | null }
    return { status: wrapped.init?.status ?? 200, value: wrapped.data }
  }
  return { status: 200, value: result as T }
}

describe.each(testDatabaseKinds())('Stripe catalogue on $name', (kind) => {
  let database: DatabaseHandle
  let fake: FakeStripe
  let config: Env

  beforeAll(async () => {
    database = await kind.open()
    fake = await startFakeStripe()
    seedStripe(fake)
    await seedShop(database)
    config = stripeConfig(fake.url)
  })
  afterAll(async () => {
    await fake?.close()
    await database?.close()
  })

  const contextFor = (shopConfig: Env) => routeContext(database, shopConfig)

  /** What the form's "Fetch from Stripe" button sends, as it sends it. */
  async function fetchFromStripe(STUPID: string, prices: { value: string; label: string; description: string }[], shopConfig = config) {
    const body = new FormData()
    body.set('STUPID', STUPID)
    body.set('prices', JSON.stringify(prices))
    const request = new Request(`${ORIGIN}/api/stripe-product`, { method: 'POST', body })
    const response = await stripeProductAction({
      request,
      context: contextFor(shopConfig),
      url: new URL(request.url),
      params: {},
      pattern: '/api/stripe-product',
    })
    const text = await response.text()
    return { status: response.status, text, body: JSON.parse(text) as PriceProposal | { ok: false; message: string; notes: string[] } }
  }

  async function openPaymentLinks(shopConfig = config) {
    const request = new Request(`${ORIGIN}/payment-links`)
    return unwrap<{ provider: string; error: string | null } & Partial<PaymentLinkList>>(
      await paymentLinksLoader({ request, context: contextFor(shopConfig), url: new URL(request.url), params: {}, pattern: '/payment-links' }),
    )
  }

  async function pressCheck(shopConfig = config) {
    const body = new FormData()
    body.set('intent', 'check')
    const request = new Request(`${ORIGIN}/payment-links`, { method: 'POST', body })
    return unwrap<{ check: CatalogCheck | null; error: string | null }>(
      await paymentLinksAction({ request, context: contextFor(shopConfig), url: new URL(request.url), params: {}, pattern: '/payment-links' }),
    )
  }

  const historyOf = (documentId: string) =>
    database.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'products'), eq(history.documentId, documentId)))

  it('fetch proposes Stripe’s prices for the form: the archived price replaced by the default, the other AUD price added, USD left out', async () => {
    const stored = (await getEditableProduct(database.db, 'sky-eye-fetch'))!
    const typed = stored.product.productPrices.map((entry) => ({ ...entry, value: centsToDollars(entry.value) }))
    const historyBefore = (await historyOf('sky-eye-fetch')).length
    const { status, text, body } = await fetchFromStripe('prod_fetch', typed)

    expect(status).toBe(200)
    expect(text).not.toContain('sk_test')
    if (!body.ok) throw new Error(body.message)
    expect(body.product).toEqual({ id: 'prod_fetch', name: 'Sky Eye Fetch', active: true, defaultPriceId: 'price_fetch_new' })
    expect(body.rows).toEqual([
      {
        from: 0,
        change: 'replaced',
        before: { value: 129900, label: 'Price (inc. GST)', description: 'price_fetch_old' },
        after: { value: 119900, label: 'Price (inc. GST)', description: 'price_fetch_new' },
        note: 'price_fetch_old is archived in Stripe; price_fetch_new takes its place.',
      },
      { from: null, change: 'added', before: null, after: { value: 149900, label: 'With carry case', description: 'price_fetch_case' }, note: null },
    ])
    expect(body.notes).toEqual(['Not used: price_fetch_usd is in USD; the shop sells in AUD only.'])
    expect(body.changes).toBe(2)

    // The calls the specification names, with the secret key in the header only.
    const calls = fake.requests.filter((request) => request.path.startsWith('/v1/products/prod_fetch') || request.path.startsWith('/v1/prices'))
    expect(calls.map((request) => [request.method, request.path, request.query])).toEqual([
      ['GET', '/v1/products/prod_fetch', {}],
      ['GET', '/v1/prices', { product: 'prod_fetch', active: 'true', limit: '100' }],
      ['GET', '/v1/prices/price_fetch_old', {}],
    ])
    expect(calls.every((request) => request.authorization === 'Bearer sk_test_fake')).toBe(true)

    // Fetching wrote nothing.
    expect(await getEditableProduct(database.db, 'sky-eye-fetch')).toEqual(stored)
    expect(await historyOf('sky-eye-fetch')).toHaveLength(historyBefore)

    // Accepting and saving is the ordinary edit, with its history row.
    const accepted = body.rows.map((row) => row.after!)
    await updateProduct(database.db, 'sky-eye-fetch', stored.version, { ...stored.product, productPrices: accepted }, 'editor@example.com')
    expect((await getProduct(database.db, 'sky-eye-fetch'))!.productPrices).toEqual(accepted)
    const rows = await historyOf('sky-eye-fetch')
    expect(rows).toHaveLength(historyBefore + 1)
    expect(rows.at(-1)).toMatchObject({ action: 'update', updatedBy: 'editor@example.com', document: { productPrices: accepted } })

    // Fetching again finds nothing to change.
    const again = await fetchFromStripe(
      'prod_fetch',
      accepted.map((entry) => ({ ...entry, value: centsToDollars(entry.value) })),
    )
    expect(again.body).toMatchObject({ ok: true, changes: 0 })
  })

  it('fetch refuses a product that has only a non-AUD price', async () => {
    const { status, body } = await fetchFromStripe('prod_usd', [{ value: '1299.00', label: 'Price (inc. GST)', description: '' }])
    expect(status).toBe(200)
    expect(body).toEqual({
      ok: false,
      message:
        'The Stripe product prod_usd (“Sky Eye USD”) has no active one-off price in AUD, so there is nothing the shop could charge. Add an AUD price in Stripe.',
      notes: ['Not used: price_usd_only is in USD; the shop sells in AUD only.'],
    })
  })

  it('fetch names an unknown product id, and asks for a STUPID when there is none', async () => {
    const unknown = await fetchFromStripe('prod_nope', [])
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({
      ok: false,
      message: 'Stripe has no product “prod_nope”. Check the STUPID: it is the product’s id in Stripe (prod_…).',
      notes: [],
    })

    const empty = await fetchFromStripe('   ', [])
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ ok: false, message: expect.stringContaining('Enter the STUPID') })
  })

  it('a 401 from Stripe is a message about the key, which never reaches the answer', async () => {
    fake.failNext(401)
    const { status, text, body } = await fetchFromStripe('prod_fetch', [])
    expect(status).toBe(503)
    expect(body).toMatchObject({ ok: false, message: expect.stringContaining('Stripe did not accept the shop’s secret key: it is wrong') })
    expect(text).not.toContain('sk_test')
  })

  it('a rate limit and a network failure are messages too', async () => {
    fake.failNext(429)
    const limited = await fetchFromStripe('prod_fetch', [])
    expect(limited.status).toBe(503)
    expect(limited.body).toMatchObject({ ok: false, message: expect.stringContaining('Stripe is limiting the shop’s requests') })

    const closed = await closedPortUrl()
    const unreachable = await fetchFromStripe('prod_fetch', [], stripeConfig(closed))
    expect(unreachable.status).toBe(503)
    expect(unreachable.body).toMatchObject({ ok: false, message: 'Stripe could not be reached. Check the server’s network connection and try again.' })

    const links = await openPaymentLinks(stripeConfig(closed))
    expect(links.status).toBe(503)
    expect(links.value).toMatchObject({ provider: 'stripe', error: expect.stringContaining('Stripe could not be reached') })
  })

  it('lists every payment link (two pages) with its line items matched against the shop', async () => {
    const sizeBefore = fake.requests.length
    const { status, value } = await openPaymentLinks()
    expect(status).toBe(200)
    expect(value.error).toBeNull()
    expect(value.links).toHaveLength(103)
    expect(value.truncated).toBe(false)

    const pages = fake.requests.slice(sizeBefore).filter((request) => request.path === '/v1/payment_links')
    expect(pages.map((request) => request.query)).toEqual([{ limit: '100' }, { limit: '100', starting_after: 'plink_filler_002' }])
    expect(fake.requests.slice(sizeBefore).filter((request) => /^\/v1\/payment_links\/[^/]+\/line_items$/.test(request.path))).toHaveLength(103)

    const mixed = value.links!.find((link) => link.id === 'plink_mixed')!
    expect(mixed.url).toBe('https://buy.stripe.com/test_mixed')
    expect(mixed.lines.map((line) => [line.priceId, line.quantity, line.amountText.replace(/\u00a0/g, ' '), line.match])).toEqual([
      ['price_match', 2, '$500.00', { kind: 'price', FBUID: 'check-match', productName: 'Check Match', shopAmount: 50000 }],
      ['price_drift_cheap', 1, '$450.00', { kind: 'product', FBUID: 'check-drift', productName: 'Check Drift', shopAmount: 50000 }],
      ['price_drift_usd', 1, 'USD 500.00', { kind: 'other-amount', FBUID: 'check-drift', productName: 'Check Drift', shopAmount: 50000 }],
      ['price_foreign', 1, '$10.00', { kind: 'none' }],
    ])
    expect(mixed.unmatched).toBe(3)
    expect(value.links!.filter((link) => link.unmatched === 0)).toHaveLength(102)
  })

  it('the catalogue check lists each mismatch: missing product, inactive price, other amount, other currency', async () => {
    const { status, value } = await pressCheck()
    expect(status).toBe(200)
    const check = value.check!
    const found = Object.fromEntries(check.products.map((product) => [product.FBUID, product.mismatches.map((mismatch) => [mismatch.kind, mismatch.entry])]))
    expect(found).toEqual({
      'check-drift': [
        ['inactive-price', 0],
        ['other-currency', 1],
        ['other-amount', 2],
      ],
      'check-match': [],
      'check-missing': [['missing-product', null]],
      'sky-eye-fetch': [],
      'sky-eye-usd': [['missing-price', 0]],
    })
    expect(check).toMatchObject({ checked: 5, mismatches: 5 })
    const drift = check.products.find((product) => product.FBUID === 'check-drift')!
    expect(drift.mismatches.map((mismatch) => mismatch.message)).toEqual([
      'Price 1: price_drift_old is archived in Stripe.',
      'Price 2: price_drift_usd is in USD; the shop shows $500.00 in AUD.',
      'Price 3: the shop shows $500.00; Stripe’s active prices are $450.00 (price_drift_cheap).',
    ])
  })

  it('the catalogue check stops with a message when Stripe refuses the key', async () => {
    fake.failNext(401)
    const { status, value } = await pressCheck()
    expect(status).toBe(503)
    expect(value).toEqual({ check: null, error: expect.stringContaining('Stripe did not accept the shop’s secret key') })
    // The failure was Stripe's answer, not the check's state: the next one runs in full.
    await expect(checkCatalog(createStripeClient(config), await listShopPrices(database.db))).resolves.toMatchObject({ checked: 5, mismatches: 5 })
  })

  describe('the product form’s Stripe product id', () => {
    const staff: SessionUser = {
      id: 'user-staff',
      email: 'staff@example.com',
      name: 'Staff',
      role: 'staff',
      emailVerified: true,
      twoFactorEnabled: true,
      secondFactorPassed: true,
    }
    const staffContext = (shopConfig: Env) => routeContext(database, shopConfig, undefined, { sessions: async () => staff })

    async function save(path: string, product: object, shopConfig = config, params: Record<string, string> = {}, version?: number) {
      const body = new FormData()
      body.set('product', JSON.stringify(product))
      if (version !== undefined) body.set('version', String(version))
      const request = new Request(`${ORIGIN}${path}`, { method: 'POST', body })
      const args = { request, context: staffContext(shopConfig), url: new URL(request.url), params, pattern: path } as never
      try {
        const result = await (version === undefined ? createProductAction(args) : updateProductAction(args))
        if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), value: null }
        const { status, value } = unwrap<{ errors: Record<string, string>; formError?: string }>(result)
        return { status, location: null, value }
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location'), value: null }
        throw thrown
      }
    }
    const newProduct = (productName: string, STUPID: string) => ({ ...validProductForm, productName, STUPID })

    it('saves a product Stripe has, asking Stripe for it', async () => {
      const created = await save('/product/create', newProduct('Form Match Camera', 'prod_match'))
      expect(created).toMatchObject({ status: 302, location: '/product/form-match-camera' })
      expect((await getProduct(database.db, 'form-match-camera'))!.STUPID).toBe('prod_match')
      expect(fake.requests.some((request) => request.method === 'GET' && request.path === '/v1/products/prod_match')).toBe(true)
    })

    it('refuses a product Stripe does not have, or the wrong form, with the reason and nothing saved', async () => {
      const missing = await save('/product/create', newProduct('Form Missing Camera', 'prod_NoSuchThing1'))
      expect(missing.status).toBe(400)
      expect(missing.value!.errors.STUPID).toBe(
        'Stripe has no product prod_NoSuchThing1. Copy the id from the product’s page in Stripe’s dashboard (Product catalogue), or create the product there first.',
      )
      expect(await getProduct(database.db, 'form-missing-camera')).toBeFalsy()

      const asked = fake.requests.length
      const malformed = await save('/product/create', newProduct('Form Missing Camera', 'abc'))
      expect(malformed.status).toBe(400)
      expect(malformed.value!.errors.STUPID).toMatch(/prod_ followed by letters and digits/)
      // The form is wrong before Stripe is asked.
      expect(fake.requests.length).toBe(asked)
    })

    it('an unreachable Stripe is a 503 that says so, and nothing is saved', async () => {
      const unreachable = await save('/product/create', newProduct('Form Offline Camera', 'prod_match'), stripeConfig(await closedPortUrl()))
      expect(unreachable.status).toBe(503)
      expect(unreachable.value!.formError).toBe(
        'Nothing was saved: the Stripe product id could not be checked with Stripe. Stripe could not be reached. Check the server’s network connection and try again.',
      )
      expect(await getProduct(database.db, 'form-offline-camera')).toBeFalsy()
    })

    it('an edit asks Stripe only when the id changes', async () => {
      const stored = (await getEditableProduct(database.db, 'check-missing'))!
      const typed = { ...stored.product, productPrices: stored.product.productPrices.map((entry) => ({ ...entry, value: centsToDollars(entry.value) })) }
      const asked = fake.requests.length
      // prod_missing is not in Stripe, but it was stored before: a change of something else saves.
      const otherChange = await save(
        '/product/check-missing/update',
        { ...typed, productBackorderLeadTime: '1 week' },
        config,
        { productId: 'check-missing' },
        stored.version,
      )
      expect(otherChange).toMatchObject({ status: 302 })
      expect(fake.requests.length).toBe(asked)

      const moved = await save('/product/check-missing/update', { ...typed, STUPID: 'prod_gone' }, config, { productId: 'check-missing' }, stored.version + 1)
      expect(moved.status).toBe(400)
      expect(moved.value!.errors.STUPID).toMatch(/^Stripe has no product prod_gone\./)
    })

    it('a demo shop asks Stripe nothing and starts a new product with a made-up id in Stripe’s form', async () => {
      const demo = parseEnv({ PORT: '3998' })
      const request = new Request(`${ORIGIN}/product/create`)
      const opened = await createProductLoader({
        request,
        context: staffContext(demo),
        url: new URL(request.url),
        params: {},
        pattern: '/product/create',
      } as never)
      expect(opened.stripeProductId).toMatch(STRIPE_PRODUCT_ID)
      expect(opened.demo).toBe(true)
      const asked = fake.requests.length
      const created = await save('/product/create', newProduct('Form Demo Camera', opened.stripeProductId), demo)
      expect(created).toMatchObject({ status: 302, location: '/product/form-demo-camera' })
      expect(fake.requests.length).toBe(asked)
    })
  })

  it('with the demo provider the screens say they need Stripe and ask Stripe nothing', async () => {
    const demo = parseEnv({ PORT: '3998' })
    const sizeBefore = fake.requests.length
    expect(await openPaymentLinks(demo)).toEqual({ status: 200, value: { provider: 'demo' } })
    expect(await pressCheck(demo)).toEqual({ status: 409, value: { check: null, error: NEEDS_STRIPE_FOR_STAFF } })
    const fetched = await fetchFromStripe('prod_fetch', [], demo)
    expect(fetched.status).toBe(409)
    expect(fetched.body).toEqual({ ok: false, message: NEEDS_STRIPE_FOR_STAFF, notes: [] })
    const request = new Request(`${ORIGIN}/api/stripe-product`)
    const status = stripeProductLoader({ request, context: contextFor(demo), url: new URL(request.url), params: {}, pattern: '/api/stripe-product' })
    expect(await status.json()).toEqual({ provider: 'demo' })
    expect(fake.requests.length).toBe(sizeBefore)
  })
})

/** The address of a port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

function runCatalogCheck(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/catalog-check.ts'], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env }, stdio: 'pipe' })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npm run catalog:check', () => {
  let dataDir: string
  let fake: FakeStripe

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-catalog-check-'))
    fake = await startFakeStripe()
    seedStripe(fake)
    // The command's own database, filled while no shop runs on it (the command opens it itself).
    const database = await openDatabase({ dataDir, role: 'command' })
    try {
      await database.migrate()
      await createProduct(database.db, fields('Check Match', 'prod_match', [price(50000, 'price_match')]), 'staff@example.com')
    } finally {
      await database.close()
    }
  })
  afterAll(async () => {
    await fake?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const stripeEnv = () => ({
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_test',
    STRIPE_API_URL: fake.url,
  })

  it('with the demo provider says it needs Stripe and exits 0', async () => {
    const result = await runCatalogCheck({ DATA_DIR: dataDir })
    expect(result).toMatchObject({ code: 0, stdout: `Catalogue check skipped. ${NEEDS_STRIPE}\n` })
  })

  it('exits 0 when every product matches, 1 on a mismatch, 2 when Stripe refuses', { timeout: 60_000 }, async () => {
    const matching = await runCatalogCheck(stripeEnv())
    expect(matching, matching.stderr).toMatchObject({ code: 0, stdout: 'The 1 product matches Stripe.\n' })

    fake.prices.get('price_match')!.unit_amount = 45000
    const drifted = await runCatalogCheck(stripeEnv())
    expect(drifted.code).toBe(1)
    expect(drifted.stdout).toBe(
      'Check Match (check-match, Stripe prod_match):\n  - Other amount: Price 1: Stripe charges $450.00 for price_match; the shop shows $500.00.\n1 mismatch in 1 of 1 product.\n',
    )

    fake.failNext(401)
    const refused = await runCatalogCheck(stripeEnv())
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('The catalogue could not be checked: Stripe did not accept the shop’s secret key')
    expect(refused.stderr + refused.stdout).not.toContain('sk_test')
  })
})
