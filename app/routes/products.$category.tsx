import { data, Link, useRouteLoaderData } from 'react-router'
import { Breadcrumbs } from '../components/shop/breadcrumbs'
import { ProductCard } from '../components/shop/product-card'
import { PageLinks } from '../components/shop/page-links'
import { CATEGORY_LABELS, CATEGORY_PAGE_SIZE, categoryPath, isCategory, type Category } from '../lib/catalog'
import { categoryCanonicalPath, categoryPageHref, categoryQueryOf, isDefaultView } from '../lib/category-query'
import { ListControls } from '../components/shop/list-controls'
import { breadcrumbJsonLd, pageMeta, shopNameFrom, type Crumb } from '../lib/seo'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import type { Route } from './+types/products.$category'
import { visitorPriceList } from '../server/trade/trade-prices.server'
import { tradeCards } from '../lib/trade'
import { LinkButton } from '../components/ui/button'

const intros: Record<keyof typeof CATEGORY_LABELS, string> = {
  autopilots: 'Flight controllers, carrier boards and GNSS receivers for reliable autonomous flight.',
  cameras: 'Zoom, thermal, mapping and FPV cameras, stabilised and ready to integrate.',
  'radio-controllers': 'Ground control stations, handheld controllers and long-range video and data links.',
  propulsion: 'Motors, propellers and speed controllers matched for efficient, dependable lift.',
  'parts-accessories': 'Batteries, chargers, landing gear, cases and the spares that keep you flying.',
}

const crumbsOf = (category: Category): Crumb[] => [
  { label: 'Home', path: '/' },
  { label: 'Products', path: '/products' },
  { label: CATEGORY_LABELS[category], path: categoryPath(category) },
]

/**
 * The page renders only from the query's normal form (app/lib/category-query.ts), which is also the
 * page cache's key. A page past the last of this view is not found, as a malformed page number is.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const query = categoryQueryOf(new URL(request.url).searchParams)
  if (!isCategory(params.category) || query === null) throw data(null, { status: 404 })
  const [{ cards, total }, prices] = await Promise.all([shop(context).catalog.categoryPage(params.category, query), visitorPriceList(context, request)])
  const pages = Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE))
  if (query.page > pages) throw data(null, { status: 404 })
  return {
    category: params.category,
    label: CATEGORY_LABELS[params.category],
    intro: intros[params.category],
    // A trade customer sees their own prices; the view's order and price range go by the normal ones, which the page is kept by.
    cards: tradeCards(cards, prices),
    query,
    pages,
    total,
    origin: publicOrigin(shop(context).config, request),
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return []
  const { label, intro, query, category, origin } = loaderData
  return [
    ...pageMeta(query.page > 1 ? `${label}, page ${query.page}` : label, intro, shopNameFrom(matches)),
    { tagName: 'link', rel: 'canonical', href: `${origin}${categoryCanonicalPath(category, query)}` },
    { 'script:ld+json': breadcrumbJsonLd(origin, crumbsOf(category)) },
  ]
}

export default function CategoryList({ loaderData }: Route.ComponentProps) {
  const { category, label, intro, cards, query, pages, total } = loaderData
  const staff = useRouteLoaderData<typeof import('../root').loader>('root')?.user?.role === 'staff'
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumbs crumbs={crumbsOf(category)} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{label}</h1>
        {staff ? (
          <LinkButton to={`/product/create?category=${category}`} className="gap-1.5">
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            Create Product
          </LinkButton>
        ) : null}
      </div>
      <p className="mt-3 max-w-2xl text-slate-600">{intro}</p>
      <ListControls key={`${category}:${JSON.stringify(query)}`} category={category} query={query} total={total} />
      {cards.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {isDefaultView(query) ? (
            'There are no products in this range at the moment. Please check back soon.'
          ) : (
            <>
              No products match these filters.{' '}
              <Link to={categoryPath(category)} className="font-medium text-brand-700 underline">
                Show all {label}
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
          {pages > 1 ? <PageLinks href={(page) => categoryPageHref(category, query, page)} page={query.page} pages={pages} total={total} /> : null}
        </>
      )}
    </div>
  )
}
