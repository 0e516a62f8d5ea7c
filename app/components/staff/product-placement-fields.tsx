import { Button } from '../ui/button'
import { useState } from 'react'
import { DEFAULT_PLACEMENT, MAX_RELATED, PRODUCT_STATUSES, type ProductPlacement, type ProductStatus } from '../../lib/catalog'
import type { ProductFormInput } from '../../lib/schemas/product'
import { CheckboxField } from '../ui/checkbox-field'
import { SelectField } from '../ui/select-field'
import { TextField } from '../ui/text-field'
import { FieldError } from '../ui/field-error'
import { useProductSuggestions } from '../shop/product-suggestions'

/** A chosen related product: its id, and its name when the form knows it (for the list). */
export interface RelatedChoice {
  id: string
  name: string
}

/** The "Where it is shown" fields as the editor holds them. */
export interface PlacementValues {
  status: ProductStatus
  featured: boolean
  useCases: boolean
  related: RelatedChoice[]
}

export type PlacementPath = 'productStatus' | 'productFeatured' | 'productUseCases' | 'productRelated'

/** The product's choices, or a new product's (not featured, no pictures, no related products). `names` names the related ids. */
export function initialPlacement(product: Partial<ProductPlacement> | null, names: Record<string, string> = {}): PlacementValues {
  return {
    status: product?.productStatus ?? DEFAULT_PLACEMENT.productStatus,
    featured: product?.productFeatured ?? DEFAULT_PLACEMENT.productFeatured,
    useCases: product?.productUseCases ?? DEFAULT_PLACEMENT.productUseCases,
    related: (product?.productRelated ?? DEFAULT_PLACEMENT.productRelated).map((id) => ({ id, name: names[id] ?? id })),
  }
}

export function placementSubmission(values: PlacementValues): Pick<ProductFormInput, PlacementPath> {
  return {
    productStatus: values.status,
    productFeatured: values.featured,
    productUseCases: values.useCases,
    productRelated: values.related.map((choice) => choice.id),
  }
}

/**
 * The product form's "Where it is shown": featured on the home page, the use-case pictures, and the
 * "Compatible and related" products, found by name as in the shop's search box and kept in order.
 */
export function ProductPlacementFields({
  values,
  productId,
  onChange,
  errorFor,
}: {
  values: PlacementValues
  /** The product being edited (it cannot be its own related product); null for a new one. */
  productId: string | null
  onChange: (change: Partial<PlacementValues>, path: PlacementPath) => void
  errorFor: (path: string) => string | undefined
}) {
  const [typed, setTyped] = useState('')
  const [notice, setNotice] = useState('')
  const full = values.related.length >= MAX_RELATED
  const { inputProps, listbox, onKeyDown } = useProductSuggestions({
    value: typed,
    onValueChange: setTyped,
    label: 'Products to add',
    onChoose: (suggestion) => {
      setTyped('')
      if (suggestion.id === productId) return setNotice('A product cannot be related to itself.')
      if (values.related.some((choice) => choice.id === suggestion.id)) return setNotice(`${suggestion.name} is already in the list.`)
      onChange({ related: [...values.related, { id: suggestion.id, name: suggestion.name }] }, 'productRelated')
      setNotice(`Added ${suggestion.name}.`)
    },
  })
  const relatedError = errorFor('productRelated') ?? values.related.map((_, index) => errorFor(`productRelated.${index}`)).find(Boolean)
  const move = (index: number, to: number) => {
    const related = [...values.related]
    const [moved] = related.splice(index, 1)
    related.splice(to, 0, moved!)
    onChange({ related }, 'productRelated')
    setNotice(`${moved!.name} moved to place ${to + 1}.`)
  }
  const remove = (index: number) => {
    onChange({ related: values.related.filter((_, at) => at !== index) }, 'productRelated')
    setNotice(`Removed ${values.related[index]!.name}.`)
  }

  return (
    <section aria-labelledby="product-placement" className="space-y-5 border-t border-slate-200 pt-8">
      <div>
        <h2 id="product-placement" className="text-xl font-semibold">
          Where it is shown
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Whether it is in the shop at all, and besides its own page and its range: the home page, and under other products.
        </p>
      </div>
      <SelectField
        id="productStatus"
        label="Status"
        size="sm"
        className="sm:max-w-md"
        value={values.status}
        options={PRODUCT_STATUSES}
        error={errorFor('productStatus')}
        hint="Active: in the shop. Draft: only staff see its page, to preview it before it goes on sale. Archived: out of the shop, kept with its history."
        onChange={(event) => onChange({ status: event.target.value as ProductStatus }, 'productStatus')}
      />
      <CheckboxField
        id="productFeatured"
        label="Feature on the home page"
        hint="The home page shows up to eight featured products, the most recently changed first; when none is featured, the newest products."
        checked={values.featured}
        error={errorFor('productFeatured')}
        onCheckedChange={(checked) => onChange({ featured: checked }, 'productFeatured')}
      />
      <CheckboxField
        id="productUseCases"
        label="Show the use-case pictures on its page"
        hint="Fish and animal counting, livestock monitoring, mine surveying and crop monitoring: for products made for that work, not for spare parts."
        checked={values.useCases}
        error={errorFor('productUseCases')}
        onCheckedChange={(checked) => onChange({ useCases: checked }, 'productUseCases')}
      />
      <fieldset id="productRelated" tabIndex={-1} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4" aria-describedby="productRelated-hint">
        <legend className="px-1 text-sm font-semibold text-slate-700">Compatible and related products</legend>
        <p id="productRelated-hint" className="text-sm text-slate-500">
          Shown under the product in this order (at most {MAX_RELATED}). With none chosen, the page shows other products of the same range.
        </p>
        <FieldError id="productRelated-error" message={relatedError} />
        {values.related.length > 0 ? (
          <ol className="mt-3 space-y-2" data-testid="related-list">
            {values.related.map((choice, index) => (
              <li key={choice.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-white px-3 py-2">
                <span className="min-w-0 break-words text-sm">
                  <span className="font-medium">{choice.name}</span>
                  {choice.name !== choice.id ? <span className="block text-xs text-slate-500">{choice.id}</span> : null}
                </span>
                <span className="flex gap-2">
                  <Button type="button" variant="secondary" size="sm" disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <span aria-hidden="true">↑</span>
                    <span className="sr-only">Move {choice.name} up</span>
                  </Button>
                  <Button type="button" variant="secondary" size="sm" disabled={index === values.related.length - 1} onClick={() => move(index, index + 1)}>
                    <span aria-hidden="true">↓</span>
                    <span className="sr-only">Move {choice.name} down</span>
                  </Button>
                  <Button type="button" variant="secondary" size="sm" onClick={() => remove(index)}>
                    Remove<span className="sr-only"> {choice.name}</span>
                  </Button>
                </span>
              </li>
            ))}
          </ol>
        ) : null}
        <div className="relative mt-3 sm:max-w-md">
          <TextField
            {...inputProps}
            label="Add a related product"
            size="sm"
            type="text"
            disabled={full}
            placeholder={full ? `${MAX_RELATED} chosen: remove one to add another` : 'Type part of its name'}
            onKeyDown={(event) => {
              // Enter in this field never submits the product form.
              if (!onKeyDown(event) && event.key === 'Enter') event.preventDefault()
            }}
          />
          {listbox}
        </div>
        <p aria-live="polite" className="sr-only">
          {notice}
        </p>
      </fieldset>
    </section>
  )
}
