import { Link } from 'react-router'
import { CATEGORY_LABELS, categoryPath } from '../lib/catalog'
import { pageMeta, shopNameFrom } from '../lib/seo'
import type { Route } from './+types/products'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta('Products', 'Browse our autopilots, cameras and radio links and controllers.', shopNameFrom(matches))

/** The specification's product list without a category: three tiles, then the other ranges. */
const tiles = [
  { to: categoryPath('autopilots'), title: 'Autopilot', image: '/images/tiles/autopilots.svg' },
  { to: categoryPath('cameras'), title: 'Cameras', image: '/images/tiles/cameras.svg' },
  { to: categoryPath('radio-controllers'), title: 'Link & Controllers', image: '/images/tiles/radio-controllers.svg' },
]

/** The ranges the tiles do not show, so that /products reaches every category. */
const otherRanges = (['propulsion', 'parts-accessories'] as const).map((category) => ({ to: categoryPath(category), title: CATEGORY_LABELS[category] }))

export default function Products() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Products</h1>
      <ul aria-label="Main ranges" className="mt-8 grid gap-6 sm:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="group block overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 transition hover:border-brand-600 hover:shadow-lg"
            >
              <img src={tile.image} alt="" width={800} height={500} className="aspect-[8/5] w-full object-cover" />
              <h2 className="p-5 text-xl font-semibold group-hover:text-brand-700">{tile.title}</h2>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="more-ranges" className="mt-12">
        <h2 id="more-ranges" className="text-xl font-semibold">
          More ranges
        </h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {otherRanges.map((range) => (
            <li key={range.to}>
              <Link
                to={range.to}
                className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-5 py-2.5 font-medium hover:border-brand-600 hover:text-brand-700"
              >
                {range.title}
                <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
