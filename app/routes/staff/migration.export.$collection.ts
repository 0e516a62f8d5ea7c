import { data, redirect } from 'react-router'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import { isScreenCollection } from '../../server/migration/format'
import { exportDownload, startExport } from '../../server/migration/screen.server'
import type { Route } from './+types/migration.export.$collection'

/** The export file of one collection, streamed as a download (staff only, through the staff layout). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isScreenCollection(params.collection)) throw data(null, { status: 404 })
  const { db, config, requestId } = shop(context)
  return exportDownload({ db, dataDir: config.DATA_DIR, requestId }, params.collection)
}

/** The screen's Export button: the file is made as a job whose progress the screen shows. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  if (!isScreenCollection(params.collection)) throw data(null, { status: 404 })
  // The Export button's form carries nothing to read, but a malformed one starts nothing either.
  await readForm(request)
  const { db, config, requestId } = shop(context)
  const id = await startExport({ db, dataDir: config.DATA_DIR, requestId }, params.collection, staff.email)
  return redirect(`/migration?job=${id}`)
}
