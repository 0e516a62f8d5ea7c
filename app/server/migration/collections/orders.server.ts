import { asc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { MAX_PER_LINE } from '../../../lib/cart.ts'
import { ABANDONED_REASONS, type AbandonedReason } from '../../../lib/orders/abandoned.ts'
import { FULFILMENTS } from '../../../lib/orders/fulfilment.ts'
import { ORDER_STATUSES } from '../../../lib/orders/payment-status.ts'
import { deliveryOf, orderDocument, type Order, type OrderDiscount, type OrderLine } from '../../checkout/orders.server.ts'
import type { Executor } from '../../db/client.server.ts'
import { orderDiscounts, orderLines, orders, promotions } from '../../db/schema.ts'
import { recordHistory } from '../../history/record.server.ts'
import { afterTextId, byCodeUnit, isoTime, schemaReason, type CollectionDefinition, type Importer } from '../collection.server.ts'
import type { Document } from '../format.ts'
import { MAX_COMPONENT_QUANTITY, MAX_KIT_COMPONENTS } from '../../../lib/kits.ts'

const cents = z.number().int('Amounts are whole cents.').min(0, 'An amount cannot be negative.')
const time = z.iso.datetime({ offset: true, message: 'Give the time as an ISO 8601 date and time.' })
const text200 = z.string().trim().max(200, 'At most 200 characters.')
const optionalText = z.string().trim().max(500, 'At most 500 characters.').nullable().default(null)

const lineSchema = z.strictObject({
  position: z.number().int().min(0),
  productId: z.string().trim().min(1).max(200),
  productName: z.string().trim().min(1).max(200),
  priceId: z.string().trim().max(200).default(''),
  unitPriceCents: cents,
  quantity: z.number().int().min(1).max(MAX_PER_LINE, `At most ${MAX_PER_LINE} of a product per line.`),
  lineTotalCents: cents,
  discountCents: cents.default(0),
  // The product's SKU and what a unit cost the shop (excl. GST) when it was sold.
  sku: z.string().trim().max(64).default(''),
  unitCostCents: cents.nullable().default(null),
  gstCents: cents,
  reservedQuantity: z.number().int().min(0).max(MAX_PER_LINE).default(0),
  refundedQuantity: z.number().int().min(0).max(MAX_PER_LINE).default(0),
  // A kit's line: its components as sold, with the units of each held (docs/domain.md, Kits).
  kitComponents: z
    .array(
      z.strictObject({
        productId: z.string().trim().min(1).max(200),
        productName: z.string().trim().min(1).max(300),
        quantity: z.number().int().min(1).max(MAX_COMPONENT_QUANTITY),
        reserved: z
          .number()
          .int()
          .min(0)
          .max(MAX_PER_LINE * MAX_COMPONENT_QUANTITY),
      }),
    )
    .max(MAX_KIT_COMPONENTS)
    .default([]),
})

/** A discount on the order as it was placed (order_discounts): the promotion it came from, its words, and what it took off. */
const discountSchema = z.strictObject({
  position: z.number().int().min(0),
  promotionId: z.string().trim().min(1).max(200),
  kind: z.enum(['code', 'offer']),
  code: z.string().trim().min(1).max(40).nullable().default(null),
  label: z.string().trim().min(1).max(200),
  amountCents: cents,
  shippingCents: cents.default(0),
})

/** An order with the snapshot of its lines (order_lines) and its discounts (order_discounts); totals must add up. */
const documentSchema = z
  .strictObject({
    status: z.enum(ORDER_STATUSES),
    abandonedReason: z
      .enum(Object.keys(ABANDONED_REASONS) as [AbandonedReason, ...AbandonedReason[]])
      .nullable()
      .default(null),
    email: optionalText,
    userId: optionalText,
    currency: z
      .string()
      .regex(/^[a-z]{3}$/, 'A currency is a three-letter code such as aud.')
      .default('aud'),
    totalCents: cents,
    gstCents: cents,
    provider: z.enum(['demo', 'stripe', 'bank-transfer', 'account']),
    // A bank-transfer or on-account order: what has arrived so far (its payments are not in the file), and a transfer's one reminder.
    receivedCents: cents.default(0),
    paymentReminderSentAt: time.nullable().default(null),
    purchaseOrder: z.string().trim().max(40, 'At most 40 characters.').default(''),
    // The quote the order was placed from (its prices), if any.
    quoteId: optionalText,
    // An order placed on a trade customer's account: when its tax invoice was issued and when it is due.
    invoicedAt: time.nullable().default(null),
    paymentDueAt: time.nullable().default(null),
    providerSessionId: optionalText,
    paymentReference: optionalText,
    createdAt: time,
    updatedAt: time,
    paidAt: time.nullable().default(null),
    // Delivery details (orders from before the delivery step have none).
    customerName: text200.default(''),
    phone: text200.default(''),
    company: text200.default(''),
    abn: text200.default(''),
    shippingMethodId: text200.default(''),
    shippingMethodName: text200.default(''),
    collect: z.boolean().default(false),
    pickupAddress: z.string().trim().max(500, 'At most 500 characters.').default(''),
    addressLine1: text200.default(''),
    addressLine2: text200.default(''),
    suburb: text200.default(''),
    state: text200.default(''),
    postcode: text200.default(''),
    shippingCents: cents.default(0),
    // What promotions took off (lines and shipping), and the shipping's part.
    discountCents: cents.default(0),
    shippingDiscountCents: cents.default(0),
    stockState: z.enum(['none', 'reserved', 'sold', 'released']).default('none'),
    reservedUntil: time.nullable().default(null),
    checkoutId: optionalText,
    fulfilment: z.enum(FULFILMENTS).default('unfulfilled'),
    carrier: text200.default(''),
    trackingNumber: text200.default(''),
    fulfilledAt: time.nullable().default(null),
    refundedCents: cents.default(0),
    refundedGstCents: cents.default(0),
    shippingRefundedCents: cents.default(0),
    // A sale a cart reminder recovered: when that reminder was sent.
    reminderSentAt: time.nullable().default(null),
    lines: z.array(lineSchema).min(1, 'An order has at least one line.').max(200),
    discounts: z.array(discountSchema).max(20).default([]),
  })
  .superRefine((order, context) => {
    const positions = new Set(order.lines.map((line) => line.position))
    if (positions.size !== order.lines.length) context.addIssue({ code: 'custom', path: ['lines'], message: 'Two lines have the same position.' })
    order.lines.forEach((line, index) => {
      if (line.lineTotalCents !== line.unitPriceCents * line.quantity - line.discountCents) {
        context.addIssue({
          code: 'custom',
          path: ['lines', index, 'lineTotalCents'],
          message: 'The line total is not the unit price times the quantity, less the line’s discount.',
        })
      }
    })
    if (order.totalCents !== order.lines.reduce((sum, line) => sum + line.lineTotalCents, 0) + order.shippingCents) {
      context.addIssue({ code: 'custom', path: ['totalCents'], message: 'The total is not the sum of the line totals and the shipping.' })
    }
    // Each discount is on the lines or the shipping: the parts add up to the order's discount both ways.
    if (new Set(order.discounts.map((discount) => discount.position)).size !== order.discounts.length) {
      context.addIssue({ code: 'custom', path: ['discounts'], message: 'Two discounts have the same position.' })
    }
    order.discounts.forEach((discount, index) => {
      if (discount.shippingCents > discount.amountCents) {
        context.addIssue({ code: 'custom', path: ['discounts', index, 'shippingCents'], message: 'A discount’s shipping part is more than the discount.' })
      }
      if ((discount.kind === 'code') !== (discount.code !== null)) {
        context.addIssue({ code: 'custom', path: ['discounts', index, 'code'], message: 'A code’s discount names its code, and an offer’s none.' })
      }
    })
    if (order.discountCents !== order.discounts.reduce((sum, discount) => sum + discount.amountCents, 0)) {
      context.addIssue({ code: 'custom', path: ['discountCents'], message: 'The discount is not the sum of the discounts’ amounts.' })
    }
    if (order.shippingDiscountCents !== order.discounts.reduce((sum, discount) => sum + discount.shippingCents, 0)) {
      context.addIssue({ code: 'custom', path: ['shippingDiscountCents'], message: 'The shipping discount is not the sum of the discounts’ shipping parts.' })
    }
    if (order.discountCents !== order.lines.reduce((sum, line) => sum + line.discountCents, 0) + order.shippingDiscountCents) {
      context.addIssue({ code: 'custom', path: ['discountCents'], message: 'The discount is not the lines’ discounts and the shipping discount together.' })
    }
  })

type OrderRow = Order & { lines: Omit<OrderLine, 'orderId'>[]; discounts: OrderDiscount[] }

const lineDocument = (line: Omit<OrderLine, 'orderId'>) => ({
  position: line.position,
  productId: line.productId,
  productName: line.productName,
  priceId: line.priceId,
  unitPriceCents: line.unitPriceCents,
  quantity: line.quantity,
  lineTotalCents: line.lineTotalCents,
  discountCents: line.discountCents,
  sku: line.sku,
  unitCostCents: line.unitCostCents,
  gstCents: line.gstCents,
  reservedQuantity: line.reservedQuantity,
  refundedQuantity: line.refundedQuantity,
  // Only a kit's line carries its components.
  ...(line.kitComponents.length > 0 ? { kitComponents: line.kitComponents } : {}),
})

const discountDocument = (discount: OrderDiscount) => ({
  position: discount.position,
  promotionId: discount.promotionId,
  kind: discount.kind,
  code: discount.code,
  label: discount.label,
  amountCents: discount.amountCents,
  shippingCents: discount.shippingCents,
})

function orderFileDocument(order: OrderRow): Document {
  const { email: _email, ...delivery } = deliveryOf(order)
  return {
    FBUID: order.id,
    status: order.status,
    abandonedReason: order.abandonedReason,
    email: order.email,
    userId: order.userId,
    currency: order.currency,
    totalCents: order.totalCents,
    gstCents: order.gstCents,
    provider: order.provider,
    providerSessionId: order.providerSessionId,
    paymentReference: order.paymentReference,
    createdAt: isoTime(order.createdAt),
    updatedAt: isoTime(order.updatedAt),
    paidAt: isoTime(order.paidAt),
    ...delivery,
    shippingCents: order.shippingCents,
    discountCents: order.discountCents,
    shippingDiscountCents: order.shippingDiscountCents,
    stockState: order.stockState,
    reservedUntil: isoTime(order.reservedUntil),
    checkoutId: order.checkoutId,
    fulfilment: order.fulfilment,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    fulfilledAt: isoTime(order.fulfilledAt),
    refundedCents: order.refundedCents,
    refundedGstCents: order.refundedGstCents,
    shippingRefundedCents: order.shippingRefundedCents,
    reminderSentAt: isoTime(order.reminderSentAt),
    receivedCents: order.receivedCents,
    paymentReminderSentAt: isoTime(order.paymentReminderSentAt),
    purchaseOrder: order.purchaseOrder,
    quoteId: order.quoteId,
    invoicedAt: isoTime(order.invoicedAt),
    paymentDueAt: isoTime(order.paymentDueAt),
    lines: [...order.lines].sort((left, right) => left.position - right.position).map(lineDocument),
    discounts: [...order.discounts].sort((left, right) => left.position - right.position).map(discountDocument),
  }
}

/** The orders with their lines and discounts, three queries for a whole page. */
async function withLines(db: Executor, rows: Order[]): Promise<OrderRow[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [lines, discounts] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position)),
    db.select().from(orderDiscounts).where(inArray(orderDiscounts.orderId, ids)).orderBy(asc(orderDiscounts.position)),
  ])
  const linesOf = Map.groupBy(lines, (line) => line.orderId)
  const discountsOf = Map.groupBy(discounts, (discount) => discount.orderId)
  return rows.map((row) => ({
    ...row,
    lines: linesOf.get(row.id) ?? [],
    discounts: (discountsOf.get(row.id) ?? []).map(({ orderId: _order, ...discount }) => discount),
  }))
}

const orderImporter: Importer<OrderRow> = {
  async readByIds(db, ids, lock) {
    const query = db.select().from(orders).where(inArray(orders.id, ids))
    const rows = await withLines(db, lock ? await query.for('update') : await query)
    return new Map(rows.map((order) => [order.id, orderFileDocument(order)]))
  },
  prepare(orderId, fields) {
    const parsed = documentSchema.safeParse(fields)
    if (!parsed.success) return { ok: false, reason: schemaReason(parsed.error) }
    const {
      lines,
      discounts,
      createdAt,
      updatedAt,
      paidAt,
      reservedUntil,
      fulfilledAt,
      reminderSentAt,
      paymentReminderSentAt,
      invoicedAt,
      paymentDueAt,
      ...rest
    } = parsed.data
    const row: OrderRow = {
      id: orderId,
      ...rest,
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
      paidAt: paidAt ? new Date(paidAt) : null,
      reservedUntil: reservedUntil ? new Date(reservedUntil) : null,
      fulfilledAt: fulfilledAt ? new Date(fulfilledAt) : null,
      reminderSentAt: reminderSentAt ? new Date(reminderSentAt) : null,
      paymentReminderSentAt: paymentReminderSentAt ? new Date(paymentReminderSentAt) : null,
      invoicedAt: invoicedAt ? new Date(invoicedAt) : null,
      paymentDueAt: paymentDueAt ? new Date(paymentDueAt) : null,
      // The status link's secret is never in a file: an imported order gets one when it is first e-mailed about.
      statusToken: null,
      // When a buyer came back from a payment page is a moment's sign for staff's dashboard, not part of the order's record.
      buyerReturnedAt: null,
      lines,
      discounts,
    }
    return { ok: true, document: orderFileDocument(row), row }
  },
  /** A discount names its promotion, which must be stored first (import promotions before orders). */
  async storedRefusal(db, _orderId, row) {
    const named = [...new Set(row.discounts.map((discount) => discount.promotionId))]
    if (named.length === 0) return null
    const found = new Set((await db.select({ id: promotions.id }).from(promotions).where(inArray(promotions.id, named))).map((promotion) => promotion.id))
    const missing = named.filter((id) => !found.has(id))
    return missing.length === 0
      ? null
      : `Its discounts name the promotion${missing.length === 1 ? '' : 's'} ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not stored: import the promotions collection first.`
  },
  /** An order, its lines and its discounts are written together; the history row holds them all, as checkout writes it. */
  async write(tx, staged, updatedBy) {
    for (const { id, row, existed } of staged) {
      const { lines, discounts, ...written } = row
      const { statusToken: _token, ...order } = written
      if (existed) {
        // An import updates what the file holds; the order's status link stays as the customer has it.
        await tx.update(orders).set(order).where(eq(orders.id, id))
        await tx.delete(orderLines).where(eq(orderLines.orderId, id))
        await tx.delete(orderDiscounts).where(eq(orderDiscounts.orderId, id))
      } else {
        await tx.insert(orders).values(order)
      }
      const stored = lines.map((line) => ({ ...line, orderId: id }))
      await tx.insert(orderLines).values(stored)
      if (discounts.length > 0) await tx.insert(orderDiscounts).values(discounts.map((discount) => ({ ...discount, orderId: id })))
      await recordHistory(tx, {
        collection: 'orders',
        documentId: id,
        action: existed ? 'set' : 'create',
        document: orderDocument({ ...written, lines: stored, discounts: [...discounts].sort((left, right) => left.position - right.position) }),
        updatedBy,
      })
    }
  },
}

export const ordersCollection: CollectionDefinition = {
  name: 'orders',
  async readPage(db, afterId, limit) {
    const rows = await db.select().from(orders).where(afterTextId(orders.id, afterId)).orderBy(byCodeUnit(orders.id)).limit(limit)
    return (await withLines(db, rows)).map((order) => ({ id: order.id, document: orderFileDocument(order) }))
  },
  importer: orderImporter,
}
