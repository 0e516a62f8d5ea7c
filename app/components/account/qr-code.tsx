/**
 * A QR code drawn from its path (qrPath, made on the server: the page ships no QR library), with the
 * quiet zone scanners expect around it. An SVG element, not markup from a string.
 */
export function QrCode({ path, modules, label, size = 200 }: { path: string; modules: number; label: string; size?: number }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-md border border-slate-200 bg-white"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  )
}
