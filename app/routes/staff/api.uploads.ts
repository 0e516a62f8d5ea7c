import { shop } from '../../server/context.server'
import { handleUploadRequest } from '../../server/uploads/uploads.server'
import type { Route } from './+types/api.uploads'

/**
 * Image uploads for the product form: one multipart field `file`, at most 5 MB, PNG, JPEG, WebP or
 * GIF judged by its bytes. Staff only, through the staff layout. Answers `{ url }` or `{ error }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'Upload images with POST.' }, { status: 405, headers: { Allow: 'POST' } })
  const result = await handleUploadRequest(request, shop(context).config.DATA_DIR)
  if ('error' in result) return Response.json({ error: result.error }, { status: result.status })
  return Response.json({ url: result.url }, { status: 201 })
}

/** Nothing to read here: answered so a stray GET is a plain 405 rather than a logged router error. */
export function loader() {
  return Response.json({ error: 'Upload images with POST.' }, { status: 405, headers: { Allow: 'POST' } })
}
