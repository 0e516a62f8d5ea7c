import { data, Form, Link } from 'react-router'
import { CATEGORIES, CATEGORY_LABELS, isCategory, PRODUCT_STATUSES, productPath } from '../../lib/catalog'
import { centsToDollars, dollarsToCents } from '../../lib/schemas/product'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { parseStaffProductQuery, STAFF_PRODUCT_SORTS, STAFF_PRODUCTS_PAGE_SIZE, staffProductQueryString, STOCK_FILTERS } from '../../lib/staff-product-query'
import { PrevNextLinks } from '../../components/ui/prev-next'
import { controlClass, SelectField } from '../../components/ui/select-field'
import { requireStaff } from '../../server/auth/session.server'
import { ProductNotFoundError, StaleEditError } from '../../server/catalog/product-changes.server'
import { bulkEditProducts, listStaffProducts, MAX_BULK, quickEditProduct, type BulkChange } from '../../server/catalog/staff-products.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import type { Route } from './+types/products'
import { buttonClass } from '../../components/ui/button'

export const meta: Route.MetaFunction = ({ matches }) =>
  [...pageMeta('Products', 'Every product of the catalogue, with its price and stock.', shopNameFrom(matches)), { name: 'robots', content: 'noindex' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseStaffProductQuery(new URL(request.url).searchParams)
  const { rows, total } = await listStaffProducts(shop(context).db, query)
  return { rows, total, query }
}

type Outcome = { productId: string; ok: true; message: string } | { productId: string; ok: false; message: string }

/** A price and stock changed on one row of the list. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request, { repeatable: ['productId'] })
  if (form.get('intent') === 'bulk') return bulkAction(form, shop(context).db, staff.email)
  const productId = String(form.get('productId') ?? '')
  const version = Number(form.get('version'))
  const refuse = (message: string, status = 400) => data<Outcome>({ productId, ok: false, message }, { status })
  if (!productId || !Number.isSafeInteger(version)) return refuse('The form could not be read. Please reload the page and try again.')
  const priceCents = dollarsToCents(String(form.get('price') ?? ''))
  if (priceCents === null || priceCents > 100_000_000) return refuse('Enter a price in dollars, such as 1299.00.')
  // The stock is sent on only when it was changed in the list: sales since the list was loaded stay counted.
  const typed = form.get('stock')
  let stockOnHand: number | undefined
  if (typeof typed === 'string' && typed.trim() !== String(form.get('stockShown') ?? '')) {
    const count = Number(typed.trim().replace(/,/g, ''))
    if (!/^\d[\d,]*$/.test(typed.trim()) || !Number.isSafeInteger(count) || count > 1_000_000) return refuse('Enter the stock on hand as a whole number, such as 12.')
    stockOnHand = count
  }
  try {
    const product = await quickEditProduct(shop(context).db, productId, version, { priceCents, stockOnHand }, staff.email)
    return data<Outcome>({ productId, ok: true, message: `Saved ${product.productName}.` })
  } catch (error) {
    if (error instanceof StaleEditError) return refuse('Someone changed this product after the list was loaded, so this change was not saved. Reload the list to see theirs.', 409)
    if (error instanceof ProductNotFoundError) return refuse('This product was renamed or deleted after the list was loaded.', 404)
    throw error
  }
}

/** The bulk form: one change for every ticked product. */
async function bulkAction(form: FormData, db: Parameters<typeof bulkEditProducts>[0], by: string) {
  const refuse = (message: string) => data<Outcome>({ productId: '', ok: false, message }, { status: 400 })
  const ids = [...new Set(form.getAll('productId').map(String))].filter((id) => /^[a-z0-9-]{1,200}$/.test(id))
  if (ids.length === 0) return refuse('Tick the products to change first.')
  if (ids.length > MAX_BULK) return refuse(`At most ${MAX_BULK} products at once.`)
  const [kind, value] = String(form.get('bulk') ?? '').split(':')
  let change: BulkChange
  if (kind === 'status' && (value === 'active' || value === 'draft' || value === 'archived')) change = { status: value }
  else if (kind === 'category' && value && isCategory(value)) change = { category: value }
  else if (kind === 'stock') {
    const typed = String(form.get('bulkStock') ?? '').trim().replace(/,/g, '')
    if (!/^\d{1,7}$/.test(typed) || Number(typed) > 1_000_000) return refuse('Enter the stock on hand for the ticked products as a whole number, such as 12.')
    change = { stockOnHand: Number(typed) }
  } else return refuse('Choose what to change on the ticked products.')
  const { changed, skipped } = await bulkEditProducts(db, ids, change, by)
  const count = (n: number) => (n === 1 ? '1 product' : `${n} products`)
  const note = skipped.length ? ` ${count(skipped.length)} left as they were (${'stockOnHand' in change ? 'stock not tracked or ' : ''}no longer there).` : ''
  return data<Outcome>({ productId: '', ok: true, message: `Changed ${count(changed.length)}.${note}` })
}

const cellInput = 'block w-24 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-right text-sm tabular-nums'
const dateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Brisbane' })

export default function StaffProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, query } = loaderData
  const pages = Math.max(1, Math.ceil(total / STAFF_PRODUCTS_PAGE_SIZE))
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Products</h1>
        <Link to="/product/create" className={buttonClass()}>
          New product
        </Link>
      </div>
      <Form method="get" role="search" aria-label="Find products" className="mt-6 grid gap-3 sm:grid-cols-[1fr_10rem_8rem_10rem_10rem_auto] sm:items-end">
        <div>
          <label htmlFor="q" className="block text-sm font-medium">
            Search
          </label>
          <input id="q" name="q" type="search" defaultValue={query.q} placeholder="Name or id" className={controlClass} />
        </div>
        <SelectField id="category" label="Category" defaultValue={query.category} options={CATEGORY_LABELS} first={['', 'All categories']} />
        <SelectField id="status" label="Status" defaultValue={query.status} options={PRODUCT_STATUSES} first={['', 'Any status']} />
        <SelectField id="stock" label="Stock" defaultValue={query.stock} options={STOCK_FILTERS} />
        <SelectField id="sort" label="Sort" defaultValue={query.sort} options={STAFF_PRODUCT_SORTS} />
        <button type="submit" className={buttonClass({ variant: 'secondary' })}>
          Show
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-600" data-testid="product-total">
        {total === 1 ? '1 product' : `${total.toLocaleString('en-AU')} products`}
        {pages > 1 ? `, page ${query.page} of ${pages}` : ''}. Change a price or a stock count and press Save on its row; other fields are on the product’s form.
      </p>
      {actionData ? (
        <p role={actionData.ok ? 'status' : 'alert'} className={`mt-4 rounded-md border px-4 py-3 text-sm ${actionData.ok ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-800'}`}>
          {actionData.message}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <Form id="bulk" method="post" preventScrollReset aria-label="Change the ticked products" className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3">
          <input type="hidden" name="intent" value="bulk" />
          <div>
            <label htmlFor="bulk-change" className="block text-sm font-medium">
              With the ticked products
            </label>
            <select id="bulk-change" name="bulk" defaultValue="" className={controlClass}>
              <option value="">Choose a change</option>
              <optgroup label="Set the status">
                {Object.entries(PRODUCT_STATUSES).map(([value, label]) => (
                  <option key={value} value={`status:${value}`}>
                    {label}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Move to the category">
                {CATEGORIES.map((category) => (
                  <option key={category} value={`category:${category}`}>
                    {CATEGORY_LABELS[category]}
                  </option>
                ))}
              </optgroup>
              <option value="stock">Set the stock on hand to…</option>
            </select>
          </div>
          <div>
            <label htmlFor="bulkStock" className="block text-sm font-medium">
              Stock on hand <span className="font-normal text-slate-500">(for a stock change)</span>
            </label>
            <input id="bulkStock" name="bulkStock" inputMode="numeric" className={`${controlClass} w-32`} />
          </div>
          <button type="submit" className={buttonClass({ variant: 'secondary' })}>
            Apply
          </button>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-600">No products match.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="hidden border-b border-slate-200 text-slate-500 sm:table-header-group">
            <tr>
              <th scope="col" className="w-8 py-2 font-medium">
                <span className="sr-only">Tick</span>
              </th>
              <th scope="col" className="py-2 font-medium">
                Product
              </th>
              <th scope="col" className="py-2 font-medium">
                Category
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Price ($)
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                On hand
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Available
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Save</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => {
              const formId = `edit-${row.id}`
              const available = row.onHand === null ? null : row.onHand - row.reserved
              const low = available !== null && available <= row.threshold
              return (
                <tr key={`${row.id}-${row.version}`} className="grid grid-cols-2 items-center gap-x-4 gap-y-2 py-3 sm:table-row sm:py-0" data-testid={`product-row-${row.id}`} data-version={row.version}>
                  <td className="col-span-2 sm:py-2">
                    <input type="checkbox" name="productId" value={row.id} form="bulk" aria-label={`Tick ${row.name}`} className="h-4 w-4" />
                  </td>
                  <td className="col-span-2 min-w-0 sm:py-2 sm:pr-3">
                    <Link to={`${productPath(row.id)}/update`} className="font-semibold text-brand-700 hover:underline">
                      {row.name}
                    </Link>
                    {row.status !== 'active' ? (
                      <span className="ml-2 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">{PRODUCT_STATUSES[row.status]}</span>
                    ) : null}
                    <span className="block break-all text-xs text-slate-500">
                      {row.id} · changed {dateFormat.format(new Date(row.updatedAt))} ·{' '}
                      <Link to={productPath(row.id)} className="underline">
                        {row.status === 'active' ? 'view' : 'preview'}
                      </Link>
                    </span>
                  </td>
                  <td className="col-span-2 text-slate-600 sm:py-2">{CATEGORY_LABELS[row.category] ?? row.category}</td>
                  <td className="sm:py-2 sm:text-right">
                    <label htmlFor={`${formId}-price`} className="block text-xs text-slate-500 sm:sr-only">
                      Price of {row.name} ($)
                    </label>
                    <input
                      id={`${formId}-price`}
                      name="price"
                      form={formId}
                      inputMode="decimal"
                      defaultValue={row.priceCents === null ? '' : centsToDollars(row.priceCents)}
                      className={`${cellInput} sm:ml-auto`}
                    />
                  </td>
                  <td className="sm:py-2 sm:text-right">
                    {row.onHand === null ? (
                      <span className="text-slate-500">Not tracked</span>
                    ) : (
                      <>
                        <label htmlFor={`${formId}-stock`} className="block text-xs text-slate-500 sm:sr-only">
                          Stock on hand of {row.name}
                        </label>
                        <input id={`${formId}-stock`} name="stock" form={formId} inputMode="numeric" defaultValue={row.onHand} className={`${cellInput} sm:ml-auto`} />
                      </>
                    )}
                  </td>
                  <td className={`tabular-nums sm:py-2 sm:text-right ${low ? 'font-semibold text-amber-800' : ''}`}>
                    <span className="text-xs font-normal text-slate-500 sm:hidden">Available: </span>
                    {available === null ? '—' : available}
                    {low ? <span className="sr-only"> (low)</span> : null}
                  </td>
                  <td className="sm:py-2 sm:pl-3 sm:text-right">
                    <Form method="post" id={formId} preventScrollReset>
                      <input type="hidden" name="productId" value={row.id} />
                      <input type="hidden" name="version" value={row.version} />
                      <input type="hidden" name="stockShown" value={row.onHand ?? ''} />
                      <button type="submit" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                        Save<span className="sr-only"> {row.name}</span>
                      </button>
                    </Form>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      <PrevNextLinks page={query.page} pages={pages} href={(page) => `/staff/products${staffProductQueryString(query, { page })}`} />
    </div>
  )
}
