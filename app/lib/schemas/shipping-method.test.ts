import { describe, expect, it } from 'vitest'
import { fieldErrors } from './errors'
import {
  formatWeightBands,
  NEW_SHIPPING_METHOD,
  parseWeightBands,
  REQUIRED,
  shippingMethodFormInput,
  shippingMethodFormSchema,
  shippingMethodFormValues,
  type ShippingMethodFormInput,
} from './shipping-method'

const standard: ShippingMethodFormInput = {
  name: 'Standard delivery',
  kind: 'delivery',
  price: '15',
  freeOver: '300.00',
  weightBands: '',
  deliveryTime: '2–6 business days',
  carriesLithium: true,
  pickupAddress: '',
  pickupHours: '',
  position: '10',
  active: true,
}

const errorsOf = (input: object) => {
  const result = shippingMethodFormSchema.safeParse(input)
  return result.success ? {} : fieldErrors(result.error)
}

describe('weight bands typed one per line', () => {
  it('reads "up to grams = price" lines in ascending order, skipping blank lines', () => {
    expect(parseWeightBands('1000 = 12.00\n\n 5,000g=22\r\n20000 = $45.50 \n')).toEqual({
      ok: true,
      bands: [
        { upToGrams: 1000, priceCents: 1200 },
        { upToGrams: 5000, priceCents: 2200 },
        { upToGrams: 20_000, priceCents: 4550 },
      ],
    })
    expect(parseWeightBands('')).toEqual({ ok: true, bands: [] })
  })

  it('says which line is wrong and how', () => {
    const message = (text: string) => {
      const parsed = parseWeightBands(text)
      return parsed.ok ? null : parsed.message
    }
    expect(message('1000 12.00')).toBe('Line 1 (“1000 12.00”): write each band as “up to grams = price”, such as 1000 = 12.00.')
    expect(message('1000 = 12\n1 kg = 20')).toBe('Line 2 (“1 kg = 20”): the weight before “=” must be whole grams, such as 1000.')
    expect(message('1000 = twelve')).toBe('Line 1 (“1000 = twelve”): the price after “=” must be in dollars, such as 12.00.')
    expect(message('0 = 5')).toBe('Line 1 (“0 = 5”): the weight must be more than 0 grams.')
    expect(message('2000 = 12\n1000 = 20')).toBe(
      'Line 2 (“1000 = 20”): each band must be heavier than the one above it (2000 g); list them from lightest to heaviest.',
    )
    expect(message('1000 = 12\n1000 = 20')).toMatch(/^Line 2 .*heavier than the one above it/)
    expect(message('2000000 = 12')).toMatch(/at most 1,000,000 grams/)
    expect(message('1000 = -5')).toMatch(/must be in dollars/)
  })

  it('shows stored bands back as the same text', () => {
    const bands = [
      { upToGrams: 1000, priceCents: 1200 },
      { upToGrams: 5000, priceCents: 2205 },
    ]
    expect(formatWeightBands(bands)).toBe('1000 = 12.00\n5000 = 22.05')
    expect(parseWeightBands(formatWeightBands(bands))).toEqual({ ok: true, bands })
  })
})

describe('the shipping-method form', () => {
  it('turns typed dollars into cents, and an empty threshold into none', () => {
    const result = shippingMethodFormSchema.parse(standard)
    expect(result).toEqual({
      name: 'Standard delivery',
      kind: 'delivery',
      priceCents: 1500,
      freeOverCents: 30_000,
      weightBands: [],
      deliveryTime: '2–6 business days',
      carriesLithium: true,
      pickupAddress: '',
      pickupHours: '',
      position: 10,
      active: true,
    })
    expect(shippingMethodFormSchema.parse({ ...standard, freeOver: ' ', price: '0' })).toMatchObject({ priceCents: 0, freeOverCents: null })
  })

  it('shows every problem at once, next to its field', () => {
    expect(errorsOf({ ...standard, name: ' ', kind: 'drone', price: '', freeOver: 'lots', weightBands: 'heavy', position: '-1' })).toEqual({
      name: REQUIRED,
      kind: 'Choose delivery or Click & Collect.',
      price: REQUIRED,
      freeOver: 'Enter an amount in dollars, such as 12.00.',
      weightBands: 'Line 1 (“heavy”): write each band as “up to grams = price”, such as 1000 = 12.00.',
      position: 'Enter a whole number from 0 to 10,000; lower numbers are listed first.',
    })
    expect(errorsOf({ ...standard, name: '!!!', price: '12.345', position: '1.5' })).toEqual({
      name: 'The name needs at least one letter or digit.',
      price: 'Enter an amount in dollars, such as 12.00.',
      position: 'Enter a whole number from 0 to 10,000; lower numbers are listed first.',
    })
    expect(errorsOf({ ...standard, price: '200000' })).toEqual({ price: 'At most $100,000.' })
  })

  it('needs the pickup address and opening hours for Click & Collect only, even when another field is wrong', () => {
    const collect = { ...standard, name: 'Click & Collect Brisbane', kind: 'collect', price: '0', freeOver: '' }
    expect(errorsOf(collect)).toEqual({ pickupAddress: 'required for Click & Collect', pickupHours: 'required for Click & Collect' })
    expect(errorsOf({ ...collect, price: 'free' })).toEqual({
      price: 'Enter an amount in dollars, such as 12.00.',
      pickupAddress: 'required for Click & Collect',
      pickupHours: 'required for Click & Collect',
    })
    expect(errorsOf({ ...collect, pickupAddress: '1 Queen Street, Brisbane QLD 4000', pickupHours: 'Mon–Fri 9–5' })).toEqual({})
  })

  it('reads a submitted form: unticked checkboxes are false, missing fields empty', () => {
    const form = new FormData()
    form.set('name', 'Express')
    form.set('kind', 'delivery')
    form.set('price', '30')
    form.set('active', 'on')
    expect(shippingMethodFormInput(form)).toEqual({ ...NEW_SHIPPING_METHOD, name: 'Express', price: '30', position: '', carriesLithium: false, active: true })
  })

  it('shows a stored method as the text the form edits, and reads it back unchanged', () => {
    const stored = {
      name: 'Courier',
      kind: 'delivery' as const,
      priceCents: 1500,
      freeOverCents: null,
      weightBands: [{ upToGrams: 1000, priceCents: 1200 }],
      deliveryTime: '1–3 business days',
      carriesLithium: false,
      pickupAddress: '',
      pickupHours: '',
      position: 3,
      active: false,
    }
    const values = shippingMethodFormValues(stored)
    expect(values).toMatchObject({ price: '15.00', freeOver: '', weightBands: '1000 = 12.00', position: '3' })
    expect(shippingMethodFormSchema.parse(values)).toEqual(stored)
  })
})
