import { centsToDecimal } from '../../lib/money'
import { csvCell } from '../../lib/orders/order-query'
import { basQuarterLabel, basQuartersToDate, shopDay } from '../../lib/reports/periods'
import { shop } from '../../server/context.server'
import { gstByQuarter } from '../../server/reports/sales.server'
import type { Route } from './+types/reports.bas.csv'

const COLUMNS = ['Quarter', 'From', 'To', 'Sales incl. GST', 'GST collected', 'Refunds incl. GST', 'GST refunded', 'Net GST'] as const

/**
 * GST per BAS quarter of this and last financial year, as the reports page shows it, for the
 * bookkeeper (amounts in dollars; days are Brisbane days, both included).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const today = shopDay(new Date())
  const rows = await gstByQuarter(shop(context).db, basQuartersToDate(today))
  const lines = [
    COLUMNS.join(','),
    ...rows.map(({ quarter, ...row }) =>
      [
        basQuarterLabel(quarter),
        quarter.from,
        lastDayOf(quarter.until),
        centsToDecimal(row.salesCents),
        centsToDecimal(row.gstCents),
        centsToDecimal(row.refundsCents),
        centsToDecimal(row.refundGstCents),
        centsToDecimal(row.gstCents - row.refundGstCents),
      ]
        .map(csvCell)
        .join(','),
    ),
  ]
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="gst-by-bas-quarter-${today}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/** The last day of a quarter, from the first day of the next. */
function lastDayOf(until: string): string {
  return new Date(Date.parse(`${until}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
}
