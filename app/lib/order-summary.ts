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

/** A discount as summaries show it: its words and what it takes off (lines and shipping). */
export interface SummaryDiscount {
  label: string
  amountCents: number
}

/** Each discount as its own line after the shipping, negative (docs/domain.md, Promotions). */
export function discountLines(discounts: SummaryDiscount[]): SummaryLine[] {
  return discounts.map((discount, index) => ({ key: `discount-${index}`, label: discount.label, cents: -discount.amountCents, testId: 'discount' }))
}

/**
 * A stored order as its pages have it: its lines (at their discounted amounts, with their discount),
 * its shipping as charged, its discounts, and its total and GST as charged.
 */
export interface StoredOrderTotals {
  lines: { lineTotalCents: number; discountCents?: number }[]
  shippingCents: number
  shippingDiscountCents?: number
  shippingMethodName: string | null
  discounts?: SummaryDiscount[]
  totalCents: number
  gstCents: number
}

/** What the items came to before any discount. */
export const itemsBeforeDiscounts = (lines: StoredOrderTotals['lines']) => lines.reduce((sum, line) => sum + line.lineTotalCents + (line.discountCents ?? 0), 0)

/**
 * The summary of a stored order (no shipping line for an order made without a delivery step): the
 * items and shipping before discounts, then each discount, so the lines still add up to the total.
 */
export function summariseStoredOrder(order: StoredOrderTotals): OrderSummaryFigures {
  const shippingCents = order.shippingCents + (order.shippingDiscountCents ?? 0)
  return summariseOrder({
    itemsCents: itemsBeforeDiscounts(order.lines),
    shipping: order.shippingMethodName ? { cents: shippingCents, methodName: order.shippingMethodName } : null,
    extras: discountLines(order.discounts ?? []),
    recorded: { totalCents: order.totalCents, gstCents: order.gstCents },
  })
}
