import { data } from 'react-router'
import { ProductListPage } from '../components/shop/product-list-page'
import { CATEGORY_LABELS, categoryPath, isCategory, type Category } from '../lib/catalog'
import { categoryCanonicalPath } from '../lib/category-query'
import { breadcrumbJsonLd, pageMeta, shopNameFrom, type Crumb } from '../lib/seo'
import { loadListPage } from '../server/catalog/list-page.server'
import type { Route } from './+types/products.$category'

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

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!isCategory(params.category)) throw data(null, { status: 404 })
  const category = params.category
  return { category, label: CATEGORY_LABELS[category], intro: intros[category], ...(await loadListPage(context, request, category)) }
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
  const { category, label } = loaderData
  return (
    <ProductListPage
      {...loaderData}
      title={label}
      crumbs={crumbsOf(category)}
      emptyText="There are no products in this range at the moment. Please check back soon."
      allLink={{ to: categoryPath(category), text: `Show all ${label}` }}
    />
  )
}
