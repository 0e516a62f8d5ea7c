import { z } from 'zod'
import type { StockFacts } from './catalog.ts'
import { availabilityOf } from './stock.ts'

/**
 * Back-in-stock alerts (docs/domain.md, Back-in-stock alerts; docs/decisions/050-back-in-stock-alerts.md):
 * what the product page's form sends and says, and the rules that need no database.
 */

/** Where the product page's form posts: a route of its own, since the product page is one cached page for everyone. */
export const STOCK_ALERT_ACTION = '/stock-alerts'

export const STOCK_ALERT_BUTTON = 'E-mail me when it is back'
export const STOCK_ALERT_PROMISE = 'We e-mail you once when it is back. Nothing else.'

/** A confirmation link not used within this many days is forgotten with its request. */
export const UNCONFIRMED_DAYS = 7
/** A confirmed alert whose product never came back is forgotten after this many days. */
export const WAITING_DAYS = 180
/** A sent or unsubscribed alert is kept this long, so the e-mail's unsubscribe link still answers, then deleted. */
export const DONE_DAYS = 30

/** Requests per address, and per client address, in an hour: enough for a person, too few to flood someone's inbox. */
export const REQUESTS_PER_EMAIL_PER_HOUR = 5
export const REQUESTS_PER_IP_PER_HOUR = 20

/** Whether the product page offers the alert: tracked stock, none available, no backorder. */
export function offersStockAlert(stock: StockFacts): boolean {
  return availabilityOf(stock).kind === 'sold-out'
}

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

/** What staff read beside a product: "3 waiting"; nothing when nobody waits. */
export function waitingLabel(count: number): string | null {
  return count > 0 ? `${count} waiting` : null
}
