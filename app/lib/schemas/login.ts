import { z } from 'zod'

/** The login panel's fields; the same rules are checked by better-auth on the server. */
export const credentialsSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your e-mail address.').pipe(z.email('Please enter a valid e-mail address.')),
  password: z.string().min(1, 'Please enter your password.').max(128, 'Passwords are at most 128 characters.'),
})

/** A password someone chooses (sign-up, reset, change): better-auth's own bounds. */
export const newPasswordSchema = z.string().min(8, 'Choose a password of at least 8 characters.').max(128, 'Passwords are at most 128 characters.')

export const signUpSchema = credentialsSchema.extend({ password: newPasswordSchema })

export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check the form.'
}
