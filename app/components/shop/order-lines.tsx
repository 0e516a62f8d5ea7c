import { formatAud } from '../../lib/money'

export interface OrderLineSummary {
  name: string
  quantity: number
  /** What the line costs, after its part of any discount (discountCents). */
  lineTotalCents: number
  discountCents?: number
}

/**
 * "2 × UniDrone E900 … $25,998.00", one row a line: the payment page and the thank-you page. Each at
 * its price before discounts, so the rows add up to the summary's Items; the discounts follow the
 * shipping there, each on its own line.
 */
export function OrderLineList({ lines, className = '' }: { lines: OrderLineSummary[]; className?: string }) {
  return (
    <ul className={`divide-y divide-slate-100 text-sm ${className}`}>
      {lines.map((line) => (
        <li key={line.name} className="flex justify-between py-2">
          <span>
            {line.quantity} × {line.name}
          </span>
          <span>{formatAud(line.lineTotalCents + (line.discountCents ?? 0))}</span>
        </li>
      ))}
    </ul>
  )
}
