/**
 * The "pay later" message of product pages and the cart (docs/domain.md, Payment methods;
 * docs/decisions/044-pay-later-message.md). Staff turn it on at /settings/payments; it is kept in
 * shop_settings under `pay-later`.
 */
export const PAY_LATER_MESSAGE = 'Pay later with Afterpay or Zip at checkout'

export interface PayLaterSetting {
  enabled: boolean
  /** The largest product price or cart total the message is shown for, GST inclusive. */
  maxCents: number
}

/** Afterpay and Zip serve Australian purchases up to about $2,000; staff may set $1 to $10,000. */
export const MIN_PAY_LATER_CENTS = 100
export const MAX_PAY_LATER_CENTS = 1_000_000
/** Off until staff turn it on: an operator may not have Afterpay or Zip enabled in Stripe at all. */
export const DEFAULT_PAY_LATER: PayLaterSetting = { enabled: false, maxCents: 200_000 }

/** The form's fields: a checkbox and the amount in dollars. */
export const PAY_LATER_FIELDS = { enabled: 'payLater', maxAmount: 'maxAmount' } as const

/** A stored value as the setting, or the default when it is missing or not one (a hand-edited row). */
export function payLaterSettingOf(value: unknown): PayLaterSetting {
  if (typeof value !== 'object' || value === null) return DEFAULT_PAY_LATER
  const { enabled, maxCents } = value as Record<string, unknown>
  if (typeof enabled !== 'boolean' || !isPayLaterLimit(maxCents)) return DEFAULT_PAY_LATER
  return { enabled, maxCents }
}

export const isPayLaterLimit = (cents: unknown): cents is number =>
  typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= MIN_PAY_LATER_CENTS && cents <= MAX_PAY_LATER_CENTS

/**
 * Whether a purchase gets the message: only with Stripe (the only provider that can offer Afterpay and
 * Zip; the demo provider offers neither), only when staff turned it on, only up to their amount, and
 * only for what can be sent now: Afterpay does not serve pre-orders, so never for a backorder, nor
 * for something that cannot be bought at all. The same for every visitor, so a cached page can hold it.
 */
export function showsPayLater(setting: PayLaterSetting, provider: 'demo' | 'stripe', purchase: { amountCents: number; availableNow: boolean }): boolean {
  return provider === 'stripe' && setting.enabled && purchase.availableNow && purchase.amountCents > 0 && purchase.amountCents <= setting.maxCents
}
