import { describe, expect, it } from 'vitest'
import { centsToDecimal, formatAud, gstIncluded } from './money'

describe('money', () => {
  it('formats cents as Australian dollars', () => {
    expect(formatAud(1299900)).toBe('$12,999.00')
    expect(formatAud(5)).toBe('$0.05')
    expect(formatAud(0)).toBe('$0.00')
  })

  it.each([
    [1100, 100],
    [999, 91],
    [1, 0],
    [5, 0],
    [6, 1],
    [1299900, 118173],
    [0, 0],
  ])('a GST-inclusive total of %i cents includes %i cents of GST (total / 11, half up)', (total, gst) => {
    expect(gstIncluded(total)).toBe(gst)
  })

  it('refuses amounts that are not whole cents', () => {
    expect(() => gstIncluded(10.5)).toThrow(RangeError)
    expect(() => gstIncluded(-1)).toThrow(RangeError)
  })

  it('writes decimal amounts for machines', () => {
    expect(centsToDecimal(1299900)).toBe('12999.00')
    expect(centsToDecimal(89950)).toBe('899.50')
  })
})
