import { data } from 'react-router'
import { shop } from '../../server/context.server'
import { getJob } from '../../server/jobs/jobs.server'
import { exportJobDownload } from '../../server/migration/screen.server'
import type { Route } from './+types/migration.jobs.$jobId.file'

/** The file an export job made, as a download (staff only, through the staff layout). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = shop(context)
  const job = await getJob(db, params.jobId)
  const download = job ? await exportJobDownload(db, job) : null
  if (!download) throw data('That export is not here any more: exports are kept for 30 days. Export the collection again.', { status: 404 })
  return download
}
