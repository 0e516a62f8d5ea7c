import { z } from 'zod'
import { storableString } from './text.ts'

/** The message shown under an empty required field (docs/specification.md, Forms and their checks). */
export const REQUIRED = 'required'

/**
 * The Contact Us form (docs/specification.md, Forms and their checks): Name, Email and Message
 * required; phone and company optional.
 */
export const contactSchema = z.object({
  contactName: storableString(200).min(1, REQUIRED),
  contactEmail: z.string().trim().min(1, REQUIRED).max(320, 'At most 320 characters.').pipe(z.email('Enter a valid e-mail address.')),
  contactMessage: storableString(5000, 'At most 5,000 characters.').min(1, REQUIRED),
  contactPhone: z
    .string()
    .trim()
    .max(30, 'At most 30 characters.')
    .refine((value) => value === '' || /^\+?[\d\s()-]{6,30}$/.test(value), 'Enter a phone number with digits, spaces and an optional leading +.'),
  contactCompany: storableString(200),
})

export type ContactInput = z.infer<typeof contactSchema>

export const CONTACT_FIELDS = ['contactName', 'contactEmail', 'contactPhone', 'contactCompany', 'contactMessage'] as const
