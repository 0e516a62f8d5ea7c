import { useEffect, useRef } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { LogoMark } from '../shop/logo'
import { Button } from '../ui/button'

interface NavItem {
  to: string
  label: string
}

/** The staff area's screens, grouped as the sidebar shows them. */
export const STAFF_NAV: { heading: string | null; items: NavItem[] }[] = [
  { heading: null, items: [{ to: '/staff', label: 'Dashboard' }] },
  {
    heading: 'Sell',
    items: [
      { to: '/orders', label: 'Orders' },
      { to: '/quotes', label: 'Quotes' },
      { to: '/staff/promotions', label: 'Promotions' },
      { to: '/enquiries', label: 'Enquiries' },
      { to: '/staff/customers', label: 'Customers' },
      { to: '/reports', label: 'Reports' },
      { to: '/payment-links', label: 'Payment links' },
    ],
  },
  {
    heading: 'Catalogue',
    items: [
      { to: '/staff/products', label: 'Products' },
      { to: '/template', label: 'Templates' },
      { to: '/history', label: 'History' },
    ],
  },
  {
    heading: 'Shop',
    items: [
      { to: '/outbox', label: 'Outbox' },
      { to: '/migration', label: 'Data' },
    ],
  },
  {
    heading: 'Settings',
    items: [
      { to: '/settings/shipping', label: 'Shipping' },
      { to: '/settings/payments', label: 'Payments' },
      { to: '/settings/notifications', label: 'Notifications' },
      { to: '/settings/staff', label: 'Staff accounts' },
    ],
  },
]

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-200 hover:text-ink'}`

function StaffNav({ label }: { label: string }) {
  return (
    <nav aria-label={label} className="space-y-5">
      {STAFF_NAV.map((group) => (
        <div key={group.heading ?? 'start'}>
          {group.heading ? <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{group.heading}</p> : null}
          <ul className={group.heading ? 'mt-1 space-y-0.5' : 'space-y-0.5'}>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/staff'} className={itemClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}

/** Who is signed in, the way back to the shop, and logging out. */
function SignedIn({ email }: { email: string }) {
  return (
    <div className="space-y-2 border-t border-slate-200 pt-4 text-sm">
      <p className="break-all text-slate-600">
        Signed in as <span className="font-medium text-ink">{email}</span>
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to="/" className="font-semibold text-brand-700 hover:underline">
          View the shop
        </Link>
        <Link to="/client" className="font-semibold text-brand-700 hover:underline">
          Your account
        </Link>
      </p>
      <Form method="post" action="/logout">
        <Button type="submit" variant="link">
          Log out
        </Button>
      </Form>
    </div>
  )
}

function Brand({ shopName }: { shopName: string }) {
  return (
    <Link to="/staff" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-ink">
      <LogoMark className="h-7 w-7" />
      <span>
        {shopName} <span className="font-normal text-slate-500">Staff</span>
      </span>
    </Link>
  )
}

/**
 * The staff area's frame, in place of the storefront's header and footer: a sidebar on wide
 * screens; on phones a bar whose Menu opens the same links (a `<details>`, so it works before the
 * scripts load and without them). It closes again when a link is followed.
 */
export function StaffShell({ shopName, email, children }: { shopName: string; email: string; children: React.ReactNode }) {
  const drawer = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    if (drawer.current) drawer.current.open = false
  }, [location.pathname, location.search])

  return (
    <div className="flex min-h-screen flex-col lg:flex-row">
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-slate-50 print:hidden lg:block">
        <div className="sticky top-0 flex max-h-screen flex-col gap-6 overflow-y-auto px-3 py-5">
          <div className="px-3">
            <Brand shopName={shopName} />
          </div>
          <StaffNav label="Staff" />
          <div className="px-3">
            <SignedIn email={email} />
          </div>
        </div>
      </aside>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white print:hidden lg:hidden">
        <details ref={drawer} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
            <span className="flex items-center gap-2 font-semibold">
              <LogoMark className="h-7 w-7" />
              Staff
            </span>
            <span className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold">
              <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
                <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
              </svg>
              Menu
            </span>
          </summary>
          <div className="max-h-[calc(100vh-3.5rem)] space-y-5 overflow-y-auto border-t border-slate-200 bg-slate-50 px-3 py-4">
            <StaffNav label="Staff menu" />
            <div className="px-3">
              <SignedIn email={email} />
            </div>
          </div>
        </details>
      </header>
      <main id="main" className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  )
}
