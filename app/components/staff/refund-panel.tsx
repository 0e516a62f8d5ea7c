import { Form, Link, useNavigation } from 'react-router'
import { formatAud } from '../../lib/money'
import { cancelRefusal, type Fulfilment } from '../../lib/orders/fulfilment'
import { refundableUnits, remainingCents, type RefundableOrder } from '../../lib/orders/refunds'
import { orderDateFormat } from '../shop/order-status'
import { Button } from '../ui/button'
import { CheckboxField } from '../ui/checkbox-field'
import { QuantityFields, TextField } from '../ui/text-field'

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
  order: RefundableOrder & { fulfilment: Fulfilment; collect: boolean; provider: string }
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
      {order.provider === 'bank-transfer' || order.provider === 'account' ? (
        <p className="mt-1 text-sm text-amber-800">
          {order.provider === 'account' ? 'Paid on account' : 'Paid by bank transfer'}: a refund here is recorded as made at once, with its adjustment note. Pay
          the money back to the customer by transfer yourself.
        </p>
      ) : null}
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
            <QuantityFields
              legend="Units to refund"
              lines={order.lines.map((line) => ({
                name: `qty-${line.position}`,
                label: line.productName,
                note: `(${refundableUnits(line)} of ${line.quantity} left, ${formatAud(line.unitPriceCents)} each)`,
                max: refundableUnits(line),
                defaultValue: 0,
                disabled: refundableUnits(line) === 0,
              }))}
            />
            {shippingLeft > 0 ? <CheckboxField name="shipping" label={`Refund the shipping (${formatAud(shippingLeft)})`} /> : null}
            <TextField
              name="amount"
              label="Or an amount instead"
              note={`(up to ${formatAud(remaining)})`}
              size="xs"
              controlWidth="w-32"
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
            />
            <CheckboxField name="restock" label="Put the refunded units back in stock" />
            <TextField name="reason" label="Reason" note="(optional; printed on the adjustment note)" size="xs" maxLength={500} autoComplete="off" />
            <Button type="submit" disabled={busy}>
              Refund
            </Button>
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
            <TextField id="cancel-reason" name="reason" label="Reason" optional size="xs" maxLength={500} autoComplete="off" />
            <Button type="submit" variant="destructive" disabled={busy}>
              Cancel and refund in full
            </Button>
          </Form>
        </details>
      ) : null}
    </section>
  )
}
