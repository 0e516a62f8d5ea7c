import { goodsMayLeave } from './payment-status.ts'

/**
 * What happens to a paid order after payment (docs/domain.md, Orders): kept apart from the payment's
 * own state, so that a refund never loses where the parcel is.
 *
 *   delivery:          unfulfilled → packed → shipped → delivered
 *   Click & Collect:   unfulfilled → ready → collected
 *   before it leaves:  unfulfilled | packed | ready → cancelled (refunded in full, stock back)
 */
export const FULFILMENTS = ['unfulfilled', 'packed', 'shipped', 'delivered', 'ready', 'collected', 'cancelled'] as const
export type Fulfilment = (typeof FULFILMENTS)[number]

export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  unfulfilled: 'To pack',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  ready: 'Ready for pickup',
  collected: 'Collected',
  cancelled: 'Cancelled',
}

export type FulfilmentAction = 'pack' | 'ship' | 'deliver' | 'ready' | 'collect'

export const ACTION_LABELS: Record<FulfilmentAction, string> = {
  pack: 'Mark packed',
  ship: 'Mark shipped',
  deliver: 'Mark delivered',
  ready: 'Ready for pickup',
  collect: 'Mark collected',
}

const DELIVERY_STEPS: Partial<Record<Fulfilment, [FulfilmentAction, Fulfilment]>> = {
  unfulfilled: ['pack', 'packed'],
  packed: ['ship', 'shipped'],
  shipped: ['deliver', 'delivered'],
}
const COLLECT_STEPS: Partial<Record<Fulfilment, [FulfilmentAction, Fulfilment]>> = {
  unfulfilled: ['ready', 'ready'],
  ready: ['collect', 'collected'],
}

export interface FulfilmentState {
  /** The payment's state: only a paid order, or one invoiced on account, is packed and sent (goodsMayLeave). */
  status: string
  collect: boolean
  fulfilment: Fulfilment
}

/** The one action that moves this order on, or null when there is none (unpaid, or at its end). */
export function nextAction(order: FulfilmentState): FulfilmentAction | null {
  if (!goodsMayLeave(order)) return null
  return (order.collect ? COLLECT_STEPS : DELIVERY_STEPS)[order.fulfilment]?.[0] ?? null
}

/** Where an action takes the order, or why it may not (the message staff see). */
export function applyAction(order: FulfilmentState & { id: string }, action: FulfilmentAction): { to: Fulfilment } | { refused: string } {
  if (!goodsMayLeave(order)) return { refused: `Order ${order.id} is not paid, so it cannot be ${pastTense(action)}.` }
  const step = (order.collect ? COLLECT_STEPS : DELIVERY_STEPS)[order.fulfilment]
  if (step && step[0] === action) return { to: step[1] }
  if (order.fulfilment !== 'unfulfilled' && FULFILMENT_LABELS[order.fulfilment].toLowerCase() === pastTense(action)) {
    return { refused: `Order ${order.id} is already ${pastTense(action)}.` }
  }
  const kind = order.collect ? 'a Click & Collect order' : 'an order for delivery'
  return { refused: `Order ${order.id} is ${FULFILMENT_LABELS[order.fulfilment].toLowerCase()}; ${kind} cannot be ${pastTense(action)} now.` }
}

/** An order may be cancelled while it is still with the shop: paid, and not yet shipped or collected. */
export function cancelRefusal(order: FulfilmentState & { id: string }): string | null {
  if (order.status === 'invoiced')
    return `Order ${order.id} is on account and not paid in full, so there is no payment to give back; settle it with the customer.`
  if (order.status !== 'paid') return `Order ${order.id} is not paid, so there is nothing to cancel.`
  if (order.fulfilment === 'cancelled') return `Order ${order.id} is cancelled already.`
  if (!['unfulfilled', 'packed', 'ready'].includes(order.fulfilment)) {
    return `Order ${order.id} is ${FULFILMENT_LABELS[order.fulfilment].toLowerCase()}, so it can no longer be cancelled; a return can be arranged instead.`
  }
  return null
}

function pastTense(action: FulfilmentAction): string {
  return { pack: 'packed', ship: 'shipped', deliver: 'delivered', ready: 'ready for pickup', collect: 'collected' }[action]
}

/** Carriers staff ship with, and how each one's tracking page is found from a tracking number. */
export const CARRIERS = [
  { id: 'auspost', name: 'Australia Post', trackingUrl: 'https://auspost.com.au/mypost/track/details/{n}' },
  { id: 'startrack', name: 'StarTrack', trackingUrl: 'https://startrack.com.au/track/details/{n}' },
  { id: 'couriersplease', name: 'Couriers Please', trackingUrl: 'https://www.couriersplease.com.au/tools-track/no/{n}' },
  { id: 'aramex', name: 'Aramex', trackingUrl: 'https://www.aramex.com.au/tools/track?l={n}' },
  { id: 'other', name: 'Other', trackingUrl: null },
] as const

export type CarrierId = (typeof CARRIERS)[number]['id']

export const isCarrier = (value: string): value is CarrierId => CARRIERS.some((carrier) => carrier.id === value)

/** A tracking number as carriers print them: letters, digits and hyphens. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/

/** The carrier's tracking page for a parcel, or null (another carrier, or no number). */
export function trackingLink(carrier: string, trackingNumber: string): string | null {
  const found = CARRIERS.find((candidate) => candidate.id === carrier)
  if (!found?.trackingUrl || !TRACKING_NUMBER.test(trackingNumber)) return null
  return found.trackingUrl.replace('{n}', encodeURIComponent(trackingNumber))
}

export const carrierName = (carrier: string): string => CARRIERS.find((candidate) => candidate.id === carrier)?.name ?? carrier
