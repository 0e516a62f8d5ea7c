import { formatAud } from '../../lib/money'
import type { MethodChoice } from '../../server/checkout/delivery-step.server'

/**
 * The delivery methods staff keep at /settings/shipping, each with its own delivery-time text and
 * its price for what is being bought: the product page's Shipping panel and the cart. A method that
 * cannot carry it says why (lithium batteries, weight). The one place these pages say how long
 * delivery takes, so that they never promise another time than the delivery step does.
 */
export function DeliveryTimes({ choices, className = '', testId = 'delivery-times' }: { choices: MethodChoice[]; className?: string; testId?: string }) {
  if (choices.length === 0) return null
  return (
    <ul className={`divide-y divide-slate-100 text-sm ${className}`} data-testid={testId}>
      {choices.map((choice) => (
        <li key={choice.id} className={`py-2 ${choice.unavailable ? 'text-slate-500' : ''}`}>
          <p className="flex flex-wrap justify-between gap-x-4">
            <span className="font-medium text-ink">{choice.name}</span>
            {choice.priceCents !== null ? <span>{choice.priceCents === 0 ? 'Free' : formatAud(choice.priceCents)}</span> : null}
          </p>
          <p className="text-slate-600">{choice.unavailable ?? choice.deliveryTime}</p>
          {choice.collect && !choice.unavailable && choice.pickupAddress ? <p className="text-slate-600">Pick up at {choice.pickupAddress}.</p> : null}
        </li>
      ))}
    </ul>
  )
}
