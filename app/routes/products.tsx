import { Link } from 'react-router'
import { ProductListPage } from '../components/shop/product-list-page'
import { CATEGORIES, CATEGORY_LABELS, categoryPath } from '../lib/catalog'
import { categoryCanonicalPath } from '../lib/category-query'
import { breadcrumbJsonLd, pageMeta, shopNameFrom, type Crumb } from '../lib/seo'
import { loadListPage } from '../server/catalog/list-page.server'
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
  return loadListPage(context, request, null)
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
  return (
    <ProductListPage
      category={null}
      title="All products"
      intro={INTRO}
      crumbs={crumbs}
      {...loaderData}
      emptyText="There are no products in the shop at the moment. Please check back soon."
      allLink={{ to: '/products', text: 'Show all products' }}
    >
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
    </ProductListPage>
  )
}
