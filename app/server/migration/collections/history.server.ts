import { asc, gt } from 'drizzle-orm'
import { history } from '../../db/schema.ts'
import type { CollectionDefinition } from '../collection.server.ts'
import type { Document } from '../format.ts'

export const HISTORY_READ_ONLY =
  'History is read-only: it records what was written, by whom and when, so it cannot be imported. ' +
  'Importing any other collection writes its own history rows; to move a shop with its history, use `npm run data -- copy history`.'

type HistoryRow = typeof history.$inferSelect

export const historyDocument = (row: HistoryRow): Document => ({
  FBUID: String(row.id),
  collection: row.collection,
  documentId: row.documentId,
  action: row.action,
  document: row.document,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
})

/** History rows are keyed by their number, in the order they were written. */
export const historyCollection: CollectionDefinition = {
  name: 'history',
  async readPage(db, afterId, limit) {
    const rows = await db
      .select()
      .from(history)
      .where(afterId === null ? undefined : gt(history.id, Number(afterId)))
      .orderBy(asc(history.id))
      .limit(limit)
    return rows.map((row) => ({ id: String(row.id), document: historyDocument(row) }))
  },
  importer: { readOnly: HISTORY_READ_ONLY },
}
