import { z } from 'zod'

/** The demo payment page's card form, checked like a hosted checkout would. */
export const demoPaymentSchema = z.object({
  email: z.string().trim().min(1, 'Enter the e-mail address for your receipt.').pipe(z.email('Enter a valid e-mail address.')),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{16}$/, 'Enter the 16-digit card number.')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM / YY.')
    .refine((value) => {
      const [month, year] = value.split('/').map((part) => Number(part.trim()))
      const lastDay = new Date(Date.UTC(2000 + year!, month!, 0, 23, 59, 59))
      return lastDay.getTime() >= Date.now()
    }, 'This card has expired.'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code.'),
  name: z.string().trim().min(1, 'Enter the name on the card.').max(100, 'The name is at most 100 characters.'),
})
