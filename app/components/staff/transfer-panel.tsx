import { Form, useNavigation } from 'react-router'
import { formatAud } from '../../lib/money'
import { owingCents } from '../../lib/orders/bank-transfer'
import { takesRecordedPayments } from '../../lib/orders/payment-status'
import { isOverdue } from '../../lib/trade'
import { OrderStatus, orderDateFormat } from '../shop/order-status'
import { Button } from '../ui/button'
import { TextField } from '../ui/text-field'

interface PanelTransfer {
  id: number
  amountCents: number
  receivedOn: string
  reference: string
  recordedBy: string
}

const dueFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Brisbane' })

/**
 * An order paid by bank transfer or invoiced on a trade customer's account, on its staff screen: what
 * has arrived and what is owing (an invoice's due date, marked when it has passed), each payment
 * recorded, a form to record the next one (the amount, the day it arrived, the bank's reference),
 * and, while nothing has arrived for a bank transfer, cancelling the order. Each form carries a
 * one-time key, so a double click records one payment; the server checks everything again under the
 * order's lock.
 */
export function TransferPanel({
  order,
  transfers,
  paymentKey,
  today,
}: {
  order: {
    id: string
    status: string
    provider: string
    totalCents: number
    receivedCents: number
    reservedUntil: string | Date | null
    paymentDueAt: string | Date | null
  }
  transfers: PanelTransfer[]
  paymentKey: string
  /** Today in Brisbane (YYYY-MM-DD): the form's default day. */
  today: string
}) {
  const busy = useNavigation().state !== 'idle'
  const owing = owingCents(order)
  const onAccount = order.provider === 'account'
  const awaiting = takesRecordedPayments(order)
  const overdue = onAccount && awaiting && order.paymentDueAt !== null && isOverdue(order.paymentDueAt)
  return (
    <section aria-labelledby="transfer-heading" className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="transfer-heading" className="text-xl font-semibold">
          {onAccount ? 'Payment on account' : 'Bank transfer'}
        </h2>
        {overdue ? <OrderStatus status="overdue" /> : null}
      </div>
      <p className="mt-1 text-sm" data-testid="transfer-summary">
        Received {formatAud(order.receivedCents)} of {formatAud(order.totalCents)}; {formatAud(owing)} owing.
        {onAccount && awaiting && order.paymentDueAt ? ` Due by ${dueFormat.format(new Date(order.paymentDueAt))}.` : ''}
        {!onAccount && awaiting && order.reservedUntil && order.receivedCents === 0
          ? ` Stock held until ${orderDateFormat.format(new Date(order.reservedUntil))}; the order cancels itself then if nothing has arrived.`
          : ''}
      </p>
      {transfers.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="transfer-list">
          {transfers.map((transfer) => (
            <li key={transfer.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
              <strong>{formatAud(transfer.amountCents)}</strong>
              <span>received {transfer.receivedOn}</span>
              {transfer.reference ? <span className="[overflow-wrap:anywhere]">{transfer.reference}</span> : null}
              <span className="text-slate-500">recorded by {transfer.recordedBy}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {awaiting ? (
        // A new form (and key) after each payment: the amount starts at what is owing then.
        <Form key={paymentKey} method="post" className="mt-4 grid gap-4 sm:grid-cols-[10rem_11rem_1fr_auto] sm:items-end">
          <input type="hidden" name="requestKey" value={paymentKey} />
          <TextField name="amount" label="Amount received ($)" inputMode="decimal" defaultValue={(owing / 100).toFixed(2)} required />
          <TextField name="receivedOn" label="Day it arrived" type="date" defaultValue={today} max={today} required />
          <TextField name="reference" label="Bank reference" optional maxLength={100} />
          <Button type="submit" name="intent" value="record-payment" disabled={busy}>
            Record payment
          </Button>
        </Form>
      ) : null}
      {awaiting && !onAccount && order.receivedCents === 0 ? (
        <Form
          method="post"
          className="mt-4"
          onSubmit={(event) => {
            if (!window.confirm(`Cancel order ${order.id}? Its stock goes back on sale and the customer is e-mailed.`)) event.preventDefault()
          }}
        >
          <Button type="submit" name="intent" value="cancel-unpaid" variant="destructive" disabled={busy}>
            Cancel this unpaid order
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
