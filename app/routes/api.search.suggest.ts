import { parseSearchQuery } from '../lib/search'
import { shop } from '../server/context.server'
import { databaseAwayAnswer, isDatabaseUnavailable } from '../server/db/unavailable.server'
import { logger } from '../server/log.server'
import type { Route } from './+types/api.search.suggest'
import { tradeUnitPrice } from '../lib/trade'
import { visitorPriceList } from '../server/trade/trade-prices.server'

/**
 * `/api/search/suggest?q=…`: the search box's suggestions while typing, JSON
 * `{ suggestions: [{ id, name, price }] }` (price in cents), at most six, none below two characters.
 * Ranked as the results page ranks (app/server/catalog/search.server.ts) and kept per catalogue version.
 * A signed-in trade customer's prices are their own: that answer no browser keeps, so it never shows
 * on a shared computer after they sign out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSearchQuery(new URL(request.url).searchParams.get('q'))
  const headers = { 'Cache-Control': 'private, max-age=60' }
  if (query === null) return Response.json({ suggestions: [] }, { headers })
  try {
    const [suggestions, prices] = await Promise.all([shop(context).catalog.suggest(query), visitorPriceList(context, request)])
    if (!prices) return Response.json({ suggestions }, { headers })
    const priced = suggestions.map((suggestion) =>
      suggestion.price === null
        ? suggestion
        : { ...suggestion, price: tradeUnitPrice(suggestion.price, { id: suggestion.id, category: suggestion.category }, prices).cents },
    )
    return Response.json({ suggestions: priced }, { headers: { 'Cache-Control': 'private, no-store' } })
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    logger.warn({ err: error }, 'could not suggest products: the database is away')
    // The box then simply offers nothing; the form still searches.
    return databaseAwayAnswer({ suggestions: [] })
  }
}
