import { data, Link, useRouteLoaderData } from 'react-router'
import { ProductCard } from '../components/shop/product-card'
import { PageLinks } from '../components/shop/page-links'
import { CATEGORY_LABELS, CATEGORY_PAGE_SIZE, categoryPageOf, categoryPath, isCategory } from '../lib/catalog'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { shop } from '../server/context.server'
import type { Route } from './+types/products.$category'

const intros: Record<keyof typeof CATEGORY_LABELS, string> = {
  autopilots: 'Flight controllers, carrier boards and GNSS receivers for reliable autonomous flight.',
  cameras: 'Zoom, thermal, mapping and FPV cameras, stabilised and ready to integrate.',
  'radio-controllers': 'Ground control stations, handheld controllers and long-range video and data links.',
  propulsion: 'Motors, propellers and speed controllers matched for efficient, dependable lift.',
  'parts-accessories': 'Batteries, chargers, landing gear, cases and the spares that keep you flying.',
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = categoryPageOf(new URL(request.url).searchParams)
  if (!isCategory(params.category) || page === null) throw data(null, { status: 404 })
  const { cards, total } = await shop(context).catalog.categoryPage(params.category, page)
  const pages = Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE))
  if (page > pages) throw data(null, { status: 404 })
  return { category: params.category, label: CATEGORY_LABELS[params.category], intro: intros[params.category], cards, page, pages, total }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(loaderData.page > 1 ? `${loaderData.label}, page ${loaderData.page}` : loaderData.label, loaderData.intro, shopNameFrom(matches))
    : []

export default function CategoryList({ loaderData }: Route.ComponentProps) {
  const { category, label, intro, cards, page, pages, total } = loaderData
  const staff = useRouteLoaderData<typeof import('../root').loader>('root')?.user?.role === 'staff'
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{label}</h1>
        {staff ? (
          <Link
            to={`/product/create?category=${category}`}
            className="inline-flex items-center gap-1.5 rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-600"
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            Create Product
          </Link>
        ) : null}
      </div>
      <p className="mt-3 max-w-2xl text-slate-600">{intro}</p>
      {cards.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          There are no products in this range at the moment. Please check back soon.
        </p>
      ) : (
        <>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {cards.map((card, index) => (
              <li key={card.FBUID}>
                <ProductCard product={card} eager={index < 4} first={index === 0} staff={staff} />
              </li>
            ))}
          </ul>
          {pages > 1 ? <PageLinks path={categoryPath(category)} page={page} pages={pages} total={total} /> : null}
        </>
      )}
    </div>
  )
}
