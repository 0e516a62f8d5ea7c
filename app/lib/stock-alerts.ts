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

/** What staff read beside a product: "3 waiting"; nothing when nobody waits. */
export function waitingLabel(count: number): string | null {
  return count > 0 ? `${count} waiting` : null
}

/** What staff read by the stock fields of a product's form: "3 people waiting for this to be back in stock"; nothing when nobody waits. */
export function waitingSentence(count: number): string | null {
  if (count <= 0) return null
  return `${count} ${count === 1 ? 'person' : 'people'} waiting for this to be back in stock`
}
