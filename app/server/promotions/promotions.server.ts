import { randomBytes } from 'node:crypto'
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Promotion } from '../../lib/promotions.ts'
import type { PromotionFields } from '../../lib/schemas/promotion.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { orderDiscounts, orders, products, promotions, shippingMethods } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { uniqueViolation } from '../db/unique.server.ts'
import { LIVE_STATUSES, promotionOf, type PromotionRow } from './pricing.server.ts'
import { variantNameSql } from '../catalog/products.server.ts'

/**
 * Promotions as staff keep them (/staff/promotions; docs/domain.md, Promotions): created and changed
 * from the staff form, paused and resumed, deleted only while no order names them. Every write is one
 * transaction with its history row (collection `promotions`), under the promotion's row lock, and a
 * save started from an older `version` is refused rather than overwriting a colleague's change.
 */

export const PROMOTIONS_COLLECTION = 'promotions'

/** Promotion ids: PR- and eight characters without look-alikes, as order numbers are. */
export function newPromotionId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return `PR-${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`
}

/** Someone changed the promotion after this form was opened. */
export class StalePromotionError extends Error {
  override name = 'StalePromotionError'
  constructor() {
    super('Someone else changed this promotion after you opened it. Reload to see their change; your edits are still in the form.')
  }
}

/** The save was refused for something only the database knows: a code taken, a product or method not there, a promotion gone. */
export class PromotionRefusedError extends Error {
  override name = 'PromotionRefusedError'
  /** The form's field the refusal is about, if one. */
  readonly field: string | undefined
  constructor(message: string, field?: string) {
    super(message)
    this.field = field
  }
}

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/**
 * A promotion as history keeps it and the export writes it (docs/data-format.md, promotions): every
 * field staff set, and when it was created and last changed. Its version is the screen's, not the record's.
 */
export function promotionDocument(row: PromotionRow): Record<string, unknown> {
  const { id, startsAt, endsAt, ...fields } = promotionOf(row)
  return { FBUID: id, ...fields, startsAt: iso(startsAt), endsAt: iso(endsAt), createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) }
}

export async function getPromotion(db: Executor, id: string, lock = false): Promise<PromotionRow | null> {
  const query = db.select().from(promotions).where(eq(promotions.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** Each promotion's uses: its discounts on orders still live (placed, and not ended without money), as a code's limit counts them. */
export async function promotionUses(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ promotionId: orderDiscounts.promotionId, uses: sql<number>`count(*)::int`.mapWith(Number) })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(and(inArray(orderDiscounts.promotionId, ids), inArray(orders.status, [...LIVE_STATUSES])))
    .groupBy(orderDiscounts.promotionId)
  return new Map(rows.map((row) => [row.promotionId, row.uses]))
}

/** Whether any order, whatever its status, names the promotion (it can then never be deleted). */
async function everUsed(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(orderDiscounts).where(eq(orderDiscounts.promotionId, id))
  return (row?.total ?? 0) > 0
}

export interface ListedPromotion {
  promotion: Promotion
  version: number
  uses: number
}

/** Every promotion, codes first then offers, each by name, with its uses. */
export async function listPromotions(db: Executor): Promise<ListedPromotion[]> {
  const rows = await db.select().from(promotions).orderBy(asc(promotions.kind), asc(promotions.name), asc(promotions.id))
  const uses = await promotionUses(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({ promotion: promotionOf(row), version: row.version, uses: uses.get(row.id) ?? 0 }))
}

/** What the form offers: products (on sale or not: a kit may name one kept back), categories and shipping methods. */
export async function promotionChoices(db: Executor) {
  const [productRows, methodRows] = await Promise.all([
    db
      .select({ id: products.id, name: variantNameSql, category: products.productCategory })
      .from(products)
      .orderBy(asc(products.productName), asc(products.variantPosition), asc(products.id)),
    db.select({ id: shippingMethods.id, name: shippingMethods.name }).from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.name)),
  ])
  const categories = [...new Set(productRows.map((row) => row.category))].sort()
  return { products: productRows.map(({ id, name }) => ({ id, name })), categories, shippingMethods: methodRows }
}

/** The products and the shipping method the promotion names are there (its categories are any text: a category with no product covers nothing). */
async function checkReferences(tx: Executor, fields: PromotionFields): Promise<void> {
  const named = [...new Set([...fields.productIds, ...fields.kit.map((item) => item.productId)])]
  if (named.length > 0) {
    const found = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, named))).map((row) => row.id))
    const missing = named.filter((id) => !found.has(id))
    if (missing.length > 0) {
      const field = fields.kit.some((item) => missing.includes(item.productId)) ? 'target' : 'products'
      throw new PromotionRefusedError(`No product has the id ${missing.map((id) => `“${id}”`).join(', ')}.`, field)
    }
  }
  if (fields.shippingMethodId) {
    const [method] = await tx.select({ id: shippingMethods.id }).from(shippingMethods).where(eq(shippingMethods.id, fields.shippingMethodId))
    if (!method) throw new PromotionRefusedError('This shipping method is not there any more: choose another, or any method.', 'shippingMethodId')
  }
}

/** The refusal of a code another promotion has. */
const codeTaken = (code: string, holder: string | null) =>
  new PromotionRefusedError(
    `The code ${code} is already ${holder ? `used by “${holder}”` : 'taken'}. Codes are unique whatever their case: choose another.`,
    'code',
  )

/**
 * Creates a promotion (`id` null) or changes one (the version the form was opened at), with its
 * history row, in one transaction under the promotion's row lock. A code another promotion has is
 * refused by name (a second save of the same new code at the same moment is refused by the
 * database's unique index, and told the same).
 */
export async function savePromotion(
  db: Database,
  input: { id: string | null; expectedVersion: number | null; fields: PromotionFields; by: string },
): Promise<PromotionRow> {
  const { fields } = input
  try {
    return await db.transaction(async (tx) => {
      const current = input.id ? await getPromotion(tx, input.id, true) : null
      if (input.id && !current) throw new PromotionRefusedError('This promotion is not there any more (deleted since you opened it).')
      if (current && current.version !== input.expectedVersion) throw new StalePromotionError()
      if (fields.code) {
        const [holder] = await tx
          .select({ name: promotions.name })
          .from(promotions)
          .where(and(eq(promotions.code, fields.code), current ? ne(promotions.id, current.id) : undefined))
        if (holder) throw codeTaken(fields.code, holder.name)
      }
      await checkReferences(tx, fields)
      const now = new Date()
      let saved: PromotionRow
      if (current) {
        ;[saved] = (await tx
          .update(promotions)
          .set({ ...fields, version: current.version + 1, updatedAt: now })
          .where(eq(promotions.id, current.id))
          .returning()) as [PromotionRow]
      } else {
        ;[saved] = (await tx
          .insert(promotions)
          .values({ id: newPromotionId(), ...fields, createdAt: now, updatedAt: now })
          .returning()) as [PromotionRow]
      }
      await recordHistory(tx, {
        collection: PROMOTIONS_COLLECTION,
        documentId: saved.id,
        action: current ? 'update' : 'create',
        document: promotionDocument(saved),
        updatedBy: input.by,
      })
      return saved
    })
  } catch (error) {
    if (fields.code && uniqueViolation(error) !== null) throw codeTaken(fields.code, null)
    throw error
  }
}

/** Pauses a promotion (no cart gets it from then on; orders placed keep theirs) or resumes it. */
export async function setPromotionActive(db: Database, input: { id: string; expectedVersion: number; active: boolean; by: string }): Promise<PromotionRow> {
  return db.transaction(async (tx) => {
    const current = await getPromotion(tx, input.id, true)
    if (!current) throw new PromotionRefusedError('This promotion is not there any more (deleted since you opened it).')
    if (current.version !== input.expectedVersion) throw new StalePromotionError()
    const [saved] = (await tx
      .update(promotions)
      .set({ active: input.active, version: current.version + 1, updatedAt: new Date() })
      .where(eq(promotions.id, current.id))
      .returning()) as [PromotionRow]
    await recordHistory(tx, {
      collection: PROMOTIONS_COLLECTION,
      documentId: saved.id,
      action: 'update',
      document: promotionDocument(saved),
      updatedBy: input.by,
    })
    return saved
  })
}

/**
 * Deletes a promotion no order names, whatever the order's status: once one does, the order keeps
 * the promotion it was priced with, and staff pause it instead. History keeps it as it stood.
 */
export async function deletePromotion(db: Database, input: { id: string; expectedVersion: number; by: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await getPromotion(tx, input.id, true)
    if (!current) throw new PromotionRefusedError('This promotion is not there any more (deleted since you opened it).')
    if (current.version !== input.expectedVersion) throw new StalePromotionError()
    // A checkout claims its promotions under this same lock (pricing.server.ts, claimDiscounts), so an order placed a moment ago is counted here.
    if (await everUsed(tx, current.id)) throw new PromotionRefusedError('Orders were placed with this promotion, so it stays: pause it instead.')
    await tx.delete(promotions).where(eq(promotions.id, current.id))
    await recordHistory(tx, {
      collection: PROMOTIONS_COLLECTION,
      documentId: current.id,
      action: 'delete',
      document: promotionDocument(current),
      updatedBy: input.by,
    })
  })
}

/** Whether the promotion may be deleted now (no order names it). */
export async function mayDelete(db: Executor, id: string): Promise<boolean> {
  return !(await everUsed(db, id))
}
