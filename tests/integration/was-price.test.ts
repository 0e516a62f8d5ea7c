import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../app/lib/catalog'
import { addDays, dayStart, shopDay } from '../../app/lib/reports/periods'
import { centsToDollars } from '../../app/lib/schemas/product'
import { loader as productLoader, meta as productMeta } from '../../app/routes/product.$productId'
import { action as updateAction } from '../../app/routes/staff/product.$productId.update'
import type { SessionUser } from '../../app/server/auth/session-reader.server'
import { getEditableProduct, restoreProduct, updateProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct, getProduct, listCategoryPage } from '../../app/server/catalog/products.server'
import { seedCatalog } from '../../app/server/catalog/seed.server'
import { quickEditProduct } from '../../app/server/catalog/staff-products.server'
import { readPriceHistory, WasPriceRefusedError } from '../../app/server/catalog/was-price.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history, products } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { NotRestorableError } from '../../app/server/history/record.server'
import { testDatabaseKinds } from '../support/databases'
import { routeContext } from '../support/route-context'

const ORIGIN = 'http://localhost:3999'
const STAFF_EMAIL = 'wes@shop.example'
const staffSession: SessionUser = {
  id: 'user-staff',
  email: STAFF_EMAIL,
  name: 'Wes',
  role: 'staff',
  emailVerified: true,
  twoFactorEnabled: true,
  secondFactorPassed: true,
}

/** In the demo catalogue (db/seed/catalog.ts): the Z10 sells at $1,499, the X7 Pro at $849. */
const Z10 = 'unicam-z10-zoom-gimbal-camera'
const X7 = 'unipilot-x7-pro'

/** Midnight in Brisbane, `days` days before today. */
const daysAgo = (days: number) => dayStart(addDays(shopDay(new Date()), -days))

/** What the product form sends for a product (prices in dollars, as typed), with some fields changed. */
function formOf(product: Product, version: number, changes: { price?: number; was?: string }) {
  const { FBUID: _id, productWasPriceCents, productStockOnHand: _untouched, ...fields } = product
  const prices = product.productPrices.map((price, index) => ({
    ...price,
    value: centsToDollars(index === 0 && changes.price !== undefined ? changes.price : price.value),
  }))
  const was = changes.was ?? (productWasPriceCents === null ? '' : centsToDollars(productWasPriceCents))
  const body = new URLSearchParams({ version: String(version), product: JSON.stringify({ ...fields, productPrices: prices, productWasPriceCents: was }) })
  return new Request(`${ORIGIN}/product/${product.FBUID}/update`, { method: 'POST', body })
}

describe.each(testDatabaseKinds())('honest was prices on $name', (kind) => {
  let database: DatabaseHandle
  let staff: ReturnType<typeof routeContext>
  let visitor: ReturnType<typeof routeContext>

  beforeAll(async () => {
    database = await kind.open()
    await seedCatalog(database.db)
    const config = parseEnv({ PORT: '3999' })
    staff = routeContext(database, config, undefined, { sessions: async () => staffSession })
    visitor = routeContext(database, config)
    // The shop's past, as history rows with their dates: the Z10 in the shop at $1,499 since 60 days
    // ago; the X7 Pro at $999 for the 12 days from 20 days ago, then back to $849.
    const z10 = (await getProduct(database.db, Z10))!
    const x7 = (await getProduct(database.db, X7))!
    const at = (product: Product, cents: number) => ({ ...product, productPrices: [{ ...product.productPrices[0]!, value: cents }] })
    await database.db.insert(history).values([
      { collection: 'products', documentId: Z10, action: 'create', document: { ...z10 }, updatedAt: daysAgo(60), updatedBy: 'seed' },
      { collection: 'products', documentId: X7, action: 'create', document: at(x7, 99_900), updatedAt: daysAgo(20), updatedBy: 'seed' },
      { collection: 'products', documentId: X7, action: 'update', document: at(x7, 84_900), updatedAt: daysAgo(8), updatedBy: 'seed' },
    ])
  })
  afterAll(async () => {
    await database?.close()
  })

  const save = async (productId: string, changes: { price?: number; was?: string }) => {
    const { product, version } = (await getEditableProduct(database.db, productId))!
    return updateAction({ request: formOf(product, version, changes), params: { productId }, context: staff } as never)
  }
  const rowsOf = (productId: string) => database.db.$count(history, and(eq(history.collection, 'products'), eq(history.documentId, productId)))
  const productPage = async (productId: string) => {
    const loaderData = await productLoader({ params: { productId }, context: visitor, request: new Request(`${ORIGIN}/product/${productId}`) } as never)
    const tags = productMeta({ loaderData, matches: [] } as never) as Record<string, unknown>[]
    const jsonLd = tags
      .map((tag) => tag['script:ld+json'] as { '@type'?: string; offers?: Record<string, unknown> } | undefined)
      .find((ld) => ld?.['@type'] === 'Product')
    return { loaderData, offers: jsonLd?.offers }
  }

  it('saves a was price the product was offered at for 28 days or more: the page, its card and its JSON-LD show it', async () => {
    const answer = (await save(Z10, { price: 129_900, was: '1,499.00' })) as Response
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`/product/${Z10}`)
    expect(await getProduct(database.db, Z10)).toMatchObject({ productWasPriceCents: 149_900, productPrices: [{ value: 129_900 }] })
    const [row] = await database.db
      .select()
      .from(history)
      .where(and(eq(history.documentId, Z10), eq(history.updatedBy, STAFF_EMAIL)))
    expect(row!.document).toMatchObject({ productWasPriceCents: 149_900, productPrices: [{ value: 129_900 }] })

    const { loaderData, offers } = await productPage(Z10)
    expect(loaderData.price).toMatchObject({ cents: 129_900 })
    expect(loaderData.product.productWasPriceCents).toBe(149_900)
    // Search engines get the price charged now, and the was price as the struck-through one.
    expect(offers).toMatchObject({
      price: '1299.00',
      priceCurrency: 'AUD',
      priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: '1499.00', priceCurrency: 'AUD' },
    })
    const { cards } = await listCategoryPage(database.db, 'cameras', 1)
    expect(cards.find((card) => card.FBUID === Z10)).toMatchObject({ price: { value: 129_900 }, wasPrice: 149_900 })
    // Products without one carry none, on the card or in the JSON-LD.
    expect(cards.filter((card) => card.FBUID !== Z10).every((card) => !('wasPrice' in card))).toBe(true)
    expect((await productPage(X7)).offers).not.toHaveProperty('priceSpecification')
  })

  it('refuses a was price the product was never offered at, or offered at on too few days, saying why; nothing stored changes', async () => {
    for (const [productId, was, reason] of [
      [Z10, '1799', 'This product was never offered at $1,799.00 in the last 90 days; a was price needs at least 28 days at that price.'],
      [X7, '999', 'This product was offered at $999.00 on only 12 of the last 90 days; a was price needs at least 28.'],
      [X7, '849', 'A was price must be higher than the product’s price ($849.00).'],
    ] as const) {
      const before = await getEditableProduct(database.db, productId)
      const rows = await rowsOf(productId)
      const answer = (await save(productId, { was })) as unknown as { data: { errors: Record<string, string> }; init: ResponseInit }
      expect(answer.init.status, was).toBe(400)
      expect(answer.data.errors).toEqual({ productWasPriceCents: reason })
      expect(await getEditableProduct(database.db, productId)).toEqual(before)
      expect(await rowsOf(productId)).toBe(rows)
    }
    // The page of the X7 Pro still shows its price alone.
    expect((await productPage(X7)).loaderData.product.productWasPriceCents).toBeNull()
  })

  it('judges a standing was price again when the price changes, in the products list too; taking it away is always allowed', async () => {
    // Another cut under the honest $1,499: still honest.
    const z10 = (await getEditableProduct(database.db, Z10))!
    await quickEditProduct(database.db, Z10, z10.version, { priceCents: 119_900 }, STAFF_EMAIL)
    expect(await getProduct(database.db, Z10)).toMatchObject({ productWasPriceCents: 149_900, productPrices: [{ value: 119_900 }] })

    // A was price that arrived unchecked (an import) is judged when the price next changes.
    await database.db.update(products).set({ productWasPriceCents: 99_900 }).where(eq(products.id, X7))
    const x7 = (await getEditableProduct(database.db, X7))!
    await expect(quickEditProduct(database.db, X7, x7.version, { priceCents: 79_900 }, STAFF_EMAIL)).rejects.toThrow(
      new WasPriceRefusedError('This product was offered at $999.00 on only 12 of the last 90 days; a was price needs at least 28.'),
    )
    expect(await getEditableProduct(database.db, X7)).toEqual(x7)
    // Emptied on the form, it goes, whatever the history says.
    expect(((await save(X7, { price: 79_900, was: '' })) as Response).status).toBe(302)
    expect(await getProduct(database.db, X7)).toMatchObject({ productWasPriceCents: null, productPrices: [{ value: 79_900 }] })
  })

  it('judges a new product’s was price, and a restored version’s, as a save’s', async () => {
    const { FBUID: _id, ...x7 } = (await getProduct(database.db, X7))!
    await expect(createProduct(database.db, { ...x7, productName: 'UniPilot X8', productWasPriceCents: 99_900 }, STAFF_EMAIL)).rejects.toThrow(
      new WasPriceRefusedError('This product was never offered at $999.00 in the last 90 days; a was price needs at least 28 days at that price.'),
    )
    expect(await getProduct(database.db, 'unipilot-x8')).toBeNull()
    const before = await getEditableProduct(database.db, X7)
    const version = { FBUID: X7, ...x7, productPrices: [{ ...x7.productPrices[0]!, value: 84_900 }], productWasPriceCents: 99_900 }
    await expect(restoreProduct(database.db, version, STAFF_EMAIL)).rejects.toThrow(
      new NotRestorableError(
        'This version cannot be restored. This product was offered at $999.00 on only 12 of the last 90 days; a was price needs at least 28.',
      ),
    )
    expect(await getEditableProduct(database.db, X7)).toEqual(before)
  })

  it('keeps a renamed product’s history: its days at the was price under the old id still count', async () => {
    const { product, version } = (await getEditableProduct(database.db, Z10))!
    const { FBUID: _id, ...fields } = product
    await updateProduct(database.db, Z10, version, { ...fields, productName: 'UniCam Z10 Zoom Camera' }, STAFF_EMAIL)
    const renamed = (await getEditableProduct(database.db, 'unicam-z10-zoom-camera'))!
    expect(renamed.product.productWasPriceCents).toBe(149_900)
    // Read for the old id itself (a version restored there), the product left it with the move.
    expect((await readPriceHistory(database.db, Z10)).at(-1)).toMatchObject({ cents: null, active: false })
    // Its only days at $1,499 are under the old id: the new price beside the same was price is honest.
    await quickEditProduct(database.db, renamed.product.FBUID, renamed.version, { priceCents: 109_900 }, STAFF_EMAIL)
    expect(await getProduct(database.db, renamed.product.FBUID)).toMatchObject({ productWasPriceCents: 149_900, productPrices: [{ value: 109_900 }] })
  })
})
