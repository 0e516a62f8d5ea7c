import { data, type RouterContextProvider } from 'react-router'
import { CATEGORY_PAGE_SIZE, type Category } from '../../lib/catalog.ts'
import { categoryQueryOf } from '../../lib/category-query.ts'
import { tradeCards } from '../../lib/trade.ts'
import { shop } from '../context.server.ts'
import { publicOrigin } from '../public-origin.server.ts'
import { visitorPriceList } from '../trade/trade-prices.server.ts'

/**
 * A page of a range (or, `category` null, of every product), read from the query's normal form
 * (app/lib/category-query.ts), which is also the page cache's key. A malformed view, or a page past
 * the last of this view, is not found.
 */
export async function loadListPage(context: Readonly<RouterContextProvider>, request: Request, category: Category | null) {
  const query = categoryQueryOf(new URL(request.url).searchParams)
  if (query === null) throw data(null, { status: 404 })
  const [{ cards, total }, prices] = await Promise.all([shop(context).catalog.categoryPage(category, query), visitorPriceList(context, request)])
  const pages = Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE))
  if (query.page > pages) throw data(null, { status: 404 })
  return {
    // A trade customer sees their own prices; the view's order and price range go by the normal ones, which the page is kept by.
    cards: tradeCards(cards, prices),
    query,
    pages,
    total,
    origin: publicOrigin(shop(context).config, request),
  }
}
