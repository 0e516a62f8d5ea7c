import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  BENEFITS,
  MAX_AMOUNT_CENTS,
  MAX_KIT_ITEMS,
  MAX_KIT_QUANTITY,
  MAX_NAME_LENGTH,
  MAX_USES,
  PROMOTION_KINDS,
  type PromotionFields,
} from '../../../lib/schemas/promotion.ts'
import { CODE_PATTERN, normaliseCode } from '../../../lib/promotions.ts'
import { dayStart, shopDay } from '../../../lib/reports/periods.ts'
import { storableString } from '../../../lib/schemas/text.ts'
import { promotions } from '../../db/schema.ts'
import { recordHistory } from '../../history/record.server.ts'
import { PROMOTIONS_COLLECTION, promotionDocument } from '../../promotions/promotions.server.ts'
import { afterTextId, byCodeUnit, schemaReason, type CollectionDefinition, type Importer } from '../collection.server.ts'

const time = z.iso.datetime({ offset: true, message: 'Give the time as an ISO 8601 date and time.' })
const id = z.string().trim().min(1, 'An id is not empty.').max(200, 'At most 200 characters.')
const uses = z.number().int('A whole number.').min(1, 'At least 1.').max(MAX_USES, `At most ${MAX_USES}.`).nullable().default(null)
/** A promotion starts and ends on a Brisbane day's midnight, as the staff form sets it (app/lib/promotions.ts, periodOf). */
const midnight = time
  .refine((text) => dayStart(shopDay(new Date(text))).getTime() === new Date(text).getTime(), 'Give a Brisbane midnight, such as 2026-12-02T00:00:00+10:00.')
  .nullable()
  .default(null)

/** A promotion as the staff form would save it; the rules the form keeps, said in the file's terms. */
const documentSchema = z
  .strictObject({
    kind: z.enum(PROMOTION_KINDS),
    code: z
      .string()
      .transform(normaliseCode)
      .refine((code) => CODE_PATTERN.test(code), 'A code is 2 to 40 letters, digits, - or _, starting with a letter or digit.')
      .nullable()
      .default(null),
    name: storableString(MAX_NAME_LENGTH).min(1, 'required'),
    active: z.boolean().default(true),
    benefit: z.enum(BENEFITS),
    percentBp: z.number().int('Hundredths of a percent, a whole number.').min(1).max(10_000, 'At most 10000 (100 %).').nullable().default(null),
    amountCents: z.number().int('Amounts are whole cents.').min(1, 'More than 0.').max(MAX_AMOUNT_CENTS).nullable().default(null),
    productIds: z.array(id).max(500).default([]),
    categories: z.array(id).max(100).default([]),
    kit: z
      .array(z.strictObject({ productId: id, quantity: z.number().int().min(1).max(MAX_KIT_QUANTITY, `At most ${MAX_KIT_QUANTITY}.`) }))
      .max(MAX_KIT_ITEMS)
      .default([]),
    shippingMethodId: id.nullable().default(null),
    minSpendCents: z.number().int('Amounts are whole cents.').min(0).max(MAX_AMOUNT_CENTS).default(0),
    startsAt: midnight,
    endsAt: midnight,
    usageLimit: uses,
    perCustomerLimit: uses,
    combinesWithOffers: z.boolean().default(false),
    createdAt: time.optional(),
    updatedAt: time.optional(),
  })
  .superRefine((promotion, context) => {
    const problem = (field: string, message: string) => context.addIssue({ code: 'custom', path: [field], message })
    if (promotion.kind === 'code' && !promotion.code) problem('code', 'A discount code needs its code.')
    if (promotion.kind === 'offer') {
      if (promotion.code) problem('code', 'An offer has no code (null).')
      if (promotion.usageLimit !== null || promotion.perCustomerLimit !== null) problem('usageLimit', 'Only a code counts its uses: null for an offer.')
      if (promotion.combinesWithOffers) problem('combinesWithOffers', 'Only a code adds to offers: false for an offer.')
    }
    if ((promotion.benefit === 'percent') !== (promotion.percentBp !== null)) problem('percentBp', 'A percentage off has its percentBp, and only it.')
    if ((promotion.benefit === 'amount') !== (promotion.amountCents !== null)) problem('amountCents', 'An amount off has its amountCents, and only it.')
    if (promotion.benefit === 'free-shipping') {
      if (promotion.kit.length || promotion.productIds.length || promotion.categories.length) {
        problem('benefit', 'Free shipping is on the whole order: no kit, products or categories.')
      }
    } else if (promotion.shippingMethodId !== null) problem('shippingMethodId', 'Only free shipping names a shipping method: null otherwise.')
    if (promotion.kit.length && (promotion.productIds.length || promotion.categories.length)) {
      problem('kit', 'A kit covers its own products: productIds and categories are empty with it.')
    }
    if (new Set(promotion.kit.map((item) => item.productId)).size !== promotion.kit.length) problem('kit', 'A product is in the kit twice.')
    if (promotion.startsAt && promotion.endsAt && promotion.endsAt <= promotion.startsAt) problem('endsAt', 'The end is after the start.')
  })

type PromotionRow = PromotionFields & { createdAt: Date; updatedAt: Date }

const promotionImporter: Importer<PromotionRow> = {
  async readByIds(db, ids, lock) {
    const query = db.select().from(promotions).where(inArray(promotions.id, ids))
    const rows = lock ? await query.for('update') : await query
    return new Map(rows.map((row) => [row.id, promotionDocument(row)]))
  },
  prepare(promotionId, fields, existing) {
    const parsed = documentSchema.safeParse(fields)
    if (!parsed.success) return { ok: false, reason: schemaReason(parsed.error) }
    const { createdAt, updatedAt, startsAt, endsAt, ...rest } = parsed.data
    const storedTime = (value: unknown) => (typeof value === 'string' ? new Date(value) : null)
    // A file without the times keeps the stored ones, or takes the import's.
    const now = new Date()
    const row: PromotionRow = {
      ...rest,
      startsAt: startsAt ? new Date(startsAt) : null,
      endsAt: endsAt ? new Date(endsAt) : null,
      createdAt: createdAt ? new Date(createdAt) : (storedTime(existing?.createdAt) ?? now),
      updatedAt: updatedAt ? new Date(updatedAt) : (storedTime(existing?.updatedAt) ?? now),
    }
    return { ok: true, document: promotionDocument({ id: promotionId, version: 0, ...row }), row }
  },
  async storedRefusal(db, promotionId, row) {
    if (!row.code) return null
    const [holder] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.code, row.code), ne(promotions.id, promotionId)))
    return holder ? `The code ${row.code} is the promotion ${holder.id}'s: codes are unique.` : null
  },
  async write(tx, staged, updatedBy) {
    for (const { id: promotionId, row, document, existed } of staged) {
      if (existed) {
        await tx
          .update(promotions)
          .set({ ...row, version: sql`${promotions.version} + 1` })
          .where(eq(promotions.id, promotionId))
      } else {
        await tx.insert(promotions).values({ id: promotionId, ...row })
      }
      await recordHistory(tx, { collection: PROMOTIONS_COLLECTION, documentId: promotionId, action: existed ? 'set' : 'create', document, updatedBy })
    }
  },
}

/** Discount codes and offers (docs/data-format.md, promotions): imported before the orders that name them. */
export const promotionsCollection: CollectionDefinition = {
  name: 'promotions',
  async readPage(db, afterId, limit) {
    const rows = await db.select().from(promotions).where(afterTextId(promotions.id, afterId)).orderBy(byCodeUnit(promotions.id)).limit(limit)
    return rows.map((row) => ({ id: row.id, document: promotionDocument(row) }))
  },
  importer: promotionImporter,
}
