import { Link } from 'react-router'

/** The page numbers shown: the first, the last, and the current one with its neighbours; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b)
  return shown.flatMap((n, index) => (index > 0 && n - shown[index - 1]! > 1 ? [null, n] : [n]))
}

const linkClass = 'inline-flex min-w-10 justify-center rounded-md border border-slate-300 px-3 py-2 hover:border-brand-600 hover:text-brand-700'

/**
 * Previous / numbered / Next links under a list that spans several pages: plain links a crawler
 * follows. `href` gives a page's address (keeping the list's sort and filters).
 */
export function PageLinks({ href, page, pages, total }: { href: (page: number) => string; page: number; pages: number; total: number }) {
  return (
    <nav aria-label="Pages" className="mt-12 flex flex-col items-center gap-4">
      <p className="text-sm text-slate-600">
        Page {page} of {pages} ({total.toLocaleString('en-AU')} products)
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-2 text-sm font-medium">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={linkClass}>
              Previous
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className="inline-flex min-w-10 justify-center rounded-md bg-brand-700 px-3 py-2 text-white">
                  {n}
                </span>
              ) : (
                <Link to={href(n)} className={linkClass} aria-label={`Page ${n}`}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={linkClass}>
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
