import { isAbandonedReason, type AbandonedReason } from './abandoned.ts'
import type { Fulfilment } from './fulfilment.ts'

/** Orders shown on one page of the staff list. */
export const ORDERS_PAGE_SIZE = 50

export const ORDER_FILTERS = {
  '': 'All orders',
  'to-pack': 'To pack',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  ready: 'Ready for pickup',
  collected: 'Collected',
  cancelled: 'Cancelled',
  refunded: 'With a refund',
  returns: 'Returns to handle',
  pending: 'On the payment page',
  'awaiting-transfer': 'Awaiting bank transfer',
  'on-account': 'On account, not paid yet',
} as const
export type OrderFilter = keyof typeof ORDER_FILTERS

/**
 * What the list shows: orders (paid, and pending ones whose payment can still complete), or the
 * abandoned checkouts (payments that ended without money: app/lib/orders/abandoned.ts).
 */
export type OrderView = 'orders' | 'abandoned'

export const ORDER_SORTS = { newest: 'Newest first', oldest: 'Oldest first', 'total-desc': 'Largest total', 'total-asc': 'Smallest total' } as const
export type OrderSort = keyof typeof ORDER_SORTS

export interface OrderQuery {
  view: OrderView
  /** An order number, a name, an e-mail or a phone number (any part of it). */
  q: string
  /** Orders: their state. */
  filter: OrderFilter
  /** Abandoned checkouts: why their payment ended ('' for every reason). */
  reason: AbandonedReason | ''
  /** Days in the shop's time zone, `YYYY-MM-DD`, both included; '' for open. */
  from: string
  to: string
  sort: OrderSort
  page: number
}

/** The days a date filter may name: any order the shop can hold, and none a database cannot store. */
const FIRST_DAY = '2000-01-01'
const LAST_DAY = '2100-12-31'
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day (not 2026-02-31), written YYYY-MM-DD, from FIRST_DAY to LAST_DAY. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value)
  if (!match || value < FIRST_DAY || value > LAST_DAY) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * What is wrong with the list's date filters, for the person who typed them (a date field lets a
 * year like 0001 through): null when each is empty or a day the list can use.
 */
export function dateFilterProblem(search: URLSearchParams): string | null {
  for (const [name, label] of [
    ['from', 'From'],
    ['to', 'To'],
  ] as const) {
    const value = search.get(name) ?? ''
    if (value !== '' && !isDay(value)) return `“${label}” must be a day from ${FIRST_DAY} to ${LAST_DAY}, written YYYY-MM-DD.`
  }
  return null
}

/**
 * The staff orders list's query string, read leniently: anything unknown or malformed is left out
 * (a bookmarked address from an older list still opens). A date that cannot be used is left out
 * too; the list and its CSV then answer 400 with dateFilterProblem's message.
 */
export function parseOrderQuery(search: URLSearchParams): OrderQuery {
  const filter = search.get('filter') ?? ''
  const reason = search.get('reason') ?? ''
  const sort = search.get('sort') ?? 'newest'
  const page = Number(search.get('page') ?? '1')
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  // The list's older filters for failed and expired payments now open the abandoned checkouts.
  const legacy = filter === 'failed' ? 'declined' : filter === 'expired' ? '' : null
  const view: OrderView = search.get('view') === 'abandoned' || legacy !== null ? 'abandoned' : 'orders'
  return {
    view,
    q: (search.get('q') ?? '').trim().slice(0, 100),
    filter: view === 'orders' && Object.hasOwn(ORDER_FILTERS, filter) ? (filter as OrderFilter) : '',
    reason: view === 'abandoned' && isAbandonedReason(reason) ? reason : (legacy ?? ''),
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    sort: Object.hasOwn(ORDER_SORTS, sort) ? (sort as OrderSort) : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

/** The query string of a query (defaults left out), for links: pages, CSV, a changed filter. */
export function orderQueryString(query: OrderQuery, change: Partial<OrderQuery> = {}): string {
  const merged = { ...query, ...change }
  const params = new URLSearchParams()
  if (merged.view === 'abandoned') params.set('view', 'abandoned')
  if (merged.q) params.set('q', merged.q)
  if (merged.view === 'orders' && merged.filter) params.set('filter', merged.filter)
  if (merged.view === 'abandoned' && merged.reason) params.set('reason', merged.reason)
  if (merged.from) params.set('from', merged.from)
  if (merged.to) params.set('to', merged.to)
  if (merged.sort !== 'newest') params.set('sort', merged.sort)
  if (merged.page > 1) params.set('page', String(merged.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * What a filter asks of an order's payment and fulfilment states (among orders: never an abandoned
 * checkout). Where the goods are is asked of paid orders and of those invoiced on account, which are
 * packed and sent before they are paid.
 */
export function filterStates(filter: OrderFilter): { statuses?: string[]; fulfilment?: Fulfilment; refunded?: true; openReturns?: true } {
  if (filter === '') return {}
  if (filter === 'refunded') return { statuses: ['paid'], refunded: true }
  if (filter === 'returns') return { statuses: ['paid'], openReturns: true }
  if (filter === 'pending') return { statuses: [filter] }
  if (filter === 'awaiting-transfer') return { statuses: ['awaiting-payment'] }
  if (filter === 'on-account') return { statuses: ['invoiced'] }
  return { statuses: ['paid', 'invoiced'], fulfilment: filter === 'to-pack' ? 'unfulfilled' : filter }
}

/** A plain negative decimal (a refund, a net GST owed back): a spreadsheet reads it as the number it is. */
const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/

/**
 * A value for a CSV cell: quoted when it must be, and never read as a formula by a spreadsheet (text
 * starting with =, +, -, @ or a control character gets a leading '). A negative amount stays a number.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
