import { data, Form, Link } from 'react-router'
import { CATEGORIES, CATEGORY_LABELS, isCategory, PRODUCT_STATUSES, productPath } from '../../lib/catalog'
import { centsToDollars, dollarsToCents } from '../../lib/schemas/product'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { waitingLabel } from '../../lib/stock-alerts'
import { parseStaffProductQuery, STAFF_PRODUCT_SORTS, STAFF_PRODUCTS_PAGE_SIZE, staffProductQueryString, STOCK_FILTERS } from '../../lib/staff-product-query'
import { PrevNextLinks } from '../../components/ui/prev-next'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Checkbox } from '../../components/ui/checkbox-field'
import { SelectField } from '../../components/ui/select-field'
import { DataTable } from '../../components/ui/table'
import { TextField } from '../../components/ui/text-field'
import { requireStaff } from '../../server/auth/session.server'
import { ProductNotFoundError, StaleEditError } from '../../server/catalog/product-changes.server'
import { WasPriceRefusedError } from '../../server/catalog/was-price.server'
import { bulkEditProducts, listStaffProducts, MAX_BULK, quickEditProduct, type BulkChange } from '../../server/catalog/staff-products.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import type { Route } from './+types/products'
import { Button, LinkButton } from '../../components/ui/button'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Products', 'Every product of the catalogue, with its price and stock.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

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
    if (!/^\d[\d,]*$/.test(typed.trim()) || !Number.isSafeInteger(count) || count > 1_000_000)
      return refuse('Enter the stock on hand as a whole number, such as 12.')
    stockOnHand = count
  }
  try {
    const product = await quickEditProduct(shop(context).db, productId, version, { priceCents, stockOnHand }, staff.email)
    return data<Outcome>({ productId, ok: true, message: `Saved ${product.productName}.` })
  } catch (error) {
    if (error instanceof StaleEditError)
      return refuse('Someone changed this product after the list was loaded, so this change was not saved. Reload the list to see theirs.', 409)
    if (error instanceof ProductNotFoundError) return refuse('This product was renamed or deleted after the list was loaded.', 404)
    // A new price beside the product's was price: the was price must still be honest (the form's rule).
    if (error instanceof WasPriceRefusedError) return refuse(`The price was not changed. ${error.message} Remove the was price on the product’s form first.`)
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
    const typed = String(form.get('bulkStock') ?? '')
      .trim()
      .replace(/,/g, '')
    if (!/^\d{1,7}$/.test(typed) || Number(typed) > 1_000_000) return refuse('Enter the stock on hand for the ticked products as a whole number, such as 12.')
    change = { stockOnHand: Number(typed) }
  } else return refuse('Choose what to change on the ticked products.')
  const { changed, skipped } = await bulkEditProducts(db, ids, change, by)
  const count = (n: number) => (n === 1 ? '1 product' : `${n} products`)
  const note = skipped.length ? ` ${count(skipped.length)} left as they were (${'stockOnHand' in change ? 'stock not tracked or ' : ''}no longer there).` : ''
  return data<Outcome>({ productId: '', ok: true, message: `Changed ${count(changed.length)}.${note}` })
}

/** A kit's stock in the list: the kits its components allow now ("Kit: 2 can be made"), or that none of them limits it. */
function kitStockLabel(units: number | null): string {
  if (units === null) return 'Kit: no part limits it'
  return `Kit: ${units.toLocaleString('en-AU')} can be made`
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Brisbane' })

export default function StaffProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, query } = loaderData
  const pages = Math.max(1, Math.ceil(total / STAFF_PRODUCTS_PAGE_SIZE))
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Products</h1>
        <LinkButton to="/product/create">New product</LinkButton>
      </div>
      <Form method="get" role="search" aria-label="Find products" className="mt-6 grid gap-3 sm:grid-cols-[1fr_10rem_8rem_10rem_10rem_auto] sm:items-end">
        <TextField name="q" label="Search" type="search" size="sm" defaultValue={query.q} placeholder="Name or id" />
        <SelectField id="category" label="Category" size="sm" defaultValue={query.category} options={CATEGORY_LABELS} first={['', 'All categories']} />
        <SelectField id="status" label="Status" size="sm" defaultValue={query.status} options={PRODUCT_STATUSES} first={['', 'Any status']} />
        <SelectField id="stock" label="Stock" size="sm" defaultValue={query.stock} options={STOCK_FILTERS} />
        <SelectField id="sort" label="Sort" size="sm" defaultValue={query.sort} options={STAFF_PRODUCT_SORTS} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      <p className="mt-4 text-sm text-slate-600" data-testid="product-total">
        {total === 1 ? '1 product' : `${total.toLocaleString('en-AU')} products`}
        {pages > 1 ? `, page ${query.page} of ${pages}` : ''}. Change a price or a stock count and press Save on its row; other fields are on the product’s
        form.
      </p>
      {actionData ? (
        <Alert tone={actionData.ok ? 'success' : 'error'} className="mt-4">
          {actionData.message}
        </Alert>
      ) : null}
      {rows.length > 0 ? (
        <Form
          id="bulk"
          method="post"
          preventScrollReset
          aria-label="Change the ticked products"
          className="mt-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3"
        >
          <input type="hidden" name="intent" value="bulk" />
          <SelectField id="bulk-change" name="bulk" label="With the ticked products" size="sm" defaultValue="" first={['', 'Choose a change']}>
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
          </SelectField>
          <TextField name="bulkStock" label="Stock on hand" note="(for a stock change)" size="sm" controlWidth="w-32" inputMode="numeric" />
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        </Form>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-600">No products match.</p>
      ) : (
        <DataTable
          rows={rows}
          rowKey={(row) => `${row.id}-${row.version}`}
          rowProps={(row) => ({ 'data-testid': `product-row-${row.id}`, 'data-version': row.version })}
          columns={[
            {
              header: 'Tick',
              hideHeader: true,
              wide: true,
              width: 'w-8',
              cell: (row) => <Checkbox name="productId" value={row.id} form="bulk" aria-label={`Tick ${row.name}`} />,
            },
            {
              header: 'Product',
              wide: true,
              cell: (row) => (
                <>
                  {/* A variant is edited among its product's variants. */}
                  <Link
                    to={row.parentId ? `${productPath(row.parentId)}/variants` : `${productPath(row.id)}/update`}
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    {row.name}
                  </Link>
                  {row.status !== 'active' ? (
                    <Badge tone="warning" className="ml-2">
                      {PRODUCT_STATUSES[row.status]}
                    </Badge>
                  ) : null}
                  <span className="block break-all text-xs text-slate-500">
                    {row.id} · changed {dateFormat.format(new Date(row.updatedAt))} ·{' '}
                    <Link to={productPath(row.id)} className="underline">
                      {row.status === 'active' ? 'view' : 'preview'}
                    </Link>
                  </span>
                </>
              ),
            },
            { header: 'Category', wide: true, cell: (row) => <span className="text-slate-600">{CATEGORY_LABELS[row.category] ?? row.category}</span> },
            {
              header: 'Price ($)',
              align: 'right',
              cell: (row) => (
                <TextField
                  id={`edit-${row.id}-price`}
                  name="price"
                  form={`edit-${row.id}`}
                  label={`Price of ${row.name} ($)`}
                  labelLook="phone"
                  size="xs"
                  controlWidth="w-24 sm:ml-auto"
                  inputClassName="text-right tabular-nums"
                  inputMode="decimal"
                  defaultValue={row.priceCents === null ? '' : centsToDollars(row.priceCents)}
                />
              ),
            },
            {
              header: 'On hand',
              align: 'right',
              cell: (row) =>
                // A kit keeps no stock of its own: what it can sell is what its components allow.
                row.kit ? (
                  <span className="text-slate-600" data-testid="kit-stock">
                    {kitStockLabel(row.kitUnits)}
                  </span>
                ) : row.onHand === null ? (
                  <span className="text-slate-500">Not tracked</span>
                ) : (
                  <TextField
                    id={`edit-${row.id}-stock`}
                    name="stock"
                    form={`edit-${row.id}`}
                    label={`Stock on hand of ${row.name}`}
                    labelLook="phone"
                    size="xs"
                    controlWidth="w-24 sm:ml-auto"
                    inputClassName="text-right tabular-nums"
                    inputMode="numeric"
                    defaultValue={row.onHand}
                  />
                ),
            },
            {
              header: 'Available',
              align: 'right',
              labelOnPhone: true,
              cell: (row) => {
                const available = row.kit ? row.kitUnits : row.onHand === null ? null : row.onHand - row.reserved
                const low = available !== null && available <= row.threshold
                const waiting = waitingLabel(row.waiting)
                return (
                  <>
                    <span className={low ? 'font-semibold text-amber-800' : undefined}>
                      {available === null ? '—' : available}
                      {low ? <span className="sr-only"> (low)</span> : null}
                    </span>
                    {waiting ? (
                      <span
                        className="block text-xs text-slate-600"
                        data-testid="stock-alerts-waiting"
                        title="Confirmed back-in-stock alerts, e-mailed once it is available"
                      >
                        {waiting}
                      </span>
                    ) : null}
                  </>
                )
              },
            },
            {
              header: 'Save',
              hideHeader: true,
              align: 'right',
              cell: (row) => (
                <Form method="post" id={`edit-${row.id}`} preventScrollReset>
                  <input type="hidden" name="productId" value={row.id} />
                  <input type="hidden" name="version" value={row.version} />
                  <input type="hidden" name="stockShown" value={row.onHand ?? ''} />
                  <Button type="submit" variant="secondary" size="sm">
                    Save<span className="sr-only"> {row.name}</span>
                  </Button>
                </Form>
              ),
            },
          ]}
        />
      )}
      <PrevNextLinks page={query.page} pages={pages} href={(page) => `/staff/products${staffProductQueryString(query, { page })}`} />
    </div>
  )
}
