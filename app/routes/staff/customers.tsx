import { Form, Link } from 'react-router'
import { orderDateFormat } from '../../components/shop/order-status'
import { PrevNextLinks } from '../../components/ui/prev-next'
import { TextField } from '../../components/ui/text-field'
import { DataTable } from '../../components/ui/table'
import { formatAud } from '../../lib/money'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { CUSTOMERS_PAGE_SIZE, listCustomers } from '../../server/staff/customers.server'
import type { Route } from './+types/customers'
import { Button } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Customers', 'The shop’s customer accounts.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const page = Number(params.get('page') ?? '1')
  const query = { q: (params.get('q') ?? '').trim().slice(0, 100), page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1 }
  return { ...(await listCustomers(shop(context).db, query)), query, pageSize: CUSTOMERS_PAGE_SIZE }
}

const pageLink = (q: string, page: number) => `/staff/customers?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { rows, total, query, pageSize } = loaderData
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader title="Customers" />
      <Form method="get" role="search" aria-label="Find customers" className="mt-6 flex flex-wrap items-end gap-3">
        <TextField name="q" label="Search" type="search" size="sm" className="min-w-0 flex-1 sm:max-w-md" defaultValue={query.q} placeholder="Name or e-mail" />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </Form>
      <p className="mt-4 text-sm text-slate-600" data-testid="customer-total">
        {total === 1 ? '1 customer' : `${total.toLocaleString('en-AU')} customers`}
        {pages > 1 ? `, page ${query.page} of ${pages}` : ''}
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-600">No customers match.</p>
      ) : (
        <DataTable
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            {
              header: 'Customer',
              wide: true,
              cell: (row) => (
                <>
                  <Link to={`/staff/customers/${row.id}`} className="font-semibold text-brand-700 hover:underline">
                    {row.name || row.email}
                  </Link>
                  <span className="block text-slate-600 [overflow-wrap:anywhere]">
                    {row.email}
                    {row.emailVerified ? '' : ' (not verified)'}
                  </span>
                </>
              ),
            },
            { header: 'Since', cell: (row) => <span className="text-slate-600">{orderDateFormat.format(new Date(row.createdAt))}</span> },
            { header: 'Orders', align: 'right', labelOnPhone: true, cell: (row) => row.orders },
            { header: 'Spent', align: 'right', labelOnPhone: true, wide: true, cell: (row) => formatAud(row.spentCents) },
          ]}
        />
      )}
      <PrevNextLinks page={query.page} pages={pages} href={(page) => pageLink(query.q, page)} />
    </div>
  )
}
