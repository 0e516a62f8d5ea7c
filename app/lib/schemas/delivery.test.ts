import { describe, expect, it } from 'vitest'
import { fieldErrors } from './errors'
import { deliveryDetailsSchema } from './delivery'

const brisbane = {
  fullName: 'Robin Quinn',
  email: 'robin@example.com',
  phone: '0400 123 456',
  company: '',
  abn: '',
  shippingMethod: 'standard',
  collect: false,
  addressLine1: '1 Queen Street',
  addressLine2: '',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
}
const errorsOf = (input: object) => {
  const result = deliveryDetailsSchema.safeParse(input)
  return result.success ? {} : fieldErrors(result.error)
}

describe('the delivery step', () => {
  it('takes a full Australian address, and a business buyer’s company and ABN', () => {
    expect(errorsOf(brisbane)).toEqual({})
    expect(errorsOf({ ...brisbane, company: 'Survey Co Pty Ltd', abn: '51 824 753 556' })).toEqual({})
  })

  it('says which state a postcode belongs to when it is not the one chosen', () => {
    expect(errorsOf({ ...brisbane, state: 'NSW' })).toEqual({ postcode: '4000 is a postcode in Queensland, not New South Wales.' })
    expect(errorsOf({ ...brisbane, postcode: '0100' })).toEqual({ postcode: '0100 is not an Australian postcode.' })
    expect(errorsOf({ ...brisbane, postcode: '400' })).toEqual({ postcode: 'Enter the 4-digit postcode.' })
    expect(errorsOf({ ...brisbane, state: 'XX' })).toEqual({ state: 'Choose the state or territory.' })
  })

  it('asks for the address unless the order is collected, and checks the ABN and phone', () => {
    const blank = { ...brisbane, addressLine1: '', suburb: '', state: '', postcode: '' }
    expect(errorsOf({ ...blank, collect: true, shippingMethod: 'collect-brisbane' })).toEqual({})
    expect(Object.keys(errorsOf(blank))).toEqual(['addressLine1', 'suburb', 'state'])
    expect(errorsOf({ ...brisbane, abn: '12 345 678 901' })).toEqual({ abn: 'Enter an 11-digit ABN; this one does not pass the ABN check.' })
    expect(errorsOf({ ...brisbane, phone: '12' })).toEqual({ phone: 'Enter a phone number with at least 8 digits.' })
    expect(errorsOf({ ...brisbane, fullName: ' ', shippingMethod: '' })).toEqual({ fullName: 'required', shippingMethod: 'Choose how your order reaches you.' })
  })
})
