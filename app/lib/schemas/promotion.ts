import { z } from 'zod'
import { CODE_PATTERN, lastDay, normaliseCode, periodOf, type Benefit, type KitItem, type Promotion, type PromotionKind } from '../promotions.ts'
import { shopDay } from '../reports/periods.ts'
import { centsToDollars, dollarsToCents } from './product.ts'
import { isStorableText } from './text.ts'

/**
 * The staff form of a promotion (docs/domain.md, Promotions; /staff/promotions), read from its
 * fields as typed. Every field's problem is found at once and keyed by the field's name, so the form
 * shows each message beside its input and keeps what was typed. What the form cannot know (that the
 * products exist, that no other promotion has the code) the server checks when it saves.
 */

export const PROMOTION_KINDS = ['code', 'offer'] as const satisfies readonly PromotionKind[]
export const KIND_LABELS: Record<PromotionKind, string> = { code: 'Discount code', offer: 'Automatic offer' }
export const BENEFITS = ['percent', 'amount', 'free-shipping'] as const satisfies readonly Benefit[]

/** What a promotion takes off: every line, the lines of chosen categories and products, or complete kits. */
export const TARGETS = ['order', 'items', 'kit'] as const
export type Target = (typeof TARGETS)[number]
export const TARGET_LABELS: Record<Target, string> = {
  order: 'The whole order',
  items: 'Chosen categories and products',
  kit: 'A kit: products bought together',
}

export const MAX_NAME_LENGTH = 100
/** A kit holds at most this many of each product, and at most MAX_KIT_ITEMS products. */
export const MAX_KIT_QUANTITY = 10
export const MAX_KIT_ITEMS = 20
/** More products than any shop sells; a longer list is a broken form. */
export const MAX_PRODUCT_ROWS = 500
/** $100,000: more than any order of the shop. */
export const MAX_AMOUNT_CENTS = 10_000_000
export const MAX_USES = 1_000_000

/** The promotion as staff set it: everything but its id. */
export type PromotionFields = Omit<Promotion, 'id'>

/** The form's fields as typed (text), ticked boxes as booleans and lists. */
export interface PromotionFormValues {
  kind: string
  code: string
  name: string
  benefit: string
  percent: string
  amount: string
  /** Free shipping with this method only; empty: with any. */
  shippingMethodId: string
  target: string
  categories: string[]
  /** Product ids, one a row of the form; empty rows are no entry. */
  products: string[]
  kit: { productId: string; quantity: string }[]
  minSpend: string
  /** Brisbane days, `YYYY-MM-DD`, as `<input type=date>` sends them; empty: no limit. */
  firstDay: string
  lastDay: string
  usageLimit: string
  perCustomerLimit: string
  combinesWithOffers: boolean
  active: boolean
}

export const NEW_PROMOTION: PromotionFormValues = {
  kind: 'code',
  code: '',
  name: '',
  benefit: 'percent',
  percent: '',
  amount: '',
  shippingMethodId: '',
  target: 'order',
  categories: [],
  products: [],
  kit: [],
  minSpend: '',
  firstDay: '',
  lastDay: '',
  usageLimit: '',
  perCustomerLimit: '',
  combinesWithOffers: false,
  active: true,
}

const text = (form: FormData, name: string, max = 200) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.slice(0, max) : ''
}

/** The fields of a submitted form: rows `product-N` and `kitProduct-N` with `kitQuantity-N`, ticked `category` boxes. */
export function promotionFormInput(form: FormData): PromotionFormValues {
  const rows = <T>(prefix: string, read: (index: number) => T) => {
    const found: T[] = []
    for (let index = 0; index < MAX_PRODUCT_ROWS && form.has(`${prefix}-${index}`); index++) found.push(read(index))
    return found
  }
  return {
    kind: text(form, 'kind'),
    code: text(form, 'code', 100),
    name: text(form, 'name', 500),
    benefit: text(form, 'benefit'),
    percent: text(form, 'percent', 30),
    amount: text(form, 'amount', 30),
    shippingMethodId: text(form, 'shippingMethodId'),
    target: text(form, 'target'),
    categories: form
      .getAll('category')
      .filter((value) => typeof value === 'string')
      .slice(0, 100)
      .map((value) => value.slice(0, 200)),
    products: rows('product', (index) => text(form, `product-${index}`)),
    kit: rows('kitProduct', (index) => ({ productId: text(form, `kitProduct-${index}`), quantity: text(form, `kitQuantity-${index}`, 20) })),
    minSpend: text(form, 'minSpend', 30),
    firstDay: text(form, 'firstDay', 30),
    lastDay: text(form, 'lastDay', 30),
    usageLimit: text(form, 'usageLimit', 30),
    perCustomerLimit: text(form, 'perCustomerLimit', 30),
    combinesWithOffers: form.has('combinesWithOffers'),
    active: form.has('active'),
  }
}

/** A stored promotion as the form shows it. */
export function promotionFormValues(promotion: PromotionFields): PromotionFormValues {
  const target: Target = promotion.kit.length > 0 ? 'kit' : promotion.productIds.length > 0 || promotion.categories.length > 0 ? 'items' : 'order'
  return {
    kind: promotion.kind,
    code: promotion.code ?? '',
    name: promotion.name,
    benefit: promotion.benefit,
    percent: promotion.percentBp === null ? '' : formatPercentOff(promotion.percentBp),
    amount: promotion.amountCents === null ? '' : centsToDollars(promotion.amountCents),
    shippingMethodId: promotion.shippingMethodId ?? '',
    target,
    categories: [...promotion.categories],
    products: [...promotion.productIds],
    kit: promotion.kit.map((item) => ({ productId: item.productId, quantity: String(item.quantity) })),
    minSpend: promotion.minSpendCents > 0 ? centsToDollars(promotion.minSpendCents) : '',
    firstDay: promotion.startsAt ? shopDay(promotion.startsAt) : '',
    lastDay: promotion.endsAt ? lastDay(promotion.endsAt) : '',
    usageLimit: promotion.usageLimit === null ? '' : String(promotion.usageLimit),
    perCustomerLimit: promotion.perCustomerLimit === null ? '' : String(promotion.perCustomerLimit),
    combinesWithOffers: promotion.combinesWithOffers,
    active: promotion.active,
  }
}

/** Hundredths of a percent as staff type them: 1500 → "15", 1250 → "12.5", 725 → "7.25". */
export function formatPercentOff(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100)
  const hundredths = basisPoints % 100
  return hundredths === 0 ? String(whole) : `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}`
}

/** A percentage off as typed ("15", "12.5", "7.25 %") in hundredths of a percent, or null when it is not 0.01 to 100. */
export function parsePercentOff(typed: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(typed.trim())
  if (!match) return null
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return basisPoints >= 1 && basisPoints <= 10_000 ? basisPoints : null
}

/** A whole number as typed ("100", "1,000"), or null. */
function wholeNumber(typed: string): number | null {
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)$/.exec(typed.trim())
  if (!match) return null
  const number = Number(match[1]!.replace(/,/g, ''))
  return Number.isSafeInteger(number) ? number : null
}

/** A day as `<input type=date>` sends it, and a real one (no 31 June). */
export function isDay(typed: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(typed)) return false
  const date = new Date(`${typed}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === typed
}

const PERCENT_MESSAGE = 'Enter a percentage from 0.01 to 100, such as 15 or 12.5.'
const AMOUNT_MESSAGE = 'Enter the amount off in dollars, more than 0, such as 20 or 49.95.'
const DAY_MESSAGE = 'Choose a day, or leave it empty.'
const USES_MESSAGE = `Enter a whole number from 1 to ${MAX_USES.toLocaleString('en-AU')}, or leave it empty for no limit.`

/**
 * The promotion form: text as typed to a promotion, or every field's message. A code is stored
 * upper-cased (codes are case-insensitive); a percentage in hundredths of a percent; amounts in
 * cents; the days as the Brisbane midnights they start and end at (app/lib/promotions.ts, periodOf).
 */
export const promotionFormSchema = z
  .object({
    kind: z.string(),
    code: z.string(),
    name: z.string(),
    benefit: z.string(),
    percent: z.string(),
    amount: z.string(),
    shippingMethodId: z.string(),
    target: z.string(),
    categories: z.array(z.string()),
    products: z.array(z.string()),
    kit: z.array(z.object({ productId: z.string(), quantity: z.string() })),
    minSpend: z.string(),
    firstDay: z.string(),
    lastDay: z.string(),
    usageLimit: z.string(),
    perCustomerLimit: z.string(),
    combinesWithOffers: z.boolean(),
    active: z.boolean(),
  })
  .transform((form, context): PromotionFields => {
    const problem = (field: string, message: string) => context.addIssue({ code: 'custom', path: [field], message })
    const kind = (PROMOTION_KINDS as readonly string[]).includes(form.kind) ? (form.kind as PromotionKind) : null
    if (!kind) problem('kind', 'Choose a discount code or an automatic offer.')
    const isCode = kind === 'code'

    const code = normaliseCode(form.code)
    if (isCode) {
      if (!code) problem('code', 'required: the code shoppers type, such as BLACKFRIDAY.')
      else if (!CODE_PATTERN.test(code)) problem('code', 'A code is 2 to 40 letters, digits, dashes (-) or underscores (_), starting with a letter or digit.')
    } else if (kind === 'offer' && code) problem('code', 'An automatic offer has no code: clear it, or choose “Discount code”.')

    const name = form.name.trim()
    if (!name) problem('name', 'required: what shoppers read, such as “15 % off cameras”.')
    else if (name.length > MAX_NAME_LENGTH || !isStorableText(name)) problem('name', `At most ${MAX_NAME_LENGTH} characters.`)

    const benefit = (BENEFITS as readonly string[]).includes(form.benefit) ? (form.benefit as Benefit) : null
    if (!benefit) problem('benefit', 'Choose a percentage off, an amount off or free shipping.')
    let percentBp: number | null = null
    let amountCents: number | null = null
    if (benefit === 'percent') {
      percentBp = parsePercentOff(form.percent)
      if (percentBp === null) problem('percent', form.percent.trim() ? PERCENT_MESSAGE : 'required: the percentage off, such as 15 or 12.5.')
    } else if (benefit === 'amount') {
      amountCents = dollarsToCents(form.amount)
      if (amountCents === null || amountCents <= 0) {
        problem('amount', form.amount.trim() ? AMOUNT_MESSAGE : 'required: the amount off in dollars, such as 20.')
        amountCents = null
      } else if (amountCents > MAX_AMOUNT_CENTS) {
        problem('amount', `At most $${(MAX_AMOUNT_CENTS / 100).toLocaleString('en-AU')}.`)
      }
    }
    const shippingMethodId = benefit === 'free-shipping' ? form.shippingMethodId.trim() || null : null

    const target = (TARGETS as readonly string[]).includes(form.target) ? (form.target as Target) : null
    if (!target) problem('target', 'Choose what the promotion applies to.')
    let categories: string[] = []
    let productIds: string[] = []
    const kit: KitItem[] = []
    if (benefit === 'free-shipping' && target !== 'order' && target !== null) {
      problem('target', 'Free shipping is on the whole order: choose “The whole order”.')
    } else if (target === 'items') {
      categories = [...new Set(form.categories.map((category) => category.trim()).filter(Boolean))]
      productIds = [...new Set(form.products.map((id) => id.trim()).filter(Boolean))]
      if (categories.length === 0 && productIds.length === 0) problem('target', 'Tick at least one category or choose at least one product.')
    } else if (target === 'kit') {
      let rowProblems = false
      const rowProblem = (field: string, message: string) => {
        rowProblems = true
        problem(field, message)
      }
      form.kit.forEach((row, index) => {
        const productId = row.productId.trim()
        const quantityText = row.quantity.trim()
        if (!productId && !quantityText) return
        if (!productId) return rowProblem(`kitProduct-${index}`, 'Choose the product, or clear its quantity.')
        const quantity = quantityText ? wholeNumber(quantityText) : 1
        if (quantity === null || quantity < 1 || quantity > MAX_KIT_QUANTITY) {
          return rowProblem(`kitQuantity-${index}`, `Enter how many the kit holds, from 1 to ${MAX_KIT_QUANTITY}.`)
        }
        if (kit.some((item) => item.productId === productId)) return rowProblem(`kitProduct-${index}`, 'This product is in the kit above already.')
        kit.push({ productId, quantity })
      })
      if (kit.length === 0 && !rowProblems) {
        problem('target', 'A kit needs at least one product with its quantity.')
      } else if (kit.length > MAX_KIT_ITEMS) problem('target', `A kit holds at most ${MAX_KIT_ITEMS} products.`)
    }

    let minSpendCents = 0
    if (form.minSpend.trim()) {
      const cents = dollarsToCents(form.minSpend)
      if (cents === null || cents > MAX_AMOUNT_CENTS) problem('minSpend', 'Enter the minimum spend in dollars, such as 200, or leave it empty.')
      else minSpendCents = cents
    }

    const firstDay = form.firstDay.trim()
    const lastDayText = form.lastDay.trim()
    if (firstDay && !isDay(firstDay)) problem('firstDay', DAY_MESSAGE)
    if (lastDayText && !isDay(lastDayText)) problem('lastDay', DAY_MESSAGE)
    else if (firstDay && lastDayText && isDay(firstDay) && lastDayText < firstDay) problem('lastDay', 'The last day cannot be before the first day.')
    const period = periodOf(isDay(firstDay) ? firstDay : null, isDay(lastDayText) ? lastDayText : null)

    const limit = (field: 'usageLimit' | 'perCustomerLimit') => {
      const typed = form[field].trim()
      if (!typed) return null
      if (!isCode) {
        problem(field, 'Only a discount code counts its uses: leave this empty for an automatic offer.')
        return null
      }
      const uses = wholeNumber(typed)
      if (uses === null || uses < 1 || uses > MAX_USES) {
        problem(field, USES_MESSAGE)
        return null
      }
      return uses
    }
    const usageLimit = limit('usageLimit')
    const perCustomerLimit = limit('perCustomerLimit')

    return {
      kind: kind ?? 'code',
      code: isCode ? code : null,
      name,
      active: form.active,
      benefit: benefit ?? 'percent',
      percentBp,
      amountCents,
      productIds,
      categories,
      kit,
      shippingMethodId,
      minSpendCents,
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      usageLimit,
      perCustomerLimit,
      // An offer never adds to offers: the choice is a code's.
      combinesWithOffers: isCode && form.combinesWithOffers,
    }
  })
