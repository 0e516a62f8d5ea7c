import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { creditLimitRefusal, type TradePriceList } from '../../lib/trade.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { user } from '../db/auth-schema.ts'
import { orders, products, tradeAccounts, tradePrices } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { variantNameSql } from '../catalog/products.server.ts'

/**
 * Trade accounts (docs/domain.md, Trade accounts): staff approve a customer account as a business,
 * with its price list and, if they give them, terms to pay on account. Every write is one
 * transaction with its history row (collection `trade-accounts`, keyed by the account's id), and a
 * save started from an older version is refused rather than overwriting someone else's change.
 */

export const TRADE_COLLECTION = 'trade-accounts'

export interface TradeTerms {
  /** Days from the invoice to pay. */
  paymentDays: number
  /** What may be owing on account at once, in cents. */
  creditLimitCents: number
}

export interface TradeAccount {
  userId: string
  company: string
  abn: string
  terms: TradeTerms | null
  prices: TradePriceList
  version: number
}

/** What staff send to approve or change an account (checked by app/lib/schemas/trade-account.ts). */
export interface TradeAccountInput {
  company: string
  abn: string
  terms: TradeTerms | null
  prices: TradePriceList
}

/** Someone changed or ended the account after this form was opened. */
export class StaleTradeAccountError extends Error {
  override name = 'StaleTradeAccountError'
  constructor() {
    super('Someone else changed this trade account after you opened it. Reload to see their change; your edits are still in the form.')
  }
}

/** The save names a customer that is not there, or products that are not. */
export class TradeAccountRefusedError extends Error {
  override name = 'TradeAccountRefusedError'
  /** The form's field the refusal is about, if one. */
  readonly field: string | undefined
  constructor(message: string, field?: string) {
    super(message)
    this.field = field
  }
}

/** The account as history keeps it: everything staff set, the price list included. */
function tradeDocument(account: TradeAccount, email: string): Record<string, unknown> {
  return {
    FBUID: account.userId,
    email,
    company: account.company,
    abn: account.abn,
    paymentDays: account.terms?.paymentDays ?? null,
    creditLimitCents: account.terms?.creditLimitCents ?? null,
    categories: account.prices.categories,
    products: account.prices.products,
  }
}

/** A customer's trade account with its price list, or null when they are not a trade customer. */
export async function getTradeAccount(db: Executor, userId: string, lock = false): Promise<TradeAccount | null> {
  const query = db.select().from(tradeAccounts).where(eq(tradeAccounts.userId, userId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) return null
  return {
    userId: row.userId,
    company: row.company,
    abn: row.abn,
    terms: row.paymentDays !== null && row.creditLimitCents !== null ? { paymentDays: row.paymentDays, creditLimitCents: row.creditLimitCents } : null,
    prices: await priceListOf(db, userId),
    version: row.version,
  }
}

async function priceListOf(db: Executor, userId: string): Promise<TradePriceList> {
  const rows = await db.select().from(tradePrices).where(eq(tradePrices.userId, userId)).orderBy(asc(tradePrices.kind), asc(tradePrices.target))
  const list: TradePriceList = { categories: {}, products: {} }
  for (const row of rows) {
    if (row.kind === 'category' && row.percentOffBasisPoints !== null) list.categories[row.target] = row.percentOffBasisPoints
    if (row.kind === 'product' && row.priceCents !== null) list.products[row.target] = row.priceCents
  }
  return list
}

/**
 * The price list of whoever a price is being decided for: a signed-in trade customer's, else null
 * (everyone else pays the normal price, staff too, even on an account that was once a trade
 * customer's). One query for anyone who is not a trade customer.
 */
export async function tradePriceListFor(db: Executor, userId: string | null | undefined): Promise<TradePriceList | null> {
  if (!userId) return null
  const [row] = await db
    .select({ userId: tradeAccounts.userId })
    .from(tradeAccounts)
    .innerJoin(user, eq(user.id, tradeAccounts.userId))
    .where(and(eq(tradeAccounts.userId, userId), eq(user.role, 'customer')))
  return row ? priceListOf(db, userId) : null
}

/** What a customer owes on account now: the orders placed on account not yet paid in full, less what arrived of them. */
export async function owingOnAccount(db: Executor, userId: string): Promise<{ owingCents: number; orders: number }> {
  const [row] = await db
    .select({
      owingCents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.receivedCents}), 0)::bigint`.mapWith(Number),
      orders: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'invoiced')))
  return { owingCents: row?.owingCents ?? 0, orders: row?.orders ?? 0 }
}

/** An order on account refused: no terms (any more), or over the credit limit. The message is the customer's. */
export class OnAccountRefusedError extends Error {
  override name = 'OnAccountRefusedError'
}

export const NO_TERMS = 'Paying on account is for trade customers with payment terms. Please choose card or bank transfer.'

/**
 * The check of an order placed on account, first in the order's own transaction: the account's row
 * locked, its terms read again under the lock (staff may have just changed them), and what the
 * customer owes on account now, with this order, within the credit limit. Two tabs placing orders at
 * once take the lock in turn, and the second counts the first's order. Throws OnAccountRefusedError.
 */
export async function holdCredit(tx: Executor, userId: string, orderCents: number): Promise<TradeTerms> {
  const [locked] = await tx.select().from(tradeAccounts).where(eq(tradeAccounts.userId, userId)).for('update')
  if (!locked || locked.paymentDays === null || locked.creditLimitCents === null) throw new OnAccountRefusedError(NO_TERMS)
  const { owingCents } = await owingOnAccount(tx, userId)
  const refusal = creditLimitRefusal({ orderCents, owingCents, limitCents: locked.creditLimitCents })
  if (refusal) throw new OnAccountRefusedError(refusal)
  return { paymentDays: locked.paymentDays, creditLimitCents: locked.creditLimitCents }
}

/** The thank-you page's key for an order placed on account (it has no payment page): secret, like a payment session's id. */
export const newAccountSessionId = () => `ac_${randomBytes(18).toString('base64url')}`

/** The categories products are filed under (their `productCategory` values), for the price list's percentages. */
export async function productCategories(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ category: products.productCategory }).from(products).orderBy(asc(products.productCategory))
  return rows.map((row) => row.category)
}

/** Every product with its normal price, for the price list's fixed prices. */
export async function productsForPriceList(db: Executor): Promise<{ id: string; name: string; category: string; normalCents: number | null }[]> {
  const rows = await db
    .select({ id: products.id, name: variantNameSql, category: products.productCategory, prices: products.productPrices })
    .from(products)
    .orderBy(asc(products.productName), asc(products.id))
  return rows.map(({ prices, ...row }) => ({ ...row, normalCents: prices[0]?.value ?? null }))
}

/**
 * Approves a customer as trade (`expectedVersion` null) or changes their account (the version the
 * form was opened at). Under the account's row lock, in one transaction with its history row: the
 * account, its terms and its whole price list as sent.
 */
export async function saveTradeAccount(
  db: Database,
  input: { userId: string; expectedVersion: number | null; account: TradeAccountInput; by: string },
): Promise<TradeAccount> {
  return db.transaction(async (tx) => {
    const [customer] = await tx.select({ id: user.id, email: user.email, role: user.role }).from(user).where(eq(user.id, input.userId)).for('update')
    if (!customer || customer.role !== 'customer') throw new TradeAccountRefusedError('Only a customer account can be a trade account.')
    const current = await getTradeAccount(tx, input.userId, true)
    if ((current?.version ?? null) !== input.expectedVersion) throw new StaleTradeAccountError()
    const named = Object.keys(input.account.prices.products)
    if (named.length > 0) {
      const found = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, named))).map((row) => row.id))
      const missing = named.filter((id) => !found.has(id))
      if (missing.length > 0) throw new TradeAccountRefusedError(`No product has the id ${missing.map((id) => `“${id}”`).join(', ')}.`, 'products')
    }
    const { company, abn, terms } = input.account
    const row = { company, abn, paymentDays: terms?.paymentDays ?? null, creditLimitCents: terms?.creditLimitCents ?? null, updatedAt: new Date() }
    if (current) {
      await tx
        .update(tradeAccounts)
        .set({ ...row, version: current.version + 1 })
        .where(eq(tradeAccounts.userId, input.userId))
      await tx.delete(tradePrices).where(eq(tradePrices.userId, input.userId))
    } else {
      await tx.insert(tradeAccounts).values({ userId: input.userId, ...row })
    }
    const priceRows = [
      ...Object.entries(input.account.prices.categories).map(([target, basisPoints]) => ({
        userId: input.userId,
        kind: 'category' as const,
        target,
        percentOffBasisPoints: basisPoints,
      })),
      ...Object.entries(input.account.prices.products).map(([target, cents]) => ({
        userId: input.userId,
        kind: 'product' as const,
        target,
        priceCents: cents,
      })),
    ]
    if (priceRows.length > 0) await tx.insert(tradePrices).values(priceRows)
    const saved = (await getTradeAccount(tx, input.userId))!
    await recordHistory(tx, {
      collection: TRADE_COLLECTION,
      documentId: input.userId,
      action: current ? 'update' : 'create',
      document: tradeDocument(saved, customer.email),
      updatedBy: input.by,
    })
    return saved
  })
}

/**
 * Ends a trade account: the customer pays normal prices and cannot order on account from then on.
 * Orders already placed on account stay owing. History keeps the account as it stood.
 */
export async function endTradeAccount(db: Database, input: { userId: string; expectedVersion: number; by: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [customer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, input.userId))
    const current = await getTradeAccount(tx, input.userId, true)
    if (!customer || !current || current.version !== input.expectedVersion) throw new StaleTradeAccountError()
    await tx.delete(tradeAccounts).where(eq(tradeAccounts.userId, input.userId))
    await recordHistory(tx, {
      collection: TRADE_COLLECTION,
      documentId: input.userId,
      action: 'delete',
      document: tradeDocument(current, customer.email),
      updatedBy: input.by,
    })
  })
}

/**
 * A renamed product's fixed trade prices follow it to its new id (inside the rename's transaction),
 * each changed account with a history row that says so.
 */
export async function moveTradePrices(tx: Executor, fromId: string, toId: string, by: string | null): Promise<void> {
  const holders = await tx
    .select({ userId: tradePrices.userId })
    .from(tradePrices)
    .where(and(eq(tradePrices.kind, 'product'), eq(tradePrices.target, fromId)))
  if (holders.length === 0) return
  const ids = holders.map((holder) => holder.userId)
  // A price left for a product that once had the new id (since deleted) gives way to the moving one.
  await tx.delete(tradePrices).where(and(eq(tradePrices.kind, 'product'), eq(tradePrices.target, toId), inArray(tradePrices.userId, ids)))
  await tx
    .update(tradePrices)
    .set({ target: toId })
    .where(and(eq(tradePrices.kind, 'product'), eq(tradePrices.target, fromId)))
  for (const userId of ids) {
    await tx
      .update(tradeAccounts)
      .set({ version: sql`${tradeAccounts.version} + 1`, updatedAt: new Date() })
      .where(eq(tradeAccounts.userId, userId))
    const account = (await getTradeAccount(tx, userId))!
    const [customer] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
    await recordHistory(tx, {
      collection: TRADE_COLLECTION,
      documentId: userId,
      action: 'update',
      document: { ...tradeDocument(account, customer?.email ?? ''), note: `The fixed price of ${fromId} moved with the product to ${toId}` },
      updatedBy: by,
    })
  }
}
