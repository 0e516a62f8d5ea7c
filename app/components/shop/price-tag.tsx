import { formatAud } from '../../lib/money'

/**
 * A price as the shopper pays it, GST included. A trade customer's own price says so, with the
 * normal price beside it (docs/domain.md, Trade accounts); everyone else sees the price alone.
 */
export function PriceTag({ cents, normalCents, size = 'card' }: { cents: number; normalCents?: number; size?: 'card' | 'page' }) {
  const trade = normalCents !== undefined && normalCents !== cents
  const page = size === 'page'
  return (
    <p className={page ? 'mt-4 text-2xl font-semibold' : 'mt-4 font-semibold'} data-testid={trade ? 'trade-price' : undefined}>
      {formatAud(cents)}
      {page ? <span className="text-sm font-normal text-slate-500"> incl. GST</span> : null}
      {trade ? (
        <span className={`block font-normal text-slate-600 ${page ? 'mt-1 text-sm' : 'text-xs'}`}>Your trade price (normally {formatAud(normalCents)})</span>
      ) : null}
    </p>
  )
}
