import { Link } from 'react-router'
import { categoryPath, productPath } from '../lib/catalog'
import { E900_ID } from '../lib/navigation'
import { organizationJsonLd, pageMeta, shopNameFrom } from '../lib/seo'
import { shopIdentity } from '../server/env.server'
import { publicOrigin, shop } from '../server/context.server'
import type { Route } from './+types/home'

/** Who sells here, for the Organization JSON-LD: the configured shop on its public origin. */
export function loader({ context, request }: Route.LoaderArgs) {
  return { origin: publicOrigin(context, request), shop: shopIdentity(shop(context).config) }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(
    shopNameFrom(matches),
    'Autopilots, gimbal cameras, radio links and the UniDrone E900: professional drone hardware from an Australian specialist, prices in AUD including GST.',
    shopNameFrom(matches),
  ),
  ...(loaderData ? [{ 'script:ld+json': organizationJsonLd(loaderData.origin, loaderData.shop) }] : []),
]

const tiles = [
  {
    to: categoryPath('cameras'),
    title: 'Cameras',
    text: 'Zoom, thermal and mapping payloads on stabilised gimbals.',
    image: '/images/tiles/cameras.svg',
  },
  {
    to: categoryPath('radio-controllers'),
    title: 'Link & Controllers',
    text: 'Ground stations, handheld controllers and long-range links.',
    image: '/images/tiles/radio-controllers.svg',
  },
  {
    to: categoryPath('autopilots'),
    title: 'Autopilots',
    text: 'Flight controllers and GNSS for reliable autonomous flight.',
    image: '/images/tiles/autopilots.svg',
  },
  {
    to: productPath(E900_ID),
    title: 'UniDrone E900',
    text: 'Our heavy-lift hexacopter for mapping, inspection and agriculture.',
    image: '/images/tiles/unidrone-e900.svg',
  },
]

export default function Home() {
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <section className="py-12 sm:py-16">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">Drone and robotics hardware, ready to fly.</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">
          Autopilots, cameras, radio links, propulsion and parts, chosen and supported by our Brisbane team, and the UniDrone E900 we build
          ourselves.
        </p>
      </section>
      <ul className="grid gap-6 sm:grid-cols-2">
        {tiles.map((tile, index) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="group block overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 transition hover:border-brand-600 hover:shadow-lg"
            >
              <img
                src={tile.image}
                alt=""
                width={800}
                height={500}
                loading={index < 2 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                className="aspect-[8/5] w-full object-cover transition group-hover:scale-[1.02]"
              />
              <div className="p-5">
                <h2 className="text-xl font-semibold group-hover:text-brand-700">{tile.title}</h2>
                <p className="mt-1 text-slate-600">{tile.text}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
