import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:category', 'routes/products.$category.tsx'),
  route('product/:productId', 'routes/product.$productId.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('auth/continue', 'routes/auth.continue.tsx'),
  route('client', 'routes/account.tsx', { id: 'account-client' }),
  route('program', 'routes/account.tsx', { id: 'account-program' }),
  // Staff screens: every route in this layout is guarded on the server (routes/staff/layout.tsx).
  layout('routes/staff/layout.tsx', [
    route('staff', 'routes/staff/home.tsx'),
    route('orders', 'routes/staff/orders.tsx'),
    route('orders/:orderId', 'routes/staff/orders.$orderId.tsx'),
  ]),
  route('checkout', 'routes/checkout.tsx'),
  route('success', 'routes/success.tsx'),
  route('pay/demo/:sessionId', 'routes/pay.demo.$sessionId.tsx'),
  route('api/cart/quote', 'routes/api.cart.quote.ts'),
  route('api/stripe/webhook', 'routes/api.stripe.webhook.ts'),
  route('software', 'routes/software.tsx'),
  route('downloads/:file', 'routes/downloads.$file.ts'),
  route('legals', 'routes/legals.tsx', { id: 'legals-index' }),
  route('legals/:section', 'routes/legals.tsx', { id: 'legals-section' }),
  route('error', 'routes/error.tsx'),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
