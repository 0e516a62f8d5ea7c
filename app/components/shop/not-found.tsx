import { Link } from 'react-router'
import { productMenu } from '../../lib/navigation'
import { LinkButton } from '../ui/button'

export function NotFound({ what = 'page' }: { what?: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">We couldn’t find that {what}</h1>
      <p className="mt-4 text-slate-600">It may have moved or no longer be sold. Try one of our product ranges, or head back to the home page.</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        {productMenu.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="inline-block rounded-full border border-slate-300 px-4 py-2 text-sm hover:border-brand-600 hover:text-brand-700">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      <LinkButton to="/" size="lg" className="mt-10">
        Back to the home page
      </LinkButton>
    </div>
  )
}
