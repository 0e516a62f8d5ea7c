import { z } from 'zod'

/**
 * The back-in-stock alert's form as posted (docs/domain.md, Back-in-stock alerts): apart from the
 * product page's own module (app/lib/stock-alerts.ts), so that the page loads no validation library.
 */

const requestSchema = z.object({
  productId: z.string().regex(/^[a-z0-9-]{1,200}$/, 'The form could not be read. Please reload the page and try again.'),
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(320, 'At most 320 characters.').pipe(z.email('Enter a valid e-mail address.')),
})

export type StockAlertRequest = z.infer<typeof requestSchema>

/** The form as posted: the product and a valid address (kept lower-cased), or the message to show. */
export function parseStockAlertRequest(form: {
  productId: unknown
  email: unknown
}): { ok: true; request: StockAlertRequest } | { ok: false; message: string } {
  const parsed = requestSchema.safeParse({
    productId: typeof form.productId === 'string' ? form.productId : '',
    email: typeof form.email === 'string' ? form.email : '',
  })
  if (!parsed.success) {
    // The product field is the page's, not the visitor's: its message wins over the address's.
    const issue = parsed.error.issues.find((candidate) => candidate.path[0] === 'productId') ?? parsed.error.issues[0]
    return { ok: false, message: issue?.message ?? 'The form could not be read. Please reload the page and try again.' }
  }
  return { ok: true, request: { productId: parsed.data.productId, email: parsed.data.email.toLowerCase() } }
}
