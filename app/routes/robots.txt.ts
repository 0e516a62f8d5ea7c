import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import type { Route } from './+types/robots.txt'

export function loader({ context, request }: Route.LoaderArgs) {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /error', '', `Sitemap: ${publicOrigin(shop(context).config, request)}/sitemap.xml`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } })
}
