import { parseSearchQuery } from '../lib/search'
import { shop } from '../server/context.server'
import { databaseAwayAnswer, isDatabaseUnavailable } from '../server/db/unavailable.server'
import { logger } from '../server/log.server'
import type { Route } from './+types/api.search.suggest'

/**
 * `/api/search/suggest?q=…`: the search box's suggestions while typing, JSON
 * `{ suggestions: [{ id, name, price }] }` (price in cents), at most six, none below two characters.
 * Ranked as the results page ranks (app/server/catalog/search.server.ts) and kept per catalogue version.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSearchQuery(new URL(request.url).searchParams.get('q'))
  const headers = { 'Cache-Control': 'private, max-age=60' }
  if (query === null) return Response.json({ suggestions: [] }, { headers })
  try {
    return Response.json({ suggestions: await shop(context).catalog.suggest(query) }, { headers })
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error
    logger.warn({ err: error }, 'could not suggest products: the database is away')
    // The box then simply offers nothing; the form still searches.
    return databaseAwayAnswer({ suggestions: [] })
  }
}
