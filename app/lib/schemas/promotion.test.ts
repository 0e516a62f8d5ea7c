import { describe, expect, it } from 'vitest'
import { dayStart } from '../reports/periods'
import { fieldErrors } from './errors'
import {
  formatPercentOff,
  NEW_PROMOTION,
  parsePercentOff,
  promotionFormInput,
  promotionFormSchema,
  promotionFormValues,
  type PromotionFormValues,
} from './promotion'

/** BLACKFRIDAY: 15 % off cameras, 100 uses, one per customer, until 1 December. */
const blackFriday: PromotionFormValues = {
  ...NEW_PROMOTION,
  kind: 'code',
  code: ' blackfriday ',
  name: '15 % off cameras',
  benefit: 'percent',
  percent: '15',
  target: 'items',
  categories: ['cameras'],
  lastDay: '2026-12-01',
  usageLimit: '100',
  perCustomerLimit: '1',
}

const errorsOf = (values: PromotionFormValues) => {
  const result = promotionFormSchema.safeParse(values)
  return result.success ? {} : fieldErrors(result.error)
}

describe('the promotion form', () => {
  it('reads a code upper-cased, its percentage in hundredths of a percent and its last day as the Brisbane midnight after it', () => {
    const parsed = promotionFormSchema.parse(blackFriday)
    expect(parsed).toEqual({
      kind: 'code',
      code: 'BLACKFRIDAY',
      name: '15 % off cameras',
      active: true,
      benefit: 'percent',
      percentBp: 1500,
      amountCents: null,
      productIds: [],
      categories: ['cameras'],
      kit: [],
      shippingMethodId: null,
      minSpendCents: 0,
      startsAt: null,
      // The end is exclusive: midnight in Brisbane as 1 December ends, 14:00 UTC on the 1st.
      endsAt: new Date('2026-12-01T14:00:00.000Z'),
      usageLimit: 100,
      perCustomerLimit: 1,
      combinesWithOffers: false,
    })
    // And back as the form shows it, for the next edit.
    expect(promotionFormValues(parsed)).toEqual({ ...blackFriday, code: 'BLACKFRIDAY' })
  })

  it('takes "12.5" and "7.25 %" as percentages, from 0.01 to 100 only', () => {
    expect(parsePercentOff('12.5')).toBe(1250)
    expect(parsePercentOff('7.25 %')).toBe(725)
    expect(parsePercentOff('100')).toBe(10_000)
    expect(parsePercentOff('0.01')).toBe(1)
    for (const bad of ['0', '100.01', '150', '-5', '12.345', 'ten', '']) expect(parsePercentOff(bad), bad).toBeNull()
    expect(formatPercentOff(1250)).toBe('12.5')
    expect(formatPercentOff(725)).toBe('7.25')
    expect(errorsOf({ ...blackFriday, percent: '150' })).toEqual({ percent: 'Enter a percentage from 0.01 to 100, such as 15 or 12.5.' })
    expect(errorsOf({ ...blackFriday, percent: '' }).percent).toMatch(/^required/)
  })

  it('gives every field its own message at once, in words', () => {
    const errors = errorsOf({
      ...blackFriday,
      code: 'BLACK FRIDAY!',
      name: '',
      firstDay: '2026-12-02',
      lastDay: '2026-12-01',
      usageLimit: '0',
      perCustomerLimit: 'once',
      minSpend: 'lots',
    })
    expect(errors).toEqual({
      code: 'A code is 2 to 40 letters, digits, dashes (-) or underscores (_), starting with a letter or digit.',
      name: 'required: what shoppers read, such as “15 % off cameras”.',
      lastDay: 'The last day cannot be before the first day.',
      usageLimit: 'Enter a whole number from 1 to 1,000,000, or leave it empty for no limit.',
      perCustomerLimit: 'Enter a whole number from 1 to 1,000,000, or leave it empty for no limit.',
      minSpend: 'Enter the minimum spend in dollars, such as 200, or leave it empty.',
    })
    expect(errorsOf({ ...blackFriday, lastDay: '2026-02-30' })).toEqual({ lastDay: 'Choose a day, or leave it empty.' })
  })

  it('needs a code for a discount code, and none for an offer, which counts no uses', () => {
    expect(errorsOf({ ...blackFriday, code: '  ' })).toEqual({ code: 'required: the code shoppers type, such as BLACKFRIDAY.' })
    expect(errorsOf({ ...blackFriday, kind: 'offer' })).toEqual({
      code: 'An automatic offer has no code: clear it, or choose “Discount code”.',
      usageLimit: 'Only a discount code counts its uses: leave this empty for an automatic offer.',
      perCustomerLimit: 'Only a discount code counts its uses: leave this empty for an automatic offer.',
    })
    const offer = promotionFormSchema.parse({ ...blackFriday, kind: 'offer', code: '', usageLimit: '', perCustomerLimit: '', combinesWithOffers: true })
    expect(offer).toMatchObject({ kind: 'offer', code: null, usageLimit: null, combinesWithOffers: false })
  })

  it('takes an amount off in dollars, more than nothing', () => {
    const amount = { ...blackFriday, benefit: 'amount', percent: '15' }
    expect(promotionFormSchema.parse({ ...amount, amount: '49.95' })).toMatchObject({ benefit: 'amount', amountCents: 4995, percentBp: null })
    expect(errorsOf({ ...amount, amount: '0' })).toEqual({ amount: 'Enter the amount off in dollars, more than 0, such as 20 or 49.95.' })
    expect(errorsOf({ ...amount, amount: '' })).toEqual({ amount: 'required: the amount off in dollars, such as 20.' })
  })

  it('reads a kit "E900 ×1 + battery ×2", refusing an empty kit, a quantity over 10 and a product twice', () => {
    const kit: PromotionFormValues = {
      ...blackFriday,
      kind: 'offer',
      code: '',
      usageLimit: '',
      perCustomerLimit: '',
      name: 'E900 flight kit',
      benefit: 'amount',
      amount: '150',
      target: 'kit',
      kit: [
        { productId: 'unidrone-e900', quantity: '' },
        { productId: 'unicell-battery', quantity: '2' },
        { productId: '', quantity: '' },
      ],
    }
    expect(promotionFormSchema.parse(kit)).toMatchObject({
      kit: [
        { productId: 'unidrone-e900', quantity: 1 },
        { productId: 'unicell-battery', quantity: 2 },
      ],
      // A kit covers its own products: the categories ticked before are not kept.
      categories: [],
      productIds: [],
    })
    expect(errorsOf({ ...kit, kit: [{ productId: '', quantity: '' }] })).toEqual({ target: 'A kit needs at least one product with its quantity.' })
    expect(errorsOf({ ...kit, kit: [{ productId: 'unidrone-e900', quantity: '11' }] })).toEqual({
      'kitQuantity-0': 'Enter how many the kit holds, from 1 to 10.',
    })
    expect(
      errorsOf({
        ...kit,
        kit: [
          { productId: 'unidrone-e900', quantity: '1' },
          { productId: 'unidrone-e900', quantity: '1' },
        ],
      }),
    ).toEqual({ 'kitProduct-1': 'This product is in the kit above already.' })
    expect(errorsOf({ ...kit, kit: [{ productId: '', quantity: '2' }] })).toEqual({ 'kitProduct-0': 'Choose the product, or clear its quantity.' })
  })

  it('gives free shipping on the whole order only, with one method or any', () => {
    const shipping = { ...blackFriday, benefit: 'free-shipping', percent: '', target: 'order', categories: [], shippingMethodId: 'express' }
    expect(promotionFormSchema.parse(shipping)).toMatchObject({ benefit: 'free-shipping', percentBp: null, shippingMethodId: 'express' })
    expect(promotionFormSchema.parse({ ...shipping, shippingMethodId: '' })).toMatchObject({ shippingMethodId: null })
    expect(errorsOf({ ...shipping, target: 'kit', kit: [{ productId: 'unidrone-e900', quantity: '1' }] })).toEqual({
      target: 'Free shipping is on the whole order: choose “The whole order”.',
    })
    // A method chosen and then another benefit: it is not kept.
    expect(promotionFormSchema.parse({ ...blackFriday, shippingMethodId: 'express' }).shippingMethodId).toBeNull()
  })

  it('needs a category or a product for "chosen categories and products"', () => {
    expect(errorsOf({ ...blackFriday, categories: [], products: ['', ' '] })).toEqual({ target: 'Tick at least one category or choose at least one product.' })
    expect(promotionFormSchema.parse({ ...blackFriday, categories: [], products: ['unicam-f1', 'unicam-f1', ''] }).productIds).toEqual(['unicam-f1'])
  })

  it('reads the submitted form: numbered rows, ticked categories and boxes', () => {
    const form = new FormData()
    for (const [name, value] of Object.entries({ kind: 'code', code: 'spring', name: 'Spring', benefit: 'percent', percent: '10', target: 'items' })) {
      form.set(name, value)
    }
    form.append('category', 'cameras')
    form.append('category', 'propulsion')
    form.set('product-0', 'unicam-f1')
    form.set('product-1', '')
    form.set('firstDay', '2026-09-01')
    form.set('active', 'on')
    const values = promotionFormInput(form)
    expect(values).toMatchObject({ categories: ['cameras', 'propulsion'], products: ['unicam-f1', ''], kit: [], active: true, combinesWithOffers: false })
    expect(promotionFormSchema.parse(values)).toMatchObject({ code: 'SPRING', startsAt: dayStart('2026-09-01'), endsAt: null })
  })
})
