import { describe, expect, it } from 'vitest'
import { normaliseAccountNumber, normaliseBsb, owingCents, paymentRefusal } from './bank-transfer'

describe('bank details', () => {
  it('reads a BSB of six digits however it is typed, and prints it 3-3', () => {
    expect(normaliseBsb('062000')).toBe('062-000')
    expect(normaliseBsb('062-000')).toBe('062-000')
    expect(normaliseBsb(' 062 000 ')).toBe('062-000')
    expect(normaliseBsb('06200')).toBeNull()
    expect(normaliseBsb('0620001')).toBeNull()
    expect(normaliseBsb('062-00A')).toBeNull()
  })

  it('reads an account number of 5 to 10 digits', () => {
    expect(normaliseAccountNumber('1234 5678')).toBe('12345678')
    expect(normaliseAccountNumber('1234')).toBeNull()
    expect(normaliseAccountNumber('12345678901')).toBeNull()
  })
})

describe('recording a transfer', () => {
  const order = { id: 'UD-TEST', totalCents: 10_000, receivedCents: 4_000 }
  it('takes whole cents up to what is owing, and says how much that is', () => {
    expect(owingCents(order)).toBe(6_000)
    expect(paymentRefusal(order, 6_000)).toBeNull()
    expect(paymentRefusal(order, 6_001)).toBe('Only $60.00 is owing on order UD-TEST. Record at most that; pay back anything sent beyond it by transfer.')
    expect(paymentRefusal(order, 0)).toBe('Enter the amount received, in dollars and cents.')
    expect(paymentRefusal(order, 10.5)).toBe('Enter the amount received, in dollars and cents.')
    expect(paymentRefusal({ ...order, receivedCents: 10_000 }, 1)).toBe('Order UD-TEST is already paid in full.')
  })
})
