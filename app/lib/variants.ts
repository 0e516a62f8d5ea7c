import type { PriceItem, ProductItem, StockFacts } from './catalog.ts'
import { canBuy } from './stock.ts'

/** A product offers up to three options ("Capacity", "Pitch"), as Shopify's do. */
export const MAX_OPTIONS = 3
/** Variants of one product: every combination of three options of a few values each, with room. */
export const MAX_VARIANTS = 50
/** The URL parameter naming the variant a product page shows (the page's canonical address has none). */
export const VARIANT_PARAM = 'variant'

/**
 * A variant as the storefront shows it (docs/domain.md, Variants). The product itself is its first
 * variant; `id` is what a cart line and an order line name.
 */
export interface ShownVariant {
  id: string
  /** Its value of each of the product's options, in the options' order. */
  optionValues: string[]
  price: PriceItem | null
  wasPriceCents: number | null
  stock: StockFacts
  /** Its own picture; null: the product's pictures. */
  image: ProductItem | null
  sku: string
  barcode: string
  weightGrams: number
  containsLithium: boolean
}

/** "22,000 mAh / XT90": a variant's values as one label. */
export function variantLabel(optionValues: readonly string[]): string {
  return optionValues.join(' / ')
}

/** The name a variant goes by in a cart, an order and on an invoice: "UniPower Battery — 22,000 mAh". */
export function variantName(productName: string, optionValues: readonly string[]): string {
  return optionValues.length > 0 ? `${productName} — ${variantLabel(optionValues)}` : productName
}

/** One option and the values it takes, as staff list them. */
export interface ProductOption {
  name: string
  values: string[]
}

/**
 * Every combination of the options' values, the first option changing slowest (as Shopify lists
 * them): Capacity (16,000, 22,000) × Plug (XT60, XT90) gives 16,000/XT60, 16,000/XT90, 22,000/XT60,
 * 22,000/XT90. No option gives one combination of no values: the product itself.
 */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>((sofar, option) => sofar.flatMap((values) => option.values.map((value) => [...values, value])), [[]])
}

/** The variant a page asks for by its parameter, else the first that can be bought, else the first. */
export function chosenVariant<T extends Pick<ShownVariant, 'id' | 'stock' | 'price'>>(variants: readonly T[], asked: string | null): T | undefined {
  return variants.find((variant) => variant.id === asked) ?? variants.find((variant) => variant.price && canBuy(variant.stock)) ?? variants[0]
}

/**
 * The price a list shows for a product with variants: the lowest of those that can be bought, else
 * the lowest of all ("from $…" when the variants' prices differ). Null: none has a price.
 */
export function fromPrice(variants: readonly Pick<ShownVariant, 'price' | 'stock'>[]): { cents: number; from: boolean } | null {
  const priced = variants.filter((variant) => variant.price !== null)
  if (priced.length === 0) return null
  const buyable = priced.filter((variant) => canBuy(variant.stock))
  const pool = buyable.length > 0 ? buyable : priced
  const cents = Math.min(...pool.map((variant) => variant.price!.value))
  return { cents, from: new Set(priced.map((variant) => variant.price!.value)).size > 1 }
}

/**
 * What is wrong with a product's options and variants as a whole, in words for staff; null when
 * nothing is. `first` is the product's own values (its first variant), `others` its other variants'.
 */
export function variantsProblem(
  productId: string,
  optionNames: readonly string[],
  first: readonly string[],
  others: readonly { FBUID: string; productOptionValues: readonly string[] }[],
): string | null {
  if (new Set(optionNames.map((name) => name.toLowerCase())).size !== optionNames.length) return 'Each option needs a name of its own.'
  if (optionNames.length === 0) return others.length > 0 || first.length > 0 ? 'Variants need at least one option, such as Capacity.' : null
  const all = [{ FBUID: productId, productOptionValues: first }, ...others]
  const wrong = all.find((variant) => variant.productOptionValues.length !== optionNames.length)
  if (wrong) return `Each variant needs a value for each option (${variantLabel(optionNames)}).`
  const seen = new Map<string, string>()
  for (const variant of all) {
    const key = variant.productOptionValues.map((value) => value.toLowerCase()).join('\u0000')
    if (seen.has(key)) return `Two variants are both ${variantLabel(variant.productOptionValues)}: each combination of values once.`
    seen.set(key, variant.FBUID)
  }
  const ids = new Set([productId])
  for (const variant of others) {
    if (ids.has(variant.FBUID)) return `The variant id ${variant.FBUID} is used twice.`
    ids.add(variant.FBUID)
  }
  return null
}
