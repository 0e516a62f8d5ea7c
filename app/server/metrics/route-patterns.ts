import { matchRoutes, type RouteObject } from 'react-router'

/** A route as React Router's server build lists it (`build.routes`): flat, each naming its parent. */
export interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
}

/** The label of an address no route pattern can name (not a path, or not valid percent-encoding). */
export const UNMATCHED = '(unmatched)'

/**
 * The route pattern an address belongs to, as the shop's route table writes it (`/product/:productId`,
 * `/products/:category`, `/*` for the not-found page): a metric label that stays one of the routes
 * however many addresses visitors invent. Data requests of client navigations (`/product/x.data`,
 * `/_root.data`) count as their page.
 */
export function routePatterns(manifest: Record<string, ManifestRoute | undefined>): (pathname: string) => string {
  const routes = treeOf(manifest)
  return (pathname) => {
    if (!pathname.startsWith('/')) return UNMATCHED
    let path = pathname
    if (path.endsWith('.data')) path = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length)
    try {
      // React Router decodes the path to match it and warns on the console when it cannot.
      decodeURIComponent(path)
    } catch {
      return UNMATCHED
    }
    const matches = matchRoutes(routes, path)
    if (!matches) return UNMATCHED
    return patternOf(matches.map((match) => match.route.path))
  }
}

/** `['', 'product/:productId']` → `/product/:productId`; an index route adds nothing to its parent's. */
export function patternOf(paths: (string | undefined)[]): string {
  const joined = paths
    .filter((path): path is string => Boolean(path))
    .join('/')
    .replace(/\/{2,}/g, '/')
    .replace(/^\/|\/$/g, '')
  return `/${joined}`
}

function treeOf(manifest: Record<string, ManifestRoute | undefined>): RouteObject[] {
  const children = new Map<string | undefined, ManifestRoute[]>()
  for (const route of Object.values(manifest)) {
    if (!route) continue
    const siblings = children.get(route.parentId) ?? []
    siblings.push(route)
    children.set(route.parentId, siblings)
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
    )
  return build(undefined)
}
