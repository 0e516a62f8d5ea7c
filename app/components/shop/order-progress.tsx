import { Link } from 'react-router'
import { formatAud } from '../../lib/money'
import { RETURN_STATE_LABELS } from '../../lib/orders/returns'
import { goodsMayLeave, hasTaxInvoice } from '../../lib/orders/payment-status'
import { ReturnRequestForm } from './return-request-form'
import type { OrderView } from '../../server/orders/order-view.server'
import { DeliverySummary } from './delivery-summary'
import { OrderLineList } from './order-lines'
import { OrderStatus, orderDateFormat } from './order-status'
import { Alert } from '../ui/alert'
import { summariseStoredOrder } from '../../lib/order-summary'
import { OrderSummaryLines } from './order-summary'
import { TransferDetails } from './transfer-details'

/** What the return request answered: its number, or why it was refused. */
export type ReturnRequestResult = { returnError: string | null; returned: string | null } | null

/**
 * A customer's view of their order: where it is, the tracking link, what was bought, the invoice,
 * refunds with their adjustment notes, returns, and "Request a return".
 */
export function OrderProgress({ view, back, result }: { view: OrderView; back: { to: string; label: string } | null; result: ReturnRequestResult }) {
  const { order, tracking, timeline, documentsBase, refunds, returns, returnForm, transfer } = view
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      {back ? (
        <Link to={back.to} className="text-sm text-brand-700 hover:underline">
          ← {back.label}
        </Link>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Order {order.id}</h1>
        <OrderStatus status={goodsMayLeave(order) && order.fulfilment !== 'unfulfilled' ? order.fulfilment : order.status} />
        {order.payment === 'refunded' || order.payment === 'partially-refunded' ? <OrderStatus status={order.payment} /> : null}
      </div>
      {result?.returned ? (
        <Alert tone="success" className="mt-4">
          We have your return request {result.returned}. We will e-mail you the return instructions, usually within one business day.
        </Alert>
      ) : null}

      {transfer ? <TransferDetails due={transfer} className="mt-6" /> : null}

      <section aria-labelledby="timeline-heading" className="mt-8">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Progress
        </h2>
        <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4 text-sm" data-testid="timeline">
          {timeline.map((state, index) => (
            <li key={index} className="flex flex-wrap items-center gap-3">
              <OrderStatus status={state.status} />
              <time dateTime={state.at}>{orderDateFormat.format(new Date(state.at))}</time>
            </li>
          ))}
        </ol>
        {tracking ? (
          <p className="mt-4 text-sm">
            Sent with {tracking.carrier}
            {tracking.number ? `, tracking number ${tracking.number}` : ''}.{' '}
            {tracking.link ? (
              <a href={tracking.link} className="font-semibold text-brand-700 underline" rel="noreferrer">
                Track your parcel
              </a>
            ) : null}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="items-heading" className="mt-8">
        <h2 id="items-heading" className="text-lg font-semibold">
          Items
        </h2>
        <OrderLineList lines={order.lines} className="mt-2" />
        <OrderSummaryLines figures={summariseStoredOrder(order)} className="mt-2 border-t border-slate-200 pt-3" />
        {order.purchaseOrder ? <p className="mt-3 text-sm text-slate-700">Your purchase order: {order.purchaseOrder}</p> : null}
        {hasTaxInvoice(order) ? (
          <Link to={`${documentsBase}/invoice`} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
            Tax invoice
          </Link>
        ) : null}
      </section>

      {refunds.length > 0 ? (
        <ListSection name="refunds" title="Refunds">
          {refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <span>
                {formatAud(refund.amountCents)} refunded on <time dateTime={refund.at}>{orderDateFormat.format(new Date(refund.at))}</time>
              </span>
              <Link to={`${documentsBase}/adjustment-notes/${refund.id}`} className="font-semibold text-brand-700 hover:underline">
                Adjustment note {refund.id}
              </Link>
            </li>
          ))}
        </ListSection>
      ) : null}

      {returns.length > 0 ? (
        <ListSection name="returns" title="Returns">
          {returns.map((item) => (
            <li key={item.id} className="py-2">
              <p className="flex flex-wrap justify-between gap-x-4">
                <span className="font-medium">{item.id}</span>
                <span>{RETURN_STATE_LABELS[item.status]}</span>
              </p>
              <p className="text-slate-600">{item.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}</p>
              {item.declineReason ? <p className="text-slate-700">Reason: {item.declineReason}</p> : null}
            </li>
          ))}
        </ListSection>
      ) : null}

      {returnForm ? <ReturnRequestForm form={returnForm} error={result?.returnError ?? null} /> : null}
      <DeliverySummary delivery={order.delivery} className="mt-8" />
    </div>
  )
}

/** A titled list of the order's refunds or returns. */
function ListSection({ name, title, children }: { name: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${name}-heading`} className="mt-8">
      <h2 id={`${name}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid={name}>
        {children}
      </ul>
    </section>
  )
}
