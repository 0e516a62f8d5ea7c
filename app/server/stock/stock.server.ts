import { and, eq, sql } from 'drizzle-orm'
import { LOW_STOCK_SHOWN } from '../../lib/stock.ts'
import type { Executor } from '../db/client.server.ts'
import { orderLines, orders, products } from '../db/schema.ts'
import { logger } from '../log.server.ts'

/** A product and how many of it a line takes. */
export interface StockLine {
  productId: string
  quantity: number
}

/** Lines that could not be reserved: what the shopper is told before paying. */
export class OutOfStockError extends Error {
  override name = 'OutOfStockError'
  readonly shortages: { productId: string; productName: string; available: number }[]
  constructor(shortages: OutOfStockError['shortages']) {
    super(
      shortages
        .map((shortage) =>
          shortage.available > 0
            ? `Only ${shortage.available} of ${shortage.productName} ${shortage.available === 1 ? 'is' : 'are'} left.`
            : `${shortage.productName} has just sold out.`,
        )
        .join(' '),
    )
    this.shortages = shortages
  }
}

/** One quantity per product, in id order, so that two transactions lock rows in the same order. */
function perProduct(lines: StockLine[]): StockLine[] {
  const totals = new Map<string, number>()
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity)
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([productId, quantity]) => ({ productId, quantity }))
}

/**
 * Pages say "Only N left" from LOW_STOCK_SHOWN down: a change there changes cached pages, which the
 * catalogue's version (catalog-reads.server.ts) learns from this sequence. Changes above it change no page.
 */
async function noteVisibleChange(tx: Executor, before: number, after: number) {
  if (Math.min(before, after) <= LOW_STOCK_SHOWN) await tx.execute(sql`select nextval('stock_changes_seq')`)
}

/**
 * Holds the quantities for a payment under way. Guarded in SQL (`on hand − reserved ≥ quantity`),
 * so concurrent buyers can never hold the same unit; products that allow backorders or whose stock
 * is not tracked always succeed. All or nothing: a shortfall throws and the caller's transaction
 * rolls back what this one reserved.
 */
export async function reserveStock(tx: Executor, lines: StockLine[]): Promise<void> {
  const shortages: OutOfStockError['shortages'] = []
  for (const line of perProduct(lines)) {
    const [held] = await tx
      .update(products)
      .set({ stockReserved: sql`${products.stockReserved} + ${line.quantity}` })
      .where(
        and(
          eq(products.id, line.productId),
          sql`${products.productStockOnHand} is not null`,
          sql`(${products.productAllowBackorder} or ${products.productStockOnHand} - ${products.stockReserved} >= ${line.quantity})`,
        ),
      )
      .returning({ onHand: products.productStockOnHand, reserved: products.stockReserved })
    if (held) {
      const after = held.onHand! - held.reserved
      await noteVisibleChange(tx, after + line.quantity, after)
      continue
    }
    const [row] = await tx
      .select({ name: products.productName, onHand: products.productStockOnHand, reserved: products.stockReserved })
      .from(products)
      .where(eq(products.id, line.productId))
    // Not tracked (or deleted since it was priced: the order keeps its snapshot) holds nothing.
    if (!row || row.onHand === null) continue
    shortages.push({ productId: line.productId, productName: row.name, available: Math.max(0, row.onHand - row.reserved) })
  }
  if (shortages.length > 0) throw new OutOfStockError(shortages)
}

async function applyToProducts(tx: Executor, lines: StockLine[], change: 'release' | 'sell' | 'sell-unreserved') {
  for (const line of perProduct(lines)) {
    const reserved = change === 'sell-unreserved' ? sql`${products.stockReserved}` : sql`greatest(${products.stockReserved} - ${line.quantity}, 0)`
    const onHand = change === 'release' ? sql`${products.productStockOnHand}` : sql`${products.productStockOnHand} - ${line.quantity}`
    const [row] = await tx
      .update(products)
      .set({ stockReserved: reserved, productStockOnHand: onHand })
      .where(and(eq(products.id, line.productId), sql`${products.productStockOnHand} is not null`))
      .returning({ onHand: products.productStockOnHand, reserved: products.stockReserved })
    if (!row) continue
    const after = row.onHand! - row.reserved
    await noteVisibleChange(tx, change === 'release' ? after - line.quantity : change === 'sell' ? after : after + line.quantity, after)
    if (change === 'sell-unreserved' && row.onHand! < 0) {
      logger.warn({ productId: line.productId, onHand: row.onHand }, 'a payment arrived after its reservation lapsed: sold beyond the stock on hand')
    }
  }
}

/**
 * Moves an order's stock once: a reservation becomes a sale (paid) or goes back (failed, expired).
 * The order's `stock_state` guards it, so a second call, or a call from another process, changes
 * nothing. Money received always wins: an order paid after its reservation lapsed still takes its
 * units (the on-hand count may then go below zero, and the log says so).
 */
export async function settleOrderStock(tx: Executor, orderId: string, outcome: 'sold' | 'released'): Promise<boolean> {
  const from: ('reserved' | 'released')[] = outcome === 'sold' ? ['reserved', 'released'] : ['reserved']
  const [order] = await tx.select({ stockState: orders.stockState }).from(orders).where(eq(orders.id, orderId)).for('update')
  if (!order || !(from as string[]).includes(order.stockState)) return false
  await tx.update(orders).set({ stockState: outcome }).where(eq(orders.id, orderId))
  const lines = await tx.select({ productId: orderLines.productId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, orderId))
  await applyToProducts(tx, lines, outcome === 'released' ? 'release' : order.stockState === 'reserved' ? 'sell' : 'sell-unreserved')
  return true
}
