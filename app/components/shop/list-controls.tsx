import type { Category } from '../../lib/catalog'
import { CATEGORY_SORTS, listPath, priceFieldValue, type CategoryQuery } from '../../lib/category-query'
import { Button } from '../ui/button'
import { CheckboxField } from '../ui/checkbox-field'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'

/**
 * Above a category's list, or the list of every product (category null): the product count and a
 * plain GET form (sort, in stock only, price range, Apply). It works without JavaScript, and a new
 * view starts again at its first page (the form sends no page).
 */
export function ListControls({ category, query, total }: { category: Category | null; query: CategoryQuery; total: number }) {
  return (
    <div className="mt-6 flex flex-col gap-4 border-y border-slate-200 py-4 lg:flex-row lg:items-end lg:justify-between">
      <p className="text-sm font-medium text-slate-700" data-testid="product-count">
        {total.toLocaleString('en-AU')} {total === 1 ? 'product' : 'products'}
      </p>
      <form method="get" action={listPath(category)} aria-label="Sort and filter" className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <SelectField id="list-sort" name="sort" label="Sort by" size="sm" className="col-span-2 sm:w-52" defaultValue={query.sort} options={CATEGORY_SORTS} />
        <TextField
          id="list-min"
          name="min"
          label="Min price ($)"
          size="sm"
          className="sm:w-28"
          inputMode="decimal"
          defaultValue={priceFieldValue(query.minCents)}
          placeholder="0"
        />
        <TextField
          id="list-max"
          name="max"
          label="Max price ($)"
          size="sm"
          className="sm:w-28"
          inputMode="decimal"
          defaultValue={priceFieldValue(query.maxCents)}
          placeholder="Any"
        />
        <CheckboxField id="list-stock" name="stock" value="in" label="In stock only" className="py-2 font-medium" defaultChecked={query.inStock} />
        <Button type="submit">Apply</Button>
      </form>
    </div>
  )
}
