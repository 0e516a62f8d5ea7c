import { formatAud, gstIncluded } from '../money.ts'

/**
 * Refund arithmetic (docs/domain.md, Refunds): what a refund of chosen lines, the shipping or an
 * amount gives back, and the GST it takes off the order. Pure, so the order screen, the returns flow
 * and the provider's own refunds all count the same way.
 */

export interface RefundableLine {
  position: number
  productId: string
  productName: string
  quantity: number
  unitPriceCents: number
  lineTotalCents: number
  refundedQuantity: number
}

export interface RefundableOrder {
  id: string
  status: string
  totalCents: number
  gstCents: number
  shippingCents: number
  refundedCents: number
  refundedGstCents: number
  shippingRefundedCents: number
  lines: RefundableLine[]
}

/** What staff ask for: units of lines and the shipping, or else an amount. */
export interface RefundRequest {
  lines: { position: number; quantity: number }[]
  shipping: boolean
  /** An amount instead of lines (a goodwill or price adjustment), in cents; null when lines are chosen. */
  amountCents: number | null
}

export interface RefundPlan {
  amountCents: number
  gstCents: number
  shippingCents: number
  lines: { position: number; productId: string; productName: string; quantity: number; amountCents: number }[]
}

export const remainingCents = (order: Pick<RefundableOrder, 'totalCents' | 'refundedCents'>) => Math.max(0, order.totalCents - order.refundedCents)

/** Units of a line not yet refunded. */
export const refundableUnits = (line: RefundableLine) => Math.max(0, line.quantity - line.refundedQuantity)

/** What the first `units` units of a line are worth: their share of what the line cost, after its discount, rounded down. */
const firstUnitsCents = (line: RefundableLine, units: number) =>
  units >= line.quantity ? line.lineTotalCents : Math.floor((line.lineTotalCents * units) / line.quantity)

/**
 * What `quantity` more units of a line are worth: at the price paid for them, so a discounted line
 * pays back its discounted amount (docs/domain.md, Promotions). Counted on the units refunded so far,
 * so refunding a whole line, in any number of steps, gives back exactly what it cost; a line without
 * a discount gives back its unit price per unit.
 */
export function unitsAmount(line: RefundableLine, quantity: number): number {
  const after = Math.min(line.quantity, line.refundedQuantity + quantity)
  return firstUnitsCents(line, after) - firstUnitsCents(line, line.refundedQuantity)
}

/**
 * The GST a refund takes off the order: counted on the running total refunded, so that refunds in
 * any number of steps add up to the order's GST exactly, never a cent more or less than total / 11.
 */
export function refundGst(order: Pick<RefundableOrder, 'totalCents' | 'gstCents' | 'refundedCents' | 'refundedGstCents'>, amountCents: number): number {
  const after = order.refundedCents + amountCents
  const gstAfter = after >= order.totalCents ? order.gstCents : Math.min(order.gstCents, gstIncluded(after))
  return Math.max(0, gstAfter - order.refundedGstCents)
}

/** A refund of everything not yet refunded: every remaining unit and the shipping. */
export function fullRefundRequest(order: RefundableOrder): RefundRequest {
  return {
    lines: order.lines.filter((line) => refundableUnits(line) > 0).map((line) => ({ position: line.position, quantity: refundableUnits(line) })),
    shipping: order.shippingCents - order.shippingRefundedCents > 0,
    amountCents: null,
  }
}

/** The refund a request makes, or why it cannot be made (the message staff see). */
export function planRefund(order: RefundableOrder, request: RefundRequest): RefundPlan | { refused: string } {
  if (order.status !== 'paid') return { refused: `Order ${order.id} is not paid, so there is nothing to refund.` }
  const remaining = remainingCents(order)
  if (remaining === 0) return { refused: `Order ${order.id} is refunded in full already.` }
  if (repeatedPosition(request.lines) !== null) return { refused: 'A line of this order is listed twice. Please reload the page and try again.' }
  const chosen = request.lines.filter((line) => line.quantity !== 0)
  if (request.amountCents !== null) {
    if (chosen.length > 0 || request.shipping) return { refused: 'Choose lines and shipping, or enter an amount — not both.' }
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) return { refused: 'Enter an amount of at least $0.01.' }
    if (request.amountCents > remaining) return { refused: `At most ${formatAud(remaining)} of this order is left to refund.` }
    return { amountCents: request.amountCents, gstCents: refundGst(order, request.amountCents), shippingCents: 0, lines: [] }
  }
  const lines: RefundPlan['lines'] = []
  for (const wanted of chosen) {
    const line = order.lines.find((candidate) => candidate.position === wanted.position)
    if (!line) return { refused: 'A chosen line is not part of this order. Please reload the page.' }
    if (!Number.isSafeInteger(wanted.quantity) || wanted.quantity < 0) return { refused: `Enter a whole number of units for ${line.productName}.` }
    const left = refundableUnits(line)
    if (wanted.quantity > left) {
      return { refused: left === 0 ? `${line.productName} is refunded in full already.` : `Only ${left} of ${line.productName} can still be refunded.` }
    }
    lines.push({
      position: line.position,
      productId: line.productId,
      productName: line.productName,
      quantity: wanted.quantity,
      amountCents: unitsAmount(line, wanted.quantity),
    })
  }
  const shippingLeft = order.shippingCents - order.shippingRefundedCents
  if (request.shipping && shippingLeft <= 0) return { refused: 'The shipping of this order is refunded already.' }
  const shippingCents = request.shipping ? shippingLeft : 0
  const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0) + shippingCents
  if (amountCents === 0) return { refused: 'Choose what to refund: units of a line, the shipping, or an amount.' }
  // Amount refunds made earlier may have used up what these lines are worth.
  if (amountCents > remaining)
    return { refused: `These come to ${formatAud(amountCents)}, but only ${formatAud(remaining)} of this order is left to refund. Enter an amount instead.` }
  return { amountCents, gstCents: refundGst(order, amountCents), shippingCents, lines }
}

export type PaymentState = 'pending' | 'paid' | 'failed' | 'expired' | 'partially-refunded' | 'refunded'

/** The payment's state as staff and customers read it: a paid order given money back says so. */
export function paymentState(order: { status: string; totalCents: number; refundedCents: number }): PaymentState {
  if (order.status !== 'paid' || order.refundedCents <= 0) return order.status as PaymentState
  return order.refundedCents >= order.totalCents ? 'refunded' : 'partially-refunded'
}

/**
 * Units per order line as the refund and return forms post them: one `qty-<position>` field per
 * line, the position written as the order screen writes it (`qty-0`, never `qty-00`). A field sent
 * twice, a position in another spelling or a count that is not a whole number is refused, naming
 * the field, so one line can never be counted twice in one request.
 */
export function lineQuantitiesFromForm(form: FormData, notWhole: string): { position: number; quantity: number }[] | { refused: string } {
  const lines: { position: number; quantity: number }[] = []
  const seen = new Set<string>()
  for (const [name, value] of form) {
    if (!name.startsWith('qty-')) continue
    if (seen.has(name)) return { refused: `The form sent “${name}” twice. Please reload the page and try again.` }
    seen.add(name)
    if (!/^qty-(0|[1-9]\d{0,2})$/.test(name))
      return { refused: `The form field “${name.slice(0, 40)}” is not one of this order’s lines. Please reload the page and try again.` }
    if (typeof value !== 'string' || value.trim() === '') continue
    if (!/^\d{1,4}$/.test(value.trim())) return { refused: notWhole }
    lines.push({ position: Number(name.slice(4)), quantity: Number(value.trim()) })
  }
  return lines
}

/** A position listed twice in one request (the same units must never be counted twice). */
export function repeatedPosition(lines: readonly { position: number }[]): number | null {
  const seen = new Set<number>()
  for (const line of lines) {
    if (seen.has(line.position)) return line.position
    seen.add(line.position)
  }
  return null
}

/**
 * The refund form as the order screen posts it: `qty-<position>` per line, `shipping`, or `amount`
 * in dollars. An amount that is not one is refused here, before anything is planned.
 */
export function refundRequestFromForm(form: FormData, parseDollars: (input: string) => number | null): RefundRequest | { refused: string } {
  const lines = lineQuantitiesFromForm(form, 'Enter whole numbers of units to refund.')
  if ('refused' in lines) return lines
  const amountText = String(form.get('amount') ?? '').trim()
  let amountCents: number | null = null
  if (amountText) {
    amountCents = parseDollars(amountText)
    if (amountCents === null) return { refused: 'Enter the amount in dollars and cents, such as 25.50.' }
  }
  return { lines, shipping: form.get('shipping') === 'on', amountCents }
}
