import { data, Link } from 'react-router'
import { addressLines } from '../../lib/delivery/address'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { getOrder } from '../../server/checkout/orders.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/orders.$orderId.packing-slip'
import { DataTable } from '../../components/ui/table'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(`Packing slip ${loaderData?.order.id ?? ''}`, 'What goes in the parcel, and where it goes.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await getOrder(shop(context).db, params.orderId)
  if (!order) throw data(null, { status: 404 })
  return { order, shipTo: addressLines(order) }
}

/** A printable packing slip: the items to put in the parcel (no prices), and where it goes. */
export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, shipTo } = loaderData
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 print:p-0">
      <Link to={`/orders/${order.id}`} className="text-sm text-brand-700 hover:underline print:hidden">
        ← The order
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Packing slip {order.id}</h1>
      <div className="mt-6 grid gap-6 text-sm sm:grid-cols-2">
        <div>
          <h2 className="font-semibold">{order.collect ? 'Click & Collect' : 'Ship to'}</h2>
          <p className="mt-1 leading-6" data-testid="ship-to">
            {[order.customerName, order.company, ...(order.collect ? [`Pick up at ${order.pickupAddress}`] : (shipTo ?? [])), order.phone]
              .filter(Boolean)
              .map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
          </p>
        </div>
        <div>
          <h2 className="font-semibold">Method</h2>
          <p className="mt-1">{order.shippingMethodName || '—'}</p>
          {order.purchaseOrder ? (
            <>
              <h2 className="mt-4 font-semibold">Purchase order</h2>
              <p className="mt-1" data-testid="slip-purchase-order">
                {order.purchaseOrder}
              </p>
            </>
          ) : null}
        </div>
      </div>
      <DataTable
        className="mt-8"
        phone="fit"
        look="document"
        rows={order.lines}
        rowKey={(line) => String(line.position)}
        columns={[
          { header: 'Packed', width: 'w-20', cell: () => <span aria-hidden="true" className="inline-block h-4 w-4 border border-slate-500" /> },
          {
            header: 'Item',
            cell: (line) => (
              <>
                {line.productName}
                <span className="block text-xs text-slate-500">{line.sku ? `SKU ${line.sku}` : line.productId}</span>
                {/* A kit is packed as its parts: each kit's contents, to pick from the shelves. */}
                {line.kitComponents.length > 0 ? (
                  <ul className="mt-1 text-sm" aria-label={`In each ${line.productName}`}>
                    {line.kitComponents.map((component) => (
                      <li key={component.productId}>
                        {component.quantity} × {component.productName}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            ),
          },
          { header: 'Qty', align: 'right', width: 'w-16', emphasis: 'text-base font-semibold', cell: (line) => line.quantity },
        ]}
      />
    </article>
  )
}
