import { asc } from 'drizzle-orm'
import Stripe from 'stripe'
import { z } from 'zod'
import type { PriceItem } from '../../lib/catalog.ts'
import { dollarsToCents } from '../../lib/schemas/product.ts'
import type { Executor } from '../db/client.server.ts'
import { products } from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { stripeClient } from '../checkout/payments/stripe.server.ts'
import { logger } from '../log.server.ts'
import { variantNameSql } from './products.server.ts'

/**
 * The link between the shop's catalogue and Stripe's (issue #9): staff read a Stripe product and its
 * prices into the product form, see the account's payment links against the shop's prices, and check
 * the whole catalogue. Everything here only reads: nothing is written to Stripe or to the database. A
 * fetched price becomes the shop's through the ordinary product save, with its history row.
 *
 * The pure parts (`unusableReason`, `proposePrices`, `matchLine`, `compareProduct`) take plain facts
 * and are unit-tested; the rest calls Stripe through the SDK and turns its errors into messages.
 */

/** The shop sells in Australian dollars only (docs/domain.md, Money and GST). */
export const SHOP_CURRENCY = 'aud'
/** The label a price entry gets when Stripe's price has no nickname. */
export const DEFAULT_PRICE_LABEL = 'Price (inc. GST)'
/** As the product schema allows. */
export const MAX_PRICE_ENTRIES = 10

/** For the operator (`npm run catalog:check`), naming the settings. */
export const NEEDS_STRIPE =
  'This needs Stripe: the shop runs with the demo payment page (PAYMENT_PROVIDER=demo). Set PAYMENT_PROVIDER=stripe, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to use it.'
/** For staff on the screens, who do not set the server's configuration. */
export const NEEDS_STRIPE_FOR_STAFF =
  'This needs Stripe: the shop takes payments on its demo payment page. Whoever runs the shop’s server can connect it to Stripe.'

/* ───────────────────────────── Facts read from Stripe ───────────────────────────── */

export interface StripeProductFacts {
  id: string
  name: string
  active: boolean
  defaultPriceId: string | null
}

export interface StripePriceFacts {
  id: string
  productId: string
  active: boolean
  /** Lower-case ISO code, as Stripe gives it. */
  currency: string
  /** In the currency's smallest unit (cents for AUD); null for customer-chosen or tiered amounts. */
  unitAmount: number | null
  recurring: boolean
  nickname: string | null
}

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.id)

export function productFacts(product: Stripe.Product): StripeProductFacts {
  return { id: product.id, name: product.name, active: product.active, defaultPriceId: idOf(product.default_price ?? null) }
}

export function priceFacts(price: Stripe.Price): StripePriceFacts {
  return {
    id: price.id,
    productId: idOf(price.product) ?? '',
    active: price.active,
    currency: price.currency.toLowerCase(),
    unitAmount: price.unit_amount,
    recurring: price.type === 'recurring' || price.recurring !== null,
    nickname: price.nickname,
  }
}

/** Amounts as Stripe counts them (smallest unit) shown in their currency: 129900 aud → "$1,299.00". */
export function formatAmount(amount: number | null, currency: string): string {
  if (amount === null) return 'no fixed amount'
  const code = currency.toUpperCase()
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat('en-AU', { style: 'currency', currency: code })
  } catch {
    return `${amount} ${code}`
  }
  // Stripe counts in the currency's smallest unit: cents for AUD, yen for JPY.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(amount / 10 ** digits)
}

/** Why a Stripe price cannot be a price entry of the shop's product sold as `productId`; null when it can. */
export function unusableReason(price: StripePriceFacts, productId: string): string | null {
  if (price.productId !== productId) return `${price.id} belongs to another Stripe product (${price.productId})`
  if (!price.active) return `${price.id} is archived in Stripe`
  if (price.currency !== SHOP_CURRENCY) return `${price.id} is in ${price.currency.toUpperCase()}; the shop sells in AUD only`
  if (price.recurring) return `${price.id} is a recurring price; the shop sells one-off purchases`
  if (price.unitAmount === null) return `${price.id} has no fixed amount (customer-chosen or tiered)`
  return null
}

/** Price ids worth asking Stripe about: what Stripe's ids look like, nothing that could bend a URL. */
const PRICE_ID = /^[A-Za-z0-9_-]{1,255}$/

/* ───────────────────────────── Fetch from Stripe (product form) ───────────────────────────── */

/** A price entry as the form has it: the typed amount in cents (null when it is not an amount). */
export interface FormPriceEntry {
  value: number | null
  label: string
  description: string
}

export interface PriceEntry {
  value: number
  label: string
  description: string
}

/**
 * What accepting does to one entry: `unchanged`; `corrected` (Stripe's amount); `linked` (an entry
 * without a price id gets one, and its amount); `replaced` (its price is archived, gone, in another
 * currency…: an active price takes its place); `added` (a price Stripe has that the form lacks);
 * `kept` (it does not match Stripe and there is nothing to put in its place: left as typed).
 */
export type PriceChange = 'unchanged' | 'corrected' | 'linked' | 'replaced' | 'added' | 'kept'

export interface ProposalRow {
  /** The entry's position in the list the form sent; null for an added price. */
  from: number | null
  change: PriceChange
  before: FormPriceEntry | null
  /** The entry after accepting; null when it is kept as typed. */
  after: PriceEntry | null
  /** Why an entry is replaced or kept. */
  note: string | null
}

export interface PriceProposal {
  ok: true
  product: StripeProductFacts
  rows: ProposalRow[]
  /** Stripe's prices of the product that cannot be shop prices, and why. */
  notes: string[]
  /** How many entries accepting would change. */
  changes: number
}

export interface PriceRefusal {
  ok: false
  message: string
  notes: string[]
}

/**
 * The price entries the form should have, given the Stripe product, its active prices and the prices
 * the form's entries name (`referenced`: id → price, or null when Stripe has no such price). Entries
 * keep their place and label; Stripe's amount and price id go in. Refused when the product is
 * archived or has no active one-off price in AUD.
 */
export function proposePrices(
  product: StripeProductFacts,
  activePrices: readonly StripePriceFacts[],
  referenced: ReadonlyMap<string, StripePriceFacts | null>,
  current: readonly FormPriceEntry[],
): PriceProposal | PriceRefusal {
  const notes: string[] = []
  const usable: StripePriceFacts[] = []
  for (const price of activePrices) {
    const reason = unusableReason(price, product.id)
    if (reason) notes.push(`Not used: ${reason}.`)
    else usable.push(price)
  }
  if (!product.active) {
    return { ok: false, message: `The Stripe product ${product.id} (“${product.name}”) is archived: make it active in Stripe, or correct the STUPID.`, notes }
  }
  if (usable.length === 0) {
    return {
      ok: false,
      message: `The Stripe product ${product.id} (“${product.name}”) has no active one-off price in AUD, so there is nothing the shop could charge. Add an AUD price in Stripe.`,
      notes,
    }
  }
  // The product's default price is the one an entry without a price id takes first.
  usable.sort((a, b) => Number(b.id === product.defaultPriceId) - Number(a.id === product.defaultPriceId))
  const byId = new Map(usable.map((price) => [price.id, price]))
  const activeById = new Map(activePrices.map((price) => [price.id, price]))
  const claimedBy = new Map<string, number>()
  const rows: (ProposalRow | undefined)[] = new Array(current.length)

  const entryFor = (price: StripePriceFacts, before: FormPriceEntry | null): PriceEntry => ({
    value: price.unitAmount!,
    label: before?.label.trim() || price.nickname?.trim() || DEFAULT_PRICE_LABEL,
    description: price.id,
  })

  // First the entries that already name a usable price: they keep it, at Stripe's amount.
  current.forEach((entry, index) => {
    const price = byId.get(entry.description.trim())
    if (!price || claimedBy.has(price.id)) return
    claimedBy.set(price.id, index)
    const after = entryFor(price, entry)
    const same = entry.value === after.value && entry.label === after.label && entry.description === after.description
    rows[index] = { from: index, change: same ? 'unchanged' : 'corrected', before: entry, after, note: null }
  })
  const unclaimed = () => usable.find((price) => !claimedBy.has(price.id))

  // Then the others, in order: each takes the next active price nobody has, or is kept as it is.
  current.forEach((entry, index) => {
    if (rows[index]) return
    const id = entry.description.trim()
    let problem: string | null = null
    if (id) {
      const stripePrice = activeById.get(id) ?? referenced.get(id)
      if (byId.has(id)) problem = `${id} is already the price of entry ${claimedBy.get(id)! + 1}`
      else if (!PRICE_ID.test(id)) problem = `“${id}” is not a Stripe price id`
      else if (!stripePrice) problem = `Stripe has no price ${id}`
      else problem = unusableReason(stripePrice, product.id) ?? `${id} cannot be used`
    }
    const price = unclaimed()
    if (!price) {
      rows[index] = {
        from: index,
        change: 'kept',
        before: entry,
        after: null,
        note: problem ? `${problem}, and Stripe has no other active AUD price for it: kept as it is.` : 'Stripe has no more active AUD prices: kept as it is.',
      }
      return
    }
    claimedBy.set(price.id, index)
    rows[index] = {
      from: index,
      change: id ? 'replaced' : 'linked',
      before: entry,
      after: entryFor(price, entry),
      note: problem ? `${problem}; ${price.id} takes its place.` : null,
    }
  })

  // Last, Stripe's remaining active prices are offered as new entries, as far as the form allows.
  const proposal = rows as ProposalRow[]
  for (const price of usable) {
    if (claimedBy.has(price.id)) continue
    if (proposal.length >= MAX_PRICE_ENTRIES) {
      notes.push(`Not added: ${price.id} (${formatAmount(price.unitAmount, price.currency)}); a product has at most ${MAX_PRICE_ENTRIES} prices.`)
      continue
    }
    claimedBy.set(price.id, proposal.length)
    proposal.push({ from: null, change: 'added', before: null, after: entryFor(price, null), note: null })
  }
  const changes = proposal.filter((row) => row.change !== 'unchanged' && row.change !== 'kept').length
  return { ok: true, product, rows: proposal, notes, changes }
}

/** What the "Fetch from Stripe" button sends: the STUPID and the price entries as typed (dollars). */
const fetchRequestSchema = z.object({
  STUPID: z.string().trim().min(1, 'Enter the STUPID (the Stripe product id, prod_…) first.').max(200, 'The STUPID is too long.'),
  prices: z
    .array(z.object({ value: z.string().max(50), label: z.string().max(300), description: z.string().max(200) }))
    .max(MAX_PRICE_ENTRIES, `At most ${MAX_PRICE_ENTRIES} prices.`),
})

export function readFetchRequest(form: FormData): { ok: true; STUPID: string; prices: FormPriceEntry[] } | { ok: false; message: string } {
  let prices: unknown
  try {
    prices = JSON.parse(String(form.get('prices') ?? '[]'))
  } catch {
    prices = undefined
  }
  const parsed = fetchRequestSchema.safeParse({ STUPID: String(form.get('STUPID') ?? ''), prices })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, message: issue.path[0] === 'STUPID' ? issue.message : 'The form’s prices could not be read. Please reload the page and try again.' }
  }
  return {
    ok: true,
    STUPID: parsed.data.STUPID,
    prices: parsed.data.prices.map((entry) => ({ value: dollarsToCents(entry.value), label: entry.label, description: entry.description.trim() })),
  }
}

/**
 * Reads the Stripe product `stupid` (`GET products/{id}`), its active prices (`GET prices?product=…
 * &active=true`) and each price the entries name that is not among them (`GET prices/{id}`), and
 * proposes the entries. Throws a StripeCatalogError the screen can show when Stripe cannot answer.
 */
export async function fetchStripeProductPrices(stripe: Stripe, stupid: string, current: FormPriceEntry[]): Promise<PriceProposal | PriceRefusal> {
  const facts = await readStripeProduct(stripe, stupid, current)
  if (!facts.product) throw new StripeCatalogError(`Stripe has no product “${stupid}”. Check the STUPID: it is the product’s id in Stripe (prod_…).`, 404)
  return proposePrices(facts.product, facts.activePrices, facts.referenced, current)
}

/**
 * Whether the product form may save `stupid` as a product's Stripe product id: null when Stripe has
 * the product and it is active, otherwise the reason for staff. Checkout names this product to Stripe,
 * so an id Stripe does not know would only fail when a shopper pays. Throws a StripeCatalogError when
 * Stripe cannot be asked.
 */
export async function stripeProductRefusal(stripe: Stripe, stupid: string): Promise<string | null> {
  const product = await orMissing(stripe.products.retrieve(stupid), `read the Stripe product ${stupid}`)
  if (!product) {
    return `Stripe has no product ${stupid}. Copy the id from the product’s page in Stripe’s dashboard (Product catalogue), or create the product there first.`
  }
  if (!product.active) return `The Stripe product ${stupid} (“${product.name}”) is archived: make it active in Stripe, or use another product’s id.`
  return null
}

/** A refused product save, as the product form's routes answer it. */
export interface StripeProductCheckRefusal {
  status: number
  errors: Record<string, string>
  formError?: string
}

/**
 * The product form's save check on a shop that runs on Stripe (a demo shop has no Stripe to ask):
 * refused with the reason when Stripe has no such product, and with Stripe's trouble when it cannot be
 * reached (503), so nothing is saved unchecked and the form keeps what was typed.
 */
export async function checkStripeProductForSave(config: Env, stupid: string): Promise<StripeProductCheckRefusal | null> {
  if (config.PAYMENT_PROVIDER !== 'stripe') return null
  try {
    const reason = await stripeProductRefusal(stripeClient(config), stupid)
    return reason ? { status: 400, errors: { STUPID: reason } } : null
  } catch (error) {
    if (!(error instanceof StripeCatalogError)) throw error
    return {
      status: error.status >= 500 ? 503 : error.status,
      errors: { STUPID: 'Not checked: Stripe could not be asked about this product.' },
      formError: `Nothing was saved: the Stripe product id could not be checked with Stripe. ${error.message}`,
    }
  }
}

interface StripeProductRead {
  product: StripeProductFacts | null
  activePrices: StripePriceFacts[]
  referenced: Map<string, StripePriceFacts | null>
}

async function readStripeProduct(stripe: Stripe, stupid: string, entries: readonly { description: string }[]): Promise<StripeProductRead> {
  const product = await orMissing(stripe.products.retrieve(stupid), `read the Stripe product ${stupid}`)
  if (!product) return { product: null, activePrices: [], referenced: new Map() }
  const activePrices: StripePriceFacts[] = []
  await calling(`list the prices of ${stupid}`, async () => {
    for await (const price of stripe.prices.list({ product: stupid, active: true, limit: 100 })) {
      activePrices.push(priceFacts(price))
      if (activePrices.length >= 200) break
    }
  })
  const known = new Set(activePrices.map((price) => price.id))
  const wanted = [...new Set(entries.map((entry) => entry.description.trim()))].filter((id) => id && !known.has(id) && PRICE_ID.test(id))
  const referenced = new Map<string, StripePriceFacts | null>()
  for (const id of wanted) {
    const price = await orMissing(stripe.prices.retrieve(id), `read the Stripe price ${id}`)
    referenced.set(id, price ? priceFacts(price) : null)
  }
  return { product: productFacts(product), activePrices, referenced }
}

/* ───────────────────────────── Payment links ───────────────────────────── */

/** A product of the shop, as far as its prices go. */
export interface ShopProductPrices {
  FBUID: string
  productName: string
  STUPID: string
  productPrices: PriceItem[]
}

export async function listShopPrices(db: Executor): Promise<ShopProductPrices[]> {
  return db
    .select({ FBUID: products.id, productName: variantNameSql, STUPID: products.STUPID, productPrices: products.productPrices })
    .from(products)
    .orderBy(asc(products.productName))
}

/**
 * How a payment link's line stands against the shop: `price` (a shop product shows this very price,
 * at this amount), `other-amount` (a shop product names this price but shows another amount or it
 * is not AUD), `product` (the product is in the shop, the price is not), `none` (not in the shop).
 */
export type LineMatch =
  | { kind: 'price' | 'other-amount'; FBUID: string; productName: string; shopAmount: number }
  | { kind: 'product'; FBUID: string; productName: string; shopAmount: number | null }
  | { kind: 'none' }

export interface LineFacts {
  priceId: string | null
  productId: string | null
  unitAmount: number | null
  currency: string
}

export function matchLine(line: LineFacts, shop: readonly ShopProductPrices[]): LineMatch {
  if (line.priceId) {
    for (const product of shop) {
      const entry = product.productPrices.find((price) => price.description.trim() === line.priceId)
      if (!entry) continue
      const same = line.currency === SHOP_CURRENCY && line.unitAmount === entry.value
      return { kind: same ? 'price' : 'other-amount', FBUID: product.FBUID, productName: product.productName, shopAmount: entry.value }
    }
  }
  const product = line.productId ? shop.find((candidate) => candidate.STUPID.trim() === line.productId) : undefined
  if (product) return { kind: 'product', FBUID: product.FBUID, productName: product.productName, shopAmount: product.productPrices[0]?.value ?? null }
  return { kind: 'none' }
}

export interface PaymentLinkLine extends LineFacts {
  id: string
  description: string
  quantity: number
  amountText: string
  match: LineMatch
}

export interface PaymentLinkRow {
  id: string
  url: string
  active: boolean
  lines: PaymentLinkLine[]
  /** Lines the link sells at a price the shop does not show (anything but `price`). */
  unmatched: number
}

export interface PaymentLinkList {
  links: PaymentLinkRow[]
  /** More links than `limit`, the most the screen lists. */
  truncated: boolean
  limit: number
}

export const MAX_PAYMENT_LINKS = 200
const MAX_LINES = 100

/**
 * The account's payment links (`GET payment_links`, every page) with their line items (`GET
 * payment_links/{id}/line_items`, every page), each line matched against the shop's prices.
 */
export async function listPaymentLinks(stripe: Stripe, shop: readonly ShopProductPrices[]): Promise<PaymentLinkList> {
  const links: Stripe.PaymentLink[] = []
  let truncated = false
  await calling('list the payment links', async () => {
    for await (const link of stripe.paymentLinks.list({ limit: 100 })) {
      if (links.length >= MAX_PAYMENT_LINKS) {
        truncated = true
        break
      }
      links.push(link)
    }
  })
  const rows = await mapLimit(links, 4, async (link): Promise<PaymentLinkRow> => {
    const items = await calling(`list the line items of ${link.id}`, () =>
      stripe.paymentLinks.listLineItems(link.id, { limit: 100 }).autoPagingToArray({ limit: MAX_LINES }),
    )
    const lines = items.map((item): PaymentLinkLine => {
      const price = item.price ? priceFacts(item.price) : null
      const facts: LineFacts = {
        priceId: price?.id ?? null,
        productId: price?.productId || null,
        unitAmount: price?.unitAmount ?? null,
        currency: price?.currency ?? item.currency,
      }
      return {
        ...facts,
        id: item.id,
        description: item.description ?? price?.nickname ?? price?.id ?? 'Line',
        quantity: item.quantity ?? 1,
        amountText: formatAmount(facts.unitAmount, facts.currency),
        match: matchLine(facts, shop),
      }
    })
    return { id: link.id, url: link.url, active: link.active, lines, unmatched: lines.filter((line) => line.match.kind !== 'price').length }
  })
  return { links: rows, truncated, limit: MAX_PAYMENT_LINKS }
}

/* ───────────────────────────── Catalogue check ───────────────────────────── */

export type MismatchKind =
  'missing-product' | 'inactive-product' | 'missing-price' | 'inactive-price' | 'other-amount' | 'other-currency' | 'other-product' | 'not-one-off'

export interface Mismatch {
  kind: MismatchKind
  /** The kind in words ("Other amount"). */
  label: string
  /** The price entry (0-based) it is about; null for the product as a whole. */
  entry: number | null
  message: string
}

export interface ProductCheck {
  FBUID: string
  productName: string
  STUPID: string
  mismatches: Mismatch[]
}

export interface CatalogCheck {
  products: ProductCheck[]
  /** Products checked, and mismatches found in all of them. */
  checked: number
  mismatches: number
}

export const MISMATCH_LABELS: Record<MismatchKind, string> = {
  'missing-product': 'Missing product',
  'inactive-product': 'Archived product',
  'missing-price': 'Missing price',
  'inactive-price': 'Inactive price',
  'other-amount': 'Other amount',
  'other-currency': 'Other currency',
  'other-product': 'Price of another product',
  'not-one-off': 'Not a one-off price',
}

/**
 * The shop's product against Stripe's: the product must exist and be active; each price entry that
 * names a price must name an active, one-off AUD price of that product at the shop's amount; an entry
 * that names none must have its amount among the product's active AUD prices (else a payment link or
 * the dashboard sells at a price the shop does not show).
 */
export function compareProduct(
  shopProduct: ShopProductPrices,
  stripeProduct: StripeProductFacts | null,
  activePrices: readonly StripePriceFacts[],
  referenced: ReadonlyMap<string, StripePriceFacts | null>,
): Mismatch[] {
  const stupid = shopProduct.STUPID.trim()
  const mismatch = (kind: MismatchKind, entry: number | null, message: string): Mismatch => ({ kind, label: MISMATCH_LABELS[kind], entry, message })
  if (!stripeProduct) return [mismatch('missing-product', null, `Stripe has no product ${stupid}.`)]
  const mismatches: Mismatch[] = []
  if (!stripeProduct.active) mismatches.push(mismatch('inactive-product', null, `The Stripe product ${stupid} is archived.`))
  const active = new Map(activePrices.map((price) => [price.id, price]))
  const usable = activePrices.filter((price) => unusableReason(price, stripeProduct.id) === null)
  shopProduct.productPrices.forEach((entry, index) => {
    const shown = formatAmount(entry.value, SHOP_CURRENCY)
    const at = `Price ${index + 1}`
    const add = (kind: MismatchKind, message: string) => mismatches.push(mismatch(kind, index, `${at}: ${message}`))
    const id = entry.description.trim()
    if (!id) {
      if (usable.some((price) => price.unitAmount === entry.value)) return
      if (usable.length === 0) add('missing-price', `the shop shows ${shown}; Stripe has no active one-off AUD price for ${stupid}.`)
      else
        add(
          'other-amount',
          `the shop shows ${shown}; Stripe’s active prices are ${usable.map((price) => `${formatAmount(price.unitAmount, price.currency)} (${price.id})`).join(', ')}.`,
        )
      return
    }
    const price = active.get(id) ?? referenced.get(id) ?? null
    if (!price) {
      add('missing-price', `Stripe has no price ${id}.`)
      return
    }
    if (price.productId !== stripeProduct.id) add('other-product', `${id} is a price of another Stripe product (${price.productId}).`)
    if (!price.active) add('inactive-price', `${id} is archived in Stripe.`)
    if (price.recurring || price.unitAmount === null) add('not-one-off', `${id} is not a one-off price with a fixed amount.`)
    if (price.currency !== SHOP_CURRENCY) add('other-currency', `${id} is in ${price.currency.toUpperCase()}; the shop shows ${shown} in AUD.`)
    else if (price.unitAmount !== null && price.unitAmount !== entry.value) {
      add('other-amount', `Stripe charges ${formatAmount(price.unitAmount, price.currency)} for ${id}; the shop shows ${shown}.`)
    }
  })
  return mismatches
}

/**
 * Every product of the shop against Stripe. Products sharing a STUPID are read once; a few requests
 * run at a time (Stripe allows 25 a second in test mode). A Stripe product or price that does not
 * exist is a mismatch; any other error stops the check with a StripeCatalogError.
 */
export async function checkCatalog(stripe: Stripe, shop: readonly ShopProductPrices[]): Promise<CatalogCheck> {
  const reads = new Map<string, Promise<StripeProductRead>>()
  const read = (product: ShopProductPrices) => {
    const stupid = product.STUPID.trim()
    const key = `${stupid}\n${product.productPrices.map((price) => price.description.trim()).join('\n')}`
    let pending = reads.get(key)
    if (!pending) {
      pending = readStripeProduct(stripe, stupid, product.productPrices)
      reads.set(key, pending)
    }
    return pending
  }
  const checks = await mapLimit(shop, 4, async (product): Promise<ProductCheck> => {
    const facts = await read(product)
    return {
      FBUID: product.FBUID,
      productName: product.productName,
      STUPID: product.STUPID,
      mismatches: compareProduct(product, facts.product, facts.activePrices, facts.referenced),
    }
  })
  return { products: checks, checked: checks.length, mismatches: checks.reduce((sum, check) => sum + check.mismatches.length, 0) }
}

/** The check as lines of text, for the command. */
export function formatCatalogCheck(check: CatalogCheck): string {
  const lines: string[] = []
  for (const product of check.products) {
    if (product.mismatches.length === 0) continue
    lines.push(`${product.productName} (${product.FBUID}, Stripe ${product.STUPID}):`)
    for (const mismatch of product.mismatches) lines.push(`  - ${mismatch.label}: ${mismatch.message}`)
  }
  lines.push(checkSummary(check))
  return lines.join('\n')
}

/** One line: "All 21 products match Stripe." or "5 mismatches in 3 of 21 products." */
export function checkSummary(check: CatalogCheck): string {
  const products = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`
  if (check.checked === 0) return 'There are no products to check.'
  if (check.mismatches === 0) return check.checked === 1 ? 'The 1 product matches Stripe.' : `All ${products(check.checked)} match Stripe.`
  const failing = check.products.filter((product) => product.mismatches.length > 0).length
  return `${check.mismatches} ${check.mismatches === 1 ? 'mismatch' : 'mismatches'} in ${failing} of ${products(check.checked)}.`
}

/* ───────────────────────────── Errors ───────────────────────────── */

/** A problem reaching or using Stripe, in words for staff; `status` is the HTTP status to answer with. */
export class StripeCatalogError extends Error {
  override name = 'StripeCatalogError'
  readonly status: number
  constructor(message: string, status: number, options?: ErrorOptions) {
    super(message, options)
    this.status = status
  }
}

/** Staff-readable words for a Stripe error; never the request's headers, which carry the key. */
export function describeStripeError(error: unknown): StripeCatalogError {
  if (error instanceof StripeCatalogError) return error
  const options = { cause: error }
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new StripeCatalogError(
      'Stripe did not accept the shop’s secret key: it is wrong, revoked or for another account. Whoever runs the shop’s server should check its Stripe key.',
      503,
      options,
    )
  }
  if (error instanceof Stripe.errors.StripePermissionError) {
    return new StripeCatalogError('The shop’s Stripe key may not read the catalogue: give it read access to Products, Prices and Payment Links.', 503, options)
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new StripeCatalogError('Stripe is limiting the shop’s requests right now (too many at once). Wait a minute and try again.', 503, options)
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new StripeCatalogError('Stripe could not be reached. Check the server’s network connection and try again.', 503, options)
  }
  if (error instanceof Stripe.errors.StripeAPIError || (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)) {
    return new StripeCatalogError('Stripe had a problem answering. Try again in a few minutes.', 503, options)
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new StripeCatalogError(`Stripe refused the request: ${error.message}`, error.statusCode === 404 ? 404 : 400, options)
  }
  return new StripeCatalogError('Stripe’s answer could not be read. Try again; if it keeps happening, the shop’s log has the details.', 503, options)
}

function summary(error: unknown) {
  if (error instanceof Stripe.errors.StripeError) {
    return { type: error.type, code: error.code, statusCode: error.statusCode, requestId: error.requestId, message: error.message }
  }
  return error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) }
}

/** Runs one Stripe call, turning its failure into a StripeCatalogError (logged without secrets). */
async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    const described = describeStripeError(error)
    logger.warn({ stripeError: summary(error) }, `stripe catalogue: could not ${what}`)
    throw described
  }
}

/** A retrieve whose 404 means "there is none": null instead of an error. */
async function orMissing<T>(request: Promise<T>, what: string): Promise<T | null> {
  return calling(what, async () => {
    try {
      return await request
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null
      throw error
    }
  })
}

/** `work` over `items`, at most `limit` at a time, results in order; the first failure fails it all. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++
      try {
        results[index] = await work(items[index]!)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
