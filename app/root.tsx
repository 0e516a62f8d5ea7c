import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import stylesheetHref from './app.css?url'
import { CartProvider } from './components/shop/cart-context'
import { ErrorScreen } from './components/shop/error-screen'
import { Forbidden } from './components/shop/forbidden'
import { NotFound } from './components/shop/not-found'
import { SiteFooter } from './components/shop/site-footer'
import { SignedInMark } from './components/shop/signed-in-mark'
import { SiteHeader } from './components/shop/site-header'
import { StaffShell } from './components/staff/staff-shell'
import { shopIdentity } from './server/env.server'
import { shop } from './server/context.server'
import { databaseWasAway, RETRY_AFTER_SECONDS } from './server/db/unavailable.server'
import { getSessionUser } from './server/auth/session.server'
import { DEFAULT_SHOP_NAME, pageMeta } from './lib/seo'
import { SIGNED_IN_SCRIPT } from './lib/signed-in-hint'

// The stylesheet is linked in Layout (see there). In development Vite also loads it as a module,
// so a class added to a component shows without a reload (a rule removed from app.css lingers in
// the linked copy until the next reload); the production build drops this line.
if (import.meta.env.DEV) void import('./app.css')

/**
 * A page or endpoint whose loader or action found the database away (marked by `handleError` in
 * app/entry.server.tsx) answers 503 with Retry-After rather than 500: browsers, balancers and CDNs
 * try again instead of taking it as broken. The page's data for the router (`.data`) keeps its 500,
 * which the router decodes into the error page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, request }, next) => {
    const response = await next()
    if (response.status !== 500 || !databaseWasAway(context) || new URL(request.url).pathname.endsWith('.data')) return response
    const headers = new Headers(response.headers)
    headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
    return new Response(response.body, { status: 503, headers })
  },
]

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request)
  return { shop: shopIdentity(shop(context).config), user: user ? { email: user.email, role: user.role } : null }
}

/** The route id of the layout every staff screen sits in (app/routes.ts). */
const STAFF_LAYOUT_ID = 'routes/staff/layout'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  // The staff screens have their own frame; a customer refused one (403) still sees the shop's.
  const matches = useMatches()
  const staffArea = data?.user?.role === 'staff' && matches.some((match) => match.id === STAFF_LAYOUT_ID)
  return (
    // The head's first script marks <html> for a signed-in visitor before hydration (see there).
    <html lang="en-AU" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Before anything is drawn: whether to show "Account" or "Log in" on a page that is the same
            for everyone (app/lib/signed-in-hint.ts). */}
        <script dangerouslySetInnerHTML={{ __html: SIGNED_IN_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React sends the stylesheet ahead of the script preloads, so the
            one file that blocks the first paint is asked for first. */}
        <link rel="stylesheet" href={stylesheetHref} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <CartProvider>
          {staffArea && data?.user ? (
            <StaffShell shopName={data.shop.name} email={data.user.email}>
              {children}
            </StaffShell>
          ) : (
            <>
              <SiteHeader shopName={data?.shop.name ?? DEFAULT_SHOP_NAME} user={data?.user ?? null} />
              <main id="main" className="flex-1">
                {children}
              </main>
              {data ? <SiteFooter shop={data.shop} /> : null}
            </>
          )}
        </CartProvider>
        <SignedInMark />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Page not found | UniDrone Robotics</title>
        <meta name="description" content="The page you asked for is not in our shop." />
        <NotFound />
      </>
    )
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <>
        <title>Staff only | UniDrone Robotics</title>
        <meta name="description" content="This page is for the shop's staff." />
        <Forbidden />
      </>
    )
  }
  return (
    <>
      <title>Something went wrong | UniDrone Robotics</title>
      <meta name="description" content="An error stopped this page from loading." />
      <ErrorScreen />
    </>
  )
}

/** An error page names itself (ErrorBoundary below); its tab must not say only the shop's name. */
export const meta: Route.MetaFunction = ({ error }) => (error ? [] : pageMeta('UniDrone Robotics', 'Drone and robotics hardware for Australian professionals.'))
