import { Link } from 'react-router'
import type { Crumb } from '../../lib/seo'

/**
 * The trail above a category or product page (Home / Products / Cameras …); the last step is the
 * page itself and is not a link. The same trail is in the page's BreadcrumbList JSON-LD.
 */
export function Breadcrumbs({ crumbs, className = '' }: { crumbs: readonly Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`text-sm text-slate-500 ${className}`}>
      <ol className="flex flex-wrap items-center gap-x-1.5">
        {crumbs.map((crumb, index) => (
          <li key={crumb.path} className="flex items-center gap-x-1.5">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="text-slate-700">
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.path} className="hover:text-brand-700 hover:underline">
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
