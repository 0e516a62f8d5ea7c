import { normaliseCode } from './discount-code.ts'
import { formatAud } from './money.ts'
import { dayStart, addDays, shopDay } from './reports/periods.ts'
import { percentOff } from './trade.ts'

/**
 * Promotions (docs/domain.md, Promotions): discount codes a shopper types and offers that apply by
 * themselves. Pure, so the cart, the delivery step, the order and the tests all price a discount the
 * same way; the server alone decides what is charged, and counts a code's uses under its lock.
 *
 * Every amount is GST inclusive, in cents. A discount lowers the price of the supply: each line keeps
 * its discounted amount, and the GST of the order is one eleventh of its discounted total.
 */

/** `code`: applies when the shopper enters it; `offer`: applies by itself to every cart it fits. */
export type PromotionKind = 'code' | 'offer'
/** A percentage or an amount off the chosen lines (or the whole order), or free shipping. */
export type Benefit = 'percent' | 'amount' | 'free-shipping'

export const BENEFIT_LABELS: Record<Benefit, string> = { percent: 'Percentage off', amount: 'Amount off', 'free-shipping': 'Free shipping' }

export interface KitItem {
  productId: string
  quantity: number
}

export interface Promotion {
  id: string
  kind: PromotionKind
  /** A code's text, upper-cased (codes are case-insensitive); null for an offer. */
  code: string | null
  /** What shoppers and staff read: "15 % off cameras", "E900 flight kit". */
  name: string
  active: boolean
  benefit: Benefit
  /** Hundredths of a percent (1500 is 15 %), for `percent`. */
  percentBp: number | null
  /** For `amount`: off the order, or off each complete kit. */
  amountCents: number | null
  /** The products and categories it takes off; both empty: the whole order. Unused by a kit. */
  productIds: string[]
  categories: string[]
  /** "Buy these together": every product in its quantity; the benefit is on the units of complete kits. */
  kit: KitItem[]
  /** Free shipping with this method only; null: with any method. */
  shippingMethodId: string | null
  /** Items in the cart (after offers) must come to this much; 0: no minimum. */
  minSpendCents: number
  /** From this instant (a Brisbane midnight), until `endsAt` (exclusive: the midnight after its last day). */
  startsAt: Date | null
  endsAt: Date | null
  /** Uses in all, and per customer e-mail (a code's); null: unlimited. */
  usageLimit: number | null
  perCustomerLimit: number | null
  /** A code adds to the offers already on a line only where staff allowed it. */
  combinesWithOffers: boolean
}

/** A cart or order line as promotions read it. */
export interface PromotionLine {
  productId: string
  category: string
  unitPriceCents: number
  quantity: number
  /** At a trade customer's own price: already their deal, so no promotion takes more off it. */
  tradePriced?: boolean
}

/** A code's uses so far (live orders: placed and not ended without money), in all and by this customer's e-mail. */
export interface CodeUsage {
  uses: number
  usesByEmail: number
}

export interface AppliedDiscount {
  promotionId: string
  kind: PromotionKind
  code: string | null
  /** The summary line's words: the offer's name, or "Code BLACKFRIDAY". */
  label: string
  /** All it takes off, lines and shipping. */
  amountCents: number
  /** The part of it off the shipping. */
  shippingCents: number
  /** Per line (by index of the lines given), what it takes off. */
  lineCents: number[]
}

export interface CodeOutcome {
  /** As entered, upper-cased. */
  code: string
  promotionId: string | null
  applied: boolean
  /** Why it does not apply, in words; or what it gives. */
  message: string
}

export interface PromotionOutcome {
  discounts: AppliedDiscount[]
  /** Per line, everything taken off it. */
  lineDiscountCents: number[]
  shippingDiscountCents: number
  /** The discounts together (lines and shipping). */
  totalDiscountCents: number
  code: CodeOutcome | null
}

export { CODE_PATTERN, MAX_CODE_LENGTH, normaliseCode } from './discount-code.ts'

const dayText = (instant: Date) => {
  const day = shopDay(instant)
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

/** The Brisbane day a promotion's last day is (its end is the midnight after it). */
export function lastDay(endsAt: Date): string {
  return addDays(shopDay(endsAt), -1)
}

/** The instants of a promotion's first and last Brisbane days (`YYYY-MM-DD`), as stored. */
export function periodOf(firstDay: string | null, lastDayText: string | null): { startsAt: Date | null; endsAt: Date | null } {
  return { startsAt: firstDay ? dayStart(firstDay) : null, endsAt: lastDayText ? dayStart(addDays(lastDayText, 1)) : null }
}

/** Whether the promotion is running now: active, started, not ended. */
export function isRunning(promotion: Pick<Promotion, 'active' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  if (!promotion.active) return false
  if (promotion.startsAt && now < promotion.startsAt) return false
  if (promotion.endsAt && now >= promotion.endsAt) return false
  return true
}

/**
 * Splits `total` cents across parts in proportion to their weights, each part at most its weight and
 * never negative: the parts rounded down, and the cents left over given to the largest part first (to
 * the next largest when it has no room). The parts always add up to `total`, which may not exceed the
 * weights' sum. Integer arithmetic in BigInt, so no amount is too large to split exactly.
 */
export function apportion(total: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Not an amount in cents: ${total}`)
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) throw new RangeError('Weights are whole cents, not negative.')
  const sum = weights.reduce((a, b) => a + b, 0)
  if (total > sum) throw new RangeError(`Cannot take ${total} off ${sum}.`)
  if (total === 0 || sum === 0) return weights.map(() => 0)
  const parts = weights.map((weight) => Number((BigInt(total) * BigInt(weight)) / BigInt(sum)))
  let left = total - parts.reduce((a, b) => a + b, 0)
  // Largest first; among equals, the earlier line.
  const order = weights.map((weight, index) => ({ weight, index })).sort((a, b) => b.weight - a.weight || a.index - b.index)
  for (const { weight, index } of order) {
    if (left === 0) break
    const room = weight - parts[index]!
    const given = Math.min(room, left)
    parts[index]! += given
    left -= given
  }
  return parts
}

/** What a percentage takes off an amount: the amount less the amount at the percentage off, rounded half up once. */
export function percentDiscount(cents: number, basisPoints: number): number {
  return cents - percentOff(cents, basisPoints)
}

const lineAmount = (line: PromotionLine) => line.unitPriceCents * line.quantity

/** Complete kits in the cart: how many times every kit product is there in its quantity. */
export function completeKits(kit: KitItem[], lines: PromotionLine[]): number {
  if (kit.length === 0) return 0
  let kits = Number.MAX_SAFE_INTEGER
  for (const item of kit) {
    const units = lines.filter((line) => line.productId === item.productId && !line.tradePriced).reduce((sum, line) => sum + line.quantity, 0)
    kits = Math.min(kits, Math.floor(units / item.quantity))
  }
  return kits
}

/**
 * What each line offers a promotion to take off: its amount left after the discounts already on it,
 * where the promotion covers it (a kit: only its units in complete kits, at their share of the line).
 */
function eligibleAmounts(promotion: Promotion, lines: PromotionLine[], taken: number[]): number[] {
  if (promotion.kit.length > 0) {
    const kits = completeKits(promotion.kit, lines)
    if (kits === 0) return lines.map(() => 0)
    const unitsLeft = new Map(promotion.kit.map((item) => [item.productId, item.quantity * kits]))
    return lines.map((line, index) => {
      const wanted = unitsLeft.get(line.productId) ?? 0
      if (wanted === 0 || line.tradePriced) return 0
      const units = Math.min(wanted, line.quantity)
      unitsLeft.set(line.productId, wanted - units)
      const left = lineAmount(line) - taken[index]!
      return Math.floor((left * units) / line.quantity)
    })
  }
  const wholeOrder = promotion.productIds.length === 0 && promotion.categories.length === 0
  return lines.map((line, index) => {
    if (line.tradePriced) return 0
    if (!wholeOrder && !promotion.productIds.includes(line.productId) && !promotion.categories.includes(line.category)) return 0
    return lineAmount(line) - taken[index]!
  })
}

/** What a percentage or amount promotion takes off the lines it covers, per line. */
function lineDiscounts(promotion: Promotion, eligible: number[], lines: PromotionLine[]): number[] {
  const base = eligible.reduce((a, b) => a + b, 0)
  if (base === 0) return eligible.map(() => 0)
  let total = 0
  if (promotion.benefit === 'percent') total = percentDiscount(base, promotion.percentBp ?? 0)
  else if (promotion.benefit === 'amount') {
    const times = promotion.kit.length > 0 ? completeKits(promotion.kit, lines) : 1
    total = Math.min(base, (promotion.amountCents ?? 0) * times)
  }
  return apportion(total, eligible)
}

export interface PromotionInput {
  lines: PromotionLine[]
  /** The shipping chosen and its price before any discount; null before a method is chosen (the cart). */
  shipping: { methodId: string; cents: number } | null
  /** Names of the shipping methods, for a free-shipping code's message. */
  methodNames?: Record<string, string>
  /** Offers on the shop (those not running are skipped). */
  offers: Promotion[]
  /** The code entered, as typed; with the promotion it names (null: no such code) and its uses so far. */
  code: { text: string; promotion: Promotion | null; usage: CodeUsage } | null
  /** The buyer's e-mail, once known (the delivery step): a code's uses per customer count by it. */
  email: string | null
  now: Date
}

/**
 * The discounts on a cart: the offers that fit it (where two cover the same line, the one taking more
 * wins the line), then the code, if it applies, on what the offers left — or, for a code that does not
 * combine with offers, only on lines no offer covers. Free shipping takes the shipping's whole price.
 */
export function applyPromotions(input: PromotionInput): PromotionOutcome {
  const { lines, now } = input
  const taken = lines.map(() => 0)
  let shippingTaken = 0
  const discounts: AppliedDiscount[] = []
  const itemsCents = lines.reduce((sum, line) => sum + lineAmount(line), 0)

  // Offers: each priced on the undiscounted cart; the bigger ones first claim their lines.
  const candidates = input.offers
    .filter((offer) => offer.kind === 'offer' && isRunning(offer, now) && itemsCents >= offer.minSpendCents)
    .map((offer) => {
      if (offer.benefit === 'free-shipping') {
        const fits = input.shipping && (offer.shippingMethodId === null || offer.shippingMethodId === input.shipping.methodId)
        return { offer, lineCents: lines.map(() => 0), shippingCents: fits ? input.shipping!.cents : 0 }
      }
      return { offer, lineCents: lineDiscounts(offer, eligibleAmounts(offer, lines, taken), lines), shippingCents: 0 }
    })
    .map((candidate) => ({ ...candidate, total: candidate.lineCents.reduce((a, b) => a + b, 0) + candidate.shippingCents }))
    .filter((candidate) => candidate.total > 0)
    .sort((a, b) => b.total - a.total || a.offer.name.localeCompare(b.offer.name))
  const offerOnLine = lines.map(() => false)
  for (const candidate of candidates) {
    if (candidate.lineCents.some((cents, index) => cents > 0 && offerOnLine[index])) continue
    if (candidate.shippingCents > 0 && shippingTaken > 0) continue
    candidate.lineCents.forEach((cents, index) => {
      if (cents > 0) offerOnLine[index] = true
      taken[index]! += cents
    })
    shippingTaken += candidate.shippingCents
    discounts.push(applied(candidate.offer, candidate.lineCents, candidate.shippingCents))
  }

  const code = input.code ? applyCode(input, taken, offerOnLine, shippingTaken) : null
  if (code?.discount) {
    code.discount.lineCents.forEach((cents, index) => (taken[index]! += cents))
    shippingTaken += code.discount.shippingCents
    discounts.push(code.discount)
  }
  const totalDiscountCents = discounts.reduce((sum, discount) => sum + discount.amountCents, 0)
  return { discounts, lineDiscountCents: taken, shippingDiscountCents: shippingTaken, totalDiscountCents, code: code?.outcome ?? null }
}

function applied(promotion: Promotion, lineCents: number[], shippingCents: number): AppliedDiscount {
  return {
    promotionId: promotion.id,
    kind: promotion.kind,
    code: promotion.code,
    label: promotion.kind === 'code' ? `Code ${promotion.code}` : promotion.name,
    amountCents: lineCents.reduce((a, b) => a + b, 0) + shippingCents,
    shippingCents,
    lineCents,
  }
}

/** Why a code does not apply to this cart, or null when it may (its limits and period; the cart is looked at after). */
export function codeRefusal(promotion: Promotion | null, usage: CodeUsage, now: Date, email: string | null): string | null {
  if (!promotion || promotion.kind !== 'code') return 'We do not know this code. Please check its spelling.'
  if (!promotion.active) return 'This code is paused at the moment.'
  if (promotion.startsAt && now < promotion.startsAt) return `This code starts on ${dayText(promotion.startsAt)}.`
  if (promotion.endsAt && now >= promotion.endsAt) return `This code ended on ${dayText(new Date(promotion.endsAt.getTime() - 1))}.`
  if (promotion.usageLimit !== null && usage.uses >= promotion.usageLimit) return 'This code has been used as many times as it can be.'
  if (email && promotion.perCustomerLimit !== null && usage.usesByEmail >= promotion.perCustomerLimit) {
    return promotion.perCustomerLimit === 1
      ? 'This code can be used once per customer, and you have used it.'
      : `This code can be used ${promotion.perCustomerLimit} times per customer, and you have used it that many times.`
  }
  return null
}

function applyCode(
  input: PromotionInput,
  taken: number[],
  offerOnLine: boolean[],
  shippingTaken: number,
): { outcome: CodeOutcome; discount: AppliedDiscount | null } {
  const { text, promotion, usage } = input.code!
  const code = normaliseCode(text)
  const refuse = (message: string) => ({ outcome: { code, promotionId: promotion?.id ?? null, applied: false, message }, discount: null })
  const refusal = codeRefusal(promotion, usage, input.now, input.email)
  if (refusal || !promotion) return refuse(refusal!)
  const { lines } = input
  const afterOffers = lines.reduce((sum, line, index) => sum + lineAmount(line) - taken[index]!, 0)
  if (afterOffers < promotion.minSpendCents) return refuse(`Spend ${formatAud(promotion.minSpendCents - afterOffers)} more to use this code.`)
  if (promotion.benefit === 'free-shipping') {
    if (!input.shipping)
      return { outcome: { code, promotionId: promotion.id, applied: true, message: 'Free shipping applies once you choose delivery.' }, discount: null }
    if (promotion.shippingMethodId !== null && promotion.shippingMethodId !== input.shipping.methodId) {
      const name = input.methodNames?.[promotion.shippingMethodId] ?? 'another delivery method'
      return refuse(`This code gives free shipping with ${name}. Choose it to use the code.`)
    }
    if (shippingTaken > 0 || input.shipping.cents === 0) return refuse('Your shipping is free already.')
    return {
      outcome: { code, promotionId: promotion.id, applied: true, message: 'Free shipping.' },
      discount: applied(
        promotion,
        lines.map(() => 0),
        input.shipping.cents,
      ),
    }
  }
  const covered = eligibleAmounts(promotion, lines, taken)
  if (covered.every((cents) => cents === 0)) {
    if (lines.some((line) => line.tradePriced)) return refuse('Your trade prices already apply to these products; codes do not add to them.')
    return refuse(
      promotion.kit.length > 0
        ? 'This code is for a set of products bought together; your cart does not have them all.'
        : 'This code is for products that are not in your cart.',
    )
  }
  const eligible = promotion.combinesWithOffers ? covered : covered.map((cents, index) => (offerOnLine[index] ? 0 : cents))
  if (eligible.every((cents) => cents === 0)) return refuse('This code does not add to the offers already on your cart.')
  const lineCents = lineDiscounts(promotion, eligible, lines)
  const discount = applied(promotion, lineCents, 0)
  return { outcome: { code, promotionId: promotion.id, applied: true, message: `${promotion.name}: ${formatAud(discount.amountCents)} off.` }, discount }
}

/** A benefit in words: "15 % off", "$20.00 off", "Free shipping". */
export function benefitText(promotion: Pick<Promotion, 'benefit' | 'percentBp' | 'amountCents'>): string {
  if (promotion.benefit === 'percent') return `${((promotion.percentBp ?? 0) / 100).toLocaleString('en-AU', { maximumFractionDigits: 2 })} % off`
  if (promotion.benefit === 'amount') return `${formatAud(promotion.amountCents ?? 0)} off`
  return 'Free shipping'
}
