import { shop } from '../../server/context.server'
import { csvContext } from '../../server/migration/products-csv.server'
import { productsCsvDownload } from '../../server/migration/screen.server'
import type { Route } from './+types/migration.products.csv'

/** Every product as a spreadsheet, streamed as a download (staff only, through the staff layout). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, requestId } = shop(context)
  return productsCsvDownload({ db, dataDir: config.DATA_DIR, requestId }, csvContext(config, request))
}
