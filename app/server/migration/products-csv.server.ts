import type { Executor } from '../db/client.server.ts'
import type { Env } from '../env.server.ts'
import { publicOrigin } from '../public-origin.server.ts'
import { exportDocuments } from './export.server.ts'
import { csvHeader, productCsvRows, type CsvContext } from './products-csv.ts'

/** Text sent per piece: a few hundred products. */
const PIECE_CHARS = 1_000_000

/**
 * products.csv as pieces of text, the products in the order of their ids, read a page at a time as
 * the JSON export reads them. The first piece comes only once the first page has been read.
 */
export async function* productsCsvFile(db: Executor, context: CsvContext): AsyncGenerator<string> {
  let piece = csvHeader()
  for await (const entry of exportDocuments(db, 'products')) {
    piece += productCsvRows(entry.document, context)
    if (piece.length > PIECE_CHARS) {
      yield piece
      piece = ''
    }
  }
  yield piece
}

/** The shop's name as the Vendor, and its address for the images' full addresses. */
export function csvContext(config: Pick<Env, 'SHOP_NAME' | 'PUBLIC_URL' | 'PORT'>, request?: Request): CsvContext {
  return { vendor: config.SHOP_NAME, origin: publicOrigin(config, request) }
}
