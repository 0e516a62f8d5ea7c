import { isValidAbn } from '../abn.ts'
import { MAX_PAYMENT_DAYS, MIN_PAYMENT_DAYS, parsePercent, type TradePriceList } from '../trade.ts'
import { dollarsToCents } from './product.ts'
import { isStorableText } from './text.ts'

/**
 * The staff form that approves a customer as trade or changes their account (docs/domain.md, Trade
 * accounts), read from its fields: the business, optional terms (payment days and a credit limit,
 * both or neither), and the price list, as numbered rows: `categoryName-N` with `categoryPercent-N`,
 * and `productId-N` with `productPrice-N`. Empty rows are no entry.
 */

/** What the form holds as typed, to show again beside its messages. */
export interface TradeFormValues {
  company: string
  abn: string
  paymentDays: string
  creditLimit: string
  categories: { name: string; percent: string }[]
  products: { id: string; price: string }[]
}

export interface TradeAccountFields {
  company: string
  abn: string
  terms: { paymentDays: number; creditLimitCents: number } | null
  prices: TradePriceList
}

/** Rows a form may send of each kind: more than any shop has categories, and fixed prices enough for a large list. */
const MAX_ROWS = 500

const text = (form: FormData, name: string) => String(form.get(name) ?? '')

export function tradeFormValues(form: FormData): TradeFormValues {
  const rows = <T>(prefix: string, read: (index: number) => T) => {
    const found: T[] = []
    for (let index = 0; index < MAX_ROWS && form.has(`${prefix}-${index}`); index++) found.push(read(index))
    return found
  }
  return {
    company: text(form, 'company').slice(0, 500),
    abn: text(form, 'abn').slice(0, 100),
    paymentDays: text(form, 'paymentDays').slice(0, 20),
    creditLimit: text(form, 'creditLimit').slice(0, 30),
    categories: rows('categoryName', (index) => ({ name: text(form, `categoryName-${index}`), percent: text(form, `categoryPercent-${index}`).slice(0, 20) })),
    products: rows('productId', (index) => ({ id: text(form, `productId-${index}`).slice(0, 200), price: text(form, `productPrice-${index}`).slice(0, 30) })),
  }
}

/** The account the form describes, or each field's message (keyed by the field's name). */
export function parseTradeForm(values: TradeFormValues): { ok: true; account: TradeAccountFields } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const company = values.company.trim()
  if (!company) errors.company = 'required'
  else if (company.length > 200 || !isStorableText(company)) errors.company = 'At most 200 characters, without control characters.'
  const abn = values.abn.replace(/\s+/g, '')
  if (!abn) errors.abn = 'required'
  else if (!isValidAbn(abn)) errors.abn = 'Enter an 11-digit ABN; this one does not pass the ABN check.'

  let terms: TradeAccountFields['terms'] = null
  const daysText = values.paymentDays.trim()
  const limitText = values.creditLimit.trim()
  if (daysText || limitText) {
    const days = /^\d{1,3}$/.test(daysText) ? Number(daysText) : Number.NaN
    const limit = dollarsToCents(limitText)
    if (!daysText) errors.paymentDays = 'Give the payment days with the credit limit, or clear both for no terms.'
    else if (!(days >= MIN_PAYMENT_DAYS && days <= MAX_PAYMENT_DAYS))
      errors.paymentDays = `Enter whole days from ${MIN_PAYMENT_DAYS} to ${MAX_PAYMENT_DAYS}, such as 30.`
    if (!limitText) errors.creditLimit = 'Give a credit limit with the payment days, or clear both for no terms.'
    else if (limit === null || limit > 1_000_000_000) errors.creditLimit = 'Enter the limit in dollars, such as 5000 or 12,500.00.'
    if (!errors.paymentDays && !errors.creditLimit) terms = { paymentDays: days, creditLimitCents: limit! }
  }

  const prices: TradePriceList = { categories: {}, products: {} }
  values.categories.forEach((row, index) => {
    if (!row.percent.trim()) return
    const basisPoints = parsePercent(row.percent)
    if (basisPoints === null) errors[`categoryPercent-${index}`] = 'Enter a percentage from 0.01 to 99.99, such as 10 or 12.5.'
    else if (row.name) prices.categories[row.name] = basisPoints
  })
  values.products.forEach((row, index) => {
    const id = row.id.trim()
    const price = row.price.trim()
    if (!id && !price) return
    if (!id) return void (errors[`productId-${index}`] = 'Choose the product this price is for.')
    const cents = dollarsToCents(price)
    if (!price) errors[`productPrice-${index}`] = 'Enter the price including GST, or clear the product.'
    else if (cents === null || cents <= 0) errors[`productPrice-${index}`] = 'Enter the price including GST in dollars, such as 899 or 1,299.50.'
    else if (Object.hasOwn(prices.products, id)) errors[`productId-${index}`] = 'This product has a fixed price above already.'
    else prices.products[id] = cents
  })
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, account: { company, abn, terms, prices } }
}
