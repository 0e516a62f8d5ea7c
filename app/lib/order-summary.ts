import { formatAud, gstIncluded } from './money.ts'

/**
 * The lines of an order or cart summary as a shopper sees them (docs/decisions/040-order-summary-lines.md):
 *
 *   Items                     (GST inclusive, the lines' total)
 *   Shipping (Standard)       (GST inclusive; "Free" when nothing)
 *   … further lines           (a discount later, negative; GST inclusive)
 *   Subtotal (excl. GST)      = Total − GST
 *   GST                       = Total / 11, rounded once (docs/domain.md, Money and GST)
 *   Total                     = the sum of the lines above the subtotal
 *
 * The lines above the subtotal add up to the total; the subtotal and the GST add up to it too.
 */
export interface SummaryLine {
  /** Stable key and default test id. */
  key: string
  label: string
  /** GST inclusive; negative for a reduction. Null: not known yet (nothing is shown). */
  cents: number | null
  /** Words shown instead of the amount ("Free", "from $15.00"); the amount still counts. */
  shown?: string
  testId?: string
}

export interface OrderSummaryFigures {
  lines: SummaryLine[]
  subtotalCents: number
  gstCents: number
  totalCents: number
}

export interface OrderSummaryInput {
  /** The lines' total, GST inclusive. */
  itemsCents: number
  /** The shipping line: its method's name when chosen, and what to show in place of the amount. Null: no shipping line. */
  shipping: { cents: number; methodName?: string | null; shown?: string; testId?: string } | null
  /** Further GST-inclusive lines after shipping (a discount, negative), counted in the total. */
  extras?: SummaryLine[]
  /**
   * A stored order's own total and GST, as charged and invoiced: shown as they were recorded. Without
   * them the total is the sum of the lines and the GST is taken from it.
   */
  recorded?: { totalCents: number; gstCents: number }
}

const shippingText = (cents: number) => (cents === 0 ? 'Free' : formatAud(cents))

export function summariseOrder(input: OrderSummaryInput): OrderSummaryFigures {
  const lines: SummaryLine[] = [{ key: 'items', label: 'Items', cents: input.itemsCents, testId: 'items-total' }]
  if (input.shipping) {
    const { cents, methodName, shown, testId } = input.shipping
    lines.push({
      key: 'shipping',
      label: methodName ? `Shipping (${methodName})` : 'Shipping',
      cents,
      shown: shown ?? shippingText(cents),
      testId: testId ?? 'shipping',
    })
  }
  lines.push(...(input.extras ?? []))
  const totalCents = input.recorded?.totalCents ?? lines.reduce((sum, line) => sum + (line.cents ?? 0), 0)
  const gstCents = input.recorded?.gstCents ?? gstIncluded(totalCents)
  return { lines, subtotalCents: totalCents - gstCents, gstCents, totalCents }
}

/** A stored order as its pages have it: its lines, its shipping as chosen, and its total and GST as charged. */
export interface StoredOrderTotals {
  lines: { lineTotalCents: number }[]
  shippingCents: number
  shippingMethodName: string | null
  totalCents: number
  gstCents: number
}

/** The summary of a stored order (no shipping line for an order made without a delivery step). */
export function summariseStoredOrder(order: StoredOrderTotals): OrderSummaryFigures {
  return summariseOrder({
    itemsCents: order.lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    shipping: order.shippingMethodName ? { cents: order.shippingCents, methodName: order.shippingMethodName } : null,
    recorded: { totalCents: order.totalCents, gstCents: order.gstCents },
  })
}
