import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // The whole route manifest is one fingerprinted file the browser keeps, rather than a partial one
  // worked out and inlined into every page, and fetched again (/__manifest) as links come into view.
  routeDiscovery: { mode: 'initial' },
} satisfies Config
