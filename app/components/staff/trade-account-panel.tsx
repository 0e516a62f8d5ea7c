import { Form, Link, useNavigation } from 'react-router'
import { formatAbn } from '../../lib/abn'
import { CATEGORY_LABELS, isCategory } from '../../lib/catalog'
import { formatAud } from '../../lib/money'
import { centsToDollars } from '../../lib/schemas/product'
import type { TradeFormValues } from '../../lib/schemas/trade-account'
import { formatPercent, type TradePriceList } from '../../lib/trade'
import { Alert } from '../ui/alert'
import { Badge } from '../ui/badge'
import { Button } from '../ui/button'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'

/** Empty fixed-price rows the form offers beyond those set: saving with them filled adds more. */
const BLANK_PRODUCT_ROWS = 3

export interface PanelAccount {
  company: string
  abn: string
  terms: { paymentDays: number; creditLimitCents: number } | null
  prices: TradePriceList
  version: number
}

export interface PanelProduct {
  id: string
  name: string
  normalCents: number | null
}

const categoryName = (category: string) => (isCategory(category) ? CATEGORY_LABELS[category] : category)

/** The form's values for an account as stored (or empty, for a customer not yet trade). */
export function tradeFormDefaults(account: PanelAccount | null, categories: string[]): TradeFormValues {
  const set = account?.prices ?? { categories: {}, products: {} }
  const known = new Set(categories)
  return {
    company: account?.company ?? '',
    abn: account ? formatAbn(account.abn) : '',
    paymentDays: account?.terms ? String(account.terms.paymentDays) : '',
    creditLimit: account?.terms ? centsToDollars(account.terms.creditLimitCents) : '',
    // Every category products have now, and any the list still names that none has any more.
    categories: [...categories, ...Object.keys(set.categories).filter((name) => !known.has(name))].map((name) => ({
      name,
      percent: Object.hasOwn(set.categories, name) ? formatPercent(set.categories[name]!) : '',
    })),
    products: Object.entries(set.products).map(([id, cents]) => ({ id, price: centsToDollars(cents) })),
  }
}

/**
 * A customer's trade account on their staff screen (docs/domain.md, Trade accounts): what is set and
 * what is owing on account, the form that approves the customer as trade or changes the account (the
 * business, terms, a percentage off per category and fixed prices per product), and ending it. The
 * server checks everything again and refuses a save made from an older version of the account.
 */
export function TradeAccountPanel({
  account,
  owing,
  values,
  errors,
  products,
  message,
}: {
  account: PanelAccount | null
  owing: { owingCents: number; orders: number }
  values: TradeFormValues
  errors: Record<string, string>
  products: PanelProduct[]
  message: { tone: 'error' | 'success'; text: string } | null
}) {
  const busy = useNavigation().state !== 'idle'
  const productRows = [...values.products, ...Array.from({ length: BLANK_PRODUCT_ROWS }, () => ({ id: '', price: '' }))]
  const normalOf = new Map(products.map((product) => [product.id, product.normalCents]))
  return (
    <section aria-labelledby="trade-heading" className="mt-8 rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="trade-heading" className="text-lg font-semibold">
          Trade account
        </h2>
        {account ? <Badge tone="brand">Trade</Badge> : <Badge>Not trade</Badge>}
      </div>
      {account ? (
        <p className="mt-1 text-sm [overflow-wrap:anywhere]" data-testid="trade-summary">
          {account.company}, ABN {formatAbn(account.abn)}.{' '}
          {account.terms
            ? `Pays on account within ${account.terms.paymentDays} days of invoice, credit limit ${formatAud(account.terms.creditLimitCents)}; `
            : 'No terms: pays by card or bank transfer; '}
          {formatAud(owing.owingCents)} owing on account
          {owing.orders > 0 ? (
            <>
              {' '}
              ({owing.orders} {owing.orders === 1 ? 'invoice' : 'invoices'},{' '}
              <Link to="/reports/owing" className="text-brand-700 underline">
                Owing report
              </Link>
              )
            </>
          ) : null}
          .
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Approve a business as trade to give it its own prices and, if you choose, terms to pay on account.</p>
      )}
      {message ? (
        <Alert tone={message.tone} className="mt-4">
          {message.text}
        </Alert>
      ) : null}

      <Form method="post" noValidate className="mt-4 space-y-6">
        <input type="hidden" name="version" value={account?.version ?? ''} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="company" label="Company" size="sm" defaultValue={values.company} error={errors.company} autoComplete="off" />
          <TextField name="abn" label="ABN" size="sm" inputMode="numeric" defaultValue={values.abn} error={errors.abn} hint="11 digits, checked." />
        </div>

        <fieldset>
          <legend className="font-medium">Terms</legend>
          <p className="text-sm text-slate-500">Leave both empty for no terms: the customer then pays by card or bank transfer.</p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <TextField
              name="paymentDays"
              label="Payment days from invoice"
              size="sm"
              inputMode="numeric"
              defaultValue={values.paymentDays}
              error={errors.paymentDays}
              placeholder="30"
            />
            <TextField
              name="creditLimit"
              label="Credit limit ($)"
              size="sm"
              inputMode="decimal"
              defaultValue={values.creditLimit}
              error={errors.creditLimit}
              hint="What may be owing on account at once, GST inclusive."
            />
          </div>
        </fieldset>

        <fieldset>
          <legend className="font-medium">Percentage off by category</legend>
          <p className="text-sm text-slate-500">Off the normal price, rounded to the cent. Empty: the normal price.</p>
          <ul className="mt-2 grid gap-x-4 gap-y-3 sm:grid-cols-2">
            {values.categories.map((row, index) => (
              <li key={row.name}>
                <input type="hidden" name={`categoryName-${index}`} value={row.name} />
                <TextField
                  name={`categoryPercent-${index}`}
                  label={`${categoryName(row.name)} (% off)`}
                  size="sm"
                  inputMode="decimal"
                  defaultValue={row.percent}
                  error={errors[`categoryPercent-${index}`]}
                />
              </li>
            ))}
          </ul>
        </fieldset>

        <fieldset>
          <legend className="font-medium">Fixed prices</legend>
          <p className="text-sm text-slate-500">A product’s price for this customer, including GST: it wins over its category’s percentage.</p>
          <ul className="mt-2 space-y-3">
            {productRows.map((row, index) => {
              const normal = row.id ? normalOf.get(row.id) : undefined
              return (
                <li key={index} className="grid gap-x-4 gap-y-2 sm:grid-cols-[1fr_10rem]">
                  <SelectField
                    id={`productId-${index}`}
                    name={`productId-${index}`}
                    label={`Product ${index + 1}`}
                    size="sm"
                    defaultValue={row.id}
                    error={errors[`productId-${index}`]}
                    first={['', 'No product']}
                    hint={normal != null ? `Normal price ${formatAud(normal)}` : undefined}
                  >
                    {products.map((product) => (
                      <option key={product.id} value={product.id}>
                        {product.name}
                      </option>
                    ))}
                    {row.id && !normalOf.has(row.id) ? <option value={row.id}>{row.id} (no longer sold)</option> : null}
                  </SelectField>
                  <TextField
                    name={`productPrice-${index}`}
                    label={`Price ${index + 1} ($ incl. GST)`}
                    size="sm"
                    inputMode="decimal"
                    defaultValue={row.price}
                    error={errors[`productPrice-${index}`]}
                  />
                </li>
              )
            })}
          </ul>
          {errors.products ? <p className="mt-2 text-sm text-red-700">{errors.products}</p> : null}
        </fieldset>

        <Button type="submit" name="intent" value="save-trade" disabled={busy}>
          {account ? 'Save trade account' : 'Approve as trade customer'}
        </Button>
      </Form>

      {account ? (
        <Form
          method="post"
          className="mt-6 border-t border-slate-200 pt-4"
          onSubmit={(event) => {
            if (!window.confirm(`End ${account.company}’s trade account? They pay normal prices from now on; what they owe on account stays owing.`))
              event.preventDefault()
          }}
        >
          <input type="hidden" name="version" value={account.version} />
          <Button type="submit" name="intent" value="end-trade" variant="destructive" size="sm" disabled={busy}>
            End trade account
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
