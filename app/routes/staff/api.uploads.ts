import { shop } from '../../server/context.server'
import { storeImage } from '../../server/images/media.server'
import { handleUploadRequest } from '../../server/uploads/uploads.server'
import type { Route } from './+types/api.uploads'

/**
 * Image uploads for the product form: one multipart field `file`, at most 20 MB, a JPEG, PNG, WebP
 * or AVIF photo judged by its bytes, kept as AVIF and WebP files without its metadata
 * (app/server/images). Staff only, through the staff layout. Answers `{ url }` (`/media/<id>/<w>x<h>`)
 * or `{ error }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Upload images with POST.' }, { status: 405, headers: { Allow: 'POST' } })
  const { db, images } = shop(context)
  const result = await handleUploadRequest(request, (bytes) => storeImage(db, images, bytes))
  if ('error' in result) return Response.json({ error: result.error }, { status: result.status })
  return Response.json({ url: result.url }, { status: 201 })
}

/** Nothing to read here: answered so a stray GET is a plain 405 rather than a logged router error. */
export function loader() {
  return Response.json({ error: 'Upload images with POST.' }, { status: 405, headers: { Allow: 'POST' } })
}
