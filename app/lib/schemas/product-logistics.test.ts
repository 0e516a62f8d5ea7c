import { describe, expect, it } from 'vitest'
import { validProductForm } from './product-form.fixture'
import { productErrors, productFieldsSchema, productFormSchema, STOCK_MESSAGE, THRESHOLD_MESSAGE, WEIGHT_MESSAGE } from './product'

const base = validProductForm

const parse = (fields: object) => productFormSchema.safeParse({ ...base, ...fields })
const errorsOf = (fields: object) => {
  const result = parse(fields)
  return result.success ? {} : productErrors(result.error)
}

describe('shipping and stock in the product form', () => {
  it('reads weight and stock typed as text into whole numbers', () => {
    const result = parse({
      productWeightGrams: ' 1,250 ',
      productContainsLithium: true,
      productStockOnHand: '12',
      productAllowBackorder: true,
      productBackorderLeadTime: ' 2–3 weeks ',
    })
    expect(result.success && result.data).toMatchObject({
      productWeightGrams: 1250,
      productContainsLithium: true,
      productStockOnHand: 12,
      productAllowBackorder: true,
      productBackorderLeadTime: '2–3 weeks',
    })
    expect(parse({ productWeightGrams: '0', productStockOnHand: '0' }).data).toMatchObject({ productWeightGrams: 0, productStockOnHand: 0 })
  })

  it('sends null for untracked stock, and keeps a left-out stock count out of the fields to save', () => {
    expect(parse({ productWeightGrams: '850', productStockOnHand: null }).data?.productStockOnHand).toBeNull()
    const untouched = parse({ productWeightGrams: '850' })
    expect(untouched.success).toBe(true)
    expect(untouched.data && 'productStockOnHand' in untouched.data).toBe(false)
    // A product from before these fields existed still saves as it is.
    expect(parse({}).success).toBe(true)
  })

  it('reads the low-stock alert level typed as text, 0 to 10,000', () => {
    expect(parse({ productLowStockThreshold: ' 12 ' }).data).toMatchObject({ productLowStockThreshold: 12 })
    expect(parse({ productLowStockThreshold: '0' }).data).toMatchObject({ productLowStockThreshold: 0 })
    expect(errorsOf({ productLowStockThreshold: 'few' })).toEqual({ productLowStockThreshold: THRESHOLD_MESSAGE })
    expect(errorsOf({ productLowStockThreshold: '-1' })).toEqual({ productLowStockThreshold: 'The alert level cannot be negative.' })
    expect(errorsOf({ productLowStockThreshold: '10,001' })).toEqual({ productLowStockThreshold: 'At most 10,000.' })
  })

  it('says what is wrong next to each field', () => {
    expect(errorsOf({ productWeightGrams: '', productStockOnHand: '' })).toEqual({ productWeightGrams: WEIGHT_MESSAGE, productStockOnHand: STOCK_MESSAGE })
    expect(errorsOf({ productWeightGrams: '1.5 kg', productStockOnHand: 'lots' })).toEqual({
      productWeightGrams: WEIGHT_MESSAGE,
      productStockOnHand: STOCK_MESSAGE,
    })
    expect(errorsOf({ productWeightGrams: '-5', productStockOnHand: '-1' })).toEqual({
      productWeightGrams: 'A weight cannot be negative.',
      productStockOnHand: 'Stock cannot be negative.',
    })
    expect(errorsOf({ productWeightGrams: '2000000', productStockOnHand: '2,000,000' })).toEqual({
      productWeightGrams: 'At most 1,000 kg.',
      productStockOnHand: 'At most 1,000,000.',
    })
    expect(errorsOf({ productBackorderLeadTime: 'x'.repeat(101) })).toEqual({ productBackorderLeadTime: 'At most 100 characters.' })
  })

  it('still takes numbers, as stored documents hold them, while the stored-document schema keeps them optional', () => {
    expect(parse({ productWeightGrams: 900, productStockOnHand: 3 }).data).toMatchObject({ productWeightGrams: 900, productStockOnHand: 3 })
    expect(errorsOf({ productWeightGrams: 2.5 })).toEqual({ productWeightGrams: 'Whole grams.' })
    expect(productFieldsSchema.safeParse(base).success).toBe(true)
    expect(productFieldsSchema.safeParse({ ...base, productWeightGrams: '850' }).success).toBe(false)
  })
})
