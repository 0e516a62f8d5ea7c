import { Link } from 'react-router'

/** Previous and Next links under a staff list that spans several pages; `href` gives a page's address. */
export function PrevNextLinks({ href, page, pages, label = 'Pages' }: { href: (page: number) => string; page: number; pages: number; label?: string }) {
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-semibold text-brand-700 hover:underline">
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="font-semibold text-brand-700 hover:underline">
          Next
        </Link>
      ) : null}
    </nav>
  )
}
