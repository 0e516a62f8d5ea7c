import { describe, expect, it } from 'vitest'
import { demoProducts } from '../../../db/seed/catalog.ts'
import { DEFAULT_LOGISTICS, DEFAULT_PLACEMENT, DEFAULT_STOCK_KEEPING, DEFAULT_WAS_PRICE } from '../../lib/catalog.ts'
import { slugify } from '../../lib/slug.ts'
import type { Importer } from './collection.server.ts'
import { COLLECTION_DEFINITIONS, importRefusal } from './collections.server.ts'
import type { MigrationCollection } from './format.ts'

const importer = (collection: MigrationCollection) => COLLECTION_DEFINITIONS[collection].importer as Importer
/** The collections checked here answer at once: only images, which read their files, answer later. */
const prepare = (collection: MigrationCollection, id: string, fields: Record<string, unknown>, existing?: Record<string, unknown>) => {
  const preparation = importer(collection).prepare(id, fields, existing)
  if (preparation instanceof Promise) throw new Error(`${collection} checks its documents asynchronously`)
  return preparation
}
const reasonOf = (preparation: ReturnType<typeof prepare>) => (preparation.ok ? null : preparation.reason)

const product = demoProducts[0]!
const productId = slugify(product.productName)

describe('the rules each collection checks an imported document against', () => {
  it('accepts a product under the id made from its name, keeping prices in cents', () => {
    const preparation = prepare('products', productId, { ...product })
    expect(preparation.ok).toBe(true)
    if (preparation.ok)
      expect(preparation.document).toEqual({
        FBUID: productId,
        ...DEFAULT_LOGISTICS,
        ...DEFAULT_PLACEMENT,
        ...DEFAULT_WAS_PRICE,
        ...DEFAULT_STOCK_KEEPING,
        ...product,
      })
  })

  it('fills shipping and stock a file leaves out from the stored product, or a new product’s defaults', () => {
    const { productLowStockThreshold: _level, productWeightGrams: _weight, ...older } = { ...product, productLowStockThreshold: 7, productWeightGrams: 900 }
    const stored = { FBUID: productId, ...product, productLowStockThreshold: 7, productWeightGrams: 900, productStockOnHand: 4 }
    const kept = prepare('products', productId, older, stored)
    expect(kept.ok && kept.document).toMatchObject({ productLowStockThreshold: 7, productWeightGrams: 900 })
    const fresh = prepare('products', productId, older)
    expect(fresh.ok && fresh.document).toMatchObject({ productLowStockThreshold: 3 })
    expect(reasonOf(prepare('products', productId, { ...product, productLowStockThreshold: 10_001 }))).toBe('productLowStockThreshold: At most 10,000.')
    const set = prepare('products', productId, { ...product, productLowStockThreshold: 0 }, stored)
    expect(set.ok && set.document).toMatchObject({ productLowStockThreshold: 0 })
  })

  it('carries a product’s was price in cents, keeps the stored one when a file leaves it out, and refuses one that is not an amount', () => {
    const stored = { FBUID: productId, ...product, productWasPriceCents: 99_900 }
    expect(prepare('products', productId, { ...product }, stored)).toMatchObject({ ok: true, document: { productWasPriceCents: 99_900 } })
    expect(prepare('products', productId, { ...product, productWasPriceCents: null }, stored)).toMatchObject({
      ok: true,
      document: { productWasPriceCents: null },
    })
    expect(prepare('products', productId, { ...product, productWasPriceCents: 120_000 })).toMatchObject({
      ok: true,
      document: { productWasPriceCents: 120_000 },
    })
    expect(reasonOf(prepare('products', productId, { ...product, productWasPriceCents: 999.5 }))).toBe('productWasPriceCents: Prices are whole cents.')
    expect(reasonOf(prepare('products', productId, { ...product, productWasPriceCents: '999' }))).toMatch(/^productWasPriceCents: /)
  })

  it('keeps the staff’s placement choices a file leaves out, and checks the related ids it carries', () => {
    const stored = { FBUID: productId, ...product, productFeatured: true, productRelated: ['unicam-t2-thermal-gimbal'], productUseCases: true }
    const kept = prepare('products', productId, { ...product }, stored)
    expect(kept.ok && kept.document).toMatchObject({ productFeatured: true, productRelated: ['unicam-t2-thermal-gimbal'], productUseCases: true })
    const changed = prepare('products', productId, { ...product, productRelated: ['unilink-hd20-air-unit'] }, stored)
    expect(changed.ok && changed.document).toMatchObject({ productFeatured: true, productRelated: ['unilink-hd20-air-unit'] })
    expect(reasonOf(prepare('products', productId, { ...product, productRelated: ['Not An Id'] }))).toBe(
      'productRelated.0: A product id, such as unipilot-x7-pro.',
    )
    expect(reasonOf(prepare('products', productId, { ...product, productRelated: ['a', 'a'] }))).toBe('productRelated: Each related product once.')
  })

  it('refuses a product whose id is not the one its name gives (docs/domain.md, Product ids)', () => {
    expect(reasonOf(prepare('products', 'some-other-id', { ...product }))).toBe(
      `A product's id comes from its name: "${product.productName}" has the id "${productId}", not "some-other-id".`,
    )
  })

  it('names the field and the rule a product breaks', () => {
    const prices = [{ value: '129.00', label: 'Price', description: '' }]
    expect(reasonOf(prepare('products', productId, { ...product, productPrices: prices }))).toBe(
      'productPrices.0.value: Invalid input: expected number, received string',
    )
    expect(reasonOf(prepare('products', productId, { ...product, productPrices: [{ value: 12.5, label: '', description: '' }] }))).toBe(
      'productPrices.0.value: Prices are whole cents.',
    )
    expect(reasonOf(prepare('products', productId, { ...product, productCategory: 'boats' }))).toMatch(/^productCategory: /)
    expect(reasonOf(prepare('products', productId, { ...product, colour: 'red' }))).toBe('Unrecognized key: "colour"')
  })

  it('gives a template without an image the placeholder image, and requires its name', () => {
    const preparation = prepare('templates', 'tpl1', { templateName: 'Flyer' })
    expect(preparation.ok && preparation.document).toEqual({ FBUID: 'tpl1', templateName: 'Flyer', templateImage: '/images/placeholder-template.svg' })
    expect(reasonOf(prepare('templates', 'tpl1', { templateName: ' ' }))).toBe('templateName: required')
  })

  it('keeps an enquiry’s arrival time, status and replies when the file leaves them out', () => {
    const enquiry = { contactName: 'Ann', contactEmail: 'ann@example.com', contactMessage: 'Hello' }
    const replies = [{ at: '2024-02-04T00:00:00.000Z', by: 'staff@example.com', subject: 'Re', message: 'Hi Ann' }]
    const kept = prepare('contacts', 'c1', enquiry, { createdAt: '2024-02-03T04:05:06.007Z', status: 'answered', replies })
    expect(kept.ok && kept.document).toEqual({
      FBUID: 'c1',
      ...enquiry,
      contactPhone: '',
      contactCompany: '',
      status: 'answered',
      replies,
      createdAt: '2024-02-03T04:05:06.007Z',
    })
    // A new enquiry from an older file: new, no replies.
    const fresh = prepare('contacts', 'c2', enquiry)
    expect(fresh.ok && fresh.document).toMatchObject({ status: 'new', replies: [] })
    expect(reasonOf(prepare('contacts', 'c1', { ...enquiry, status: 'spam' }))).toMatch(/^status: /)
    expect(reasonOf(prepare('contacts', 'c1', { ...enquiry, contactEmail: 'not an address' }))).toBe('contactEmail: Enter a valid e-mail address.')
  })

  it('requires a profile’s e-mail and fills the rest with defaults', () => {
    const preparation = prepare('profiles', 'u1', { profileEmail: 'pat@example.com', profileTypeClient: true })
    expect(preparation.ok && preparation.document).toMatchObject({
      FBUID: 'u1',
      profileEmail: 'pat@example.com',
      profileTypeClient: true,
      profileTypeTherapist: false,
      profileDiscipline: [],
    })
    expect(reasonOf(prepare('profiles', 'u1', { profileTypeClient: 'yes', profileEmail: 'pat@example.com' }))).toMatch(/^profileTypeClient: /)
  })

  it('checks that an order’s lines add up to its total', () => {
    const line = { position: 0, productId: 'p', productName: 'P', priceId: '', unitPriceCents: 1000, quantity: 2, lineTotalCents: 2000, gstCents: 182 }
    const order = {
      status: 'paid',
      email: 'b@example.com',
      userId: null,
      currency: 'aud',
      totalCents: 2000,
      gstCents: 182,
      provider: 'demo',
      providerSessionId: 's',
      paymentReference: 'r',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      paidAt: null,
      lines: [line],
    }
    expect(prepare('orders', 'UD-1', order).ok).toBe(true)
    expect(reasonOf(prepare('orders', 'UD-1', { ...order, totalCents: 1999 }))).toBe(
      'totalCents: The total is not the sum of the line totals and the shipping.',
    )
    expect(reasonOf(prepare('orders', 'UD-1', { ...order, lines: [{ ...line, quantity: 3 }] }))).toMatch(
      /lines.0.lineTotalCents: The line total is not the unit price times the quantity./,
    )
    expect(reasonOf(prepare('orders', 'UD-1', { ...order, lines: [] }))).toMatch(/^lines: An order has at least one line./)
  })

  it('refuses to import history, saying why', () => {
    expect(importRefusal('history')).toMatch(/^History is read-only/)
    expect(importRefusal('products')).toBeNull()
  })
})
