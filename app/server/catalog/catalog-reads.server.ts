import { sql } from 'drizzle-orm'
import type { Category, ProductCard } from '../../lib/catalog.ts'
import { categoryQueryString, type CategoryQuery } from '../../lib/category-query.ts'
import type { ShippingMethod } from '../../lib/delivery/shipping.ts'
import { listActiveShippingMethods } from '../delivery/shipping-methods.server.ts'
import { readPayLaterSetting } from '../checkout/pay-later.server.ts'
import type { PayLaterSetting } from '../../lib/pay-later.ts'
import type { Database } from '../db/client.server.ts'
import { history } from '../db/schema.ts'
import { onCatalogWrite } from './catalog-events.server.ts'
import type { SearchQuery } from '../../lib/search.ts'
import { listAlsoBoughtCards, listFeaturedCards, listRelatedCards } from './related.server.ts'
import { getShownProduct, listCategoryPage, type ShownProduct } from './products.server.ts'
import { searchProducts, suggestProducts, type Suggestion } from './search.server.ts'

/**
 * How long this process trusts the catalogue version it last read. Writes in this process retire
 * it at once (catalogWritten); writes by another process are seen within this time.
 */
const VERSION_TTL_MS = 1000
/** Reads kept per version; a catalogue of tens of thousands of products keeps its busiest pages. */
const MAX_READS = 2000
/**
 * Searches and suggestions kept per version, apart from the pages above: queries are as many as
 * visitors can type, and a stream of new ones must not push the product pages out.
 */
const MAX_SEARCHES = 1000

/**
 * The catalogue's version: the id of the newest product write (every write has a history row) plus
 * the count of other changes that alter what a page says (noteCatalogChange). Both only grow, so
 * their sum changes whenever either does.
 */
async function readCatalogVersion(db: Database): Promise<number> {
  const result = await db.execute(sql`select
    coalesce((select ${history.id} from ${history} where ${history.collection} = 'products' order by ${history.id} desc limit 1), 0)
    + (select case when is_called then last_value else 0 end from catalog_changes_seq) as version`)
  const rows = (result as unknown as { rows: { version: string | number }[] }).rows
  return Number(rows[0]?.version ?? 0)
}

export interface CatalogReads {
  /** The catalogue's version as this process knows it (read again at most once a second). */
  version(): Promise<number>
  /** The version, when this process read it less than a second ago and nothing was written since; else null. */
  knownVersion(): number | null
  /** A product as the storefront shows it; the same object for every request until the catalogue changes. */
  product(productId: string): Promise<ShownProduct | null>
  /** A page of a category list (null: every product); views that read the same (one normal query string) share one read. */
  categoryPage(category: Category | null, query: CategoryQuery): Promise<{ cards: ProductCard[]; total: number }>
  /**
   * A product page's "Compatible and related" and "Customers also bought" cards. Kept like the rest
   * until the catalogue changes, so a new sale shows up in "also bought" with the next product write
   * or stock change, not at once.
   */
  productNeighbours(productId: string): Promise<{ related: ProductCard[]; alsoBought: ProductCard[] }>
  /** The home page's featured products (related.server.ts). */
  featured(): Promise<ProductCard[]>
  /** The shipping methods a shopper may choose (product pages price delivery from them). */
  shippingMethods(): Promise<ShippingMethod[]>
  /** Staff's "pay later" message (product pages and the cart show it; saving it is a catalogue change). */
  payLater(): Promise<PayLaterSetting>
  /** A page of search results, best first (search.server.ts). */
  search(query: SearchQuery, page: number): Promise<{ cards: ProductCard[]; total: number }>
  /** What the search box suggests while typing. */
  suggest(query: SearchQuery): Promise<Suggestion[]>
}

/**
 * The storefront's catalogue reads, kept in the process while no product has been written since:
 * a product page rendered for a signed-in visitor (whom the page cache never serves) costs no
 * database query. The answers are shared between requests and never changed by their readers.
 */
export function createCatalogReads(db: Database): CatalogReads {
  let known: { version: number; readAt: number } | null = null
  /** The version read under way: requests arriving meanwhile wait for it instead of asking again. */
  let reading: Promise<number> | null = null
  let reads = new Map<string, Promise<unknown>>()
  let searches = new Map<string, Promise<unknown>>()
  let readsVersion = -1
  onCatalogWrite(() => {
    // A read begun before the write may answer the old version: it is no longer taken as known.
    known = null
    reading = null
  })

  function knownVersion(): number | null {
    return known && Date.now() - known.readAt < VERSION_TTL_MS ? known.version : null
  }

  function version(): Promise<number> {
    const current = knownVersion()
    if (current !== null) return Promise.resolve(current)
    if (reading) return reading
    const read: Promise<number> = readCatalogVersion(db)
      .then((current) => {
        if (reading === read) known = { version: current, readAt: Date.now() }
        return current
      })
      .finally(() => {
        if (reading === read) reading = null
      })
    reading = read
    return read
  }

  async function kept<T>(key: string, read: () => Promise<T>, kind: 'page' | 'search' = 'page'): Promise<T> {
    const current = await version()
    if (current !== readsVersion) {
      reads = new Map()
      searches = new Map()
      readsVersion = current
    }
    const store = kind === 'page' ? reads : searches
    const hit = store.get(key) as Promise<T> | undefined
    if (hit) return hit
    if (store.size >= (kind === 'page' ? MAX_READS : MAX_SEARCHES)) store.delete(store.keys().next().value!)
    const answer = read()
    store.set(key, answer)
    // A failed read is not kept: the next request asks the database again.
    answer.catch(() => store.get(key) === answer && store.delete(key))
    return answer
  }

  return {
    version,
    knownVersion,
    product: (productId) => kept(`product:${productId}`, () => getShownProduct(db, productId)),
    categoryPage: (category, query) => kept(`category:${category ?? '*'}${categoryQueryString(query)}`, () => listCategoryPage(db, category, query)),
    productNeighbours: (productId) =>
      kept(`neighbours:${productId}`, async () => {
        const [related, alsoBought] = await Promise.all([listRelatedCards(db, productId), listAlsoBoughtCards(db, productId)])
        return { related, alsoBought }
      }),
    featured: () => kept('featured', () => listFeaturedCards(db)),
    shippingMethods: () => kept('shipping-methods', () => listActiveShippingMethods(db)),
    payLater: () => kept('pay-later', () => readPayLaterSetting(db)),
    search: (query, page) => kept(`search:${page}:${query.text}`, () => searchProducts(db, query, page), 'search'),
    suggest: (query) => kept(`suggest:${query.text}`, () => suggestProducts(db, query), 'search'),
  }
}
