import { CATEGORIES, categoryPath, productPath } from '../lib/catalog'
import { listProductStamps } from '../server/catalog/products.server'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import type { Route } from './+types/sitemap.xml'

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = publicOrigin(shop(context).config, request)
  const products = await listProductStamps(shop(context).db)
  const pages = [
    { path: '/' },
    { path: '/products' },
    ...CATEGORIES.map((category) => ({ path: categoryPath(category) })),
    ...products.map((product) => ({ path: productPath(product.id), lastmod: product.updatedAt.toISOString().slice(0, 10) })),
  ]
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map((page) => `  <url><loc>${escapeXml(origin + page.path)}</loc>${'lastmod' in page ? `<lastmod>${page.lastmod}</lastmod>` : ''}</url>`),
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
