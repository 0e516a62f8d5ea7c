import { Form, Link, useNavigation } from 'react-router'
import { formatAud } from '../../lib/money'
import { cancelRefusal, type Fulfilment } from '../../lib/orders/fulfilment'
import { refundableUnits, remainingCents, type RefundableOrder } from '../../lib/orders/refunds'
import { orderDateFormat } from '../shop/order-status'
import { buttonClass } from '../ui/button'

interface PanelRefund {
  id: string
  status: string
  source: string
  amountCents: number
  gstCents: number
  reason: string
  failure: string
  restock: boolean
  createdAt: string | Date
  createdBy: string
}

const SOURCES: Record<string, string> = { staff: 'Refund', cancel: 'Cancellation', return: 'Return', provider: 'In the payment provider' }

/**
 * Money back on a paid order: the refunds made (each with its adjustment note), a form to refund
 * units of lines, the shipping or an amount, and cancelling an order that has not left. Each form
 * carries a one-time key, so a double click refunds once; the server checks everything again.
 */
export function RefundPanel({
  order,
  refunds,
  refundKey,
  cancelKey,
}: {
  order: RefundableOrder & { fulfilment: Fulfilment; collect: boolean }
  refunds: PanelRefund[]
  refundKey: string
  cancelKey: string
}) {
  const busy = useNavigation().state !== 'idle'
  const remaining = remainingCents(order)
  const shippingLeft = order.shippingCents - order.shippingRefundedCents
  const cancellable = cancelRefusal(order) === null
  if (order.status !== 'paid') return null
  return (
    <section aria-labelledby="refunds-heading" className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-5">
      <h2 id="refunds-heading" className="text-xl font-semibold">
        Refunds
      </h2>
      <p className="mt-1 text-sm" data-testid="refund-summary">
        Refunded {formatAud(order.refundedCents)} (GST {formatAud(order.refundedGstCents)}) of {formatAud(order.totalCents)}; {formatAud(remaining)} left.
      </p>
      {refunds.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="refund-list">
          {refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
              <span className="font-mono text-xs">{refund.id}</span>
              <span>
                {SOURCES[refund.source] ?? refund.source}: <strong>{formatAud(refund.amountCents)}</strong> (GST {formatAud(refund.gstCents)})
                {refund.restock ? ', restocked' : ''}
              </span>
              <span className="text-slate-500">
                {orderDateFormat.format(new Date(refund.createdAt))} by {refund.createdBy}
              </span>
              {refund.status === 'succeeded' ? (
                <Link to={`/orders/${order.id}/adjustment-notes/${refund.id}`} className="font-semibold text-brand-700 hover:underline">
                  Adjustment note
                </Link>
              ) : (
                <span className={refund.status === 'failed' ? 'text-red-700' : 'text-amber-800'}>
                  {refund.status === 'failed' ? `Failed: ${refund.failure}` : 'Waiting for the payment provider'}
                </span>
              )}
              {refund.reason ? <span className="w-full text-slate-600">{refund.reason}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}

      {remaining > 0 ? (
        <details className="mt-4 rounded-lg bg-slate-50 p-3">
          <summary className="cursor-pointer font-semibold text-brand-700">Refund…</summary>
          <Form method="post" className="mt-3 space-y-3 text-sm">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="requestKey" value={refundKey} />
            <fieldset>
              <legend className="font-medium">Units to refund</legend>
              <ul className="mt-2 space-y-2">
                {order.lines.map((line) => (
                  <li key={line.position} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <label htmlFor={`qty-${line.position}`} className="min-w-0 flex-1">
                      {line.productName} <span className="text-slate-500">({refundableUnits(line)} of {line.quantity} left, {formatAud(line.unitPriceCents)} each)</span>
                    </label>
                    <input
                      id={`qty-${line.position}`}
                      name={`qty-${line.position}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={refundableUnits(line)}
                      defaultValue={0}
                      disabled={refundableUnits(line) === 0}
                      className="w-20 rounded-md border border-slate-300 px-2 py-1"
                    />
                  </li>
                ))}
              </ul>
            </fieldset>
            {shippingLeft > 0 ? (
              <label className="flex items-center gap-2">
                <input type="checkbox" name="shipping" className="h-4 w-4" /> Refund the shipping ({formatAud(shippingLeft)})
              </label>
            ) : null}
            <div>
              <label htmlFor="amount" className="block font-medium">
                Or an amount instead <span className="font-normal text-slate-500">(up to {formatAud(remaining)})</span>
              </label>
              <input id="amount" name="amount" inputMode="decimal" placeholder="0.00" autoComplete="off" className="mt-1 w-32 rounded-md border border-slate-300 px-2 py-1" />
            </div>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="restock" className="h-4 w-4" /> Put the refunded units back in stock
            </label>
            <div>
              <label htmlFor="reason" className="block font-medium">
                Reason <span className="font-normal text-slate-500">(optional; printed on the adjustment note)</span>
              </label>
              <input id="reason" name="reason" maxLength={500} autoComplete="off" className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1" />
            </div>
            <button type="submit" disabled={busy} className={buttonClass()}>
              Refund
            </button>
          </Form>
        </details>
      ) : null}

      {cancellable ? (
        <details className="mt-3 rounded-lg bg-slate-50 p-3">
          <summary className="cursor-pointer font-semibold text-red-700">Cancel the order…</summary>
          <Form method="post" className="mt-3 space-y-3 text-sm">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="requestKey" value={cancelKey} />
            <p>The customer is refunded {formatAud(remaining)} in full, the units go back in stock, and the order will not be sent.</p>
            <div>
              <label htmlFor="cancel-reason" className="block font-medium">
                Reason <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <input id="cancel-reason" name="reason" maxLength={500} autoComplete="off" className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1" />
            </div>
            <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-60">
              Cancel and refund in full
            </button>
          </Form>
        </details>
      ) : null}
    </section>
  )
}
