/**
 * From this cart total (GST inclusive) the cart suggests a quote plainly (docs/domain.md, Quotes). A
 * module of its own, so that the cart's script does not carry the quote forms' checks.
 */
export const QUOTE_SUGGESTED_FROM_CENTS = 100_000
