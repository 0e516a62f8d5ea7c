import { data } from 'react-router'
import { NotFound } from '../components/shop/not-found'
import { pageMeta, shopNameFrom } from '../lib/seo'
import type { Route } from './+types/not-found'

/** The catch-all: any address the shop does not know answers 404 with a way back. */
export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Page not found', 'The page you asked for is not in our shop.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export default function CatchAll() {
  return <NotFound />
}
