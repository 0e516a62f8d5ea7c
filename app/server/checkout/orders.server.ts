import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { MAX_PER_LINE, orderTotals } from '../../lib/cart.ts'
import { orderTotals as shippingTotals } from '../../lib/delivery/shipping.ts'
import { shownPrice } from '../../lib/catalog.ts'
import { tradeUnitPrice } from '../../lib/trade.ts'
import { tradePriceListFor } from '../trade/trade-accounts.server.ts'
import { gstIncluded } from '../../lib/money.ts'
import { kitUnitsSql, sellable, variantImageSql, variantNameSql } from '../catalog/products.server.ts'
import { componentUnits, type KitComponent, type KitLineComponent } from '../../lib/kits.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { history, orderDiscounts, orderLines, orders, products } from '../db/schema.ts'
import { claimDiscounts, recordDiscounts, type DiscountToRecord } from '../promotions/pricing.server.ts'
import { recordHistory } from '../history/record.server.ts'
import { reserveStock } from '../stock/stock.server.ts'
import { isOrder } from '../orders/order-kind.server.ts'
import { countsAsOrder } from '../../lib/orders/abandoned.ts'
import type { OrderDelivery } from '../../lib/delivery/address.ts'

export { addressLines, type OrderDelivery } from '../../lib/delivery/address.ts'

/** What the browser sends: product ids and quantities, and the unit price it showed (to notice a change). */
export interface CheckoutRequestItem {
  FBUID: string
  productCount: number
  shownUnitPrice?: number
}

export interface PricedLine {
  productId: string
  productName: string
  image: string
  /** The payment provider's price id; empty for a trade price, which the provider must charge as given. */
  priceId: string
  /** The product's category (what a promotion may cover); none for a quote's line. */
  category?: string
  /** The product's SKU and what a unit costs the shop (excl. GST), kept with the order line (docs/domain.md, Stock keeping). */
  sku?: string
  unitCostCents?: number | null
  /** Before any discount. */
  unitPriceCents: number
  /** What everyone else pays for one, where a trade customer's own price differs from it. */
  normalUnitPriceCents?: number
  quantity: number
  /** What the line costs: units × unit price, less its part of the discounts (discountCents). */
  lineTotalCents: number
  discountCents?: number
  gstCents: number
  /** Packed weight of the line (unit weight × quantity), for shipping rates. */
  weightGrams: number
  containsLithium: boolean
  /** A kit's components, each with how many one kit holds (docs/domain.md, Kits); absent for anything else. */
  components?: { productId: string; productName: string; quantity: number }[]
}

export type CartProblem =
  | { productId: string; kind: 'missing'; message: string }
  | { productId: string; kind: 'no-price'; message: string }
  | { productId: string; kind: 'repriced'; message: string; unitPriceCents: number }
  | { productId: string; kind: 'quantity'; message: string }
  | { productId: string; kind: 'stock'; message: string; available: number }

export interface PricedCart {
  lines: PricedLine[]
  problems: CartProblem[]
  totals: { total: number; gst: number; subtotal: number }
  /** Products of lines that would be backordered: more units than are available now (docs/domain.md, Stock). */
  backordered: string[]
}

/**
 * Prices a cart from the database, never from the browser. Lines whose product is gone or has no
 * price, quantities outside 1–10, and prices that changed since the visitor saw them are reported.
 * `buyerId`: the signed-in customer the cart is priced for (who will own the order); a trade
 * customer pays their own prices (app/lib/trade.ts), everyone else the normal ones.
 */
export async function priceCart(
  db: Executor,
  items: CheckoutRequestItem[],
  options: { checkoutId?: string; buyerId?: string | null } = {},
): Promise<PricedCart> {
  const ids = [...new Set(items.map((item) => item.FBUID))]
  // Units this shopper's own open payment holds are theirs to buy again (a new payment closes the old one).
  const [own, tradeList] = await Promise.all([
    options.checkoutId && ids.length ? heldByCheckout(db, options.checkoutId, ids) : new Map<string, number>(),
    ids.length ? tradePriceListFor(db, options.buyerId) : null,
  ])
  const rows = ids.length
    ? await db
        .select({
          id: products.id,
          // A variant's line names its values too: "UniPower Battery — 22,000 mAh" (app/lib/variants.ts).
          name: variantNameSql,
          category: products.productCategory,
          // A variant without a picture of its own shows its product's first.
          image: variantImageSql,
          prices: products.productPrices,
          weightGrams: products.productWeightGrams,
          containsLithium: products.productContainsLithium,
          onHand: products.productStockOnHand,
          reserved: products.stockReserved,
          allowBackorder: products.productAllowBackorder,
          sku: products.productSku,
          costCents: products.productCostCents,
          kit: products.productKitComponents,
          kitUnits: kitUnitsSql,
        })
        .from(products)
        // A draft or archived product (and every variant of it) is not sold: it prices as a product that no longer exists.
        .where(and(inArray(products.id, ids), sellable))
    : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  const componentNames = await kitComponentNames(db, rows)
  const lines: PricedLine[] = []
  const problems: CartProblem[] = []
  const backordered: string[] = []
  for (const item of items) {
    const row = byId.get(item.FBUID)
    if (!row) {
      problems.push({ productId: item.FBUID, kind: 'missing', message: 'This product is no longer sold. Please remove it from your cart.' })
      continue
    }
    const normal = shownPrice({ productPrices: row.prices })
    if (!normal) {
      problems.push({ productId: item.FBUID, kind: 'no-price', message: `${row.name} has no price at the moment and cannot be bought online.` })
      continue
    }
    if (!Number.isInteger(item.productCount) || item.productCount < 1 || item.productCount > MAX_PER_LINE) {
      problems.push({ productId: item.FBUID, kind: 'quantity', message: `Choose a quantity from 1 to ${MAX_PER_LINE} for ${row.name}.` })
      continue
    }
    const price = tradeUnitPrice(normal.value, { id: row.id, category: row.category }, tradeList)
    if (item.shownUnitPrice !== undefined && item.shownUnitPrice !== price.cents) {
      problems.push({
        productId: item.FBUID,
        kind: 'repriced',
        message: `The price of ${row.name} has changed since you added it.`,
        unitPriceCents: price.cents,
      })
    }
    // A kit can be sold as many times as its components allow (their own holds for this shopper are not counted back).
    const kit = row.kit.length > 0
    const available = kit ? row.kitUnits : row.onHand === null || row.allowBackorder ? null : Math.max(0, row.onHand - row.reserved + (own.get(row.id) ?? 0))
    if (available !== null && available < item.productCount) {
      problems.push({
        productId: item.FBUID,
        kind: 'stock',
        available,
        message:
          available === 0 ? `${row.name} is sold out.` : `Only ${available} of ${row.name} ${available === 1 ? 'is' : 'are'} left. Please lower the quantity.`,
      })
      continue
    }
    if (row.allowBackorder && row.onHand !== null && row.onHand - row.reserved + (own.get(row.id) ?? 0) < item.productCount) backordered.push(row.id)
    const lineTotalCents = price.cents * item.productCount
    lines.push({
      productId: row.id,
      productName: row.name,
      category: row.category,
      sku: row.sku,
      unitCostCents: row.costCents,
      image: row.image,
      // A provider's price id charges its own amount: a trade price goes to it as an amount instead.
      priceId: price.rule === 'normal' ? normal.description.trim() : '',
      unitPriceCents: price.cents,
      ...(price.rule === 'normal' ? {} : { normalUnitPriceCents: price.normalCents }),
      quantity: item.productCount,
      lineTotalCents,
      gstCents: gstIncluded(lineTotalCents),
      weightGrams: row.weightGrams * item.productCount,
      containsLithium: row.containsLithium,
      ...(kit
        ? { components: row.kit.map((component) => ({ ...component, productName: componentNames.get(component.productId) ?? component.productId })) }
        : {}),
    })
  }
  const totals = orderTotals(lines.map((line) => ({ unitPrice: line.unitPriceCents, quantity: line.quantity })))
  return { lines, problems, totals, backordered }
}

/** The names of the kits' components, as their lines would name them (a cart's, a quote's). */
export async function kitComponentNames(db: Executor, rows: { kit: KitComponent[] }[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => row.kit.map((component) => component.productId)))]
  if (ids.length === 0) return new Map()
  const found = await db.select({ id: products.id, name: variantNameSql }).from(products).where(inArray(products.id, ids))
  return new Map(found.map((row) => [row.id, row.name]))
}

async function heldByCheckout(db: Executor, checkoutId: string, productIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.reservedQuantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.stockState, 'reserved'), inArray(orderLines.productId, productIds)))
    .groupBy(orderLines.productId)
  return new Map(rows.map((row) => [row.productId, Number(row.quantity)]))
}

/** Order numbers a person can read out on the phone: UD- and eight characters without look-alikes. */
export function newOrderId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(8)
  return `UD-${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join('')}`
}

export type Order = typeof orders.$inferSelect
export type OrderLine = typeof orderLines.$inferSelect
export type OrderDiscount = Omit<typeof orderDiscounts.$inferSelect, 'orderId'>
export type OrderWithLines = Order & { lines: OrderLine[]; discounts: OrderDiscount[] }

export async function getOrder(db: Executor, orderId: string): Promise<OrderWithLines | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
  if (!order) return null
  const [lines, discounts] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position)),
    // Only orders with a discount have rows (most have none).
    order.discountCents > 0
      ? db
          .select({
            position: orderDiscounts.position,
            promotionId: orderDiscounts.promotionId,
            kind: orderDiscounts.kind,
            code: orderDiscounts.code,
            label: orderDiscounts.label,
            amountCents: orderDiscounts.amountCents,
            shippingCents: orderDiscounts.shippingCents,
          })
          .from(orderDiscounts)
          .where(eq(orderDiscounts.orderId, orderId))
          .orderBy(asc(orderDiscounts.position))
      : [],
  ])
  return { ...order, lines, discounts }
}

export async function getOrderBySession(db: Executor, sessionId: string): Promise<OrderWithLines | null> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.providerSessionId, sessionId)).limit(1)
  return order ? getOrder(db, order.id) : null
}

/** What the payment and thank-you pages show of an order. */
export function orderSummary(order: OrderWithLines) {
  return {
    id: order.id,
    status: order.status,
    totalCents: order.totalCents,
    gstCents: order.gstCents,
    shippingCents: order.shippingCents,
    shippingMethodName: order.shippingMethodName,
    shippingDiscountCents: order.shippingDiscountCents,
    discounts: order.discounts.map(({ label, amountCents }) => ({ label, amountCents })),
    delivery: { ...deliveryOf(order), email: null },
    lines: order.lines.map((line) => ({
      name: line.productName,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
      discountCents: line.discountCents,
    })),
  }
}

export function deliveryOf(order: Order): OrderDelivery {
  return {
    customerName: order.customerName,
    email: order.email,
    phone: order.phone,
    company: order.company,
    abn: order.abn,
    shippingMethodId: order.shippingMethodId,
    shippingMethodName: order.shippingMethodName,
    collect: order.collect,
    pickupAddress: order.pickupAddress,
    addressLine1: order.addressLine1,
    addressLine2: order.addressLine2,
    suburb: order.suburb,
    state: order.state,
    postcode: order.postcode,
  }
}

/** The order document as history stores it: the order with its lines. */
export function orderDocument(order: OrderWithLines): Record<string, unknown> {
  // The status link's secret stays out of the history, which every member of staff can read.
  const { statusToken: _secret, ...kept } = order
  return { FBUID: order.id, ...kept, lines: order.lines.map(({ orderId, ...line }) => line) }
}

/**
 * Stores a pending order with a snapshot of every line, and its history row, in one transaction.
 */
export async function createPendingOrder(
  db: Database,
  input: {
    lines: PricedLine[]
    email: string | null
    userId: string | null
    provider: Order['provider']
    updatedBy: string | null
    /** The delivery step's details and shipping (charged, after any free-shipping discount); none for orders made without one (tests, imports). */
    delivery?: Omit<OrderDelivery, 'email'> & { shippingCents: number; shippingDiscountCents?: number; checkoutId: string | null }
    /**
     * The discounts the lines and shipping were priced with (app/server/promotions): checked again in
     * the transaction, under the codes' locks, and kept with the order; a change refuses the order
     * (PromotionChangedError), writing nothing.
     */
    discounts?: DiscountToRecord[]
    /** Hold the lines' stock until this time (throws OutOfStockError, writing nothing, if it cannot). */
    reserveUntil?: Date
    /**
     * `awaiting-payment`: placed to be paid by bank transfer (no payment page); `invoiced`: placed on
     * a trade customer's account, with `invoicedAt` and `paymentDueAt`. Default `pending`.
     */
    status?: 'pending' | 'awaiting-payment' | 'invoiced'
    invoicedAt?: Date
    paymentDueAt?: Date
    purchaseOrder?: string
    quoteId?: string
    /** Checks made first in the order's transaction, under locks of their own (a credit limit); throwing refuses the order, writing nothing. */
    guard?: (tx: Executor, order: { totalCents: number }) => Promise<void>
    /** Set now when the order needs no payment page (a bank transfer's success-page key). */
    providerSessionId?: string
    /** More writes in the order's own transaction (the checkout closed, the e-mail queued). */
    then?: (tx: Executor, order: OrderWithLines) => Promise<void>
  },
): Promise<OrderWithLines> {
  const linesCents = input.lines.reduce((sum, line) => sum + line.lineTotalCents, 0)
  const totals = shippingTotals(linesCents, input.delivery?.shippingCents ?? 0)
  const id = newOrderId()
  const discounts = input.discounts ?? []
  const discountCents = discounts.reduce((sum, discount) => sum + discount.amountCents, 0)
  return db.transaction(async (tx) => {
    await claimDiscounts(tx, discounts, input.email)
    await input.guard?.(tx, { totalCents: totals.totalCents })
    // A kit holds its components' units, never its own (docs/domain.md, Kits).
    const stockLines = input.lines.flatMap((line) =>
      line.components ? componentUnits(line.components, line.quantity) : [{ productId: line.productId, quantity: line.quantity }],
    )
    const held = input.reserveUntil ? await reserveStock(tx, stockLines) : new Map<string, number>()
    await tx.insert(orders).values({
      id,
      status: input.status ?? 'pending',
      invoicedAt: input.invoicedAt ?? null,
      paymentDueAt: input.paymentDueAt ?? null,
      purchaseOrder: input.purchaseOrder ?? '',
      quoteId: input.quoteId ?? null,
      providerSessionId: input.providerSessionId ?? null,
      email: input.email,
      userId: input.userId,
      totalCents: totals.totalCents,
      gstCents: totals.gstCents,
      discountCents,
      provider: input.provider,
      ...(input.delivery ?? {}),
      ...(input.reserveUntil ? { stockState: 'reserved' as const, reservedUntil: input.reserveUntil } : {}),
    })
    await tx.insert(orderLines).values(
      input.lines.map((line, position) => ({
        orderId: id,
        position,
        productId: line.productId,
        productName: line.productName,
        priceId: line.priceId,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.lineTotalCents,
        discountCents: line.discountCents ?? 0,
        sku: line.sku ?? '',
        unitCostCents: line.unitCostCents ?? null,
        gstCents: line.gstCents,
        // All or nothing: a tracked product was held in full for every line naming it.
        reservedQuantity: !line.components && held.has(line.productId) ? line.quantity : 0,
        kitComponents: (line.components ?? []).map((component): KitLineComponent => ({
          ...component,
          reserved: held.has(component.productId) ? component.quantity * line.quantity : 0,
        })),
      })),
    )
    await recordDiscounts(tx, id, discounts)
    const order = (await getOrder(tx, id))!
    await recordHistory(tx, { collection: 'orders', documentId: id, action: 'create', document: orderDocument(order), updatedBy: input.updatedBy })
    await input.then?.(tx, order)
    return order
  })
}

/** Remembers the payment session created for an order, so its events and the success page find it. */
export async function attachPaymentSession(db: Database, orderId: string, sessionId: string, updatedBy: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ providerSessionId: sessionId, updatedAt: new Date() }).where(eq(orders.id, orderId))
    const order = (await getOrder(tx, orderId))!
    await recordHistory(tx, { collection: 'orders', documentId: orderId, action: 'update', document: orderDocument(order), updatedBy })
  })
}

export async function listOrders(db: Executor, limit = 200): Promise<Order[]> {
  return db.select().from(orders).orderBy(desc(orders.createdAt)).limit(limit)
}

/** A customer's orders, newest first: paid, or awaiting a payment still possible; never an abandoned checkout. */
export async function listOrdersOfUser(db: Executor, userId: string): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), isOrder))
    .orderBy(desc(orders.createdAt))
}

/**
 * One of a customer's orders; null when it is someone else's, does not exist, or is an abandoned
 * checkout (a payment that ended without money is not an order to its customer).
 */
export async function getOwnOrder(db: Executor, userId: string, orderId: string): Promise<OrderWithLines | null> {
  const order = await getOrder(db, orderId)
  return order && order.userId === userId && countsAsOrder(order) ? order : null
}

/** One entry of an order's state history: a state it reached, or a note (it joined an account). */
export interface OrderStateEntry {
  status: string
  at: Date
  by: string
  /** Set on notes, whose `status` is `note`. */
  note?: string
}

/**
 * The order's states over time, from its history rows: each change of its payment state (pending,
 * paid, …) and of where it is (packed, shipped, …), and the notes written with them (a guest order
 * that joined an account), with who made it and when.
 */
export async function orderStateHistory(db: Executor, orderId: string): Promise<OrderStateEntry[]> {
  const rows = await db
    .select({ document: history.document, at: history.updatedAt, by: history.updatedBy })
    .from(history)
    .where(and(eq(history.collection, 'orders'), eq(history.documentId, orderId)))
    .orderBy(asc(history.id))
  const states: OrderStateEntry[] = []
  let payment: string | null = null
  let fulfilment = 'unfulfilled'
  for (const row of rows) {
    const status = String(row.document.status)
    const where = String(row.document.fulfilment ?? 'unfulfilled')
    if (status !== payment) states.push({ status, at: row.at, by: row.by })
    if (where !== fulfilment && where !== 'unfulfilled') states.push({ status: where, at: row.at, by: row.by })
    if (typeof row.document.note === 'string') states.push({ status: 'note', note: row.document.note, at: row.at, by: row.by })
    payment = status
    fulfilment = where
  }
  return states
}
