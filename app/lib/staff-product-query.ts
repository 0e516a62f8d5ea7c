import { CATEGORIES, PRODUCT_STATUSES, type Category, type ProductStatus } from './catalog.ts'

/** Products on one page of the staff products list. */
export const STAFF_PRODUCTS_PAGE_SIZE = 50

export const STOCK_FILTERS = {
  '': 'Any stock',
  low: 'Low (at the alert level or under)',
  out: 'None available',
  untracked: 'Not tracked',
} as const
export type StockFilter = keyof typeof STOCK_FILTERS

export const STAFF_PRODUCT_SORTS = {
  name: 'Name',
  'price-asc': 'Price, lowest first',
  'price-desc': 'Price, highest first',
  'stock-asc': 'Fewest available first',
  updated: 'Last changed first',
} as const
export type StaffProductSort = keyof typeof STAFF_PRODUCT_SORTS

export interface StaffProductQuery {
  /** Part of a name or an id. */
  q: string
  category: Category | ''
  /** '' for every status. */
  status: ProductStatus | ''
  stock: StockFilter
  sort: StaffProductSort
  page: number
}

/** The staff products list's query string, read leniently: anything unknown is left out, never an error. */
export function parseStaffProductQuery(search: URLSearchParams): StaffProductQuery {
  const category = search.get('category') ?? ''
  const status = search.get('status') ?? ''
  const stock = search.get('stock') ?? ''
  const sort = search.get('sort') ?? 'name'
  const page = Number(search.get('page') ?? '1')
  return {
    q: (search.get('q') ?? '').trim().slice(0, 100),
    category: (CATEGORIES as readonly string[]).includes(category) ? (category as Category) : '',
    status: Object.hasOwn(PRODUCT_STATUSES, status) ? (status as ProductStatus) : '',
    stock: Object.hasOwn(STOCK_FILTERS, stock) ? (stock as StockFilter) : '',
    sort: Object.hasOwn(STAFF_PRODUCT_SORTS, sort) ? (sort as StaffProductSort) : 'name',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

/** The query string of a query, defaults left out (for page links and the way back after a save). */
export function staffProductQueryString(query: StaffProductQuery, change: Partial<StaffProductQuery> = {}): string {
  const next = { ...query, ...change }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.category) params.set('category', next.category)
  if (next.status) params.set('status', next.status)
  if (next.stock) params.set('stock', next.stock)
  if (next.sort !== 'name') params.set('sort', next.sort)
  if (next.page > 1) params.set('page', String(next.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}
