import { z } from 'zod'
import { isValidAbn } from './abn.ts'
import { isStateCode, postcodeInState, STATES, stateOfPostcode } from './delivery/postcodes.ts'
import { gstIncluded } from './money.ts'
import { phoneNumber, REQUIRED } from './schemas/delivery.ts'
import { storableString } from './schemas/text.ts'

/**
 * Quotes (docs/domain.md, Quotes): a buyer asks for one from the cart, or staff start one; staff set
 * its lines, prices, freight and validity and send it; the buyer accepts it once, at its prices,
 * before it expires.
 */

/**
 * `requested` by a buyer and `draft` (staff's, or a sent quote being revised) are staff's to edit;
 * `sent` can be accepted until its `validUntil`; `accepted` made its order; `withdrawn` by staff.
 * An expired quote is a sent one past its date (`quoteState`).
 */
export const QUOTE_STATUSES = ['requested', 'draft', 'sent', 'accepted', 'withdrawn'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]
export type QuoteState = QuoteStatus | 'expired'

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  requested: 'Requested',
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
}

/** The state a person sees: a sent quote past its date has expired. */
export function quoteState(quote: { status: QuoteStatus; validUntil: Date | string | null }, now = new Date()): QuoteState {
  if (quote.status === 'sent' && quote.validUntil && new Date(quote.validUntil).getTime() <= now.getTime()) return 'expired'
  return quote.status
}

export const DEFAULT_VALIDITY_DAYS = 30
export const MAX_VALIDITY_DAYS = 365
export const MAX_QUOTE_LINES = 50
export const MAX_QUOTE_QUANTITY = 1000

export interface QuoteLineFigures {
  unitPriceCents: number
  quantity: number
}

/**
 * A quote's figures: each line's amount, the freight (a taxable supply of its own line), the total and
 * the GST in it, taken once on the total (docs/domain.md, Money and GST), as an order's are.
 */
export function quoteTotals(lines: QuoteLineFigures[], freightCents: number) {
  const itemsCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0)
  const totalCents = itemsCents + freightCents
  const gstCents = gstIncluded(totalCents)
  return { itemsCents, freightCents, totalCents, gstCents, subtotalCents: totalCents - gstCents }
}

/** A line priced below the catalogue's price when it was quoted must say why (kept with the line). */
export function loweredWithoutReason(line: { unitPriceCents: number; listPriceCents: number; priceReason: string }): boolean {
  return line.unitPriceCents < line.listPriceCents && line.priceReason.trim() === ''
}

const stateName = (code: string) => STATES.find((state) => state.code === code)?.name ?? code

/** The request form on the cart's "Request a quote": who the business is and where the goods go. */
export const quoteRequestSchema = z
  .object({
    company: storableString(200).min(1, REQUIRED),
    abn: z
      .string()
      .trim()
      .min(1, REQUIRED)
      .refine((value) => isValidAbn(value), 'Enter an 11-digit ABN; this one does not pass the ABN check.'),
    contactName: storableString(200).min(1, REQUIRED),
    email: z.string().trim().min(1, REQUIRED).max(320, 'At most 320 characters.').pipe(z.email('Enter a valid e-mail address.')),
    phone: phoneNumber,
    state: z.string().trim().refine(isStateCode, 'Choose the state or territory.'),
    postcode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'Enter the 4-digit postcode.'),
    notes: storableString(2000, 'At most 2,000 characters.').default(''),
  })
  .superRefine((request, context) => {
    if (!isStateCode(request.state) || !/^\d{4}$/.test(request.postcode)) return
    if (!postcodeInState(request.postcode, request.state)) {
      const actual = stateOfPostcode(request.postcode)
      context.addIssue({
        code: 'custom',
        path: ['postcode'],
        message: actual
          ? `${request.postcode} is a postcode in ${stateName(actual)}, not ${stateName(request.state)}.`
          : `${request.postcode} is not an Australian postcode.`,
      })
    }
  })
export type QuoteRequest = z.output<typeof quoteRequestSchema>
export const QUOTE_REQUEST_FIELDS = ['company', 'abn', 'contactName', 'email', 'phone', 'state', 'postcode', 'notes'] as const
