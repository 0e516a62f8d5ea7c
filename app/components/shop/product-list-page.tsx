import type { ReactNode } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import type { Category, ProductCard as Card } from '../../lib/catalog'
import { categoryPageHref, isDefaultView, type CategoryQuery } from '../../lib/category-query'
import type { Crumb } from '../../lib/seo'
import { LinkButton } from '../ui/button'
import { Breadcrumbs } from './breadcrumbs'
import { ListControls } from './list-controls'
import { PageLinks } from './page-links'
import { ProductCard } from './product-card'

/**
 * A page of products as a range's page and "All products" show them (docs/domain.md, Catalogue
 * pages): the heading (with Create Product for staff), the intro, the sort and filter form, 24 cards
 * and the page numbers, or what to do when the view is empty. `category` null: every range.
 */
export function ProductListPage(props: {
  category: Category | null
  title: string
  intro: string
  crumbs: Crumb[]
  cards: Card[]
  query: CategoryQuery
  pages: number
  total: number
  /** Said when the range (or the shop) has no product at all. */
  emptyText: string
  /** The link back to every product of the list, when filters leave none. */
  allLink: { to: string; text: string }
  /** Between the intro and the sort form (the ranges' links on "All products"). */
  children?: ReactNode
}) {
  const { category, query, cards, pages, total } = props
  const staff = useRouteLoaderData<typeof import('../../root').loader>('root')?.user?.role === 'staff'
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Breadcrumbs crumbs={props.crumbs} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{props.title}</h1>
        {staff ? (
          <LinkButton to={category ? `/product/create?category=${category}` : '/product/create'} className="gap-1.5">
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
              <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            Create Product
          </LinkButton>
        ) : null}
      </div>
      <p className="mt-3 max-w-2xl text-slate-600">{props.intro}</p>
      {props.children}
      <ListControls key={`${category ?? ''}:${JSON.stringify(query)}`} category={category} query={query} total={total} />
      {cards.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          {isDefaultView(query) ? (
            props.emptyText
          ) : (
            <>
              No products match these filters.{' '}
              <Link to={props.allLink.to} className="font-medium text-brand-700 underline">
                {props.allLink.text}
              </Link>
            </>
          )}
        </p>
      ) : (
        <>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
            {cards.map((card, index) => (
              <li key={card.FBUID} className="min-w-0">
                <ProductCard product={card} eager={index < 4} first={index === 0} staff={staff} />
              </li>
            ))}
          </ul>
          {pages > 1 ? <PageLinks href={(page) => categoryPageHref(category, query, page)} page={query.page} pages={pages} total={total} /> : null}
        </>
      )}
    </div>
  )
}
