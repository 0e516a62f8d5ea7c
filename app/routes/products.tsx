import { data, Link, useRouteLoaderData } from 'react-router'
import { Breadcrumbs } from '../components/shop/breadcrumbs'
import { ListControls } from '../components/shop/list-controls'
import { PageLinks } from '../components/shop/page-links'
import { ProductCard } from '../components/shop/product-card'
import { LinkButton } from '../components/ui/button'
import { CATEGORIES, CATEGORY_LABELS, CATEGORY_PAGE_SIZE, categoryPath } from '../lib/catalog'
import { categoryCanonicalPath, categoryPageHref, categoryQueryOf, isDefaultView } from '../lib/category-query'
import { breadcrumbJsonLd, pageMeta, shopNameFrom, type Crumb } from '../lib/seo'
import { tradeCards } from '../lib/trade'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import { visitorPriceList } from '../server/trade/trade-prices.server'
import type { Route } from './+types/products'

const crumbs: Crumb[] = [
  { label: 'Home', path: '/' },
  { label: 'Products', path: '/products' },
]

const INTRO = 'Every product in the shop: autopilots, cameras, links and controllers, propulsion, parts and accessories.'

/**
 * Every product of the shop, as a category page lists its range (docs/domain.md, Catalogue pages): the
 * same view in the query string, in the same normal form (the page cache's key), 24 cards a page.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = categoryQueryOf(new URL(request.url).searchParams)
  if (query === null) throw data(null, { status: 404 })
  const [{ cards, total }, prices] = await Promise.all([shop(context).catalog.categoryPage(null, query), visitorPriceList(context, request)])
  const pages = Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE))
  if (query.page > pages) throw data(null, { status: 404 })
  return { cards: tradeCards(cards, prices), query, pages, total, origin: publicOrigin(shop(context).config, request) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return []
  const { query, origin } = loaderData
  return [
    ...pageMeta(query.page > 1 ? `All products, page ${query.page}` : 'All products', INTRO, shopNameFrom(matches)),
    { tagName: 'link', rel: 'canonical', href: `${origin}${categoryCanonicalPath(null, query)}` },
    { 'script:ld+json': breadcrumbJsonLd(origin, crumbs) },
  ]
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { cards, query, pages, total } = loaderData
  const staff = useRouteLoaderData<typeof import('../root').loader>('root')?.user?.role === 'staff'
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">All products</h1>
        {staff ? (
          <LinkButton to="/product/create" className="gap-1.5">
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            Create Product
          </LinkButton>
        ) : null}
      </div>
      <p className="mt-3 max-w-2xl text-slate-600">{INTRO}</p>
      {/* Every range one click away, in the menu's order: the page used to be only these. */}
      <nav aria-label="Ranges" className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {CATEGORIES.map((category) => (
            <li key={category}>
              <Link
                to={categoryPath(category)}
                className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-4 py-2 text-sm font-medium hover:border-brand-600 hover:text-brand-700"
              >
                {CATEGORY_LABELS[category]}
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListControls key={JSON.stringify(query)} category={null} query={query} total={total} />
      {cards.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {isDefaultView(query) ? (
            'There are no products in the shop at the moment. Please check back soon.'
          ) : (
            <>
              No products match these filters.{' '}
              <Link to="/products" className="font-medium text-brand-700 underline">
                Show all products
              </Link>
            </>
          )}
        </p>
      ) : (
        <>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
            {cards.map((card, index) => (
              <li key={card.FBUID} className="min-w-0">
                <ProductCard product={card} eager={index < 4} first={index === 0} staff={staff} />
              </li>
            ))}
          </ul>
          {pages > 1 ? <PageLinks href={(page) => categoryPageHref(null, query, page)} page={query.page} pages={pages} total={total} /> : null}
        </>
      )}
    </div>
  )
}
