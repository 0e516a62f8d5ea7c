import { DataTable } from '../ui/table'

/** One bar: its label (for the table and the description) and its value. */
export interface ChartPoint {
  label: string
  value: number
}

/**
 * A bar chart drawn on the server as SVG, with no script: an image with a title and a description
 * for screen readers, the same numbers in a table they can read (visually hidden), and its axis text
 * in HTML rather than in the SVG, so the text keeps its size when the chart shrinks to a phone's
 * width. The SVG stretches to the width it is given (viewBox, width 100%, no fixed aspect ratio).
 */
export function BarChart({
  id,
  title,
  points,
  format,
  valueHeading,
}: {
  id: string
  title: string
  points: ChartPoint[]
  format: (value: number) => string
  /** The heading of the values' column in the table, e.g. "Revenue (GST inclusive)". */
  valueHeading: string
}) {
  const max = Math.max(0, ...points.map((point) => point.value))
  const sum = points.reduce((total, point) => total + point.value, 0)
  const highest = points.find((point) => point.value === max && max > 0)
  const first = points[0]?.label ?? ''
  const last = points.at(-1)?.label ?? ''
  const description =
    `${points.length} bars from ${first} to ${last}; total ${format(sum)}` + (highest ? `; highest ${format(max)} on ${highest.label}.` : '; none on any day.')
  const width = Math.max(1, points.length) * 10
  return (
    <figure className="min-w-0">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{title}</span>
        <span className="text-slate-500" aria-hidden="true">
          highest {format(max)}
        </span>
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} 100`}
        preserveAspectRatio="none"
        width="100%"
        height="160"
        className="mt-2 block h-40 w-full rounded-md bg-slate-50"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line x1="0" x2={width} y1="50" y2="50" stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
        <line x1="0" x2={width} y1="4" y2="4" stroke="#e2e8f0" vectorEffect="non-scaling-stroke" />
        {points.map((point, index) => {
          const height = max > 0 ? (point.value / max) * 96 : 0
          return <rect key={point.label} x={index * 10 + 1.5} width="7" y={100 - height} height={height} fill="#174ba8" />
        })}
        <line x1="0" x2={width} y1="100" y2="100" stroke="#94a3b8" vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="mt-1 flex justify-between gap-2 text-xs text-slate-500" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </div>
      <div className="sr-only">
        <DataTable
          className=""
          phone="fit"
          caption={title}
          rows={points}
          rowKey={(point) => point.label}
          columns={[
            { header: 'Day', rowHeader: true, cell: (point) => point.label },
            { header: valueHeading, cell: (point) => format(point.value) },
          ]}
        />
      </div>
    </figure>
  )
}
