import { randomBytes } from 'node:crypto'
import { asc, eq, getTableColumns } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.server.ts'
import { templates } from '../db/schema.ts'
import { NotRestorableError, recordHistory } from '../history/record.server.ts'

export const PLACEHOLDER_TEMPLATE_IMAGE = '/images/placeholder-template.svg'

const { id, createdAt, updatedAt, ...fieldColumns } = getTableColumns(templates)
const documentColumns = { FBUID: id, ...fieldColumns }

export interface TemplateFields {
  templateName: string
  templateImage: string
}

export type Template = TemplateFields & { FBUID: string; version: number }

export class TemplateNotFoundError extends Error {
  override name = 'TemplateNotFoundError'
}

export class StaleTemplateError extends Error {
  override name = 'StaleTemplateError'
  constructor() {
    super('Someone else changed this template after you opened it. Reload to see their change; your edits are still in the form.')
  }
}

/** A created template gets a generated id, stored as its FBUID (docs/specification.md, Template). */
function newTemplateId(): string {
  return randomBytes(10).toString('base64url')
}

const documentOf = (template: Template) => ({ FBUID: template.FBUID, templateName: template.templateName, templateImage: template.templateImage })

export async function listTemplates(db: Executor): Promise<Template[]> {
  return db.select(documentColumns).from(templates).orderBy(asc(templates.templateName))
}

export async function getTemplate(db: Executor, templateId: string): Promise<Template | null> {
  const [row] = await db.select(documentColumns).from(templates).where(eq(templates.id, templateId))
  return row ?? null
}

export async function createTemplate(db: Database, fields: TemplateFields, updatedBy: string): Promise<Template> {
  const template: Template = {
    FBUID: newTemplateId(),
    templateName: fields.templateName,
    templateImage: fields.templateImage || PLACEHOLDER_TEMPLATE_IMAGE,
    version: 1,
  }
  await db.transaction(async (tx) => {
    await tx.insert(templates).values({ id: template.FBUID, templateName: template.templateName, templateImage: template.templateImage })
    await recordHistory(tx, { collection: 'templates', documentId: template.FBUID, action: 'create', document: documentOf(template), updatedBy })
  })
  return template
}

export async function updateTemplate(db: Database, templateId: string, expectedVersion: number, fields: TemplateFields, updatedBy: string): Promise<Template> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(templates).where(eq(templates.id, templateId)).for('update')
    if (!current) throw new TemplateNotFoundError(`There is no template "${templateId}".`)
    if (current.version !== expectedVersion) throw new StaleTemplateError()
    const template: Template = {
      FBUID: templateId,
      templateName: fields.templateName,
      templateImage: fields.templateImage || PLACEHOLDER_TEMPLATE_IMAGE,
      version: current.version + 1,
    }
    await tx
      .update(templates)
      .set({ templateName: template.templateName, templateImage: template.templateImage, version: template.version, updatedAt: new Date() })
      .where(eq(templates.id, templateId))
    await recordHistory(tx, { collection: 'templates', documentId: templateId, action: 'update', document: documentOf(template), updatedBy })
    return template
  })
}

export async function deleteTemplate(db: Database, templateId: string, updatedBy: string): Promise<void> {
  await db.transaction(async (tx) => {
    const template = await getTemplate(tx, templateId)
    if (!template) throw new TemplateNotFoundError(`There is no template "${templateId}".`)
    await tx.delete(templates).where(eq(templates.id, templateId))
    await recordHistory(tx, { collection: 'templates', documentId: templateId, action: 'delete', document: documentOf(template), updatedBy })
  })
}

/** Puts a version from history back (also after a delete), as a new write with its own history row. */
export async function restoreTemplate(db: Database, document: Record<string, unknown>, updatedBy: string): Promise<void> {
  const templateId = String(document.FBUID ?? '')
  const templateName = String(document.templateName ?? '').trim()
  if (!templateId || !templateName) throw new NotRestorableError('This version cannot be restored: it has no id or name.')
  const templateImage = String(document.templateImage ?? '') || PLACEHOLDER_TEMPLATE_IMAGE
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ version: templates.version }).from(templates).where(eq(templates.id, templateId)).for('update')
    if (current) {
      await tx
        .update(templates)
        .set({ templateName, templateImage, version: current.version + 1, updatedAt: new Date() })
        .where(eq(templates.id, templateId))
    } else {
      await tx.insert(templates).values({ id: templateId, templateName, templateImage })
    }
    await recordHistory(tx, {
      collection: 'templates',
      documentId: templateId,
      action: 'set',
      document: { FBUID: templateId, templateName, templateImage, restored: true },
      updatedBy,
    })
  })
}
