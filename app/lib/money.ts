/** Money is integer cents in AUD inside the program (docs/domain.md, Money and GST); these are the edges. */
const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' })

export function formatAud(cents: number): string {
  return aud.format(cents / 100)
}

/**
 * The GST included in a GST-inclusive total: total / 11, rounded half up to the cent, as the
 * tax office defines it. Integer arithmetic only: round(total / 11) = floor((2 × total + 11) / 22).
 */
export function gstIncluded(totalCents: number): number {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`Not an amount in cents: ${totalCents}`)
  return Math.floor((2 * totalCents + 11) / 22)
}

/** Amount as a plain decimal string for machines (JSON-LD, payment providers): 12999 → "129.99". */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2)
}
