/**
 * Barcodes (GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14), as GS1 defines them: digits whose
 * last is a check digit, so a mistyped or misread digit is caught before it is kept.
 */

export const GTIN_LENGTHS = [8, 12, 13, 14] as const

/** The check digit of a GTIN's other digits: weights 3 and 1 from the right, then up to a multiple of 10. */
export function gtinCheckDigit(body: string): number {
  let sum = 0
  for (let index = 0; index < body.length; index++) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48
    sum += digit * (index % 2 === 0 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10
}

/** A barcode as typed, with spaces and dashes taken out. */
export function normaliseGtin(text: string): string {
  return text.replace(/[\s-]/g, '')
}

/** Why a barcode cannot be kept, or null when it is a GTIN with the right check digit. */
export function gtinProblem(text: string): string | null {
  const digits = normaliseGtin(text)
  if (!/^\d+$/.test(digits) || !(GTIN_LENGTHS as readonly number[]).includes(digits.length)) {
    return 'A barcode is 8, 12, 13 or 14 digits (EAN-13, UPC-A, GTIN-8 or GTIN-14).'
  }
  if (gtinCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) return 'This barcode’s last digit does not match the others: please check it.'
  return null
}
