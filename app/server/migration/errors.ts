import type { MigrationCollection } from './format.ts'

/** The messages a failed migration read is logged with (docs/specification.md, Error messages). */
export const DATA_FETCH_ERROR = 'Error fetching migration data collection'
export const RESULT_FETCH_ERROR = 'Error fetching migration result collection'
/** Writing is not in the specification's catalogue; the same wording keeps the log searchable. */
export const RESULT_WRITE_ERROR = 'Error writing migration result collection'

type LogMessage = typeof DATA_FETCH_ERROR | typeof RESULT_FETCH_ERROR | typeof RESULT_WRITE_ERROR

/**
 * The database failed while a migration read its source (the data collection) or read or wrote
 * its target (the result collection). `logMessage` is the line to log; `message` adds the reason.
 */
export class MigrationDatabaseError extends Error {
  override name = 'MigrationDatabaseError'
  readonly logMessage: LogMessage
  readonly collection: MigrationCollection

  constructor(logMessage: LogMessage, collection: MigrationCollection, cause: unknown) {
    super(`${logMessage} "${collection}": ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.logMessage = logMessage
    this.collection = collection
  }
}

/** Runs a database step of a migration, naming any failure as the specification does. */
export async function databaseStep<T>(logMessage: LogMessage, collection: MigrationCollection, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    if (error instanceof MigrationDatabaseError) throw error
    throw new MigrationDatabaseError(logMessage, collection, error)
  }
}
