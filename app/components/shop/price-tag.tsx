import { formatAud } from '../../lib/money'
import { shownWasPrice } from '../../lib/was-price'

/**
 * A price as the shopper pays it, GST included. A trade customer's own price says so, with the
 * normal price beside it (docs/domain.md, Trade accounts); a product with a was price shows it struck
 * through before the price, "Was $X, now $Y", in words a screen reader reads as they stand
 * (docs/domain.md, Was prices). Everyone else sees the price alone.
 */
export function PriceTag({
  cents,
  normalCents,
  wasCents,
  from = false,
  size = 'card',
}: {
  cents: number
  normalCents?: number
  wasCents?: number | null
  /** The lowest of a product's variants' prices, which differ: "From $…" (app/lib/variants.ts). */
  from?: boolean
  size?: 'card' | 'page'
}) {
  const trade = normalCents !== undefined && normalCents !== cents
  // The was price was the normal price: beside a trade price, the saving it implies is not the one this buyer gets.
  const was = trade ? null : shownWasPrice(wasCents, cents)
  const page = size === 'page'
  return (
    <p className={page ? 'mt-4 text-2xl font-semibold' : 'mt-4 font-semibold'} data-testid={trade ? 'trade-price' : was !== null ? 'was-price' : undefined}>
      {was !== null ? (
        <span className={`font-normal text-slate-600 ${page ? 'text-base' : 'text-sm'}`}>
          Was <s>{formatAud(was)}</s>, now{' '}
        </span>
      ) : null}
      {from ? <span className="font-normal text-slate-600">From </span> : null}
      {formatAud(cents)}
      {page ? <span className="whitespace-nowrap text-sm font-normal text-slate-500"> incl. GST</span> : null}
      {trade ? (
        <span className={`block font-normal text-slate-600 ${page ? 'mt-1 text-sm' : 'text-xs'}`}>Your trade price (normally {formatAud(normalCents)})</span>
      ) : null}
    </p>
  )
}
