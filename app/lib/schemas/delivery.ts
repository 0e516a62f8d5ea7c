import { z } from 'zod'
import { isValidAbn } from '../abn.ts'
import { isStateCode, postcodeInState, STATES, stateOfPostcode } from '../delivery/postcodes.ts'
import { storableString } from './text.ts'

/** The message shown under an empty required field (docs/specification.md, Forms and their checks). */
export const REQUIRED = 'required'

/** A phone number as people write it: at least 8 digits, with spaces, brackets, hyphens and a leading + allowed. */
export const phoneNumber = storableString(30)
  .min(1, REQUIRED)
  .refine((value) => /^\+?[\d\s()-]{8,30}$/.test(value) && value.replace(/\D/g, '').length >= 8, 'Enter a phone number with at least 8 digits.')

const stateName = (code: string) => STATES.find((state) => state.code === code)?.name ?? code

/**
 * The delivery step's form: who receives the order, how it travels, and (unless it is collected) where
 * to. Business buyers may give a company and an ABN, which is checked by its checksum. The method is
 * an id the server prices itself; nothing priced comes from the browser.
 */
export const deliveryDetailsSchema = z
  .object({
    fullName: storableString(200).min(1, REQUIRED),
    email: z.string().trim().min(1, REQUIRED).max(320, 'At most 320 characters.').pipe(z.email('Enter a valid e-mail address.')),
    phone: phoneNumber,
    company: storableString(200),
    abn: z
      .string()
      .trim()
      .refine((value) => value === '' || isValidAbn(value), 'Enter an 11-digit ABN; this one does not pass the ABN check.'),
    shippingMethod: z.string().trim().min(1, 'Choose how your order reaches you.').max(100),
    collect: z.boolean(),
    /** The buyer's purchase order number, if their business raised one: printed on the invoice. */
    purchaseOrder: storableString(40, 'At most 40 characters.').default(''),
    /**
     * `card` (also when not sent): the payment page, with whatever the provider offers; `bank-transfer`:
     * EFT; `account`: a trade customer with payment terms, invoiced now and paying later.
     */
    payment: z.preprocess(
      (value) => (value === '' || value === undefined ? 'card' : value),
      z.enum(['card', 'bank-transfer', 'account'], { error: 'Choose how you pay.' }),
    ),
    addressLine1: storableString(200),
    addressLine2: storableString(200),
    suburb: storableString(100),
    state: z.string().trim(),
    postcode: z.string().trim(),
  })
  .superRefine((details, context) => {
    if (details.collect) return
    const missing = (path: string) => context.addIssue({ code: 'custom', path: [path], message: REQUIRED })
    if (!details.addressLine1) missing('addressLine1')
    if (!details.suburb) missing('suburb')
    if (!isStateCode(details.state)) return void context.addIssue({ code: 'custom', path: ['state'], message: 'Choose the state or territory.' })
    if (!/^\d{4}$/.test(details.postcode)) return void context.addIssue({ code: 'custom', path: ['postcode'], message: 'Enter the 4-digit postcode.' })
    if (!postcodeInState(details.postcode, details.state)) {
      const actual = stateOfPostcode(details.postcode)
      context.addIssue({
        code: 'custom',
        path: ['postcode'],
        message: actual
          ? `${details.postcode} is a postcode in ${stateName(actual)}, not ${stateName(details.state)}.`
          : `${details.postcode} is not an Australian postcode.`,
      })
    }
  })

export type DeliveryDetails = z.output<typeof deliveryDetailsSchema>
