import { and, asc, eq, gt } from 'drizzle-orm'
import type { Database, DatabaseHandle, Executor } from '../db/client.server.ts'
import { history } from '../db/schema.ts'
import type { ImageFileStore } from '../images/file-store.server.ts'
import type { ImageFileReader } from './collection.server.ts'
import { databaseStep, DATA_FETCH_ERROR, RESULT_FETCH_ERROR, RESULT_WRITE_ERROR } from './errors.ts'
import { exportDocuments, PAGE_SIZE } from './export.server.ts'
import type { MigrationCollection } from './format.ts'
import { applyImport, type ApplyResult } from './import.server.ts'

/** Named in the history rows a copy writes. */
export const COPY_ACTOR = 'data copy'

/**
 * The order `copy all` follows: history first, so each record's timeline stays in time order; images
 * before the products and pages that show them; promotions before the orders that name them.
 */
export const COPY_ORDER: MigrationCollection[] = ['history', 'images', 'products', 'templates', 'contacts', 'profiles', 'promotions', 'orders']

export type CopyResult = ApplyResult | { applied: true; history: { appended: number; present: number } }

export interface CopyOptions {
  updatedBy?: string
  onProgress?: (count: number) => void
  /** Where images' files are read on the source and written on the target (by default each database). */
  images?: { from?: ImageFileReader; to?: ImageFileStore }
}

/**
 * Copies one collection from one database to another (such as the embedded demo to PostgreSQL):
 * the target is migrated first, then the source's documents are imported there in one
 * transaction, checked as a file would be (images with their files, read and written through the
 * stores in `options.images`). History, which cannot be imported, is appended instead: each row
 * keeps its time and author, and rows already there are not copied twice.
 */
export async function copyCollection(
  from: DatabaseHandle,
  to: DatabaseHandle,
  collection: MigrationCollection,
  options: CopyOptions = {},
): Promise<CopyResult> {
  await to.migrate()
  if (collection === 'history') return { applied: true, history: await appendHistory(from.db, to.db, options) }
  return applyImport(to.db, collection, exportDocuments(from.db, collection, { images: options.images?.from }), {
    updatedBy: options.updatedBy ?? COPY_ACTOR,
    onProgress: options.onProgress,
    images: options.images?.to,
  })
}

async function appendHistory(from: Executor, to: Database, options: CopyOptions): Promise<{ appended: number; present: number }> {
  return to.transaction(async (tx) => {
    const counts = { appended: 0, present: 0 }
    let afterId = 0
    for (;;) {
      const rows = await databaseStep(DATA_FETCH_ERROR, 'history', () =>
        from.select().from(history).where(gt(history.id, afterId)).orderBy(asc(history.id)).limit(PAGE_SIZE),
      )
      for (const { id, ...row } of rows) {
        const [present] = await databaseStep(RESULT_FETCH_ERROR, 'history', () =>
          tx
            .select({ id: history.id })
            .from(history)
            .where(
              and(
                eq(history.collection, row.collection),
                eq(history.documentId, row.documentId),
                eq(history.action, row.action),
                eq(history.updatedAt, row.updatedAt),
              ),
            )
            .limit(1),
        )
        if (present) {
          counts.present++
          continue
        }
        await databaseStep(RESULT_WRITE_ERROR, 'history', () => tx.insert(history).values(row))
        counts.appended++
      }
      options.onProgress?.(counts.appended + counts.present)
      if (rows.length < PAGE_SIZE) return counts
      afterId = rows.at(-1)!.id
    }
  })
}
