import type { OrderDelivery } from '../../lib/delivery/address'

/** Who receives an order and where: the payment page, the thank-you page and staff screens. */
export function DeliverySummary({ delivery, className = '' }: { delivery: Omit<OrderDelivery, 'email'> & { email?: string | null }; className?: string }) {
  if (!delivery.shippingMethodName) return null
  return (
    <div className={`text-sm ${className}`}>
      <h2 className="font-semibold">{delivery.collect ? 'Click & Collect' : 'Deliver to'}</h2>
      <address className="mt-1 not-italic leading-6 text-slate-700" data-testid="deliver-to">
        {delivery.customerName}
        {delivery.company ? (
          <>
            <br />
            {delivery.company}
            {delivery.abn ? `, ABN ${delivery.abn}` : ''}
          </>
        ) : null}
        {delivery.collect ? (
          <>
            <br />
            Pick up at {delivery.pickupAddress}
          </>
        ) : (
          <>
            <br />
            {delivery.addressLine1}
            {delivery.addressLine2 ? (
              <>
                <br />
                {delivery.addressLine2}
              </>
            ) : null}
            <br />
            {delivery.suburb} {delivery.state} {delivery.postcode}
          </>
        )}
        {delivery.phone ? (
          <>
            <br />
            {delivery.phone}
          </>
        ) : null}
      </address>
      <p className="mt-1 text-slate-600">{delivery.shippingMethodName}</p>
    </div>
  )
}
