import type { StockFacts } from './catalog.ts'

/** "Only N left" from this many available down (docs/domain.md, Stock). */
export const LOW_STOCK_SHOWN = 5

export type Availability =
  | { kind: 'in-stock'; label: 'In stock' }
  | { kind: 'low'; label: string; left: number }
  | { kind: 'backorder'; label: string }
  | { kind: 'sold-out'; label: 'Sold out' }

/**
 * What a card and a product page say about stock. Untracked stock is always in stock; with none
 * available a product is on backorder (if it allows it) or sold out.
 */
export function availabilityOf(stock: StockFacts): Availability {
  if (stock.available === null || stock.available > LOW_STOCK_SHOWN) return { kind: 'in-stock', label: 'In stock' }
  if (stock.available > 0) return { kind: 'low', label: `Only ${stock.available} left`, left: stock.available }
  if (stock.allowBackorder) {
    const leadTime = stock.leadTime.trim()
    return { kind: 'backorder', label: leadTime ? `Backorder — ships in ${leadTime}` : 'Backorder' }
  }
  return { kind: 'sold-out', label: 'Sold out' }
}

/** Whether it can be sent now: in stock or low, neither waiting on a backorder nor sold out. */
export function availableNow(stock: StockFacts): boolean {
  const kind = availabilityOf(stock).kind
  return kind === 'in-stock' || kind === 'low'
}

/** Whether Add to cart is offered at all. */
export const canBuy = (stock: StockFacts): boolean => availabilityOf(stock).kind !== 'sold-out'

/** The schema.org availability of Product JSON-LD, saying what the page says. */
export function schemaAvailability(stock: StockFacts): string {
  const kind = availabilityOf(stock).kind
  if (kind === 'backorder') return 'https://schema.org/BackOrder'
  if (kind === 'sold-out') return 'https://schema.org/OutOfStock'
  return kind === 'low' ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/InStock'
}
