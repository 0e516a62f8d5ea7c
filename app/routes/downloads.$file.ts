import { data, redirect } from 'react-router'
import { downloadLabel, downloadUrl, findDownload } from '../lib/software'
import { shop } from '../server/context.server'
import type { Route } from './+types/downloads.$file'

/**
 * /downloads/:file — the installers are not part of this repository. When DOWNLOADS_BASE_URL points
 * elsewhere, an old link is sent on to the real file; otherwise the shop answers with a short text
 * file that says which installer belongs here.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = params.file ?? ''
  const download = findDownload(file)
  if (!download) throw data(null, { status: 404 })

  const hosted = downloadUrl(file, shop(context).config.DOWNLOADS_BASE_URL)
  if (hosted !== downloadUrl(file)) return redirect(hosted)

  const { entry } = download
  const lines = [
    `${downloadLabel(download)} — ${entry.platform === 'android' ? 'Android app' : 'Windows software'}`,
    `Installer file: ${file}`,
    `Version: ${download.variant?.version || entry.version || 'not stated'}`,
    ...(entry.released ? [`Released: ${entry.released}`] : []),
    ...(download.variant ? [`Build: ${download.variant.label}, ${download.variant.explanation}`] : []),
    ...(entry.requirement ? [`Requires: ${entry.requirement}`] : []),
    '',
    'This is a placeholder. The installer itself is not stored with the shop.',
    'The shop owner makes the real file available by setting DOWNLOADS_BASE_URL to the location',
    `where the installers are hosted; this link then leads to <DOWNLOADS_BASE_URL>/${file}.`,
    '',
  ]
  return new Response(lines.join('\n'), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}.txt"`,
      'Cache-Control': 'no-cache',
    },
  })
}
