import { describe, expect, it } from 'vitest'
import { centsToDollars, dollarsToCents, productErrors, productFieldsSchema, productFormSchema, REQUIRED, STRIPE_PRODUCT_ID_MESSAGE } from './product'
import { blankProductForm, validProductForm } from './product-form.fixture'

describe('prices typed in dollars', () => {
  it.each([
    ['1299', 129900],
    ['1299.5', 129950],
    ['1,299.50', 129950],
    ['$12', 1200],
    [' 0.05 ', 5],
    ['0', 0],
    ['12999.99', 1299999],
  ])('%j is %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents)
  })

  it.each(['', 'abc', '-5', '1.234', '1,29.00', '12.', '1e3', '$ $5'])('%j is not a price', (text) => {
    expect(dollarsToCents(text)).toBeNull()
  })

  it('shows cents back as dollars without rounding errors', () => {
    expect(centsToDollars(129950)).toBe('1299.50')
    expect(centsToDollars(5)).toBe('0.05')
    expect(dollarsToCents(centsToDollars(1999))).toBe(1999)
  })
})

describe('the product form', () => {
  const empty = blankProductForm

  it('says "required" for the three required fields', () => {
    const result = productFormSchema.safeParse(empty)
    expect(result.success).toBe(false)
    const errors = productErrors(result.error!)
    expect(errors).toMatchObject({ productName: REQUIRED, STUPID: REQUIRED, productCategory: REQUIRED })
  })

  it('stores prices in cents and refuses unsafe links', () => {
    const result = productFormSchema.safeParse({
      ...empty,
      productName: 'Test Drone',
      STUPID: 'prod_1',
      productCategory: 'cameras',
      productPrices: [{ value: '1,299.50', label: 'Price', description: 'price_1' }],
      productImages: [{ value: '/uploads/a.png', label: 'A', description: '' }],
    })
    expect(result.success && result.data.productPrices[0]!.value).toBe(129950)
    const bad = productFormSchema.safeParse({
      ...empty,
      productName: 'Test Drone',
      STUPID: 'prod_1',
      productCategory: 'cameras',
      productImages: [{ value: 'javascript:alert(1)', label: '', description: '' }],
      productPrices: [{ value: 'twelve', label: '', description: '' }],
    })
    expect(productErrors(bad.error!)).toMatchObject({
      'productImages.0.value': 'Use an https:// address or a path on this site starting with /.',
      'productPrices.0.value': 'Enter a price in dollars, such as 1299.00.',
    })
  })

  it('reads the was price typed in dollars, empty as none, and says how to write one that is not an amount', () => {
    const filled = { ...validProductForm, productPrices: [{ value: '1299', label: 'Price', description: '' }] }
    const read = (productWasPriceCents: string) => productFormSchema.safeParse({ ...filled, productWasPriceCents })
    expect(read('1,499.00').data?.productWasPriceCents).toBe(149_900)
    expect(read('$1499').data?.productWasPriceCents).toBe(149_900)
    expect(read('  ').data?.productWasPriceCents).toBeNull()
    expect(productFormSchema.parse(filled).productWasPriceCents).toBeUndefined()
    for (const text of ['fourteen', '-5', '0']) {
      expect(productErrors(read(text).error!), text).toEqual({
        productWasPriceCents:
          text === '0' ? 'A was price must be more than $0.' : 'Enter the was price in dollars, such as 1499.00, or leave it empty for none.',
      })
    }
  })

  it('refuses a name whose address is a staff page, text the database cannot store, and a link a browser reads as another host', () => {
    const base = { ...empty, STUPID: 'prod_1', productCategory: 'cameras' }
    const errorsOf = (fields: object) => {
      const result = productFormSchema.safeParse({ ...base, ...fields })
      return result.success ? {} : productErrors(result.error)
    }
    expect(errorsOf({ productName: 'Create' }).productName).toMatch(/address of a staff page/)
    expect(errorsOf({ productName: 'Create Kit' })).toEqual({})
    expect(errorsOf({ productName: 'Gimbal\u0000' }).productName).toBe('Contains characters that cannot be stored (a NUL or a broken character).')
    expect(errorsOf({ productName: 'Gimbal', productFeatures: [{ value: 'ok', label: '\ud800', description: '' }] })['productFeatures.0.label']).toMatch(
      /cannot be stored/,
    )
    expect(errorsOf({ productName: 'Gimbal', productImages: [{ value: '/\\evil.example/a.png', label: '', description: '' }] })['productImages.0.value']).toBe(
      'Use an https:// address or a path on this site starting with /.',
    )
  })

  it('takes a Stripe product id in Stripe’s form only, saying what that form is', () => {
    const stupidError = (STUPID: string) => {
      const result = productFormSchema.safeParse({ ...validProductForm, STUPID })
      return result.success ? undefined : productErrors(result.error).STUPID
    }
    expect(stupidError('prod_NWjs8kKbJWmuuc')).toBeUndefined()
    expect(stupidError('prod_1')).toBeUndefined()
    expect(productFormSchema.parse({ ...validProductForm, STUPID: ' prod_abc ' }).STUPID).toBe('prod_abc')
    expect(stupidError('')).toBe(REQUIRED)
    for (const id of ['abc', 'prod_', 'price_1QxAbc', 'prod_abc def', 'prod-abc', 'prod_a/b', 'PROD_abc']) {
      expect(stupidError(id), id).toBe(STRIPE_PRODUCT_ID_MESSAGE)
    }
    expect(STRIPE_PRODUCT_ID_MESSAGE).toMatch(/prod_ followed by letters and digits/)
  })

  it('holds imports and restores (the stored document’s schema) to the same form', () => {
    const document = { ...validProductForm, productPrices: [] }
    expect(productFieldsSchema.safeParse(document).success).toBe(true)
    const refused = productFieldsSchema.safeParse({ ...document, STUPID: 'abc' })
    expect(refused.success).toBe(false)
    expect(productErrors(refused.error!)).toEqual({ STUPID: STRIPE_PRODUCT_ID_MESSAGE })
  })
})
