import { Link } from 'react-router'
import { legalPath } from '../../lib/legal/documents'
import { footerProductLinks, mailto, type NavLink } from '../../lib/navigation'
import type { ShopIdentity } from '../../server/env.server'

const informationLinks: NavLink[] = [
  { label: 'Terms & Conditions', to: legalPath('terms-and-conditions') },
  { label: 'Returns Policy', to: legalPath('returns-policy') },
  { label: 'Privacy Policy', to: legalPath('privacy-policy') },
  { label: 'Software', to: '/software' },
]

const headingClass = 'text-sm font-semibold uppercase tracking-wide text-white'
const linkClass = 'text-sm text-slate-300 hover:text-white hover:underline'

export function SiteFooter({ shop }: { shop: ShopIdentity }) {
  return (
    <footer className="print:hidden mt-16 bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-3 sm:px-6">
        <section aria-labelledby="footer-products">
          <h2 id="footer-products" className={headingClass}>
            Products
          </h2>
          <LinkList links={footerProductLinks} />
        </section>
        <section aria-labelledby="footer-connect">
          <h2 id="footer-connect" className={headingClass}>
            Connect
          </h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to="/contact" className={linkClass}>
                General Enquiries
              </Link>
            </li>
            <li>
              <Link to="/track-order" className={linkClass}>
                Track your order
              </Link>
            </li>
            <li>
              <a href={mailto(shop.email, 'Customer service')} className={linkClass}>
                Customer Service
              </a>
            </li>
            <li>
              <a href={mailto(shop.email)} className={linkClass}>
                {shop.email}
              </a>
            </li>
            <li className="text-sm">{shop.phone}</li>
          </ul>
        </section>
        <section aria-labelledby="footer-information">
          <h2 id="footer-information" className={headingClass}>
            Information
          </h2>
          <LinkList links={informationLinks} />
          <address className="mt-6 text-sm not-italic leading-6">
            {shop.legalName}
            <br />
            ABN {shop.abn}
            <br />
            {shop.address}
          </address>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © 2024 {shop.legalName}. All rights reserved. Prices are in Australian dollars and include GST.
        </p>
      </div>
    </footer>
  )
}

function LinkList({ links }: { links: NavLink[] }) {
  return (
    <ul className="mt-4 space-y-2">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}
