import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { Executor } from '../db/client.server.ts'
import { history } from '../db/schema.ts'
import { NO_USER, type HistoryEntry } from '../history/record.server.ts'
import type { ImageFileStore } from '../images/file-store.server.ts'
import type { Document, DocumentEntry, MigrationCollection } from './format.ts'

/**
 * A checked document: `document` as it will be stored, in the shape an export writes it, and
 * `row` what the collection writes for it.
 */
export type Preparation<Row> = { ok: true; document: Document; row: Row } | { ok: false; reason: string }

/** A document to write: created, or written over the stored one when `existed`. */
export interface Staged<Row> {
  /** The id it is stored under (a renamed product's current id, not the file's old one). */
  id: string
  document: Document
  row: Row
  existed: boolean
}

/** Reads the files of uploaded images: an ImageFileStore, or several read in turn (a copy's source). */
export type ImageFileReader = Pick<ImageFileStore, 'get'>

/** What an export reads besides the database: the files of the images collection. */
export interface ReadContext {
  images: ImageFileReader
}

/** Where an import writes besides the database: the files of the images collection. */
export interface WriteContext {
  images: ImageFileStore
}

export interface Importer<Row = unknown> {
  /** The stored documents with these ids; `lock` holds them for the import's transaction. */
  readByIds(db: Executor, ids: string[], lock: boolean): Promise<Map<string, Document>>
  /**
   * Checks one document of a file (renames applied, FBUID taken out) against the collection's rules;
   * asynchronous where a check reads more than the document's fields (an image's files).
   */
  prepare(id: string, fields: Record<string, unknown>, existing: Document | undefined, storedId?: string): Preparation<Row> | Promise<Preparation<Row>>
  /**
   * For ids stored under no document, the id the document moved to since (a renamed product's old
   * id and its new one). Such a document is compared with, and written over, the stored one under
   * its current id (`storedId` in prepare), never created a second time.
   */
  movedIds?(db: Executor, ids: string[]): Promise<Map<string, string>>
  /**
   * Why a prepared document cannot be written beside what is stored (an order naming a promotion that
   * is not there, a code another promotion has), or null; for collections whose documents name others.
   */
  storedRefusal?(db: Executor, id: string, row: Row): Promise<string | null>
  /**
   * The values no two documents of one file may share (a product's SKU, whatever its case, and its
   * barcode: what the database's unique indexes hold), each under its key, with the name the document
   * is known by and the reason a later document holding the same value is refused, naming the earlier.
   */
  uniqueInFile?(row: Row): { key: string; name: string; refusal: (earlier: string) => string }[]
  /** Writes a batch of documents, each with its history row (a full write: `create` or `set`). */
  write(tx: Executor, staged: Staged<Row>[], updatedBy: string, context: WriteContext): Promise<void>
}

export interface CollectionDefinition {
  name: MigrationCollection
  /** Documents in the order of their ids (by code unit, the same on every database), after `afterId`. */
  readPage(db: Executor, afterId: string | null, limit: number, context: ReadContext): Promise<DocumentEntry[]>
  /** How documents are imported, or why they cannot be. */
  importer: Importer | { readOnly: string }
  /**
   * Documents read per page on export and checked per batch on import, when fewer than the usual
   * 500: an image with its files is a few megabytes.
   */
  pageSize?: number
}

/** Text ids compared byte by byte, so pages and files come out in the same order on every database. */
export const byCodeUnit = (column: AnyColumn): SQL => sql`${column} collate "C"`

/** Keyset pagination on a text id: the rows after `afterId` in code-unit order. */
export const afterTextId = (column: AnyColumn, afterId: string | null): SQL | undefined =>
  afterId === null ? undefined : sql`${column} collate "C" > ${afterId}`

/** The reasons a document failed its schema, as one line: `field: message; …`. */
export function schemaReason(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
  const more = error.issues.length - shown.length
  return shown.join('; ') + (more > 0 ? ` (and ${more} more)` : '')
}

export const isoTime = (value: Date | null): string | null => (value ? value.toISOString() : null)

/**
 * The history rows of a batch in one insert: what `recordHistory` writes for each entry, without a
 * round trip per document when an import writes thousands.
 */
export async function recordHistoryRows(tx: Executor, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return
  await tx.insert(history).values(
    entries.map((entry) => ({
      collection: entry.collection,
      documentId: entry.documentId,
      action: entry.action,
      document: entry.document,
      updatedBy: entry.updatedBy || NO_USER,
    })),
  )
}
