import { eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { ENQUIRY_STATUSES, type EnquiryStatus } from '../../../lib/enquiries.ts'
import { contactSchema } from '../../../lib/schemas/contact.ts'
import { contacts } from '../../db/schema.ts'
import { recordHistory } from '../../history/record.server.ts'
import { afterTextId, byCodeUnit, schemaReason, type CollectionDefinition, type Importer } from '../collection.server.ts'
import type { Document } from '../format.ts'

const replySchema = z.strictObject({
  at: z.iso.datetime({ offset: true, message: 'Give the time as an ISO 8601 date and time.' }),
  by: z.string().max(320),
  subject: z.string().max(200),
  message: z.string().max(10_000),
})

/**
 * The Contact Us rules, plus when the enquiry arrived (kept when absent; now for a new one), its
 * status and the replies sent from its screen (kept when absent; new and none for a new one).
 */
const documentSchema = z.strictObject({
  ...contactSchema.shape,
  contactPhone: contactSchema.shape.contactPhone.default(''),
  contactCompany: contactSchema.shape.contactCompany.default(''),
  createdAt: z.iso.datetime({ offset: true, message: 'Give the time as an ISO 8601 date and time.' }).optional(),
  status: z.enum(Object.keys(ENQUIRY_STATUSES) as [EnquiryStatus, ...EnquiryStatus[]]).optional(),
  replies: z.array(replySchema).max(500).optional(),
})

const columns = {
  id: contacts.id,
  contactName: contacts.contactName,
  contactEmail: contacts.contactEmail,
  contactPhone: contacts.contactPhone,
  contactCompany: contacts.contactCompany,
  contactMessage: contacts.contactMessage,
  status: contacts.status,
  replies: contacts.replies,
  createdAt: contacts.createdAt,
}

type ContactRow = { [Key in keyof typeof columns]: (typeof contacts.$inferSelect)[Key] }

const contactDocument = (row: ContactRow): Document => ({
  FBUID: row.id,
  contactName: row.contactName,
  contactEmail: row.contactEmail,
  contactPhone: row.contactPhone,
  contactCompany: row.contactCompany,
  contactMessage: row.contactMessage,
  status: row.status,
  replies: row.replies,
  createdAt: row.createdAt.toISOString(),
})

const contactImporter: Importer<ContactRow> = {
  async readByIds(db, ids, lock) {
    const query = db.select(columns).from(contacts).where(inArray(contacts.id, ids))
    const rows = lock ? await query.for('update') : await query
    return new Map(rows.map((row) => [row.id, contactDocument(row)]))
  },
  prepare(contactId, fields, existing) {
    const parsed = documentSchema.safeParse(fields)
    if (!parsed.success) return { ok: false, reason: schemaReason(parsed.error) }
    const { createdAt: givenTime, status, replies, ...enquiry } = parsed.data
    const keptTime = typeof existing?.createdAt === 'string' ? existing.createdAt : null
    const row = {
      id: contactId,
      ...enquiry,
      status: status ?? (existing?.status as EnquiryStatus | undefined) ?? 'new',
      replies: replies ?? (existing?.replies as ContactRow['replies'] | undefined) ?? [],
      createdAt: new Date(givenTime ?? keptTime ?? Date.now()),
    }
    return { ok: true, document: contactDocument(row), row }
  },
  async write(tx, staged, updatedBy) {
    for (const { id, row, document, existed } of staged) {
      if (existed)
        await tx
          .update(contacts)
          .set({ ...row, version: sql`${contacts.version} + 1`, updatedAt: new Date() })
          .where(eq(contacts.id, id))
      else await tx.insert(contacts).values(row)
      await recordHistory(tx, { collection: 'contacts', documentId: id, action: existed ? 'set' : 'create', document, updatedBy })
    }
  },
}

export const contactsCollection: CollectionDefinition = {
  name: 'contacts',
  async readPage(db, afterId, limit) {
    const rows = await db.select(columns).from(contacts).where(afterTextId(contacts.id, afterId)).orderBy(byCodeUnit(contacts.id)).limit(limit)
    return rows.map((row) => ({ id: row.id, document: contactDocument(row) }))
  },
  importer: contactImporter,
}
