import { CATEGORY_LABELS, isCategory } from './catalog.ts'
import { formatAud } from './money.ts'
import { lastDay, type Promotion } from './promotions.ts'
import { shopDay } from './reports/periods.ts'

/**
 * A promotion in the words of the staff list and screens (/staff/promotions): its state, what it
 * covers, its period and the uses it has left. Pure, so the list and the tests read it the same way.
 */

/** `paused` whatever its dates; else before its first day, after its last, or running. */
export type PromotionState = 'running' | 'scheduled' | 'ended' | 'paused'

export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = { running: 'Running', scheduled: 'Scheduled', ended: 'Ended', paused: 'Paused' }

export function promotionState(promotion: Pick<Promotion, 'active' | 'startsAt' | 'endsAt'>, now: Date): PromotionState {
  if (!promotion.active) return 'paused'
  if (promotion.endsAt && now >= promotion.endsAt) return 'ended'
  if (promotion.startsAt && now < promotion.startsAt) return 'scheduled'
  return 'running'
}

const dayFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
/** A Brisbane day (`YYYY-MM-DD`) as "8 Dec 2026". */
export const dayText = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`))

/** Its first and last Brisbane days: "1 Dec 2026 – 8 Dec 2026", "From 1 Dec 2026", "Until 8 Dec 2026" or "No end date". */
export function periodText(promotion: Pick<Promotion, 'startsAt' | 'endsAt'>): string {
  const first = promotion.startsAt ? dayText(shopDay(promotion.startsAt)) : null
  const last = promotion.endsAt ? dayText(lastDay(promotion.endsAt)) : null
  if (first && last) return `${first} – ${last}`
  if (first) return `From ${first}`
  if (last) return `Until ${last}`
  return 'No end date'
}

export const categoryName = (category: string) => (isCategory(category) ? CATEGORY_LABELS[category] : category)

/**
 * What it applies to, for the list: "The whole order", "Cameras, UniCam F1", "Kit: UniDrone E900 ×1 +
 * UniCell battery ×2", "Shipping with Express"; and its minimum spend. Products are named by
 * `names` (id → name), an id it lacks as it is.
 */
export function coversText(
  promotion: Pick<Promotion, 'benefit' | 'kit' | 'productIds' | 'categories' | 'shippingMethodId' | 'minSpendCents'>,
  names: { products: Readonly<Record<string, string>>; methods: Readonly<Record<string, string>> },
): string {
  const product = (id: string) => names.products[id] ?? id
  let covers: string
  if (promotion.benefit === 'free-shipping') {
    covers = promotion.shippingMethodId ? `Shipping with ${names.methods[promotion.shippingMethodId] ?? promotion.shippingMethodId}` : 'Shipping, any method'
  } else if (promotion.kit.length > 0) {
    covers = `Kit: ${promotion.kit.map((item) => `${product(item.productId)} ×${item.quantity}`).join(' + ')}`
  } else if (promotion.categories.length > 0 || promotion.productIds.length > 0) {
    covers = [...promotion.categories.map(categoryName), ...promotion.productIds.map(product)].join(', ')
  } else {
    covers = 'The whole order'
  }
  return promotion.minSpendCents > 0 ? `${covers}; spend ${formatAud(promotion.minSpendCents)} or more` : covers
}

/** Uses left of a code with a limit (never below 0), or null: no limit, or an offer. */
export function usesLeft(promotion: Pick<Promotion, 'kind' | 'usageLimit'>, uses: number): number | null {
  if (promotion.kind !== 'code' || promotion.usageLimit === null) return null
  return Math.max(0, promotion.usageLimit - uses)
}
