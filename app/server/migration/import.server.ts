import { createHash } from 'node:crypto'
import { UNSTORABLE, unstorablePath } from '../../lib/schemas/text.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { databaseImageFiles, type ImageFileStore } from '../images/file-store.server.ts'
import type { Importer, Staged } from './collection.server.ts'
import { COLLECTION_DEFINITIONS, pageSizeOf } from './collections.server.ts'
import { databaseStep, RESULT_FETCH_ERROR, RESULT_WRITE_ERROR } from './errors.ts'
import { canonicalJson, type Document, type MigrationCollection } from './format.ts'
import { applyRenames, formatRenames, type Rename } from './renames.ts'

/** One document of a file (or of a source database): its key and whatever the file held. */
export interface ImportEntry {
  id: string
  document: unknown
  /**
   * For a file that holds only some of a document's fields (a spreadsheet's columns, docs/data-format.md,
   * Products as CSV): the whole document, made from the stored one (undefined for a new id; a renamed
   * product's under its current id) and the file's fields, or why it cannot be. `document` is then unused.
   */
  complete?: (existing: Document | undefined) => Record<string, unknown> | { reason: string }
}

export interface ImportOptions {
  renames?: readonly Rename[]
  /** Named in the history rows: the staff member's e-mail, or `data import` from the command line. */
  updatedBy: string
  /** Documents checked per batch; by default 500, or fewer for a collection of large documents (images). */
  batchSize?: number
  /** Called after each batch with the number of documents read so far. */
  onProgress?: (count: number) => void
  /** Where the images collection writes its files: the shop's ImageFileStore (by default the database). */
  images?: ImageFileStore
}

export interface ImportReport {
  collection: MigrationCollection
  total: number
  counts: { create: number; update: number; unchanged: number; rejected: number }
  /** The first ids of each kind (LISTED of them); the counts are complete. */
  created: string[]
  /** `renamedFrom`: the file's id, which the product was renamed away from since (`id` is its current one). */
  updated: { id: string; fields: string[]; renamedFrom?: string }[]
  rejected: { id: string; reason: string }[]
  /** A fingerprint of what was seen; applying refuses to write if the data moved on since. */
  plan: string
}

export type ApplyResult = { applied: true; report: ImportReport } | { applied: false; report: ImportReport; reason: string }

/** Importing refused before reading anything: a read-only collection. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError'
}

export const LISTED = 200
const BATCH_SIZE = 500
const ID_PATTERN = /^[^\s/\\\p{Cc}]{1,200}$/u

/** Checks every document and compares it with what is stored, writing nothing. */
export function dryRunImport(
  db: Executor,
  collection: MigrationCollection,
  entries: AsyncIterable<ImportEntry>,
  options: ImportOptions,
): Promise<ImportReport> {
  return runImport(db, collection, entries, options, false)
}

/**
 * Checks, compares and writes in one transaction, each write with its history row. Nothing is
 * written when any document is rejected, or when `expectedPlan` (from the dry run the staff
 * member saw) no longer matches what is stored.
 */
export async function applyImport(
  db: Database,
  collection: MigrationCollection,
  entries: AsyncIterable<ImportEntry>,
  options: ImportOptions & { expectedPlan?: string },
): Promise<ApplyResult> {
  try {
    const report = await db.transaction(async (tx) => {
      const report = await runImport(tx, collection, entries, options, true)
      if (report.counts.rejected > 0) throw new RolledBack(report, `${countOf(report.counts.rejected)} rejected, so nothing was written.`)
      if (options.expectedPlan && report.plan !== options.expectedPlan) {
        throw new RolledBack(report, 'The stored data changed since the dry run, so nothing was written. Check the new dry run and apply again.')
      }
      return report
    })
    return { applied: true, report }
  } catch (error) {
    if (error instanceof RolledBack) return { applied: false, report: error.report, reason: error.reason }
    throw error
  }
}

class RolledBack extends Error {
  readonly report: ImportReport
  readonly reason: string
  constructor(report: ImportReport, reason: string) {
    super(reason)
    this.report = report
    this.reason = reason
  }
}

const countOf = (count: number) => `${count.toLocaleString('en-AU')} document${count === 1 ? ' was' : 's were'}`

type Checked =
  | { id: string; ok: true; prepared: (existing: Document | undefined, storedId: string) => ReturnType<Importer['prepare']> }
  | { id: string; ok: false; reason: string }

async function runImport(
  db: Executor,
  collection: MigrationCollection,
  entries: AsyncIterable<ImportEntry>,
  options: ImportOptions,
  write: boolean,
): Promise<ImportReport> {
  const { importer } = COLLECTION_DEFINITIONS[collection]
  if ('readOnly' in importer) throw new ImportRefusedError(importer.readOnly)
  const report: ImportReport = {
    collection,
    total: 0,
    counts: { create: 0, update: 0, unchanged: 0, rejected: 0 },
    created: [],
    updated: [],
    rejected: [],
    plan: '',
  }
  const plan = createHash('sha256').update(`${collection}\n${formatRenames(options.renames ?? [])}\n`)
  const seen = new Set<string>()
  /** Stored ids a document of the file has been taken as, so two documents never write one (an old id and the new one). */
  const claimed = new Map<string, string>()
  /** Values of the documents checked so far that no other document of the file may hold (uniqueInFile), and whose they are. */
  const heldInFile = new Map<string, string>()

  const reject = (id: string, reason: string) => {
    report.counts.rejected++
    if (report.rejected.length < LISTED) report.rejected.push({ id, reason })
    plan.update(`rejected\0${id}\n`)
  }

  const settle = async (batch: Checked[]) => {
    const ids = batch.flatMap((entry) => (entry.ok ? [entry.id] : []))
    const moved =
      ids.length && importer.movedIds ? await databaseStep(RESULT_FETCH_ERROR, collection, () => importer.movedIds!(db, ids)) : new Map<string, string>()
    const storedIdOf = (id: string) => moved.get(id) ?? id
    const readIds = [...new Set(ids.map(storedIdOf))]
    const stored = readIds.length
      ? await databaseStep(RESULT_FETCH_ERROR, collection, () => importer.readByIds(db, readIds, write))
      : new Map<string, Document>()
    const staged: Staged<unknown>[] = []
    for (const entry of batch) {
      if (!entry.ok) {
        reject(entry.id, entry.reason)
        continue
      }
      const storedId = storedIdOf(entry.id)
      const other = claimed.get(storedId)
      if (other !== undefined) {
        reject(entry.id, `This file holds the product ${storedId} twice: as ${other} and as ${entry.id}, one of them its id before a rename. Keep one of them.`)
        continue
      }
      claimed.set(storedId, entry.id)
      const existing = stored.get(storedId)
      const preparation = await entry.prepared(existing, storedId)
      if (!preparation.ok) {
        reject(entry.id, preparation.reason)
        continue
      }
      // Two documents of the file holding one value a unique index keeps (one SKU on two products) would
      // each pass the checks against what is stored, then meet the index as a write error: refused here,
      // in the dry run.
      const unique = importer.uniqueInFile?.(preparation.row) ?? []
      const repeated = unique.find((value) => heldInFile.has(value.key))
      if (repeated) {
        reject(entry.id, repeated.refusal(heldInFile.get(repeated.key)!))
        continue
      }
      for (const value of unique) heldInFile.set(value.key, value.name)
      const refusal = importer.storedRefusal
        ? await databaseStep(RESULT_FETCH_ERROR, collection, () => importer.storedRefusal!(db, storedId, preparation.row))
        : null
      if (refusal) {
        reject(entry.id, refusal)
        continue
      }
      const before = existing ? canonicalJson(existing, '', true) : ''
      const outcome = compare(existing, preparation.document)
      plan.update(`${outcome.kind}\0${entry.id}\0${storedId}\0${before}\n`)
      if (outcome.kind === 'unchanged') {
        report.counts.unchanged++
        continue
      }
      if (outcome.kind === 'create') {
        report.counts.create++
        if (report.created.length < LISTED) report.created.push(entry.id)
      } else {
        report.counts.update++
        if (report.updated.length < LISTED) {
          report.updated.push(
            storedId === entry.id ? { id: entry.id, fields: outcome.fields } : { id: storedId, fields: outcome.fields, renamedFrom: entry.id },
          )
        }
      }
      staged.push({ id: storedId, document: preparation.document, row: preparation.row, existed: existing !== undefined })
    }
    if (write && report.counts.rejected === 0 && staged.length) {
      await databaseStep(RESULT_WRITE_ERROR, collection, () => importer.write(db, staged, options.updatedBy, { images: options.images ?? databaseImageFiles }))
    }
  }

  const batchSize = options.batchSize ?? pageSizeOf(collection, BATCH_SIZE)
  let batch: Checked[] = []
  for await (const entry of entries) {
    report.total++
    batch.push(check(entry, seen, importer, options.renames ?? []))
    if (batch.length >= batchSize) {
      await settle(batch)
      batch = []
      options.onProgress?.(report.total)
    }
  }
  await settle(batch)
  options.onProgress?.(report.total)
  report.plan = plan.digest('hex')
  return report
}

/** The checks that need nothing stored: id, duplicates, renames, FBUID. */
function check(entry: ImportEntry, seen: Set<string>, importer: Importer, renames: readonly Rename[]): Checked {
  const { id, complete } = entry
  if (!ID_PATTERN.test(id)) return { id, ok: false, reason: 'An id is 1 to 200 characters, without spaces, "/" or "\\".' }
  if (seen.has(id)) return { id, ok: false, reason: 'This id appears more than once in the file.' }
  seen.add(id)
  if (complete) {
    // The rest is checked once the stored document has filled in what the file leaves out.
    return {
      id,
      ok: true,
      prepared: (existing, storedId) => {
        const document = complete(existing)
        if ('reason' in document && typeof document.reason === 'string') return { ok: false, reason: document.reason }
        const fields = documentFields(id, document, renames)
        return 'reason' in fields ? { ok: false, reason: fields.reason } : importer.prepare(id, fields.fields, existing, storedId)
      },
    }
  }
  if (typeof entry.document !== 'object' || entry.document === null || Array.isArray(entry.document)) {
    return { id, ok: false, reason: 'A document must be a JSON object of fields.' }
  }
  const fields = documentFields(id, entry.document as Record<string, unknown>, renames)
  if ('reason' in fields) return { id, ok: false, reason: fields.reason }
  return { id, ok: true, prepared: (existing, storedId) => importer.prepare(id, fields.fields, existing, storedId) }
}

/** A document's own fields, renames applied and FBUID taken out, or why they cannot be stored. */
function documentFields(id: string, document: Record<string, unknown>, renames: readonly Rename[]): { fields: Record<string, unknown> } | { reason: string } {
  const renamed = applyRenames(document, renames)
  if ('reason' in renamed) return { reason: renamed.reason }
  const { FBUID, ...fields } = renamed.document
  // The database stores no NUL and no broken character: said here, in the dry run, not at apply.
  const unstorable = unstorablePath(fields)
  if (unstorable) return { reason: `${unstorable}: ${UNSTORABLE}` }
  if (FBUID !== undefined && FBUID !== id) {
    return { reason: `Its FBUID ${JSON.stringify(FBUID)} differs from its key: the key is the document's id and is copied into FBUID.` }
  }
  return { fields }
}

type Outcome = { kind: 'create' } | { kind: 'unchanged' } | { kind: 'update'; fields: string[] }

function compare(existing: Document | undefined, next: Document): Outcome {
  if (!existing) return { kind: 'create' }
  const keys = [...new Set([...Object.keys(next), ...Object.keys(existing)])]
  const fields = keys.filter((key) => canonicalJson(existing[key], '', true) !== canonicalJson(next[key], '', true))
  return fields.length ? { kind: 'update', fields } : { kind: 'unchanged' }
}
