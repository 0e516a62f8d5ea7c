import { formatAud } from '../../lib/money'
import type { OrderSummaryFigures, SummaryLine } from '../../lib/order-summary'

/**
 * The money lines of every summary a shopper sees (the cart, the delivery step, the payment page, the
 * thank-you page, the order's page): Items, Shipping and any further line, then Subtotal (excl. GST),
 * GST and Total (app/lib/order-summary.ts; docs/decisions/040-order-summary-lines.md).
 * `known: false` leaves the amounts out (a cart not read or priced yet; a line's own words stay), and
 * their boxes keep their width, so nothing moves when they come;
 * `estimate` marks a total whose shipping is only the cheapest possible.
 */
export function OrderSummaryLines({
  figures,
  known = true,
  estimate = false,
  className = '',
}: {
  figures: OrderSummaryFigures
  known?: boolean
  estimate?: boolean
  className?: string
}) {
  const amount = (cents: number) => (known ? formatAud(cents) : null)
  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      {figures.lines.map((line) => (
        <Row key={line.key} label={line.label} testId={line.testId ?? line.key}>
          {lineText(line, known)}
        </Row>
      ))}
      <Row label="Subtotal (excl. GST)" testId="subtotal" className="border-t border-slate-200 pt-2 text-slate-600">
        {amount(figures.subtotalCents)}
      </Row>
      <Row label="GST" testId="gst" className="text-slate-600">
        {amount(figures.gstCents)}
      </Row>
      <Row
        label={<>Total{estimate ? <span className="font-normal text-slate-600"> (estimated)</span> : null}</>}
        testId="total"
        className="border-t border-slate-200 pt-2 text-base font-semibold"
      >
        {amount(figures.totalCents)}
      </Row>
    </dl>
  )
}

function lineText(line: SummaryLine, known: boolean): string | null {
  if (line.shown !== undefined) return line.shown
  return !known || line.cents === null ? null : formatAud(line.cents)
}

function Row({ label, testId, className = '', children }: { label: React.ReactNode; testId: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={`flex justify-between gap-4 ${className}`}>
      <dt>{label}</dt>
      <dd data-testid={testId} className="min-w-24 text-right tabular-nums">
        {children}
      </dd>
    </div>
  )
}
