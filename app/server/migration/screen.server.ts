import { count } from 'drizzle-orm'
import { redirect } from 'react-router'
import type { Database } from '../db/client.server.ts'
import { contacts, history, orders, products, profiles, promotions, templates } from '../db/schema.ts'
import { logger } from '../log.server.ts'
import { repeatedFieldMessage } from '../http/form.server.ts'
import { importRefusal } from './collections.server.ts'
import { DATA_FETCH_ERROR, databaseStep, MigrationDatabaseError } from './errors.ts'
import { exportFile } from './export.server.ts'
import { isScreenCollection, type ScreenCollection } from './format.ts'
import { applyImport, dryRunImport, ImportRefusedError, type ImportReport } from './import.server.ts'
import { ExportFileError, readExportFile } from './reader.ts'
import { parseRenames, RenameError } from './renames.ts'
import { CsvError } from '../../lib/csv.ts'
import { describeCsvReport, ProductsCsvError, readProductsCsv, type CsvContext } from './products-csv.ts'
import { productsCsvFile } from './products-csv.server.ts'
import { countingBytes, jobFileText, keepJobFile, startJob } from '../jobs/jobs.server.ts'
import { discardStagedFile, readStagedFile, StagedFileMissingError, stagedFileSize, stageFile } from './staging.server.ts'

/** Larger files go through `npm run data -- import`, which streams them from disk. */
export const MAX_SCREEN_IMPORT_BYTES = 50 * 1024 * 1024

export interface ScreenDeps {
  db: Database
  dataDir: string
  requestId: string
}

const TABLES = { products, templates, contacts, profiles, promotions, orders, history }

/** Images are not on the screen (format.ts, SCREEN_COLLECTIONS): what a staff member naming them is told. */
export const IMAGES_BY_COMMAND =
  'Images are exported and imported with npm run data -- export images and npm run data -- import images: their file holds every uploaded photo, too large for this screen.'

/** How many documents each collection holds, for the migration screen. */
export async function collectionSizes(deps: ScreenDeps): Promise<{ sizes: Record<ScreenCollection, number> | null; error: string | null }> {
  try {
    const entries = await Promise.all((Object.keys(TABLES) as ScreenCollection[]).map(async (name) => [name, await countCollection(deps, name)] as const))
    return { sizes: Object.fromEntries(entries) as Record<ScreenCollection, number>, error: null }
  } catch (error) {
    return { sizes: null, error: `${logged(error, deps)} The collections could not be counted; try again in a moment.` }
  }
}

/** How many documents one collection holds. */
async function countCollection(deps: ScreenDeps, collection: ScreenCollection): Promise<number> {
  const [row] = await databaseStep(DATA_FETCH_ERROR, collection, () => deps.db.select({ total: count() }).from(TABLES[collection]))
  return row?.total ?? 0
}

/** What an export job keeps as its result: the file's name and size, and the documents in it. */
export interface ExportResult {
  fileName: string
  bytes: number
  documents: number
}

/**
 * Starts an export as a job (docs/domain.md, Long actions): the file is written into the database
 * part by part while the screen shows how many documents are in it so far, and any process of the
 * shop can then hand it out.
 */
export async function startExport(deps: ScreenDeps, collection: ScreenCollection, startedBy: string): Promise<string> {
  // Only for the bar: a failing count leaves the job to say what failed.
  const expected = await countCollection(deps, collection).catch(() => 0)
  const fileName = exportFileName(collection)
  return startJob(deps.db, { kind: `export-${collection}`, label: `Export of ${collection}`, startedBy }, async (progress, id) => {
    let documents = 0
    const pieces = exportFile(deps.db, collection, {
      onProgress: (count) => {
        documents = count
        progress(count, expected ? Math.min(1, count / expected) : 1)
      },
    })
    const bytes = await keepJobFile(deps.db, id, pieces)
    return { result: { fileName, bytes, documents } satisfies ExportResult }
  })
}

/** An export job's file as a download; null when there is none (unknown, unfinished or forgotten). */
export async function exportJobDownload(db: Database, job: { id: string; kind: string; status: string; result: unknown }): Promise<Response | null> {
  if (!job.kind.startsWith('export-') || job.status !== 'done') return null
  const { fileName } = job.result as ExportResult
  const parts = jobFileText(db, job.id)
  const first = await parts.next()
  if (first.done) return null
  return fileDownload(parts, first, { fileName, ...JSON_FILE }, (error) => logger.error({ err: error, job: job.id }, 'export file could not be read'))
}

/**
 * The export file as a download. The first page is read before answering, so a failing database
 * sends the staff member back to the screen with the message instead of a broken file.
 */
export async function exportDownload(deps: ScreenDeps, collection: ScreenCollection): Promise<Response> {
  const pieces = exportFile(deps.db, collection)
  let first: IteratorResult<string>
  try {
    first = await pieces.next()
  } catch (error) {
    logged(error, deps)
    return redirect(`/migration?exportFailed=${collection}`)
  }
  return fileDownload(pieces, first, { fileName: exportFileName(collection), ...JSON_FILE }, (error) => logged(error, deps))
}

/**
 * Every product as a spreadsheet, products.csv (docs/data-format.md, Products as CSV), sent as it is
 * read. As for a JSON export, the first page is read before answering.
 */
export async function productsCsvDownload(deps: ScreenDeps, context: CsvContext): Promise<Response> {
  const pieces = productsCsvFile(deps.db, context)
  let first: IteratorResult<string>
  try {
    first = await pieces.next()
  } catch (error) {
    logged(error, deps)
    return redirect('/migration?exportFailed=products')
  }
  // Private: the file holds what each product costs the shop.
  return fileDownload(pieces, first, { fileName: 'products.csv', contentType: 'text/csv; charset=utf-8', cacheControl: 'private, no-store' }, (error) =>
    logged(error, deps),
  )
}

const JSON_FILE = { contentType: 'application/json; charset=utf-8', cacheControl: 'no-store' }

const exportFileName = (collection: ScreenCollection) => `${collection}-${new Date().toISOString().slice(0, 10)}.json`

/**
 * A file as a download, sent as its pieces come (the first already read, so that a failing start is
 * known before answering). An error later cuts the download short after `onError`.
 */
function fileDownload(
  pieces: AsyncGenerator<string>,
  first: IteratorResult<string>,
  file: { fileName: string; contentType: string; cacheControl: string },
  onError: (error: unknown) => void,
): Response {
  const encoder = new TextEncoder()
  let pending: IteratorResult<string> | null = first
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = pending ?? (await pieces.next())
        pending = null
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      } catch (error) {
        onError(error)
        controller.error(error)
      }
    },
    async cancel() {
      await pieces.return(undefined)
    },
  })
  return new Response(body, {
    headers: { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.fileName}"`, 'Cache-Control': file.cacheControl },
  })
}

/** An export file (JSON), or products as a spreadsheet (CSV). */
export type ImportFormat = 'json' | 'csv'

export type ImportOutcome =
  | { kind: 'error'; status: number; message: string }
  | {
      kind: 'dry-run'
      collection: ScreenCollection
      format: ImportFormat
      fileName: string
      renames: string
      token: string
      report: ImportReport
      notice: string | null
      /** A CSV's columns the shop does not read. */
      ignoredColumns: string[]
    }
  | { kind: 'applied'; collection: ScreenCollection; format: ImportFormat; fileName: string; report: ImportReport }

type ImportFailure = Extract<ImportOutcome, { kind: 'error' }>
const failure = (status: number, message: string): ImportFailure => ({ kind: 'error', status, message })

/** What the import form asks for, read and checked; the file of a check is already staged. */
export interface ImportRequest {
  intent: 'check' | 'apply'
  collection: ScreenCollection
  format: ImportFormat
  fileName: string
  renames: string
  token: string
  /** The dry run's fingerprint the staff member saw (apply). */
  plan: string
}

/**
 * Reads the import form: `check` stores the upload (answering only once it is on disk), `apply`
 * names a file stored by an earlier check. Refusals that need no reading of the file come back here.
 */
export async function readImportForm(request: Request, deps: ScreenDeps): Promise<ImportRequest | ImportFailure> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_SCREEN_IMPORT_BYTES + 64 * 1024) {
    return failure(413, 'That file is over 50 MB: import it from the command line with npm run data -- import.')
  }
  const refuse = failure
  const form = await request.formData().catch(() => null)
  if (!form) return refuse(400, 'The upload could not be read. Choose the file and try again.')
  const repeated = repeatedFieldMessage(form)
  if (repeated) return refuse(400, repeated)
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  const collection = text('collection')
  if (collection === 'images') return refuse(400, IMAGES_BY_COMMAND)
  if (!isScreenCollection(collection)) return refuse(400, 'Choose the collection to import into.')
  const refusal = importRefusal(collection)
  if (refusal) return refuse(400, refusal)
  const renames = text('renames')
  try {
    parseRenames([renames])
  } catch (error) {
    if (error instanceof RenameError) return refuse(400, `${error.message} Nothing was written.`)
    throw error
  }
  const file = form.get('file')
  const upload = text('intent') === 'apply' ? null : file instanceof File ? file : null
  // A spreadsheet is told by its name (or type), as Excel, Sheets and the shop's export name it.
  const format: ImportFormat = upload ? (/\.csv$/i.test(upload.name) || upload.type === 'text/csv' ? 'csv' : 'json') : text('format') === 'csv' ? 'csv' : 'json'
  if (format === 'csv' && collection !== 'products') {
    return refuse(400, 'Only products can be imported from a spreadsheet (CSV); the other collections take their JSON export file.')
  }
  if (format === 'csv' && renames) {
    return refuse(400, 'Renaming fields is for JSON files: a CSV file’s columns are read by their names (Handle, Title, Variant Price, …).')
  }
  if (text('intent') === 'apply') return { intent: 'apply', collection, format, fileName: text('fileName'), renames, token: text('token'), plan: text('plan') }
  if (!upload || upload.size === 0) return refuse(400, 'Choose an export file (.json) or products.csv to upload.')
  if (upload.size > MAX_SCREEN_IMPORT_BYTES) return refuse(413, 'That file is over 50 MB: import it from the command line with npm run data -- import.')
  return { intent: 'check', collection, format, fileName: upload.name, renames, token: await stageFile(deps.dataDir, upload), plan: '' }
}

/**
 * Runs a read import request: the dry run of a check, or the write of an apply in one transaction,
 * unless the stored data moved on since the dry run (then a new dry run is the answer).
 * `onProgress` hears the documents read and how far through the file that is (0 to 1).
 */
export async function runImportRequest(
  request: ImportRequest,
  deps: ScreenDeps & { staffEmail: string; csv?: CsvContext },
  onProgress?: (documents: number, fraction: number) => void,
): Promise<ImportOutcome> {
  const { collection, fileName, token, format } = request
  let fraction = 0
  try {
    const size = await stagedFileSize(deps.dataDir, token)
    const options = { renames: parseRenames([request.renames]), updatedBy: deps.staffEmail, onProgress: (count: number) => onProgress?.(count, fraction) }
    const text = async () =>
      countingBytes(await readStagedFile(deps.dataDir, token), (bytes) => {
        fraction = size ? bytes / size : 0
      })
    // A CSV is read whole first (a product's image rows may come anywhere in it), then imported as
    // the documents it completes: the JSON import's checks, dry run and apply, unchanged.
    const csv = format === 'csv' ? await readProductsCsv(await text(), deps.csv ?? { vendor: '', origin: null }) : null
    const documents = async () => (csv ? entriesOf(csv.entries) : readExportFile(await text(), collection))
    const told = (report: ImportReport) => (csv ? describeCsvReport(report, csv) : report)
    const ignoredColumns = csv?.ignoredColumns ?? []
    const dryRun = (report: ImportReport, notice: string | null): ImportOutcome => ({
      kind: 'dry-run',
      collection,
      format,
      fileName,
      renames: request.renames,
      token,
      report: told(report),
      notice,
      ignoredColumns,
    })
    if (request.intent === 'apply') {
      const result = await applyImport(deps.db, collection, await documents(), { ...options, expectedPlan: request.plan })
      if (!result.applied) return dryRun(result.report, result.reason)
      await discardStagedFile(deps.dataDir, token)
      return { kind: 'applied', collection, format, fileName, report: told(result.report) }
    }
    return dryRun(await dryRunImport(deps.db, collection, await documents(), options), null)
  } catch (error) {
    if (
      error instanceof ExportFileError ||
      error instanceof RenameError ||
      error instanceof ImportRefusedError ||
      error instanceof StagedFileMissingError ||
      error instanceof CsvError ||
      error instanceof ProductsCsvError
    ) {
      if (!(error instanceof StagedFileMissingError)) await discardStagedFile(deps.dataDir, token)
      return failure(400, `${error.message} Nothing was written.`)
    }
    return failure(503, `${logged(error, deps)} Nothing was written; try again, and if it keeps failing the shop's log has the details.`)
  }
}

async function* entriesOf<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items
}

/** The import form read and run in one go (the screen runs the second half as a job). */
export async function handleImportForm(request: Request, deps: ScreenDeps & { staffEmail: string; csv?: CsvContext }): Promise<ImportOutcome> {
  const read = await readImportForm(request, deps)
  return 'intent' in read ? runImportRequest(read, deps) : read
}

/** Logs a database failure with the specification's message; returns that message for the staff member. */
function logged(error: unknown, deps: ScreenDeps): string {
  if (!(error instanceof MigrationDatabaseError)) throw error
  logger.error({ reqId: deps.requestId, collection: error.collection, err: error.cause }, error.logMessage)
  return `${error.logMessage} "${error.collection}".`
}
