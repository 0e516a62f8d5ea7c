import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { PriceItem } from '../../lib/catalog.ts'
import { checkWasPrice, wasPriceNeedsCheck, type PriceRecord } from '../../lib/was-price.ts'
import type { Executor } from '../db/client.server.ts'
import { history } from '../db/schema.ts'

/** A staff write refused because the was price it would show is not one the product was offered at (app/lib/was-price.ts). */
export class WasPriceRefusedError extends Error {
  override name = 'WasPriceRefusedError'
}

/** A rename chain longer than this is not followed further back (each step is a query). */
const MAX_RENAMES = 20

/**
 * The product's prices over time, from its history rows (docs/domain.md, History): each write's shown
 * price and whether it left the product in the shop. A product renamed keeps the history of its old
 * ids up to the move (the `movedFrom` of its create row), so a rename does not restart the count; rows
 * of the id from before a rename into it are another product's, or this one's reached through the move.
 */
export async function readPriceHistory(db: Executor, productId: string, variantId: string | null = null): Promise<PriceRecord[]> {
  const records: PriceRecord[] = []
  let from: { id: string; before: number | null } | null = { id: productId, before: null }
  for (let step = 0; from !== null && step <= MAX_RENAMES; step++) {
    const rows = await historyRows(db, from.id, from.before, variantId)
    // The latest rename into this id starts its product's rows here; the earlier ones are under the old id, up to the move.
    const moved = rows.findLastIndex((row) => row.movedFrom !== null)
    for (const row of moved === -1 ? rows : rows.slice(moved)) {
      // Read through a rename, the old id's delete row is the move itself, not the product leaving the
      // shop; read for the id itself (a product being restored there), it is the product going away.
      if (row.movedTo !== null && from.before !== null) continue
      // A document from before statuses existed was in the shop.
      const active = row.action !== 'delete' && (row.status === null || row.status === 'active')
      records.push({ at: row.at, cents: row.action === 'delete' ? null : row.cents, active })
    }
    const move = moved === -1 ? null : rows[moved]!
    from = move?.movedFrom ? { id: move.movedFrom, before: move.id } : null
  }
  return records
}

interface HistoryRow {
  id: number
  action: string
  at: Date
  cents: number | null
  status: string | null
  movedFrom: string | null
  movedTo: string | null
}

/**
 * One id's product history rows (those before the row `before`, when given), oldest first, with only
 * what the count needs: the product's shown price, or its variant `variantId`'s.
 */
function historyRows(db: Executor, documentId: string, before: number | null, variantId: string | null): Promise<HistoryRow[]> {
  const cents =
    variantId === null
      ? sql<number | null>`(${history.document} -> 'productPrices' -> 0 ->> 'value')::integer`
      : sql<
          number | null
        >`(jsonb_path_query_first(${history.document}, '$.productVariants[*] ? (@.FBUID == $id).productPrices[0].value', jsonb_build_object('id', ${variantId}::text)) #>> '{}')::integer`
  return db
    .select({
      id: history.id,
      action: history.action,
      at: history.updatedAt,
      cents,
      status: sql<string | null>`${history.document} ->> 'productStatus'`,
      movedFrom: sql<string | null>`${history.document} ->> 'movedFrom'`,
      movedTo: sql<string | null>`${history.document} ->> 'movedTo'`,
    })
    .from(history)
    .where(and(eq(history.collection, 'products'), eq(history.documentId, documentId), before === null ? undefined : lt(history.id, before)))
    .orderBy(asc(history.updatedAt), asc(history.id))
}

/** The shown price of a list of price entries (the first), in cents; null without one. */
export const firstPriceCents = (prices: readonly PriceItem[] | undefined): number | null => prices?.[0]?.value ?? null

/**
 * Refuses a write whose was price is not honest, with the reason staff read (WasPriceRefusedError).
 * `before` is the stored product (null: a new one), `after` what the write leaves. Call inside the
 * write's transaction, after the product's row is locked, so the history read is the one the write
 * follows. Nothing is checked when no was price stands after the write, or neither it nor the price changes.
 * With `variant`, the prices compared are that variant's own, and the reason names it.
 */
export async function refuseDishonestWasPrice(
  tx: Executor,
  productId: string,
  before: { wasCents: number | null; priceCents: number | null } | null,
  after: { wasCents: number | null; priceCents: number | null },
  now: Date = new Date(),
  variant: { id: string; label: string } | null = null,
): Promise<void> {
  if (!wasPriceNeedsCheck(before, after) || after.wasCents === null) return
  const check = checkWasPrice({
    wasCents: after.wasCents,
    priceCents: after.priceCents,
    history: await readPriceHistory(tx, productId, variant?.id ?? null),
    now,
    ...(variant ? { subject: `The ${variant.label} variant` } : {}),
  })
  if (!check.ok) throw new WasPriceRefusedError(check.reason)
}
