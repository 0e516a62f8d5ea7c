import { describe, expect, it } from 'vitest'
import { gtinCheckDigit, gtinProblem } from './gtin'

describe('GTIN barcodes', () => {
  it('accepts real barcodes of every length, with spaces or dashes as printed', () => {
    // An EAN-13 (a book's ISBN-13), a UPC-A, a GTIN-8 and a GTIN-14.
    for (const code of ['9780306406157', '036000291452', '96385074', '10012345678902', '978-0-306-40615-7', '0 36000 29145 2']) {
      expect(gtinProblem(code), code).toBeNull()
    }
  })

  it('catches one digit changed and two neighbours swapped', () => {
    expect(gtinProblem('9780306406158')).toBe('This barcode’s last digit does not match the others: please check it.')
    expect(gtinProblem('9780360406157')).not.toBeNull()
  })

  it('refuses what is not a GTIN, saying what one is', () => {
    for (const code of ['abc', '12345', '978030640615x', '123456789012345']) {
      expect(gtinProblem(code), code).toBe('A barcode is 8, 12, 13 or 14 digits (EAN-13, UPC-A, GTIN-8 or GTIN-14).')
    }
  })

  it('computes the check digit from the right, weights 3 and 1', () => {
    expect(gtinCheckDigit('978030640615')).toBe(7)
    expect(gtinCheckDigit('03600029145')).toBe(2)
  })
})
