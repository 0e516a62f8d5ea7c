import { data, Link, useRouteLoaderData } from 'react-router'
import { PageLinks } from '../components/shop/page-links'
import { ProductCard } from '../components/shop/product-card'
import { CATEGORIES, CATEGORY_LABELS, categoryPath } from '../lib/catalog'
import { MIN_QUERY_LENGTH, SEARCH_PAGE_SIZE, searchPath, searchRequestOf } from '../lib/search'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { shop } from '../server/context.server'
import type { Route } from './+types/search'
import { visitorPriceList } from '../server/trade/trade-prices.server'
import { tradeCards } from '../lib/trade'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'

/**
 * `/search?q=…&page=…`: results ranked by the database (app/server/catalog/search.server.ts), kept
 * in the process per catalogue version, and the page itself kept for visitors who are not signed in
 * by the page cache, like category pages (at most 200 searches there). No query (or one too short)
 * shows the form; a page that is not a number, or past the last, is not found.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = searchRequestOf(new URL(request.url).searchParams)
  if (asked === null) throw data(null, { status: 404 })
  const { typed, query, page } = asked
  if (query === null) {
    if (page > 1) throw data(null, { status: 404 })
    return { typed, searched: false as const, cards: [], total: 0, page: 1, pages: 1 }
  }
  const [{ cards, total }, prices] = await Promise.all([shop(context).catalog.search(query, page), visitorPriceList(context, request)])
  const pages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE))
  if (page > pages) throw data(null, { status: 404 })
  return { typed, searched: true as const, cards: tradeCards(cards, prices), total, page, pages }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shopName = shopNameFrom(matches)
  const title = loaderData?.searched ? `Search: ${loaderData.typed}${loaderData.page > 1 ? `, page ${loaderData.page}` : ''}` : 'Search'
  return [
    ...pageMeta(title, 'Search the catalogue of autopilots, cameras, links and controllers, propulsion and parts.', shopName),
    { name: 'robots', content: 'noindex' },
  ]
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { typed, searched, cards, total, page, pages } = loaderData
  const staff = useRouteLoaderData<typeof import('../root').loader>('root')?.user?.role === 'staff'
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{searched ? <>Results for “{typed}”</> : 'Search'}</h1>
      <form role="search" aria-label="Search again" action="/search" method="get" className="mt-6 flex max-w-xl gap-2">
        <TextField
          id="search-page-q"
          name="q"
          label="Search products"
          labelLook="hidden"
          className="min-w-0 flex-1"
          type="search"
          defaultValue={typed}
          key={typed}
          maxLength={100}
          placeholder="Name, feature or part"
        />
        <Button type="submit">Search</Button>
      </form>
      {!searched ? (
        <p className="mt-4 text-slate-600">
          {typed ? `Type at least ${MIN_QUERY_LENGTH} letters or digits to search.` : 'Search by product name, feature or what it is for.'}
        </p>
      ) : total === 0 ? (
        <NoResults typed={typed} />
      ) : (
        <>
          <p className="mt-4 text-slate-600" role="status">
            {total.toLocaleString('en-AU')} {total === 1 ? 'product' : 'products'} found
          </p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {cards.map((card, index) => (
              <li key={card.FBUID}>
                <ProductCard product={card} eager={index < 4} first={index === 0} staff={staff} />
              </li>
            ))}
          </ul>
          {pages > 1 ? <PageLinks page={page} pages={pages} total={total} href={(n) => searchPath(typed, n)} /> : null}
        </>
      )}
    </div>
  )
}

/** Nothing found: the ranges to browse instead. */
function NoResults({ typed }: { typed: string }) {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-8">
      <p className="text-slate-700" role="status">
        No products match “{typed}”. Check the spelling, try fewer words, or browse a range:
      </p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to={categoryPath(category)}
              className="inline-flex rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:border-brand-600 hover:text-brand-700"
            >
              {CATEGORY_LABELS[category]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
