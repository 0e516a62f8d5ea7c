import { Form, useNavigation } from 'react-router'
import { reasonLabel, RETURN_STATE_LABELS, type ReturnState } from '../../lib/orders/returns'
import { orderDateFormat } from '../shop/order-status'
import { Button } from '../ui/button'
import { CheckboxField } from '../ui/checkbox-field'
import { TextareaField } from '../ui/textarea-field'

interface PanelReturn {
  id: string
  status: ReturnState
  reason: string
  details: string
  declineReason: string
  lines: { position: number; productName: string; quantity: number }[]
  createdAt: string | Date
  refundId: string | null
}

/**
 * The order's returns and what staff can do with each: approve (the customer is e-mailed where to
 * send it) or decline with a reason, mark received, then refund (with restock). One form per step.
 */
export function ReturnsPanel({
  returns,
  refunds,
  refundKey,
}: {
  returns: PanelReturn[]
  refunds: { id: string; status: string; returnId: string | null }[]
  refundKey: string
}) {
  const busy = useNavigation().state !== 'idle'
  /** A return whose refund is with the payment provider: refunded once it answers, never again meanwhile. */
  const waiting = new Map(refunds.filter((refund) => refund.status === 'pending' && refund.returnId).map((refund) => [refund.returnId!, refund.id]))
  if (returns.length === 0) return null
  return (
    <section aria-labelledby="returns-heading" className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-5">
      <h2 id="returns-heading" className="text-xl font-semibold">
        Returns
      </h2>
      <ul className="mt-3 space-y-4">
        {returns.map((item) => (
          <li key={item.id} className="rounded-lg bg-slate-50 p-3 text-sm" data-testid={`return-${item.id}`}>
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-mono text-xs">{item.id}</span>
              <strong data-testid="return-status">{RETURN_STATE_LABELS[item.status]}</strong>
              <span className="text-slate-500">asked {orderDateFormat.format(new Date(item.createdAt))}</span>
            </p>
            <p className="mt-1">
              {reasonLabel(item.reason)}: {item.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', ')}
            </p>
            {item.details ? <p className="mt-1 whitespace-pre-line break-words text-slate-700">“{item.details}”</p> : null}
            {item.declineReason ? <p className="mt-1 text-red-800">Declined: {item.declineReason}</p> : null}
            {item.status === 'requested' || item.status === 'approved' ? (
              <Form method="post" className="mt-3 space-y-2">
                <input type="hidden" name="returnId" value={item.id} />
                <TextareaField id={`note-${item.id}`} name="note" label="Note to the customer" note="(needed to decline)" size="xs" rows={2} maxLength={2000} />
                <div className="flex flex-wrap gap-2">
                  {item.status === 'requested' ? (
                    <Button type="submit" name="intent" value="return-approve" disabled={busy} size="sm">
                      Approve and send instructions
                    </Button>
                  ) : (
                    <Button type="submit" name="intent" value="return-receive" disabled={busy} size="sm">
                      Mark received
                    </Button>
                  )}
                  <Button type="submit" name="intent" value="return-decline" disabled={busy} variant="danger" size="sm">
                    Decline
                  </Button>
                </div>
              </Form>
            ) : null}
            {item.status === 'received' && waiting.has(item.id) ? (
              <p className="mt-3 text-amber-800">Refund {waiting.get(item.id)} is waiting for the payment provider.</p>
            ) : item.status === 'received' ? (
              <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
                <input type="hidden" name="returnId" value={item.id} />
                <input type="hidden" name="requestKey" value={`${refundKey}-${item.id}`} />
                <CheckboxField name="restock" label="Put the units back in stock" defaultChecked={item.reason === 'change-of-mind'} />
                <Button type="submit" name="intent" value="return-refund" disabled={busy} size="sm">
                  Refund this return
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
