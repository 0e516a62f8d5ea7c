import { z } from 'zod'

/** The message SPEC.md §5 shows under an empty required field. */
export const REQUIRED = 'required'

/** The Contact Us form (SPEC.md §2, §5): Name, Email and Message required; phone and company optional. */
export const contactSchema = z.object({
  contactName: z.string().trim().min(1, REQUIRED).max(200, 'At most 200 characters.'),
  contactEmail: z.string().trim().min(1, REQUIRED).max(320, 'At most 320 characters.').pipe(z.email('Enter a valid e-mail address.')),
  contactMessage: z.string().trim().min(1, REQUIRED).max(5000, 'At most 5,000 characters.'),
  contactPhone: z
    .string()
    .trim()
    .max(30, 'At most 30 characters.')
    .refine((value) => value === '' || /^\+?[\d\s()-]{6,30}$/.test(value), 'Enter a phone number with digits, spaces and an optional leading +.'),
  contactCompany: z.string().trim().max(200, 'At most 200 characters.'),
})

export type ContactInput = z.infer<typeof contactSchema>

export const CONTACT_FIELDS = ['contactName', 'contactEmail', 'contactPhone', 'contactCompany', 'contactMessage'] as const
