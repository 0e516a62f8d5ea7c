import { describe, expect, it } from 'vitest'
import { loweredWithoutReason, quoteRequestSchema, quoteState, quoteTotals } from './quotes'

describe('quote totals', () => {
  it('adds the lines at the quote’s prices and the freight, and takes the GST once on the total', () => {
    const lines = [
      { unitPriceCents: 1_299_900, quantity: 1 },
      // Lowered from $999.00: the quote's price is what counts.
      { unitPriceCents: 80_000, quantity: 2 },
    ]
    expect(quoteTotals(lines, 9_500)).toEqual({
      itemsCents: 1_459_900,
      freightCents: 9_500,
      totalCents: 1_469_400,
      gstCents: 133_582,
      subtotalCents: 1_335_818,
    })
    // Rounded once on the total, not summed from each line's rounded GST (which would give 1 cent more here).
    expect(
      quoteTotals(
        [
          { unitPriceCents: 1_005, quantity: 1 },
          { unitPriceCents: 1_005, quantity: 1 },
        ],
        0,
      ).gstCents,
    ).toBe(183)
    expect(quoteTotals([], 0)).toEqual({ itemsCents: 0, freightCents: 0, totalCents: 0, gstCents: 0, subtotalCents: 0 })
  })

  it('wants a reason for a price below the catalogue’s, and none at or above it', () => {
    expect(loweredWithoutReason({ unitPriceCents: 80_000, listPriceCents: 89_900, priceReason: '  ' })).toBe(true)
    expect(loweredWithoutReason({ unitPriceCents: 80_000, listPriceCents: 89_900, priceReason: 'Two with an E900' })).toBe(false)
    expect(loweredWithoutReason({ unitPriceCents: 95_000, listPriceCents: 89_900, priceReason: '' })).toBe(false)
  })

  it('calls a sent quote past its date expired, and nothing else', () => {
    const now = new Date('2026-12-01T00:00:00Z')
    expect(quoteState({ status: 'sent', validUntil: new Date('2026-11-30T23:59:59Z') }, now)).toBe('expired')
    expect(quoteState({ status: 'sent', validUntil: new Date('2026-12-01T00:00:01Z') }, now)).toBe('sent')
    expect(quoteState({ status: 'accepted', validUntil: new Date('2026-11-01T00:00:00Z') }, now)).toBe('accepted')
    expect(quoteState({ status: 'draft', validUntil: null }, now)).toBe('draft')
  })
})

describe('the quote request form', () => {
  const valid = {
    company: 'Survey Co',
    abn: '51 824 753 556',
    contactName: 'Sam',
    email: 'sam@survey.example',
    phone: '07 3000 1234',
    state: 'QLD',
    postcode: '4066',
  }
  const errorsOf = (input: Record<string, string>) => {
    const parsed = quoteRequestSchema.safeParse(input)
    const errors: Record<string, string> = {}
    // The first message of each field, as the form shows it (app/lib/schemas/errors.ts).
    for (const issue of parsed.success ? [] : parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
    return errors
  }

  it('takes a business with a checked ABN and a postcode of its state', () => {
    expect(errorsOf(valid)).toEqual({})
    expect(errorsOf({ ...valid, abn: '51 824 753 557' })).toEqual({ abn: 'Enter an 11-digit ABN; this one does not pass the ABN check.' })
    expect(errorsOf({ ...valid, abn: '' })).toMatchObject({ abn: 'required' })
    expect(errorsOf({ ...valid, postcode: '2000' })).toEqual({ postcode: '2000 is a postcode in New South Wales, not Queensland.' })
    expect(errorsOf({ ...valid, company: '', phone: '12' })).toMatchObject({ company: 'required', phone: 'Enter a phone number with at least 8 digits.' })
  })
})
