import { ErrorScreen } from '../components/shop/error-screen'
import { pageMeta, shopNameFrom } from '../lib/seo'
import type { Route } from './+types/error'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Something went wrong', 'An error stopped the page from loading.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export default function ErrorPage() {
  return <ErrorScreen />
}
