import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { shownPrice } from '../../lib/catalog.ts'
import type { NamedKitComponent } from '../../lib/kits.ts'
import { gstIncluded } from '../../lib/money.ts'
import { loweredWithoutReason, MAX_QUOTE_LINES, quoteState, quoteTotals, type QuoteRequest, type QuoteStatus } from '../../lib/quotes.ts'
import { kitComponentNames, type CheckoutRequestItem, type PricedLine } from '../checkout/orders.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { products, quoteLines, quotes } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { componentsInShop, sellable, variantNameSql } from '../catalog/products.server.ts'

export type Quote = typeof quotes.$inferSelect
export type QuoteLine = typeof quoteLines.$inferSelect
export type QuoteWithLines = Quote & { lines: QuoteLine[] }

/** Quote numbers a person can read out, as order numbers are: Q- and eight characters without look-alikes. */
export function newQuoteId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return `Q-${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`
}

const newToken = () => randomBytes(24).toString('base64url')

/** A link's secret as it may appear in an address; anything else names no quote. */
export const QUOTE_TOKEN = /^[A-Za-z0-9_-]{32}$/

export async function getQuote(db: Executor, id: string): Promise<QuoteWithLines | null> {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1)
  if (!quote) return null
  const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position))
  return { ...quote, lines }
}

export async function getQuoteByToken(db: Executor, token: string): Promise<QuoteWithLines | null> {
  if (!QUOTE_TOKEN.test(token)) return null
  const [quote] = await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.token, token)).limit(1)
  return quote ? getQuote(db, quote.id) : null
}

/** The quote as history keeps it: its lines with it, never the secret of its link. */
export function quoteDocument(quote: QuoteWithLines): Record<string, unknown> {
  const { token: _secret, ...kept } = quote
  return { FBUID: quote.id, ...kept, lines: quote.lines.map(({ quoteId, ...line }) => line) }
}

async function recordQuote(tx: Executor, id: string, action: 'create' | 'update', by: string, note?: string) {
  const quote = (await getQuote(tx, id))!
  await recordHistory(tx, { collection: 'quotes', documentId: id, action, document: { ...quoteDocument(quote), ...(note ? { note } : {}) }, updatedBy: by })
  return quote
}

/**
 * Catalogue prices of products still sold, for new lines. A kit's line keeps its contents as they are
 * now, named as its order line will name them; a kit with a component out of the shop is not sold.
 */
async function catalogueLines(db: Executor, items: { productId: string; quantity: number }[]) {
  const ids = [...new Set(items.map((item) => item.productId))]
  const rows = ids.length
    ? await db
        .select({ id: products.id, name: variantNameSql, prices: products.productPrices, kit: products.productKitComponents })
        .from(products)
        .where(and(inArray(products.id, ids), sellable, componentsInShop))
    : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  const componentNames = await kitComponentNames(db, rows)
  return items.flatMap((item) => {
    const row = byId.get(item.productId)
    const price = row ? shownPrice({ productPrices: row.prices }) : null
    if (!row || !price) return []
    const kitComponents: NamedKitComponent[] = row.kit.map((component) => ({
      productId: component.productId,
      productName: componentNames.get(component.productId) ?? component.productId,
      quantity: component.quantity,
    }))
    return [{ productId: row.id, productName: row.name, listPriceCents: price.value, unitPriceCents: price.value, quantity: item.quantity, kitComponents }]
  })
}

/**
 * A buyer's request from the cart: the business, the contact and where the goods go, with the cart's
 * lines at today's catalogue prices (a product no longer sold is left out). Staff take it from there.
 */
export async function requestQuote(
  db: Database,
  input: { items: CheckoutRequestItem[]; request: QuoteRequest; userId: string | null; by: string },
): Promise<QuoteWithLines | null> {
  const lines = await catalogueLines(
    db,
    input.items.map((item) => ({ productId: item.FBUID, quantity: item.productCount })),
  )
  if (lines.length === 0) return null
  const id = newQuoteId()
  return db.transaction(async (tx) => {
    const { notes, ...who } = input.request
    await tx.insert(quotes).values({ id, status: 'requested', token: newToken(), ...who, notes, userId: input.userId, createdBy: input.by })
    await tx.insert(quoteLines).values(lines.slice(0, MAX_QUOTE_LINES).map((line, position) => ({ quoteId: id, position, ...line })))
    return recordQuote(tx, id, 'create', input.by)
  })
}

/** A quote staff start for a customer from nothing (a phone call, an e-mail): a draft with no lines yet. */
export async function startQuote(
  db: Database,
  input: { company: string; abn: string; contactName: string; email: string; phone: string; state: string; postcode: string; by: string },
): Promise<QuoteWithLines> {
  const id = newQuoteId()
  return db.transaction(async (tx) => {
    const { by, ...who } = input
    await tx.insert(quotes).values({ id, status: 'draft', token: newToken(), ...who, createdBy: by })
    return recordQuote(tx, id, 'create', by)
  })
}

export interface QuoteEdit {
  lines: { productId: string; quantity: number; unitPriceCents: number; priceReason: string }[]
  /** Products to add, at their catalogue price. */
  add: { productId: string; quantity: number }[]
  freightCents: number
  validityDays: number
  message: string
  /**
   * The quote's `updated_at` (ms) when the editor was drawn: a save from an older screen (someone else
   * saved meanwhile) is refused, as a product's is (docs/decisions/010-staff-editing-and-history.md).
   */
  version?: number
}

export type QuoteWriteResult = { ok: true; quote: QuoteWithLines } | { ok: false; message: string }

/**
 * Staff's edit of the lines, prices, freight, validity and message. Under the quote's row lock: only a
 * quote not sent (requested, draft) or sent and not accepted can change; a sent one goes back to draft
 * (its link shows it is being revised until it is sent again). A price below the catalogue's keeps its
 * reason, and is refused without one. Lines keep the catalogue price they were quoted against.
 */
export async function editQuote(db: Database, id: string, edit: QuoteEdit, by: string): Promise<QuoteWriteResult> {
  const added = await catalogueLines(db, edit.add)
  if (added.length < edit.add.length) return { ok: false, message: 'A product to add is not sold (check its id): nothing was changed.' }
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update')
    if (!locked) return { ok: false, message: `There is no quote ${id}.` }
    if (locked.status === 'accepted' || locked.status === 'withdrawn') return { ok: false, message: `Quote ${id} is ${locked.status} and cannot change.` }
    if (edit.version !== undefined && edit.version !== locked.updatedAt.getTime()) {
      return { ok: false, message: `Quote ${id} was changed by someone else since you opened it. Reload it to see their change, then make yours.` }
    }
    const current = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position))
    const byProduct = new Map(current.map((line) => [line.productId, line]))
    const kept = edit.lines.flatMap((line) => {
      const before = byProduct.get(line.productId)
      return before && line.quantity > 0
        ? [
            {
              productId: before.productId,
              productName: before.productName,
              listPriceCents: before.listPriceCents,
              unitPriceCents: line.unitPriceCents,
              quantity: line.quantity,
              priceReason: line.priceReason.trim(),
              // A kit keeps the contents it was quoted with.
              kitComponents: before.kitComponents,
            },
          ]
        : []
    })
    for (const line of added) {
      const same = kept.find((existing) => existing.productId === line.productId)
      if (same) same.quantity += line.quantity
      else kept.push({ ...line, priceReason: '' })
    }
    if (kept.length > MAX_QUOTE_LINES) return { ok: false, message: `A quote holds at most ${MAX_QUOTE_LINES} lines.` }
    const unexplained = kept.find(loweredWithoutReason)
    if (unexplained) return { ok: false, message: `${unexplained.productName} is priced below the catalogue: say why in its reason.` }
    await tx.delete(quoteLines).where(eq(quoteLines.quoteId, id))
    if (kept.length) await tx.insert(quoteLines).values(kept.map((line, position) => ({ quoteId: id, position, ...line })))
    await tx
      .update(quotes)
      .set({
        freightCents: edit.freightCents,
        validityDays: edit.validityDays,
        message: edit.message,
        updatedAt: new Date(),
        ...(locked.status === 'sent' ? { status: 'draft' as const, validUntil: null } : {}),
      })
      .where(eq(quotes.id, id))
    return { ok: true, quote: await recordQuote(tx, id, 'update', by, locked.status === 'sent' ? 'Revised after it was sent: send it again' : undefined) }
  })
}

/**
 * Sends the quote: valid for its days from now, its link e-mailed (the caller queues the e-mail in
 * `then`, inside this transaction). Refused without lines, or once accepted or withdrawn.
 */
export async function sendQuote(
  db: Database,
  id: string,
  by: string,
  then: (tx: Executor, quote: QuoteWithLines) => Promise<void>,
  now = new Date(),
): Promise<QuoteWriteResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update')
    if (!locked) return { ok: false, message: `There is no quote ${id}.` }
    if (locked.status === 'accepted' || locked.status === 'withdrawn') return { ok: false, message: `Quote ${id} is ${locked.status} and cannot be sent.` }
    const lines = await tx.select({ position: quoteLines.position }).from(quoteLines).where(eq(quoteLines.quoteId, id))
    if (lines.length === 0) return { ok: false, message: 'Add at least one product before sending the quote.' }
    const validUntil = new Date(now.getTime() + locked.validityDays * 86_400_000)
    await tx.update(quotes).set({ status: 'sent', sentAt: now, validUntil, updatedAt: now }).where(eq(quotes.id, id))
    const quote = await recordQuote(tx, id, 'update', by)
    await then(tx, quote)
    return { ok: true, quote }
  })
}

/** Withdraws a quote not yet accepted: its link then says so, and it cannot be accepted. */
export async function withdrawQuote(db: Database, id: string, by: string): Promise<QuoteWriteResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update')
    if (!locked) return { ok: false, message: `There is no quote ${id}.` }
    if (locked.status === 'accepted') return { ok: false, message: `Quote ${id} was accepted (order ${locked.orderId}); it cannot be withdrawn.` }
    if (locked.status === 'withdrawn') return { ok: true, quote: (await getQuote(tx, id))! }
    await tx.update(quotes).set({ status: 'withdrawn', updatedAt: new Date() }).where(eq(quotes.id, id))
    return { ok: true, quote: await recordQuote(tx, id, 'update', by) }
  })
}

/** Why a quote cannot be accepted now, in the buyer's words; null when it can. */
export function acceptRefusal(quote: Pick<Quote, 'id' | 'status' | 'validUntil' | 'orderId'>, now = new Date()): string | null {
  const state = quoteState(quote, now)
  if (state === 'accepted') return `Quote ${quote.id} has been accepted already (order ${quote.orderId}).`
  if (state === 'withdrawn') return `Quote ${quote.id} was withdrawn. Please ask us for a new one.`
  if (state === 'expired') return `Quote ${quote.id} has expired. Please ask us for a new one: prices may have changed.`
  if (state !== 'sent') return `Quote ${quote.id} is being revised. We will e-mail you when it is ready.`
  return null
}

export class QuoteNotAcceptableError extends Error {
  override name = 'QuoteNotAcceptableError'
}

/**
 * Marks the quote accepted by `orderId`, inside the transaction that stores that order: under the quote's
 * row lock, checking again that it is sent and not expired, so two acceptances at once make one order
 * (the other's transaction, stock reservation included, rolls back with QuoteNotAcceptableError).
 */
export async function claimQuote(tx: Executor, quoteId: string, orderId: string, by: string, now = new Date()): Promise<void> {
  const [locked] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update')
  if (!locked) throw new QuoteNotAcceptableError(`There is no quote ${quoteId}.`)
  const refusal = acceptRefusal(locked, now)
  if (refusal) throw new QuoteNotAcceptableError(refusal)
  await tx.update(quotes).set({ status: 'accepted', orderId, acceptedAt: now, updatedAt: now }).where(eq(quotes.id, quoteId))
  await recordQuote(tx, quoteId, 'update', by, `Accepted: order ${orderId}`)
}

/**
 * A card payment for the quote's order ended without money (declined, left, expired): the quote can be
 * accepted again (called by applyPaymentEvent, in its transaction). Guarded on that very order.
 */
export async function reopenQuoteOf(tx: Executor, order: { id: string; quoteId: string | null }, by: string): Promise<void> {
  if (!order.quoteId) return
  const [reopened] = await tx
    .update(quotes)
    .set({ status: 'sent', orderId: null, acceptedAt: null, updatedAt: new Date() })
    .where(and(eq(quotes.id, order.quoteId), eq(quotes.orderId, order.id), eq(quotes.status, 'accepted')))
    .returning({ id: quotes.id })
  if (reopened) await recordQuote(tx, order.quoteId, 'update', by, `The payment for order ${order.id} did not complete: open to accept again`)
}

/**
 * The quote's lines as an order takes them: its prices, whatever the catalogue says now, and a kit's
 * contents as quoted, so that the order holds its components' units (docs/domain.md, Kits).
 */
export function quoteOrderLines(quote: QuoteWithLines): PricedLine[] {
  return quote.lines.map((line) => ({
    productId: line.productId,
    productName: line.productName,
    image: '',
    // No provider price: the payment page charges the quote's price (price_data), never the catalogue's.
    priceId: '',
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    lineTotalCents: line.unitPriceCents * line.quantity,
    gstCents: gstIncluded(line.unitPriceCents * line.quantity),
    weightGrams: 0,
    containsLithium: false,
    ...(line.kitComponents.length > 0
      ? { components: line.kitComponents.map(({ productId, productName, quantity }) => ({ productId, productName, quantity })) }
      : {}),
  }))
}

export function totalsOf(quote: QuoteWithLines) {
  return quoteTotals(quote.lines, quote.freightCents)
}

/** Staff's list, newest first, with the state each is in (an expired quote is a sent one past its date). */
export async function listQuotes(db: Executor, filter: QuoteStatus | 'expired' | '' = '', limit = 200) {
  const where =
    filter === 'expired'
      ? and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} <= now()`)
      : filter === 'sent'
        ? and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} > now()`)
        : filter
          ? eq(quotes.status, filter)
          : undefined
  const rows = await db.select().from(quotes).where(where).orderBy(desc(quotes.createdAt)).limit(limit)
  const lines = rows.length
    ? await db
        .select()
        .from(quoteLines)
        .where(
          inArray(
            quoteLines.quoteId,
            rows.map((row) => row.id),
          ),
        )
    : []
  const linesOf = Map.groupBy(lines, (line) => line.quoteId)
  return rows.map((row) => ({ ...row, state: quoteState(row), totals: quoteTotals(linesOf.get(row.id) ?? [], row.freightCents) }))
}

/** Quotes sent, accepted and expired in a period (by when each was sent), for the reports. */
export async function quoteCounts(db: Executor, range: { from: Date; until: Date }) {
  const rows = await db
    .select({ status: quotes.status, validUntil: quotes.validUntil })
    .from(quotes)
    .where(and(sql`${quotes.sentAt} >= ${range.from}`, sql`${quotes.sentAt} < ${range.until}`))
  const now = new Date()
  return {
    sent: rows.length,
    accepted: rows.filter((row) => row.status === 'accepted').length,
    expired: rows.filter((row) => quoteState(row, now) === 'expired').length,
  }
}
