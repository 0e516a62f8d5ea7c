import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { diffDocuments, type FieldChange } from '../../lib/history-diff.ts'
import { restoreProduct } from '../catalog/product-changes.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { history } from '../db/schema.ts'
import { restoreTemplate } from '../templates/templates.server.ts'
import { NotRestorableError, type Collection } from './record.server.ts'

export { NotRestorableError }

export const COLLECTIONS: Collection[] = [
  'products',
  'templates',
  'contacts',
  'profiles',
  'orders',
  'shipping-methods',
  'addresses',
  'quotes',
  'settings',
  'trade-accounts',
  'promotions',
  'privacy-requests',
]

/**
 * Collections whose old versions staff may put back. Orders move only through payment
 * fulfilment and profiles belong to their owners, so their history is read-only.
 */
export const RESTORABLE: Collection[] = ['products', 'templates']

export function isCollection(value: string): value is Collection {
  return (COLLECTIONS as string[]).includes(value)
}

export interface HistoryVersion {
  id: number
  action: string
  updatedAt: Date
  updatedBy: string
  document: Record<string, unknown>
  /** What this version changed compared with the one before it. */
  changes: FieldChange[]
}

/** A record's timeline, newest first, each version with its changes. */
export async function documentTimeline(db: Executor, collection: Collection, documentId: string): Promise<HistoryVersion[]> {
  const rows = await db
    .select()
    .from(history)
    .where(and(eq(history.collection, collection), eq(history.documentId, documentId)))
    .orderBy(asc(history.id))
  const versions = rows.map((row, index) => ({
    id: row.id,
    action: row.action,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    document: row.document,
    changes: row.action === 'delete' ? [] : diffDocuments(rows[index - 1]?.document ?? null, row.document),
  }))
  return versions.reverse()
}

/** The latest writes across the shop, for the history index. */
export async function recentWrites(db: Executor, limit = 100) {
  return db
    .select({
      id: history.id,
      collection: history.collection,
      documentId: history.documentId,
      action: history.action,
      updatedAt: history.updatedAt,
      updatedBy: history.updatedBy,
      /** A `set` that put an old version back. */
      restored: sql<boolean>`coalesce((${history.document}->>'restored')::boolean, false)`,
    })
    .from(history)
    .orderBy(desc(history.id))
    .limit(limit)
}

/** Puts an old version back; the restore is itself a write with its own history row. */
export async function restoreVersion(db: Database, historyId: number, updatedBy: string): Promise<{ collection: Collection; documentId: string }> {
  const [row] = await db.select().from(history).where(eq(history.id, historyId))
  if (!row) throw new NotRestorableError('That version does not exist.')
  const collection = row.collection as Collection
  if (!RESTORABLE.includes(collection)) throw new NotRestorableError(`Versions of ${collection} cannot be restored.`)
  if (row.action === 'delete' && row.document.movedTo)
    throw new NotRestorableError('This version records a rename; restore a version of the renamed product instead.')
  if (collection === 'products') await restoreProduct(db, row.document, updatedBy)
  else await restoreTemplate(db, row.document, updatedBy)
  return { collection, documentId: row.documentId }
}
