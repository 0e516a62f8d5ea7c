import { FormTextField } from './product-form-inputs'
import { DEFAULT_LOGISTICS, type ProductLogistics, type ProductStockKeeping } from '../../lib/catalog'
import { centsToDollars, type ProductFormInput } from '../../lib/schemas/product'
import { waitingSentence } from '../../lib/stock-alerts'
import { CheckboxField as Checkbox } from '../ui/checkbox-field'

/** The "Shipping and stock" fields as the editor holds them: text as typed, checkboxes as booleans. */
export interface LogisticsValues {
  weightGrams: string
  containsLithium: boolean
  trackStock: boolean
  /** What the stock input shows; kept while tracking is off, so ticking it again brings it back. */
  stockOnHand: string
  allowBackorder: boolean
  backorderLeadTime: string
  lowStockThreshold: string
  /** Stock keeping (docs/domain.md): as typed; the cost in dollars, excluding GST. */
  sku: string
  barcode: string
  cost: string
}

/** The submitted keys of these fields, which are also their inputs' ids and their error paths. */
export type LogisticsPath =
  | 'productWeightGrams'
  | 'productContainsLithium'
  | 'productStockOnHand'
  | 'productAllowBackorder'
  | 'productBackorderLeadTime'
  | 'productLowStockThreshold'
  | 'productSku'
  | 'productBarcode'
  | 'productCostCents'

type LogisticsSubmission = Pick<ProductFormInput, LogisticsPath>

/** The fields of the product being edited, or a new product's defaults (0 g, no lithium, not tracked). */
export function initialLogistics(product: (Partial<ProductLogistics> & Partial<ProductStockKeeping>) | null): LogisticsValues {
  const stock = product?.productStockOnHand ?? DEFAULT_LOGISTICS.productStockOnHand
  return {
    weightGrams: String(product?.productWeightGrams ?? DEFAULT_LOGISTICS.productWeightGrams),
    containsLithium: product?.productContainsLithium ?? DEFAULT_LOGISTICS.productContainsLithium,
    trackStock: stock !== null,
    stockOnHand: stock === null ? '' : String(stock),
    allowBackorder: product?.productAllowBackorder ?? DEFAULT_LOGISTICS.productAllowBackorder,
    backorderLeadTime: product?.productBackorderLeadTime ?? DEFAULT_LOGISTICS.productBackorderLeadTime,
    lowStockThreshold: String(product?.productLowStockThreshold ?? DEFAULT_LOGISTICS.productLowStockThreshold),
    sku: product?.productSku ?? '',
    barcode: product?.productBarcode ?? '',
    cost: product?.productCostCents === null || product?.productCostCents === undefined ? '' : centsToDollars(product.productCostCents),
  }
}

/** "1,200", " 1200 " and "1200" are the same count; other text is compared as typed. */
const sameCount = (a: string, b: string) => {
  const read = (text: string) => (/^-?[\d,]+$/.test(text.trim()) ? Number(text.trim().replace(/,/g, '')) : text.trim())
  return read(a) === read(b)
}

/** Whether the editor changed the stock (its count or whether it is tracked) since the form was opened. */
export function stockChanged(values: LogisticsValues, opened: LogisticsValues): boolean {
  if (values.trackStock !== opened.trackStock) return true
  return values.trackStock && !sameCount(values.stockOnHand, opened.stockOnHand)
}

/**
 * What the form sends for these fields. The stock count goes only when the editor changed it (or
 * `opened` is null: a new product): sales keep counting stock down while the form is open, and an
 * untouched field must not put back the number the form was opened with.
 */
export function logisticsSubmission(values: LogisticsValues, opened: LogisticsValues | null): LogisticsSubmission {
  const submission: LogisticsSubmission = {
    productWeightGrams: values.weightGrams,
    productContainsLithium: values.containsLithium,
    productAllowBackorder: values.allowBackorder,
    productBackorderLeadTime: values.backorderLeadTime,
    // Sales never change it, so it is always sent (unlike the count on hand).
    productLowStockThreshold: values.lowStockThreshold,
    productSku: values.sku,
    productBarcode: values.barcode,
    productCostCents: values.cost,
  }
  if (opened === null || stockChanged(values, opened)) submission.productStockOnHand = values.trackStock ? values.stockOnHand : null
  return submission
}

/** The product form's "Shipping and stock" section: weight, lithium batteries, stock and backorders, and the stock-keeping codes and cost. */
export function ProductLogisticsFields({
  values,
  waiting = 0,
  onChange,
  errorFor,
}: {
  values: LogisticsValues
  /** Confirmed back-in-stock alerts waiting for the product: said by the stock count when there are any. */
  waiting?: number
  /** A change to some fields; `path` is the submitted key whose server message no longer applies. */
  onChange: (change: Partial<LogisticsValues>, path: LogisticsPath) => void
  errorFor: (path: string) => string | undefined
}) {
  const waitingNote = waitingSentence(waiting)
  return (
    <section aria-labelledby="product-logistics" className="space-y-5 border-t border-slate-200 pt-8">
      <div>
        <h2 id="product-logistics" className="text-xl font-semibold">
          Shipping and stock
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          The weight and the batteries decide which shipping methods a cart can use and what they cost; the stock decides whether the product can be bought.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          id="productWeightGrams"
          label="Weight in grams"
          inputMode="numeric"
          placeholder="e.g. 850"
          hint="The packed weight in whole grams (1 kg = 1000)."
          value={values.weightGrams}
          error={errorFor('productWeightGrams')}
          onChange={(text) => onChange({ weightGrams: text }, 'productWeightGrams')}
        />
      </div>
      <Checkbox
        id="productContainsLithium"
        label="Contains lithium batteries — road transport only"
        hint="A cart with this product can only use shipping methods that may carry lithium batteries."
        checked={values.containsLithium}
        error={errorFor('productContainsLithium')}
        onCheckedChange={(checked) => onChange({ containsLithium: checked }, 'productContainsLithium')}
      />
      <fieldset className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-700">Stock</legend>
        <div className="space-y-4">
          <Checkbox
            id="productTrackStock"
            label="Track stock"
            hint="An untracked product can always be bought."
            checked={values.trackStock}
            error={undefined}
            onCheckedChange={(checked) => onChange({ trackStock: checked }, 'productStockOnHand')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              id="productStockOnHand"
              label="Stock on hand"
              inputMode="numeric"
              placeholder={values.trackStock ? 'e.g. 12' : undefined}
              hint={
                values.trackStock
                  ? 'Each sale counts it down. Sales made while this form is open are kept unless you change this number.'
                  : 'Tick “Track stock” to count it.'
              }
              disabled={!values.trackStock}
              value={values.stockOnHand}
              error={values.trackStock ? errorFor('productStockOnHand') : undefined}
              onChange={(text) => onChange({ stockOnHand: text }, 'productStockOnHand')}
            />
            <FormTextField
              id="productLowStockThreshold"
              label="Low-stock alert at"
              inputMode="numeric"
              placeholder="e.g. 3"
              hint="The reports list the product, and the daily digest names it, when this many or fewer are available."
              value={values.lowStockThreshold}
              error={errorFor('productLowStockThreshold')}
              onChange={(text) => onChange({ lowStockThreshold: text }, 'productLowStockThreshold')}
            />
          </div>
          {waitingNote ? (
            <p className="text-sm text-slate-700">
              <span className="font-semibold" data-testid="stock-alerts-waiting">
                {waitingNote}
              </span>
              : each is e-mailed once when it is available again.
            </p>
          ) : null}
          <Checkbox
            id="productAllowBackorder"
            label="Allow backorders"
            hint="When the stock runs out, customers can still order and are told the lead time."
            checked={values.allowBackorder}
            error={errorFor('productAllowBackorder')}
            onCheckedChange={(checked) => onChange({ allowBackorder: checked }, 'productAllowBackorder')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              id="productBackorderLeadTime"
              label="Backorder lead time"
              placeholder="e.g. 2–3 weeks"
              hint="Shown to customers who order when it is out of stock."
              value={values.backorderLeadTime}
              error={errorFor('productBackorderLeadTime')}
              onChange={(text) => onChange({ backorderLeadTime: text }, 'productBackorderLeadTime')}
            />
          </div>
        </div>
      </fieldset>
      <fieldset className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-700">Stock keeping</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormTextField
            id="productSku"
            label="SKU"
            placeholder="e.g. UD-E900"
            hint="Your code for it: on packing slips, and found by the products list's search."
            value={values.sku}
            error={errorFor('productSku')}
            onChange={(text) => onChange({ sku: text }, 'productSku')}
          />
          <FormTextField
            id="productBarcode"
            label="Barcode (EAN or UPC)"
            inputMode="numeric"
            placeholder="e.g. 9312345678907"
            hint="8, 12, 13 or 14 digits; the last checks the others."
            value={values.barcode}
            error={errorFor('productBarcode')}
            onChange={(text) => onChange({ barcode: text }, 'productBarcode')}
          />
          <FormTextField
            id="productCostCents"
            label="Cost per unit ($, excl. GST)"
            inputMode="decimal"
            placeholder="e.g. 612.50"
            hint="Staff only, never shown in the shop: the reports' margin."
            value={values.cost}
            error={errorFor('productCostCents')}
            onChange={(text) => onChange({ cost: text }, 'productCostCents')}
          />
        </div>
      </fieldset>
    </section>
  )
}
