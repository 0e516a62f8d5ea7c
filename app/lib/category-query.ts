import { categoryPageOf, categoryPath, type Category } from './catalog.ts'

/**
 * What a category page (or `/products`, the list of every product) shows, read from its query string (docs/domain.md, Catalogue pages). The
 * page cache, the catalogue reads and every link on the page use the same normal form
 * (categoryQueryString), so two addresses that ask for the same list share one cached page.
 */

/** The orders a category list offers, with the words the sort menu shows; the first is the default. */
export const CATEGORY_SORTS = {
  featured: 'Featured',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  name: 'Name, A–Z',
  newest: 'Newest',
} as const

export type CategorySort = keyof typeof CATEGORY_SORTS

export const DEFAULT_SORT: CategorySort = 'featured'

export interface CategoryQuery {
  page: number
  sort: CategorySort
  /** Only products available now (untracked stock counts as available; a backorder does not). */
  inStock: boolean
  /** Price bounds in cents, both inclusive; null: no bound. */
  minCents: number | null
  maxCents: number | null
}

export const DEFAULT_CATEGORY_QUERY: CategoryQuery = { page: 1, sort: DEFAULT_SORT, inStock: false, minCents: null, maxCents: null }

/** Dollars as typed in the price boxes: a whole amount up to $999,999, with cents if given. */
const DOLLARS = /^\s*\$?\s*(\d{1,6})(?:\.(\d{1,2}))?\s*$/

function centsOf(value: string | null): number | null {
  if (value === null) return null
  const match = DOLLARS.exec(value)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

function dollarsOf(cents: number): string {
  const whole = Math.floor(cents / 100)
  const part = cents % 100
  return part === 0 ? String(whole) : `${whole}.${String(part).padStart(2, '0')}`
}

/**
 * The page, sort and filters a query string asks for. Leniently: an unknown sort, a price that is
 * not an amount and any parameter we do not know are ignored (a shared or old link still opens the
 * list); bounds given the wrong way round are swapped. Only a `page` that is not a whole number from
 * 1 to 99,999 makes the address wrong (null: not found), as it always has.
 */
export function categoryQueryOf(search: URLSearchParams): CategoryQuery | null {
  const page = categoryPageOf(search)
  if (page === null) return null
  const sortText = search.get('sort') ?? ''
  const sort: CategorySort = Object.hasOwn(CATEGORY_SORTS, sortText) ? (sortText as CategorySort) : DEFAULT_SORT
  // A checkbox sends its value ("in"); a hand-written `stock=1` or `stock=true` means the same.
  const inStock = ['in', '1', 'true', 'on'].includes((search.get('stock') ?? '').toLowerCase())
  let minCents = centsOf(search.get('min'))
  let maxCents = centsOf(search.get('max'))
  if (minCents === 0) minCents = null
  if (minCents !== null && maxCents !== null && minCents > maxCents) [minCents, maxCents] = [maxCents, minCents]
  return { page, sort, inStock, minCents, maxCents }
}

/** Whether the list is narrowed or reordered (such a view is not what search engines should index). */
export function isDefaultView(query: CategoryQuery): boolean {
  return query.sort === DEFAULT_SORT && !query.inStock && query.minCents === null && query.maxCents === null
}

/**
 * The query string of a list in its one normal form: parameters in a fixed order, defaults left
 * out, prices in dollars; '' for the first page of the default view, else it starts with '?'.
 */
export function categoryQueryString(query: CategoryQuery): string {
  const params: [string, string][] = []
  if (query.sort !== DEFAULT_SORT) params.push(['sort', query.sort])
  if (query.inStock) params.push(['stock', 'in'])
  if (query.minCents !== null) params.push(['min', dollarsOf(query.minCents)])
  if (query.maxCents !== null) params.push(['max', dollarsOf(query.maxCents)])
  if (query.page !== 1) params.push(['page', String(query.page)])
  return params.length === 0 ? '' : `?${new URLSearchParams(params).toString()}`
}

/** The list of a category, or of every product (`/products`) for null. */
export function listPath(category: Category | null): string {
  return category === null ? '/products' : categoryPath(category)
}

/** The address of one page of this view of a category, or of all products (the links under the list). */
export function categoryPageHref(category: Category | null, query: CategoryQuery, page: number): string {
  return `${listPath(category)}${categoryQueryString({ ...query, page })}`
}

/**
 * The canonical address of a view: a page of the default view names itself; a sorted or filtered
 * view names the category's first page, the list it reorders or narrows.
 */
export function categoryCanonicalPath(category: Category | null, query: CategoryQuery): string {
  return isDefaultView(query) ? categoryPageHref(category, DEFAULT_CATEGORY_QUERY, query.page) : listPath(category)
}

/** A price bound as the form shows it again (dollars), '' for none. */
export function priceFieldValue(cents: number | null): string {
  return cents === null ? '' : dollarsOf(cents)
}
