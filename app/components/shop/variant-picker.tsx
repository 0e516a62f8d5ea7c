import { Form, useNavigate } from 'react-router'
import { productPath } from '../../lib/catalog'
import { formatAud } from '../../lib/money'
import { canBuy } from '../../lib/stock'
import { VARIANT_PARAM, variantLabel, type ShownVariant } from '../../lib/variants'
import { Button } from '../ui/button'

/**
 * The product page's choice of variant (docs/domain.md, Variants): a plain form asking for the
 * product's page with the variant's parameter, so it works without scripts (a "Show" button then
 * sends it); with them, choosing one shows it at once. Each choice names its price when the
 * variants' prices differ, and says when it is sold out.
 */
export function VariantPicker({
  productId,
  optionNames,
  variants,
  chosenId,
}: {
  productId: string
  optionNames: string[]
  variants: ShownVariant[]
  chosenId: string
}) {
  const navigate = useNavigate()
  const pricesDiffer = new Set(variants.map((variant) => variant.price?.value ?? null)).size > 1
  return (
    <Form method="get" action={productPath(productId)} className="mt-5" data-testid="variant-picker">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{variantLabel(optionNames)}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {variants.map((variant) => {
            const soldOut = !canBuy(variant.stock)
            return (
              <label
                key={variant.id}
                className="relative flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
              >
                <input
                  type="radio"
                  name={VARIANT_PARAM}
                  value={variant.id}
                  checked={variant.id === chosenId}
                  className="sr-only"
                  onChange={() =>
                    navigate(`${productPath(productId)}?${new URLSearchParams({ [VARIANT_PARAM]: variant.id })}`, { replace: true, preventScrollReset: true })
                  }
                />
                <span className="font-medium">{variantLabel(variant.optionValues)}</span>
                {pricesDiffer && variant.price ? <span className="text-slate-600">{formatAud(variant.price.value)}</span> : null}
                {soldOut ? <span className="text-slate-500">(sold out)</span> : null}
              </label>
            )
          })}
        </div>
      </fieldset>
      <noscript>
        <Button type="submit" variant="secondary" size="sm" className="mt-3">
          Show this choice
        </Button>
      </noscript>
    </Form>
  )
}
