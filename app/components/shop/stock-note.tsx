import type { StockFacts } from '../../lib/catalog'
import { availabilityOf } from '../../lib/stock'

const tone = {
  'in-stock': 'text-green-800',
  low: 'text-amber-800',
  backorder: 'text-slate-700',
  'sold-out': 'text-red-700',
} as const

/** "In stock", "Only 3 left", "Backorder — ships in 2–3 weeks" or "Sold out", on cards and product pages. */
export function StockNote({ stock, className = '', testId = 'stock' }: { stock: StockFacts; className?: string; testId?: string }) {
  const availability = availabilityOf(stock)
  return (
    <p data-testid={testId} className={`text-sm font-medium ${tone[availability.kind]} ${className}`}>
      {availability.label}
    </p>
  )
}
