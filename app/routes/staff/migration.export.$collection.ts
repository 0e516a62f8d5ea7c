import { data } from 'react-router'
import { shop } from '../../server/context.server'
import { isMigrationCollection } from '../../server/migration/format'
import { exportDownload } from '../../server/migration/screen.server'
import type { Route } from './+types/migration.export.$collection'

/** The export file of one collection, streamed as a download (staff only, through the staff layout). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isMigrationCollection(params.collection)) throw data(null, { status: 404 })
  const { db, config, requestId } = shop(context)
  return exportDownload({ db, dataDir: config.DATA_DIR, requestId }, params.collection)
}
