import { Form, useNavigation } from 'react-router'
import { ACTION_LABELS, CARRIERS, carrierName, FULFILMENT_LABELS, nextAction, trackingLink, type Fulfilment } from '../../lib/orders/fulfilment'
import { Button } from '../ui/button'
import { goodsMayLeave } from '../../lib/orders/payment-status'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'

interface PanelOrder {
  id: string
  status: string
  collect: boolean
  fulfilment: Fulfilment
  carrier: string
  trackingNumber: string
  pickupAddress: string
}

/**
 * Where a paid order is, and the one button (or, to ship, the carrier and tracking number form) that
 * moves it on. The server decides again whatever the page offered.
 */
export function FulfilmentPanel({ order }: { order: PanelOrder }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const action = nextAction(order)
  const link = trackingLink(order.carrier, order.trackingNumber)
  return (
    <section aria-labelledby="fulfilment-heading" className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-5">
      <h2 id="fulfilment-heading" className="text-xl font-semibold">
        Fulfilment: <span data-testid="fulfilment">{goodsMayLeave(order) ? FULFILMENT_LABELS[order.fulfilment] : 'not paid'}</span>
      </h2>
      {order.carrier ? (
        <p className="mt-2 text-sm">
          {carrierName(order.carrier)}
          {order.trackingNumber ? `, tracking number ${order.trackingNumber}` : ''}
          {link ? (
            <>
              {' '}
              (
              <a href={link} className="text-brand-700 underline" rel="noreferrer" target="_blank">
                track
              </a>
              )
            </>
          ) : null}
        </p>
      ) : null}
      {action === 'ship' ? (
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="ship" />
          <SelectField
            name="carrier"
            label="Carrier"
            defaultValue="auspost"
            options={Object.fromEntries(CARRIERS.map((carrier) => [carrier.id, carrier.name]))}
          />
          <TextField name="trackingNumber" label="Tracking number" autoComplete="off" />
          <Button type="submit" disabled={busy}>
            {ACTION_LABELS.ship}
          </Button>
        </Form>
      ) : action ? (
        <Form method="post" className="mt-4">
          <Button type="submit" name="intent" value={action} disabled={busy}>
            {ACTION_LABELS[action]}
          </Button>
          {action === 'ready' ? <p className="mt-2 text-sm text-slate-600">The customer is e-mailed the pickup address and opening hours.</p> : null}
        </Form>
      ) : null}
      {action === 'ship' ? <p className="mt-2 text-sm text-slate-600">The customer is e-mailed the tracking link.</p> : null}
    </section>
  )
}
