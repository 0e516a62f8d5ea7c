import { describe, expect, it } from 'vitest'
import { productFormSchema } from '../../lib/schemas/product'
import { initialLogistics, logisticsSubmission, stockChanged } from './product-logistics-fields'
import { validProductForm } from '../../lib/schemas/product-form.fixture'

const tracked = {
  productWeightGrams: 850,
  productContainsLithium: true,
  productStockOnHand: 7,
  productAllowBackorder: true,
  productBackorderLeadTime: '2–3 weeks',
  productSku: 'UD-E900',
  productBarcode: '9780306406157',
  productCostCents: 845_050,
}

describe('the shipping and stock fields of the product form', () => {
  it('open with the product’s values, or a new product’s defaults', () => {
    expect(initialLogistics(tracked)).toEqual({
      weightGrams: '850',
      containsLithium: true,
      trackStock: true,
      stockOnHand: '7',
      allowBackorder: true,
      backorderLeadTime: '2–3 weeks',
      lowStockThreshold: '3',
      sku: 'UD-E900',
      barcode: '9780306406157',
      // The cost in dollars, as staff type it.
      cost: '8450.50',
    })
    expect(initialLogistics(null)).toEqual({
      weightGrams: '0',
      containsLithium: false,
      trackStock: false,
      stockOnHand: '',
      allowBackorder: false,
      backorderLeadTime: '',
      lowStockThreshold: '3',
      sku: '',
      barcode: '',
      cost: '',
    })
    expect(initialLogistics({ ...tracked, productStockOnHand: null }).trackStock).toBe(false)
  })

  it('leave the stock out unless the editor changed it, so a sale while the form is open is kept', () => {
    const opened = initialLogistics(tracked)
    const untouched = logisticsSubmission({ ...opened, weightGrams: '900' }, opened)
    expect(untouched).toEqual({
      productWeightGrams: '900',
      productContainsLithium: true,
      productAllowBackorder: true,
      productBackorderLeadTime: '2–3 weeks',
      productLowStockThreshold: '3',
      productSku: 'UD-E900',
      productBarcode: '9780306406157',
      productCostCents: '8450.50',
    })
    expect('productStockOnHand' in untouched).toBe(false)
    expect(JSON.parse(JSON.stringify(untouched))).not.toHaveProperty('productStockOnHand')
    // The same number typed differently is no change.
    expect(stockChanged({ ...opened, stockOnHand: ' 7 ' }, opened)).toBe(false)
    expect(logisticsSubmission({ ...opened, stockOnHand: '12' }, opened).productStockOnHand).toBe('12')
    // Typing a number back to what it was sends nothing either.
    expect('productStockOnHand' in logisticsSubmission({ ...opened, stockOnHand: '7' }, opened)).toBe(false)
  })

  it('send null when tracking is turned off, and the count when it is turned on', () => {
    const opened = initialLogistics(tracked)
    expect(logisticsSubmission({ ...opened, trackStock: false }, opened).productStockOnHand).toBeNull()
    const untrackedAtOpen = initialLogistics({ ...tracked, productStockOnHand: null })
    expect('productStockOnHand' in logisticsSubmission({ ...untrackedAtOpen, stockOnHand: '3' }, untrackedAtOpen)).toBe(false)
    expect(logisticsSubmission({ ...untrackedAtOpen, trackStock: true, stockOnHand: '3' }, untrackedAtOpen).productStockOnHand).toBe('3')
  })

  it('always send the stock of a new product, null when untracked', () => {
    expect(logisticsSubmission(initialLogistics(null), null).productStockOnHand).toBeNull()
    expect(logisticsSubmission({ ...initialLogistics(null), trackStock: true, stockOnHand: '4' }, null).productStockOnHand).toBe('4')
  })

  it('send what the form schema reads', () => {
    const base = validProductForm
    const opened = initialLogistics(tracked)
    const parsed = productFormSchema.parse({ ...base, ...logisticsSubmission({ ...opened, stockOnHand: '1,200' }, opened) })
    expect(parsed).toMatchObject({ productWeightGrams: 850, productContainsLithium: true, productStockOnHand: 1200, productAllowBackorder: true })
  })
})
