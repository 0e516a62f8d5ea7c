import { Form } from 'react-router'
import { STOCK_ALERT_ACTION, STOCK_ALERT_BUTTON, STOCK_ALERT_PROMISE } from '../../lib/stock-alerts'
import { Button } from '../ui/button'
import { TextField } from '../ui/text-field'

/**
 * "E-mail me when it is back" on a sold-out product (docs/domain.md, Back-in-stock alerts). A plain
 * form posting to a route of its own, so it works without scripts and is the same for every visitor:
 * the product page is kept in the shared page cache (decisions 031 and 036).
 */
export function StockAlertForm({ productId, email = '', error }: { productId: string; email?: string; error?: string }) {
  return (
    <Form method="post" action={STOCK_ALERT_ACTION} className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4" aria-labelledby="stock-alert-heading">
      <h2 id="stock-alert-heading" className="text-base font-semibold">
        Hear when it is back
      </h2>
      <input type="hidden" name="productId" value={productId} />
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          id="stock-alert-email"
          name="email"
          type="email"
          autoComplete="email"
          label="Your e-mail"
          required
          maxLength={320}
          defaultValue={email}
          error={error}
          className="sm:flex-1"
        />
        <Button type="submit">{STOCK_ALERT_BUTTON}</Button>
      </div>
      <p className="mt-2 text-sm text-slate-600">{STOCK_ALERT_PROMISE}</p>
    </Form>
  )
}
