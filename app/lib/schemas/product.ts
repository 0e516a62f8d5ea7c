import { z } from 'zod'
import { CATEGORIES, MAX_RELATED, PRODUCT_STATUSES, type ProductStatus } from '../catalog.ts'
import { MAX_OPTIONS, MAX_VARIANTS } from '../variants.ts'
import { MAX_COMPONENT_QUANTITY, MAX_KIT_COMPONENTS } from '../kits.ts'
import { gtinProblem, normaliseGtin } from '../gtin.ts'
import { slugify } from '../slug.ts'
import { isLinkOrSitePath, LINK_MESSAGE, storableString } from './text.ts'

/**
 * Fixed segments of the staff routes under /product/ (app/routes.ts): a product whose id were one of
 * them would have a page nobody could reach.
 */
export const RESERVED_PRODUCT_IDS = new Set(['create'])

/**
 * Stripe's product ids: `prod_` and letters and digits (`prod_NWjs8kKbJWmuuc`). Checked here so a typo
 * or a pasted price id (`price_…`) is caught on the form and in imports, before checkout would send it
 * to Stripe; whether Stripe knows the product is checked on save when the shop runs on Stripe.
 */
export const STRIPE_PRODUCT_ID = /^prod_[A-Za-z0-9]+$/
export const STRIPE_PRODUCT_ID_MESSAGE = 'A Stripe product id is prod_ followed by letters and digits, such as prod_NWjs8kKbJWmuuc.'

const ID_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A made-up Stripe product id for a new product of a demo shop, which has no Stripe account to copy
 * one from: `prod_` and 14 random letters and digits, so it passes the form's check as a real one would.
 */
export function demoStripeProductId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14))
  return `prod_${Array.from(bytes, (byte) => ID_LETTERS[byte % ID_LETTERS.length]).join('')}`
}

/** The message shown under an empty required field (docs/specification.md, Forms and their checks). */
export const REQUIRED = 'required'

const required = (max: number) => storableString(max).min(1, REQUIRED)
const optional = (max: number) => storableString(max)
/** Links and image addresses: https:// anywhere, or a path on this site. */
const link = optional(2000).refine((value) => value === '' || isLinkOrSitePath(value), { message: LINK_MESSAGE })

export const productItemSchema = z.object({ value: optional(2000), label: optional(300), description: optional(5000) })
const linkItemSchema = productItemSchema.extend({ value: link })
const items = (schema: z.ZodType<{ value: string; label: string; description: string }>, max = 50) => z.array(schema).max(max, `At most ${max} entries.`)

export const priceItemSchema = z.object({
  value: z.number().int('Prices are whole cents.').min(0, 'A price cannot be negative.').max(100_000_000, 'That price is too high.'),
  label: optional(300),
  description: optional(200),
})

/** A product document as stored (prices in cents): the check for saves, restores and imports. */
export const productFieldsSchema = z.object({
  productName: required(200)
    .refine((name) => slugify(name) !== '', 'The name needs at least one letter or digit.')
    .refine(
      (name) => !RESERVED_PRODUCT_IDS.has(slugify(name)),
      'This name would give the product the address of a staff page (/product/create). Please choose another.',
    ),
  STUPID: required(200).refine((id) => id === '' || STRIPE_PRODUCT_ID.test(id), STRIPE_PRODUCT_ID_MESSAGE),
  productCategory: z.enum(CATEGORIES, { message: REQUIRED }),
  productImages: items(linkItemSchema, 20),
  productDescriptions: items(productItemSchema),
  productFeatures: items(productItemSchema),
  productSpecifications: items(productItemSchema),
  productDimensions: items(productItemSchema),
  productShipping: items(productItemSchema),
  productDownloads: items(linkItemSchema),
  productPrices: z.array(priceItemSchema).max(10, 'At most 10 prices.'),
  // Optional, so that a document from before it existed keeps the stored one. Whether it is honest
  // is judged from the product's history when staff save it (app/lib/was-price.ts), not here.
  productWasPriceCents: z
    .number()
    .int('Prices are whole cents.')
    .min(1, 'A was price must be more than $0.')
    .max(100_000_000, 'That price is too high.')
    .nullable()
    .optional(),
  // Shipping and stock: optional, so that a document from before they existed imports as it is.
  productWeightGrams: z.number().int('Whole grams.').min(0, 'A weight cannot be negative.').max(1_000_000, 'At most 1,000 kg.').optional(),
  productContainsLithium: z.boolean().optional(),
  productStockOnHand: z.number().int('Whole units.').min(0, 'Stock cannot be negative.').max(1_000_000, 'At most 1,000,000.').nullable().optional(),
  productAllowBackorder: z.boolean().optional(),
  productBackorderLeadTime: storableString(100).optional(),
  productLowStockThreshold: z.number().int('Whole units.').min(0, 'The alert level cannot be negative.').max(10_000, 'At most 10,000.').optional(),
  // Stock keeping: optional for the same reason (docs/domain.md, Stock keeping).
  productSku: z
    .string()
    .trim()
    .max(64, 'At most 64 characters.')
    .regex(/^[A-Za-z0-9._/-]*$/, 'A SKU is letters, digits and - _ . / only, such as UD-E900.')
    .optional(),
  productBarcode: z
    .string()
    .transform(normaliseGtin)
    .superRefine((code, context) => {
      const problem = code === '' ? null : gtinProblem(code)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    })
    .optional(),
  productCostCents: z
    .number()
    .int('Costs are whole cents.')
    .min(0, 'A cost cannot be negative.')
    .max(100_000_000, 'That cost is too high.')
    .nullable()
    .optional(),
  // Where else the product is shown: optional for the same reason.
  productStatus: z.enum(Object.keys(PRODUCT_STATUSES) as [ProductStatus, ...ProductStatus[]], { message: 'Choose active, draft or archived.' }).optional(),
  productFeatured: z.boolean().optional(),
  productRelated: z
    .array(
      z
        .string()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A product id, such as unipilot-x7-pro.')
        .max(200),
    )
    .max(MAX_RELATED, `At most ${MAX_RELATED} related products.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each related product once.')
    .optional(),
  productUseCases: z.boolean().optional(),
  // A kit's components (docs/domain.md, Kits): optional, so that a document from before keeps the stored ones.
  productKitComponents: z
    .array(
      z.strictObject({
        productId: z
          .string()
          .max(200)
          .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A product id, such as unidrone-e900.'),
        quantity: z
          .number()
          .int('Whole units.')
          .min(1, 'At least 1 of each component.')
          .max(MAX_COMPONENT_QUANTITY, `At most ${MAX_COMPONENT_QUANTITY} of one component.`),
      }),
    )
    .max(MAX_KIT_COMPONENTS, `At most ${MAX_KIT_COMPONENTS} components.`)
    .optional(),
})

/** An option's name ("Capacity") or one of its values ("22,000 mAh"). */
const optionText = storableString(60)
  .trim()
  .min(1, 'An option and each of its values need a name.')
  .refine((text) => !text.includes(' / '), 'An option or value cannot contain " / ", which separates values in names.')

/** A product id as stored (slugified), also each variant's. */
const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * One of a product's other variants in its document (docs/domain.md, Variants): its own id, its value
 * of each option, and the fields a variant has of its own, checked as the product's are.
 */
export const variantFieldsSchema = z
  .object({
    FBUID: z.string().max(200).regex(PRODUCT_ID, 'A variant id is lower-case letters, digits and dashes, such as unicell-6s-pair.'),
    productOptionValues: z.array(optionText).max(MAX_OPTIONS),
    productImages: items(linkItemSchema, 5),
  })
  .extend(
    productFieldsSchema.pick({
      productPrices: true,
      productWasPriceCents: true,
      productWeightGrams: true,
      productContainsLithium: true,
      productStockOnHand: true,
      productAllowBackorder: true,
      productBackorderLeadTime: true,
      productLowStockThreshold: true,
      productSku: true,
      productBarcode: true,
      productCostCents: true,
    }).shape,
  )

/** A product's options and its other variants, as its document carries them (optional: a file from before keeps the stored ones). */
export const productVariantsSchema = z.object({
  productOptionNames: z.array(optionText).max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options.`).optional(),
  productOptionValues: z.array(optionText).max(MAX_OPTIONS).optional(),
  productVariants: z
    .array(variantFieldsSchema)
    .max(MAX_VARIANTS - 1, `At most ${MAX_VARIANTS} variants.`)
    .optional(),
})

/**
 * Dollars as staff type them ("1,299.50", "$12", "12.5") to cents; null when it is not an amount
 * with at most two decimals. Parsed from the digits, never through floating point.
 */
export function dollarsToCents(input: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(input.trim())
  if (!match) return null
  const cents = Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

/** Cents to the dollars a staff member edits: 129950 → "1299.50". */
export function centsToDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/**
 * A whole number as typed ("1,250", " 12 "), for the form's weight, stock and low-stock level; a number as it is.
 * Anything else is the given message.
 */
const readWholeNumber = (input: string | number, message: string, context: z.RefinementCtx): number => {
  if (typeof input === 'number') return input
  const match = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)$/.exec(input.trim())
  const number = match ? Number(match[1]! + match[2]!.replace(/,/g, '')) : Number.NaN
  if (Number.isSafeInteger(number)) return number
  context.addIssue({ code: 'custom', message })
  return z.NEVER
}

export const WEIGHT_MESSAGE = 'Enter the weight in whole grams, such as 850.'
export const STOCK_MESSAGE = 'Enter the stock on hand as a whole number, such as 12.'
export const THRESHOLD_MESSAGE = 'Enter the low-stock alert level as a whole number, such as 3.'
export const WAS_PRICE_MESSAGE = 'Enter the was price in dollars, such as 1499.00, or leave it empty for none.'
export const COST_MESSAGE = 'Enter what one costs the shop in dollars, excluding GST, such as 612.50, or leave it empty.'

/** The product form: the same rules, with prices typed in dollars and weight and stock as typed text. */
export const productFormSchema = productFieldsSchema.extend({
  productWeightGrams: z
    .union([z.number(), z.string()])
    .transform((input, context) => readWholeNumber(input, WEIGHT_MESSAGE, context))
    .pipe(productFieldsSchema.shape.productWeightGrams.unwrap())
    .optional(),
  // null: stock is not tracked. Left out: the stored count is kept (a sale meanwhile is not overwritten).
  productStockOnHand: z
    .union([z.null(), z.number(), z.string()])
    .transform((input, context) => (input === null ? null : readWholeNumber(input, STOCK_MESSAGE, context)))
    .pipe(productFieldsSchema.shape.productStockOnHand.unwrap())
    .optional(),
  productLowStockThreshold: z
    .union([z.number(), z.string()])
    .transform((input, context) => readWholeNumber(input, THRESHOLD_MESSAGE, context))
    .pipe(productFieldsSchema.shape.productLowStockThreshold.unwrap())
    .optional(),
  // Empty: no was price.
  productWasPriceCents: z
    .union([z.null(), z.number(), z.string()])
    .transform((input, context) => {
      if (typeof input !== 'string') return input
      if (input.trim() === '') return null
      const cents = dollarsToCents(input)
      if (cents === null) context.addIssue({ code: 'custom', message: WAS_PRICE_MESSAGE })
      return cents ?? z.NEVER
    })
    .pipe(productFieldsSchema.shape.productWasPriceCents.unwrap())
    .optional(),
  // Empty: the cost is not known.
  productCostCents: z
    .union([z.null(), z.number(), z.string()])
    .transform((input, context) => {
      if (typeof input !== 'string') return input
      if (input.trim() === '') return null
      const cents = dollarsToCents(input)
      if (cents === null) context.addIssue({ code: 'custom', message: COST_MESSAGE })
      return cents ?? z.NEVER
    })
    .pipe(productFieldsSchema.shape.productCostCents.unwrap())
    .optional(),
  productPrices: z
    .array(
      priceItemSchema.extend({
        value: z
          .string()
          .transform((text, context) => {
            const cents = dollarsToCents(text)
            if (cents === null) context.addIssue({ code: 'custom', message: 'Enter a price in dollars, such as 1299.00.' })
            return cents ?? 0
          })
          .pipe(priceItemSchema.shape.value),
      }),
    )
    .max(10, 'At most 10 prices.'),
})

export type ProductFormInput = z.input<typeof productFormSchema>

/** Errors keyed by field path (`productName`, `productPrices.0.value`), for showing next to each input. */
export function productErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message
  return errors
}
