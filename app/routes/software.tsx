import QRCode from 'qrcode'
import { useState } from 'react'
import { downloadLabel, softwareEntries, type SoftwareDownload, type SoftwareEntry } from '../lib/software'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import type { Route } from './+types/software'
import { Button, buttonClass } from '../components/ui/button'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    'Software',
    'Download UniGCS, QGroundControl, FPV and TX apps for Android, and UniGCS for Windows, the QGroundControl installer and the Configuration Assistant.',
    shopNameFrom(matches),
  )

export async function loader({ request, context }: Route.LoaderArgs) {
  const entries = softwareEntries(shop(context).config.DOWNLOADS_BASE_URL)
  const origin = publicOrigin(shop(context).config, request)
  const urls = entries.filter((entry) => entry.qr).flatMap((entry) => entry.variants?.map((v) => v.downloadUrl) ?? [entry.downloadUrl])
  // The codes are made here from our own download URLs, so the SVG is safe to insert as markup.
  const svgs = await Promise.all(urls.map((url) => QRCode.toString(new URL(url, `${origin}/`).href, { type: 'svg', margin: 1, width: 160 })))
  const qrCodes: Record<string, string> = Object.fromEntries(urls.map((url, i) => [url, svgs[i]!]))
  return { entries, qrCodes }
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

export default function Software({ loaderData }: Route.ComponentProps) {
  const { entries, qrCodes } = loaderData
  const groups = [
    { id: 'android', title: 'Android Apps', entries: entries.filter((entry) => entry.platform === 'android') },
    { id: 'windows', title: 'Windows Software', entries: entries.filter((entry) => entry.platform === 'windows') },
  ]
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Software</h1>
      <p className="mt-4 max-w-2xl text-slate-700">
        Ground control, video and configuration software for the hardware we sell. On a phone, scan a QR code to download the Android app straight to the
        device.
      </p>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`software-${group.id}`} className="mt-12">
          <h2 id={`software-${group.id}`} className="text-2xl font-semibold">
            {group.title}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {group.entries.map((entry) => (
              <li key={entry.id}>
                <SoftwareCard entry={entry} qrCodes={qrCodes} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function SoftwareCard({ entry, qrCodes }: { entry: SoftwareEntry; qrCodes: Record<string, string> }) {
  const [variantId, setVariantId] = useState(entry.variants?.[0]?.id)
  const variant = entry.variants?.find((candidate) => candidate.id === variantId)
  const download: SoftwareDownload = { entry, variant }
  const url = variant?.downloadUrl ?? entry.downloadUrl
  const label = downloadLabel(download)
  const version = variant?.version || entry.version
  const qr = entry.qr ? qrCodes[url] : undefined
  const headingId = `software-${entry.id}-name`
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-5 rounded-2xl border border-slate-200 p-6 sm:flex-row">
      <div className="flex flex-1 flex-col">
        <h3 id={headingId} className="text-xl font-semibold">
          {entry.name}
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-600">
          {version ? <Fact term="Version" value={version} /> : null}
          {entry.released ? <Fact term="Released" value={<time dateTime={entry.released}>{dateFormat.format(new Date(entry.released))}</time>} /> : null}
          {entry.requirement ? <Fact term="Requires" value={entry.requirement} /> : null}
        </dl>
        <p className="mt-3 text-slate-700">{entry.description}</p>
        {entry.variants && variant ? (
          <div className="mt-4">
            <div role="group" aria-label={`${entry.name} version`} className="inline-flex rounded-lg border border-slate-300 p-1">
              {entry.variants.map((option) => (
                <Button key={option.id} variant="segment" size="sm" aria-pressed={option.id === variant.id} onClick={() => setVariantId(option.id)}>
                  {option.label}
                </Button>
              ))}
            </div>
            <p className="mt-2 text-sm text-slate-700" aria-live="polite">
              {variant.label} version: {variant.explanation}.
            </p>
          </div>
        ) : null}
        <div className="mt-auto pt-5">
          <a href={url} download aria-label={`Download ${label}`} className={buttonClass()}>
            Download
          </a>
        </div>
      </div>
      {qr ? (
        <div className="shrink-0 text-center">
          <figure role="img" aria-label={`QR code for ${label}`} className="mx-auto size-40 [&>svg]:size-full" dangerouslySetInnerHTML={{ __html: qr }} />
          <p className="mt-1 text-xs text-slate-500">Scan to download</p>
        </div>
      ) : null}
    </article>
  )
}

function Fact({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd>{value}</dd>
    </>
  )
}
