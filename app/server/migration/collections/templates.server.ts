import { eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { templateFormSchema } from '../../../lib/schemas/template.ts'
import { templates } from '../../db/schema.ts'
import { recordHistory } from '../../history/record.server.ts'
import { PLACEHOLDER_TEMPLATE_IMAGE } from '../../templates/templates.server.ts'
import { afterTextId, byCodeUnit, schemaReason, type CollectionDefinition, type Importer } from '../collection.server.ts'
import type { Document } from '../format.ts'

/** docs/specification.md, Template: the name is required; the image defaults to the placeholder. */
const documentSchema = z.strictObject({
  templateName: templateFormSchema.shape.templateName,
  templateImage: templateFormSchema.shape.templateImage.default(''),
})

const columns = { id: templates.id, templateName: templates.templateName, templateImage: templates.templateImage }

const templateDocument = (row: { id: string; templateName: string; templateImage: string }): Document => ({
  FBUID: row.id,
  templateName: row.templateName,
  templateImage: row.templateImage,
})

type TemplateValues = { templateName: string; templateImage: string }

const templateImporter: Importer<TemplateValues> = {
  async readByIds(db, ids, lock) {
    const query = db.select(columns).from(templates).where(inArray(templates.id, ids))
    const rows = lock ? await query.for('update') : await query
    return new Map(rows.map((row) => [row.id, templateDocument(row)]))
  },
  prepare(templateId, fields) {
    const parsed = documentSchema.safeParse(fields)
    if (!parsed.success) return { ok: false, reason: schemaReason(parsed.error) }
    const row = { templateName: parsed.data.templateName, templateImage: parsed.data.templateImage || PLACEHOLDER_TEMPLATE_IMAGE }
    return { ok: true, document: templateDocument({ id: templateId, ...row }), row }
  },
  async write(tx, staged, updatedBy) {
    for (const { id, row, document, existed } of staged) {
      if (existed)
        await tx
          .update(templates)
          .set({ ...row, version: sql`${templates.version} + 1`, updatedAt: new Date() })
          .where(eq(templates.id, id))
      else await tx.insert(templates).values({ id, ...row })
      await recordHistory(tx, { collection: 'templates', documentId: id, action: existed ? 'set' : 'create', document, updatedBy })
    }
  },
}

export const templatesCollection: CollectionDefinition = {
  name: 'templates',
  async readPage(db, afterId, limit) {
    const rows = await db.select(columns).from(templates).where(afterTextId(templates.id, afterId)).orderBy(byCodeUnit(templates.id)).limit(limit)
    return rows.map((row) => ({ id: row.id, document: templateDocument(row) }))
  },
  importer: templateImporter,
}
