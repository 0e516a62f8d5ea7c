import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:category', 'routes/products.$category.tsx'),
  route('product/:productId', 'routes/product.$productId.tsx'),
  route('software', 'routes/software.tsx'),
  route('downloads/:file', 'routes/downloads.$file.ts'),
  route('legals', 'routes/legals.tsx', { id: 'legals-index' }),
  route('legals/:section', 'routes/legals.tsx', { id: 'legals-section' }),
  route('error', 'routes/error.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
