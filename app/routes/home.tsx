import { Link } from 'react-router'
import { ProductCard } from '../components/shop/product-card'
import { categoryPath, productPath } from '../lib/catalog'
import { legalPath } from '../lib/legal/documents'
import { formatAud } from '../lib/money'
import { E900_ID } from '../lib/navigation'
import { organizationJsonLd, pageMeta, shopNameFrom } from '../lib/seo'
import { shopIdentity } from '../server/env.server'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import type { Route } from './+types/home'
import { visitorPriceList } from '../server/trade/trade-prices.server'
import { tradeCards } from '../lib/trade'
import { LinkButton } from '../components/ui/button'

/**
 * The featured products (staff mark them; otherwise the newest), the lowest order value that
 * ships free, and who sells here (for the promises and the Organization JSON-LD).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog, config } = shop(context)
  const [featured, methods, prices] = await Promise.all([catalog.featured(), catalog.shippingMethods(), visitorPriceList(context, request)])
  const freeOver = methods.flatMap((method) => (method.kind === 'delivery' && method.freeOverCents !== null ? [method.freeOverCents] : []))
  return {
    origin: publicOrigin(config, request),
    shop: shopIdentity(config),
    featured: tradeCards(featured, prices),
    freeDeliveryOverCents: freeOver.length > 0 ? Math.min(...freeOver) : null,
  }
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
    title: 'Autopilot',
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

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, freeDeliveryOverCents, shop: seller } = loaderData
  const promises = [
    {
      title: 'Australian support',
      text: `Talk to our team in Australia${seller.phone ? ` on ${seller.phone}` : ''} or by e-mail, before and after you buy.`,
      to: '/contact',
      link: 'Contact us',
    },
    {
      title: 'Delivery Australia-wide',
      text:
        freeDeliveryOverCents !== null
          ? `Tracked delivery to any address, free over ${formatAud(freeDeliveryOverCents)}, or Click & Collect.`
          : 'Tracked delivery to any Australian address.',
      to: null,
      link: null,
    },
    {
      title: 'Returns',
      text: '14 days to change your mind; your rights under the Australian Consumer Law always apply.',
      to: legalPath('returns-policy'),
      link: 'Returns policy',
    },
    {
      title: 'Secure payment',
      text: 'Prices in AUD including GST. Card details go to our payment provider, never to us.',
      to: legalPath('privacy-policy'),
      link: 'Privacy',
    },
  ]
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <section aria-labelledby="hero" className="py-10 sm:py-16">
        <h1 id="hero" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Drone and robotics hardware, ready to fly.
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-600">
          Autopilots, cameras, radio links, propulsion and parts, chosen and supported by our Brisbane team, and the UniDrone E900 we build ourselves.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <LinkButton to={productPath(E900_ID)} size="lg">
            Meet the UniDrone E900
          </LinkButton>
          <LinkButton to="/products" variant="secondary" size="lg">
            Browse all products
          </LinkButton>
        </div>
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

      {featured.length > 0 ? (
        <section aria-labelledby="featured-heading" className="mt-16">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="featured-heading" className="text-2xl font-bold tracking-tight">
              Featured products
            </h2>
            <Link to="/products" className="font-semibold text-brand-700 hover:underline">
              All products
            </Link>
          </div>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
            {featured.map((card) => (
              <li key={card.FBUID} className="min-w-0">
                <ProductCard product={card} eager={false} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="promises-heading" className="mb-4 mt-16 rounded-2xl bg-slate-50 px-5 py-8 sm:px-8">
        <h2 id="promises-heading" className="sr-only">
          Why buy here
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {promises.map((promise) => (
            <li key={promise.title}>
              <h3 className="font-semibold">{promise.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{promise.text}</p>
              {promise.to ? (
                <Link to={promise.to} className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline">
                  {promise.link}
                  <span className="sr-only">: {promise.title}</span>
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
