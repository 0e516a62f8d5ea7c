import type { Executor } from '../db/client.server.ts'
import { databaseImageFiles } from '../images/file-store.server.ts'
import type { ImageFileReader } from './collection.server.ts'
import { COLLECTION_DEFINITIONS, pageSizeOf } from './collections.server.ts'
import { databaseStep, DATA_FETCH_ERROR } from './errors.ts'
import { exportEntry, exportFooter, exportHeader, type DocumentEntry, type MigrationCollection } from './format.ts'

/** Documents read per query: a page of products is a few megabytes at most. */
export const PAGE_SIZE = 500

export interface ExportOptions {
  /** Documents per query; by default 500, or fewer for a collection of large documents (images). */
  pageSize?: number
  /** Where the images collection reads its files: the shop's ImageFileStore (by default the database). */
  images?: ImageFileReader
  /** Called after each page with the number of documents read so far. */
  onProgress?: (count: number) => void
}

/**
 * Every document of a collection, one page at a time (keyset pagination on the id), so memory
 * holds one page however large the collection.
 */
export async function* exportDocuments(db: Executor, collection: MigrationCollection, options: ExportOptions = {}): AsyncGenerator<DocumentEntry> {
  const definition = COLLECTION_DEFINITIONS[collection]
  const pageSize = options.pageSize ?? pageSizeOf(collection, PAGE_SIZE)
  const context = { images: options.images ?? databaseImageFiles }
  let afterId: string | null = null
  let count = 0
  for (;;) {
    const page: DocumentEntry[] = await databaseStep(DATA_FETCH_ERROR, collection, () => definition.readPage(db, afterId, pageSize, context))
    yield* page
    count += page.length
    options.onProgress?.(count)
    if (page.length < pageSize) return
    afterId = page.at(-1)!.id
  }
}

/**
 * The export file of a collection as pieces of text, one per page of documents. The first piece
 * comes only once the first page has been read, so a failing database is known before anything
 * is sent.
 */
export async function* exportFile(db: Executor, collection: MigrationCollection, options: ExportOptions = {}): AsyncGenerator<string> {
  const pageSize = options.pageSize ?? pageSizeOf(collection, PAGE_SIZE)
  let piece = exportHeader(collection)
  let first = true
  for await (const entry of exportDocuments(db, collection, options)) {
    piece += exportEntry(entry, first)
    first = false
    if (piece.length > pageSize * 2_000) {
      yield piece
      piece = ''
    }
  }
  yield piece + exportFooter(first)
}
