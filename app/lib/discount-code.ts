/**
 * A discount code as shoppers type it and the shop keeps it (docs/domain.md, Promotions): small and
 * on its own, so the cart and the delivery step load it without the pricing of promotions.
 */

export const MAX_CODE_LENGTH = 40
/** Letters, digits, dash and underscore: what a person can read out and type on a phone. */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,39}$/

/** A code as stored and compared: trimmed and upper-cased. */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase()
}
