import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { productMenu } from '../../lib/navigation'
import { useCart } from './cart-context'
import { LogoMark } from './logo'
import { SearchBox } from './search-box'
import { Button } from '../ui/button'

const linkClass = 'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink'

export interface HeaderUser {
  email: string
  role: 'customer' | 'staff'
}

export function SiteHeader({ shopName, user }: { shopName: string; user: HeaderUser | null }) {
  const [mobileOpen, setMobileOpen] = useState(false)
  const location = useLocation()
  useEffect(() => setMobileOpen(false), [location.pathname])

  return (
    <header className="print:hidden sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* On phones the search form wraps onto a second row of its own, full width; from md it sits in the row. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 md:h-16 md:flex-nowrap md:py-0">
        <Link to="/" className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-ink">
          <LogoMark />
          <span className="text-lg">{shopName}</span>
        </Link>

        <SearchBox className="order-last w-full md:order-none md:w-auto md:max-w-sm md:flex-1" />

        <div className="flex items-center gap-1">
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            <ProductsMenu />
            <NavLink to="/contact" className={linkClass}>
              Contact Us
            </NavLink>
            <AccountLinks user={user} className={linkClass} />
          </nav>
          <CartLink />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              {mobileOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </Button>
        </div>
      </div>

      <nav id="mobile-menu" aria-label="Main" hidden={!mobileOpen} className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden">
        {/* Its links are in the page as sent (hidden until opened): crawlers see where the shop leads. */}
        <p className="px-3 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Products</p>
        <ul>
          {productMenu.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={`block ${linkClass}`}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="mt-2 border-t border-slate-100 pt-2">
            <NavLink to="/contact" className={`block ${linkClass}`}>
              Contact Us
            </NavLink>
          </li>
          <AccountLinks user={user} className={`block ${linkClass}`} asListItems />
        </ul>
      </nav>
    </header>
  )
}

function ProductsMenu() {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const container = useRef<HTMLDivElement>(null)
  const location = useLocation()
  useEffect(() => setOpen(false), [location.pathname])

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div
      ref={container}
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        type="button"
        className={`${linkClass} inline-flex items-center gap-1`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        Products
        <svg viewBox="0 0 20 20" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={menuId} hidden={!open} className="absolute right-0 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
        {/* Always rendered, hidden while closed: the links are in the server's HTML. */}
        {productMenu.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * Staff see the staff area; anyone signed in reaches their account (by the redirect rule); others
 * log in. A page rendered for nobody in particular (the cached catalogue pages, which signed-in
 * customers get too) carries both "Log in" and "Account", and the signed-in mark on <html> decides
 * which one shows (app/lib/signed-in-hint.ts, app.css).
 */
function AccountLinks({ user, className, asListItems = false }: { user: HeaderUser | null; className: string; asListItems?: boolean }) {
  const links: { to: string; label: string; only?: string }[] = user
    ? [...(user.role === 'staff' ? [{ to: '/staff', label: 'Staff' }] : []), { to: '/auth/continue', label: 'Account' }]
    : [
        { to: '/login', label: 'Log in', only: 'signed-out-only' },
        { to: '/auth/continue', label: 'Account', only: 'signed-in-only' },
      ]
  return links.map((link) =>
    asListItems ? (
      <li key={link.to} className={link.only}>
        <NavLink to={link.to} className={className}>
          {link.label}
        </NavLink>
      </li>
    ) : (
      <NavLink key={link.to} to={link.to} className={link.only ? `${className} ${link.only}` : className}>
        {link.label}
      </NavLink>
    ),
  )
}

/** The cart icon; its red badge (total quantity) sits over the icon, so it appears without shifting anything. */
function CartLink() {
  const { count } = useCart()
  return (
    <Link
      to="/checkout"
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-ink"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M5 8h14l-1.2 11.2a1 1 0 0 1-1 .8H7.2a1 1 0 0 1-1-.8L5 8z" />
        <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
      </svg>
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  )
}
