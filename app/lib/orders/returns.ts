/**
 * Returns (docs/domain.md, Returns). Two kinds, as the returns policy says:
 * - change of mind: unused goods, within 14 days of delivery or collection;
 * - faulty, damaged or not as described: always accepted for review, at any time, because the
 *   Australian Consumer Law's guarantees cannot be excluded or time-limited.
 *
 *   requested → approved → received → refunded
 *   requested → declined (with a reason the customer is told)
 */

export const RETURN_REASONS = [
  { id: 'change-of-mind', label: 'Change of mind (unused, in its original packaging)' },
  { id: 'faulty', label: 'Faulty or damaged' },
  { id: 'not-as-described', label: 'Not as described' },
] as const

export type ReturnReasonId = (typeof RETURN_REASONS)[number]['id']
export type ReturnState = 'requested' | 'approved' | 'declined' | 'received' | 'refunded'

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  declined: 'Return declined',
  received: 'Return received',
  refunded: 'Return refunded',
}

export const isReturnReason = (value: string): value is ReturnReasonId => RETURN_REASONS.some((reason) => reason.id === value)
export const reasonLabel = (reason: string) => RETURN_REASONS.find((candidate) => candidate.id === reason)?.label ?? reason

export const CHANGE_OF_MIND_DAYS = 14
const DAY = 24 * 3600_000

export interface ReturnableOrder {
  id: string
  status: string
  fulfilment: string
  /** When the customer had the goods (delivered or collected). */
  fulfilledAt: Date | null
}

/** The last moment a change-of-mind return may be asked for, or null before the goods arrived. */
export function changeOfMindUntil(order: Pick<ReturnableOrder, 'fulfilledAt'>): Date | null {
  return order.fulfilledAt ? new Date(order.fulfilledAt.getTime() + CHANGE_OF_MIND_DAYS * DAY) : null
}

/** Why this order cannot be returned for this reason now (the customer's message), or null. */
export function returnRefusal(order: ReturnableOrder, reason: ReturnReasonId, now: Date): string | null {
  if (order.status !== 'paid' || order.fulfilment === 'cancelled') return `Order ${order.id} has nothing to return.`
  if (reason === 'change-of-mind') {
    const until = changeOfMindUntil(order)
    if (!until) return 'A change-of-mind return can be asked for once the order has been delivered or collected.'
    if (now > until) {
      return `Change-of-mind returns are accepted within ${CHANGE_OF_MIND_DAYS} days of delivery or collection, and that time has passed. If the item is faulty, damaged or not as described, choose that reason: those are always reviewed.`
    }
    return null
  }
  // Faulty or not as described: whenever the goods have reached, or are on their way to, the customer.
  if (!['shipped', 'delivered', 'collected'].includes(order.fulfilment))
    return 'This order has not left us yet. To change it, please contact us, or ask us to cancel it.'
  return null
}

/** Whether a return in this state may move to `to`, as staff act. */
export function canMoveReturn(from: ReturnState, to: ReturnState): boolean {
  const allowed: Record<ReturnState, ReturnState[]> = {
    requested: ['approved', 'declined'],
    approved: ['received', 'declined'],
    received: ['refunded'],
    declined: [],
    refunded: [],
  }
  return allowed[from].includes(to)
}

/** Returns still open hold their units: the same unit cannot be asked back twice. */
export const OPEN_RETURN_STATES: readonly ReturnState[] = ['requested', 'approved', 'received']
