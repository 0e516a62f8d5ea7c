import { encode } from 'uqr'

/**
 * A QR code drawn as one SVG path from the encoded modules (no markup from a string, nothing for the
 * page's Content-Security-Policy to allow). Four modules of quiet zone, as scanners expect.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { border: 4 })
  let path = ''
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x},${y}h1v1h-1z`
    }),
  )
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${data.length} ${data.length}`} width={size} height={size} shapeRendering="crispEdges" className="rounded-md border border-slate-200 bg-white">
      <rect width={data.length} height={data.length} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  )
}
