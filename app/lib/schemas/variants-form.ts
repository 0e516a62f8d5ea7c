import { gtinProblem, normaliseGtin } from '../gtin.ts'
import { MAX_OPTIONS } from '../variants.ts'
import { wasPriceNotHigher } from '../was-price.ts'
import { COST_MESSAGE, dollarsToCents, STOCK_MESSAGE, WAS_PRICE_MESSAGE, WEIGHT_MESSAGE } from './product.ts'

/** Rows of new variants the editor offers at the end (more after each save). */
export const NEW_VARIANT_ROWS = 2

/** One row of the variants editor, read and checked (app/server/catalog/variant-editor.server.ts saves it). */
export interface VariantFormRow {
  /** The variant's id; null for a row that adds one. */
  id: string | null
  optionValues: string[]
  priceCents: number | null
  /** Its was price (docs/decisions/048-honest-was-prices.md: the save checks its history). */
  wasPriceCents: number | null
  /** The payment provider's price id of its price (`price_…`); empty for none. */
  priceId: string
  stockOnHand: number | null
  allowBackorder: boolean
  backorderLeadTime: string
  /** The address of the product's picture shown when it is chosen; empty: the product's own. Not read for the first row. */
  image: string
  sku: string
  barcode: string
  costCents: number | null
  weightGrams: number
  containsLithium: boolean
  /** Taken out of the product (never the first row). */
  remove: boolean
  /** Its place on the form (0: the product itself), where a refusal of one of its values is shown. */
  formRow: number
}

export type VariantsForm = { ok: true; optionNames: string[]; rows: VariantFormRow[] } | { ok: false; errors: Record<string, string> }

/** The name of a row's field: `v2-sku`. */
export const rowField = (row: number, field: string) => `v${row}-${field}`

const SKU = /^[A-Za-z0-9._/-]*$/
/** Stripe's price ids: `price_` and letters and digits. */
export const STRIPE_PRICE_ID = /^price_[A-Za-z0-9]+$/
const PRICE_ID_MESSAGE = 'A Stripe price id is price_ followed by letters and digits, such as price_1MoBy5LkdIwHu7ix, or leave it empty.'

/**
 * Reads the variants editor: the option names (empty slots left out), then each row as the product
 * itself (row 0), its other variants, and the new rows staff filled in (an untouched new row is
 * nothing). Errors are keyed by field name, in words for staff.
 */
export function readVariantsForm(form: FormData): VariantsForm {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const errors: Record<string, string> = {}
  const slots = Array.from({ length: MAX_OPTIONS }, (_, index) => text(`option-${index}`).slice(0, 60))
  const named = slots.flatMap((name, index) => (name ? [index] : []))
  const optionNames = named.map((index) => slots[index]!)
  const count = Number(text('rows'))
  if (!Number.isInteger(count) || count < 1 || count > 200)
    return { ok: false, errors: { form: 'The form could not be read. Please reload the page and try again.' } }
  const rows: VariantFormRow[] = []
  for (let row = 0; row < count; row++) {
    const field = (name: string) => text(rowField(row, name))
    const id = field('id') || null
    const values = named.map((index) => field(`value-${index}`).slice(0, 60))
    const price = field('price')
    const stock = field('stock')
    const sku = field('sku')
    const barcode = normaliseGtin(field('barcode'))
    const cost = field('cost')
    const weight = field('weight')
    const was = field('was')
    const priceId = field('price-id')
    const leadTime = field('lead-time')
    // A row taken out is not checked: only its id matters.
    if (id && row > 0 && form.get(rowField(row, 'remove')) === 'on') {
      rows.push({
        id,
        optionValues: values,
        priceCents: null,
        wasPriceCents: null,
        priceId: '',
        stockOnHand: null,
        allowBackorder: false,
        backorderLeadTime: '',
        image: '',
        sku: '',
        barcode: '',
        costCents: null,
        weightGrams: 0,
        containsLithium: false,
        remove: true,
        formRow: row,
      })
      continue
    }
    // A new row nobody filled in adds nothing.
    if (!id && row > 0 && values.every((value) => !value) && !price && !sku && !barcode) continue
    const priceCents = price ? dollarsToCents(price) : null
    if (price && priceCents === null) errors[rowField(row, 'price')] = 'Enter the price in dollars, such as 1949.00.'
    if (!price && row > 0) errors[rowField(row, 'price')] = 'A variant needs a price.'
    const wasPriceCents = was ? dollarsToCents(was) : null
    if (was && wasPriceCents === null) errors[rowField(row, 'was')] = WAS_PRICE_MESSAGE
    const notHigher = wasPriceCents === null || (price && priceCents === null) ? null : wasPriceNotHigher(wasPriceCents, priceCents)
    if (notHigher) errors[rowField(row, 'was')] = notHigher
    if (priceId && !STRIPE_PRICE_ID.test(priceId)) errors[rowField(row, 'price-id')] = PRICE_ID_MESSAGE
    if (leadTime.length > 100) errors[rowField(row, 'lead-time')] = 'The lead time is at most 100 characters, such as 2–3 weeks.'
    const stockOnHand = stock ? (/^\d{1,7}$/.test(stock.replace(/,/g, '')) ? Number(stock.replace(/,/g, '')) : null) : null
    if (stock && stockOnHand === null) errors[rowField(row, 'stock')] = STOCK_MESSAGE
    if (!SKU.test(sku) || sku.length > 64) errors[rowField(row, 'sku')] = 'A SKU is letters, digits and - _ . / only, at most 64.'
    const barcodeProblem = barcode ? gtinProblem(barcode) : null
    if (barcodeProblem) errors[rowField(row, 'barcode')] = barcodeProblem
    const costCents = cost ? dollarsToCents(cost) : null
    if (cost && costCents === null) errors[rowField(row, 'cost')] = COST_MESSAGE
    const weightGrams = weight ? (/^\d{1,7}$/.test(weight.replace(/,/g, '')) ? Number(weight.replace(/,/g, '')) : null) : 0
    if (weightGrams === null) errors[rowField(row, 'weight')] = WEIGHT_MESSAGE
    for (const [at, value] of values.entries()) {
      if (!value && optionNames.length > 0) errors[rowField(row, `value-${named[at]}`)] = `Enter its ${optionNames[at]}.`
      else if (value.includes(' / ')) errors[rowField(row, `value-${named[at]}`)] = 'A value cannot contain " / ".'
    }
    rows.push({
      id,
      optionValues: values,
      priceCents,
      wasPriceCents,
      priceId,
      stockOnHand,
      allowBackorder: form.get(rowField(row, 'backorder')) === 'on',
      backorderLeadTime: leadTime,
      image: row > 0 ? field('image') : '',
      sku,
      barcode,
      costCents,
      weightGrams: weightGrams ?? 0,
      containsLithium: form.get(rowField(row, 'lithium')) === 'on',
      remove: false,
      formRow: row,
    })
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, optionNames, rows }
}
