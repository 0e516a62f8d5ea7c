import { and, eq, sql } from 'drizzle-orm'
import { LOW_STOCK_SHOWN } from '../../lib/stock.ts'
import type { Executor } from '../db/client.server.ts'
import { orderLines, orders, products } from '../db/schema.ts'
import { logger } from '../log.server.ts'
import { noteCatalogChange } from '../catalog/catalog-events.server.ts'
import { variantNameSql } from '../catalog/products.server.ts'

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

/** Pages say "Only N left" from LOW_STOCK_SHOWN down: only a change there changes a cached page. */
async function noteVisibleChange(tx: Executor, before: number, after: number) {
  if (Math.min(before, after) <= LOW_STOCK_SHOWN) await noteCatalogChange(tx)
}

/**
 * Holds the quantities for a payment under way. Guarded in SQL (`on hand − reserved ≥ quantity`),
 * so concurrent buyers can never hold the same unit; products that allow backorders or whose stock
 * is not tracked always succeed. All or nothing: a shortfall throws and the caller's transaction
 * rolls back what this one reserved.
 */
export async function reserveStock(tx: Executor, lines: StockLine[]): Promise<Map<string, number>> {
  const shortages: OutOfStockError['shortages'] = []
  /** What each product now holds for this payment: the order's lines remember it, to give back exactly that. */
  const held = new Map<string, number>()
  for (const line of perProduct(lines)) {
    const [holding] = await tx
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
    if (holding) {
      held.set(line.productId, line.quantity)
      const after = holding.onHand! - holding.reserved
      await noteVisibleChange(tx, after + line.quantity, after)
      continue
    }
    const [row] = await tx
      .select({ name: variantNameSql, onHand: products.productStockOnHand, reserved: products.stockReserved })
      .from(products)
      .where(eq(products.id, line.productId))
    // Not tracked (or deleted since it was priced: the order keeps its snapshot) holds nothing.
    if (!row || row.onHand === null) continue
    shortages.push({ productId: line.productId, productName: row.name, available: Math.max(0, row.onHand - row.reserved) })
  }
  if (shortages.length > 0) throw new OutOfStockError(shortages)
  return held
}

/** A line as it settles: the units it takes, and the units it held (0: its stock was not tracked then). */
interface SettlingLine extends StockLine {
  reservedQuantity: number
}

/**
 * Gives back what each line held and, for a sale, takes its units off the shelf. What was held is
 * given back even if the product has stopped tracking stock since; units leave the shelf only of a
 * product that tracks it now.
 */
async function applyToProducts(tx: Executor, lines: SettlingLine[], sale: boolean) {
  const byProduct = new Map<string, { quantity: number; held: number }>()
  for (const line of lines) {
    const entry = byProduct.get(line.productId) ?? { quantity: 0, held: 0 }
    byProduct.set(line.productId, { quantity: entry.quantity + line.quantity, held: entry.held + line.reservedQuantity })
  }
  for (const [productId, { quantity, held }] of [...byProduct].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const taken = sale ? quantity : 0
    if (taken === 0 && held === 0) continue
    const [row] = await tx
      .update(products)
      .set({
        stockReserved: sql`greatest(${products.stockReserved} - ${held}, 0)`,
        productStockOnHand: sql`case when ${products.productStockOnHand} is null then null else ${products.productStockOnHand} - ${taken} end`,
      })
      .where(eq(products.id, productId))
      .returning({ onHand: products.productStockOnHand, reserved: products.stockReserved })
    if (!row || row.onHand === null) continue
    const after = row.onHand - row.reserved
    await noteVisibleChange(tx, after + taken - held, after)
    if (sale && row.onHand < 0) {
      logger.warn(
        { productId, onHand: row.onHand },
        'sold beyond the stock on hand (a payment that arrived after its hold lapsed, or a product whose tracking began meanwhile)',
      )
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
  const rows = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity, reservedQuantity: orderLines.reservedQuantity, kit: orderLines.kitComponents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
  // A kit's line moves its components' units: those it held, and for a sale those it takes.
  const lines = rows.flatMap(({ kit, ...line }) =>
    kit.length > 0
      ? kit.map((component) => ({ productId: component.productId, quantity: component.quantity * line.quantity, reservedQuantity: component.reserved }))
      : [line],
  )
  // A released order (paid after all) holds nothing any more: it only takes its units.
  const holding = order.stockState === 'reserved'
  await applyToProducts(
    tx,
    lines.map((line) => ({ ...line, reservedQuantity: holding ? line.reservedQuantity : 0 })),
    outcome === 'sold',
  )
  return true
}

/**
 * Puts units back on the shelf (a refund with restock, a cancelled order): only products whose stock
 * is tracked, and only once per refund (the caller settles the refund in the same transaction).
 */
export async function restockProducts(tx: Executor, lines: StockLine[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))) {
    if (line.quantity <= 0) continue
    const [row] = await tx
      .update(products)
      .set({ productStockOnHand: sql`${products.productStockOnHand} + ${line.quantity}` })
      .where(and(eq(products.id, line.productId), sql`${products.productStockOnHand} is not null`))
      .returning({ onHand: products.productStockOnHand, reserved: products.stockReserved })
    if (row?.onHand != null) {
      const after = row.onHand - row.reserved
      await noteVisibleChange(tx, after - line.quantity, after)
    }
  }
}
