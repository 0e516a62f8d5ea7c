/**
 * npm run data -- export <collection> [--out file]
 * npm run data -- import <collection> <file> [--rename old=new]… [--dry-run]
 * npm run data -- copy <collection|all> --from <data dir|postgres://…> --to <data dir|postgres://…>
 *
 * Export and import use the shop's database (DATABASE_URL, or the embedded one in DATA_DIR, through
 * the running shop's socket when it is up), and for images the store this environment keeps their
 * files in (the database, or S3_BUCKET). The file format is described in docs/data-format.md.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { access, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { connectPostgres, embeddedPaths, openDatabase, type DatabaseHandle } from '../app/server/db/client.server.ts'
import { parseEnv } from '../app/server/env.server.ts'
import { databaseImageFiles, type ImageFileStore } from '../app/server/images/file-store.server.ts'
import { imageFileStore } from '../app/server/images/image-files.server.ts'
import { logger } from '../app/server/log.server.ts'
import { importRefusal } from '../app/server/migration/collections.server.ts'
import { readingInTurn } from '../app/server/migration/collections/images.server.ts'
import { COPY_ORDER, copyCollection, type CopyResult } from '../app/server/migration/copy.server.ts'
import { exportFile } from '../app/server/migration/export.server.ts'
import { isMigrationCollection, MIGRATION_COLLECTIONS, type MigrationCollection } from '../app/server/migration/format.ts'
import { applyImport, dryRunImport, type ImportReport } from '../app/server/migration/import.server.ts'
import { readExportFile } from '../app/server/migration/reader.ts'
import { parseRenames } from '../app/server/migration/renames.ts'
import { withCommandDatabase } from './lib/command-database.ts'

const USAGE = `Usage:
  npm run data -- export <collection> [--out file]
  npm run data -- import <collection> <file> [--rename old=new]... [--dry-run]
  npm run data -- copy <collection|all> --from <data dir|postgres://...> --to <data dir|postgres://...>
Collections: ${MIGRATION_COLLECTIONS.join(', ')}.`

/** Named in the history rows of an import from the command line. */
const IMPORT_ACTOR = 'data import'

class UsageError extends Error {}

/** Where this environment keeps images' files (the database unless S3_BUCKET is set); asked only when images are moved. */
const configuredImageFiles = (): Promise<ImageFileStore> => imageFileStore(parseEnv(process.env))

// Log lines go to standard output as JSON; this command speaks to a person and may write the export there.
logger.level = 'silent'

try {
  await main(process.argv.slice(2))
} catch (error) {
  console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : error instanceof Error ? error.message : String(error))
  process.exitCode = 1
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        rename: { type: 'string', multiple: true },
        'dry-run': { type: 'boolean' },
        from: { type: 'string' },
        to: { type: 'string' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parse(argv)
  const [command, collectionName, file, ...extra] = positionals
  const unexpected = command === 'import' ? extra[0] : (file ?? extra[0])
  if (unexpected !== undefined) throw new UsageError(`Unexpected argument "${unexpected}".`)
  if (command === 'copy' && collectionName === 'all') return copy(COPY_ORDER, values.from, values.to)
  if (!command || !['export', 'import', 'copy'].includes(command)) throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.')
  const collection = checkedCollection(collectionName)
  if (command === 'export') return exportCommand(collection, values.out)
  if (command === 'import') return importCommand(collection, file, parseRenames(values.rename ?? []), values['dry-run'] ?? false)
  return copy([collection], values.from, values.to)
}

function checkedCollection(name: string | undefined): MigrationCollection {
  if (!name) throw new UsageError('Name a collection.')
  if (!isMigrationCollection(name)) throw new UsageError(`Unknown collection "${name}".`)
  return name
}

/** Progress on standard error, at most once a second, and only for runs long enough to need it. */
function progress(what: string) {
  let last = Date.now()
  return (count: number) => {
    if (Date.now() - last < 1000) return
    last = Date.now()
    console.error(`${what}: ${count.toLocaleString('en-AU')} documents…`)
  }
}

async function exportCommand(collection: MigrationCollection, out: string | undefined) {
  await withCommandDatabase(async (database) => {
    await database.migrate()
    const tell = progress(`Exporting ${collection}`)
    let count = 0
    const onProgress = (read: number) => {
      count = read
      tell(read)
    }
    const images = collection === 'images' ? await configuredImageFiles() : undefined
    const pieces = Readable.from(exportFile(database.db, collection, { onProgress, images }))
    if (!out) {
      await pipeline(pieces, process.stdout, { end: false })
    } else {
      // Written beside the target and renamed at the end: a failed export never leaves half a file.
      const partial = `${out}.partial`
      try {
        await pipeline(pieces, createWriteStream(partial))
        await rename(partial, out)
      } catch (error) {
        await rm(partial, { force: true })
        throw error
      }
    }
    console.error(`Exported ${count.toLocaleString('en-AU')} documents of ${collection}${out ? ` to ${out}` : ''}.`)
  })
}

async function importCommand(collection: MigrationCollection, file: string | undefined, renames: ReturnType<typeof parseRenames>, dryRun: boolean) {
  if (!file) throw new UsageError('Name the file to import.')
  const refusal = importRefusal(collection)
  if (refusal) throw new Error(refusal)
  await access(file).catch(() => {
    throw new Error(`Cannot read ${file}: there is no such file, or it may not be read.`)
  })
  const entries = () => readExportFile(createReadStream(file, { encoding: 'utf8' }), collection)
  await withCommandDatabase(async (database) => {
    const options = { renames, updatedBy: IMPORT_ACTOR, images: collection === 'images' ? await configuredImageFiles() : undefined }
    await database.migrate()
    const report = await dryRunImport(database.db, collection, entries(), { ...options, onProgress: progress(`Checking ${collection}`) })
    console.log(describeReport(report, `Dry run of ${file} into ${collection}`))
    if (report.counts.rejected > 0) throw new Error(`Nothing was imported: ${report.counts.rejected} document(s) rejected. Fix them and try again.`)
    if (dryRun) return console.log('Dry run only: nothing was written.')
    if (report.counts.create + report.counts.update === 0) return console.log('Nothing to write: every document is already stored as it is in the file.')
    const result = await applyImport(database.db, collection, entries(), {
      ...options,
      expectedPlan: report.plan,
      onProgress: progress(`Importing ${collection}`),
    })
    if (!result.applied) throw new Error(result.reason)
    const { create, update } = result.report.counts
    // Images have no history (an upload writes none); every other write has its row.
    const recorded = collection === 'images' ? '' : `, each with a history row by "${IMPORT_ACTOR}"`
    console.log(`Imported into ${collection}: ${create} created, ${update} updated${recorded}.`)
  })
}

function describeReport(report: ImportReport, title: string): string {
  const { counts } = report
  const lines = [
    `${title}: ${report.total} document(s)`,
    `  to create  ${counts.create}`,
    `  to update  ${counts.update}`,
    `  unchanged  ${counts.unchanged}`,
    `  rejected   ${counts.rejected}`,
  ]
  const more = (shown: number, total: number) => (total > shown ? [`  … and ${total - shown} more`] : [])
  if (report.created.length) lines.push('To create:', ...report.created.map((id) => `  ${id}`), ...more(report.created.length, counts.create))
  if (report.updated.length) {
    lines.push(
      'To update:',
      ...report.updated.map((item) => `  ${item.id}${item.renamedFrom ? ` (renamed from ${item.renamedFrom})` : ''} (${item.fields.join(', ')})`),
      ...more(report.updated.length, counts.update),
    )
  }
  if (report.rejected.length) {
    lines.push('Rejected:', ...report.rejected.map((item) => `  ${item.id}: ${item.reason}`), ...more(report.rejected.length, counts.rejected))
  }
  return lines.join('\n')
}

/** A copy's end: a database URL, or the directory an embedded shop keeps its data in (its DATA_DIR). */
async function openLocation(location: string, role: 'from' | 'to'): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//.test(location)) return connectPostgres(location)
  // The PGlite directory itself (…/pglite) is accepted as well as the data directory around it.
  const dataDir = path.basename(path.resolve(location)) === 'pglite' && existsSync(path.join(location, 'PG_VERSION')) ? path.dirname(location) : location
  if (role === 'from' && !existsSync(embeddedPaths(dataDir).pgliteDir)) throw new Error(`There is no embedded database in ${location} to copy from.`)
  return openDatabase({ dataDir, role: 'command' })
}

async function copy(collections: MigrationCollection[], from: string | undefined, to: string | undefined) {
  if (!from || !to) throw new UsageError(`Give --from and --to: a data directory or a postgres:// URL each.`)
  if (path.resolve(from) === path.resolve(to)) throw new UsageError('--from and --to are the same database.')
  const images = collections.includes('images') ? await copyImageFiles() : undefined
  const source = await openLocation(from, 'from')
  let target: DatabaseHandle | undefined
  try {
    target = await openLocation(to, 'to')
    await source.migrate()
    for (const collection of collections) {
      const result = await copyCollection(source, target, collection, { onProgress: progress(`Copying ${collection}`), images })
      console.log(describeCopy(collection, result, source.description, target.description))
      if (!result.applied) {
        process.exitCode = 1
        return
      }
    }
  } finally {
    await target?.close()
    await source.close()
  }
}

/**
 * Images' files on a copy: written where this environment keeps them (the target database, or
 * S3_BUCKET); read from the source database, or, for a file not there, from that same store (a
 * source whose files are in this environment's bucket).
 */
async function copyImageFiles() {
  const configured = await configuredImageFiles()
  return { from: configured === databaseImageFiles ? databaseImageFiles : readingInTurn(databaseImageFiles, configured), to: configured }
}

function describeCopy(collection: MigrationCollection, result: CopyResult, from: string, to: string): string {
  if ('history' in result) return `Copied history from ${from} to ${to}: ${result.history.appended} rows appended, ${result.history.present} already there.`
  if (!result.applied) return `${describeReport(result.report, `Copy of ${collection} refused`)}\n${result.reason}`
  const { create, update, unchanged } = result.report.counts
  return `Copied ${collection} from ${from} to ${to}: ${create} created, ${update} updated, ${unchanged} unchanged.`
}
