import type { RouterContextProvider } from 'react-router'
import type { TradePriceList } from '../../lib/trade.ts'
import { getSessionUser } from '../auth/session.server.ts'
import { shop } from '../context.server.ts'
import { tradePriceListFor } from './trade-accounts.server.ts'

/**
 * The price list of the person a catalogue page is rendered for: a signed-in trade customer's, else
 * null. Such a page is theirs alone: it is asked for with their session cookie, so it goes out
 * `private, no-store` (app/server/http/app.server.ts) and the page cache never keeps it; a page the
 * page cache renders to keep for everyone has had the session cookie taken away first, so it finds
 * nobody here and shows normal prices (app/server/http/pages/page-cache.server.ts).
 */
export async function visitorPriceList(context: Readonly<RouterContextProvider>, request: Request): Promise<TradePriceList | null> {
  const user = await getSessionUser(context, request)
  return user?.trade ? tradePriceListFor(shop(context).db, user.id) : null
}
