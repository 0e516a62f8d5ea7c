import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { productPath, type ProductItem } from '../../lib/catalog'
import { centsToDollars } from '../../lib/schemas/product'
import { NEW_VARIANT_ROWS, readVariantsForm, rowField, type VariantFormRow } from '../../lib/schemas/variants-form'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { MAX_OPTIONS, variantLabel, VARIANT_PARAM } from '../../lib/variants'
import { requireStaff } from '../../server/auth/session.server'
import { ProductNotFoundError, StaleEditError } from '../../server/catalog/product-changes.server'
import { getProduct } from '../../server/catalog/products.server'
import { saveVariants, VariantsRefusedError } from '../../server/catalog/variant-editor.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import { products } from '../../server/db/schema'
import { eq } from 'drizzle-orm'
import type { Route } from './+types/product.$productId.variants'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Variants of ${loaderData.product.productName}` : 'Variants', 'A product’s options and variants.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = shop(context)
  const product = await getProduct(db, params.productId)
  if (!product) throw data(null, { status: 404 })
  const [row] = await db.select({ version: products.version }).from(products).where(eq(products.id, params.productId))
  return { product, version: row!.version, saved: new URL(request.url).searchParams.has('saved') }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const version = Number(form.get('version'))
  const read = readVariantsForm(form)
  if (!read.ok) return data({ errors: read.errors, formError: read.errors.form ?? 'Some fields need a look: see the messages below.' }, { status: 400 })
  if (!Number.isSafeInteger(version))
    return data({ errors: {}, formError: 'The form could not be read. Please reload the page and try again.' }, { status: 400 })
  try {
    const product = await saveVariants(shop(context).db, params.productId, version, read, staff.email)
    return redirect(`${productPath(product.FBUID)}/variants?saved=1`)
  } catch (error) {
    if (error instanceof VariantsRefusedError && error.at) {
      // One value refused (a was price): the message under its field, and above the form.
      return data({ errors: { [rowField(error.at.formRow, error.at.field)]: error.message }, formError: error.message }, { status: 400 })
    }
    if (error instanceof VariantsRefusedError || error instanceof StaleEditError) return data({ errors: {}, formError: error.message }, { status: 409 })
    if (error instanceof ProductNotFoundError)
      return data({ errors: {}, formError: 'This product was renamed or deleted after you opened it.' }, { status: 404 })
    throw error
  }
}

/**
 * The pictures a variant may show when chosen: the product's, by their alt text or file name, and a
 * picture of its own it already has from an import.
 */
function pictureChoices(images: readonly ProductItem[], current: string): Record<string, string> {
  const choices: Record<string, string> = {}
  for (const [index, image] of images.entries()) {
    if (image.value) choices[image.value] = `${index + 1}. ${image.label || image.value.split('/').at(-1)}`
  }
  if (current && !(current in choices)) choices[current] = `Its own (${current.split('/').at(-1)})`
  return choices
}

/** What a row of the editor starts with: a variant's stored fields under its legend, or nothing for a new one. */
type RowStart = Omit<VariantFormRow, 'optionValues' | 'remove' | 'formRow'> & { legend: string; values: string[] }

export default function ProductVariants({ loaderData, actionData }: Route.ComponentProps) {
  const { product, version, saved } = loaderData
  const navigation = useNavigation()
  const errors: Record<string, string> = actionData?.errors ?? {}
  const names = product.productOptionNames ?? []
  // One more option slot than the product has (up to three), so staff can add one.
  const slots = Math.min(MAX_OPTIONS, names.length + 1)
  const rows: RowStart[] = [
    {
      id: product.FBUID,
      legend: names.length > 0 ? `${variantLabel(product.productOptionValues ?? [])} (this product, the first variant)` : 'This product (its first variant)',
      values: product.productOptionValues ?? [],
      priceCents: product.productPrices[0]?.value ?? null,
      wasPriceCents: product.productWasPriceCents,
      priceId: product.productPrices[0]?.description ?? '',
      stockOnHand: product.productStockOnHand,
      allowBackorder: product.productAllowBackorder,
      backorderLeadTime: product.productBackorderLeadTime,
      image: '',
      sku: product.productSku,
      barcode: product.productBarcode,
      costCents: product.productCostCents,
      weightGrams: product.productWeightGrams,
      containsLithium: product.productContainsLithium,
    },
    ...(product.productVariants ?? []).map((variant) => ({
      id: variant.FBUID,
      legend: variantLabel(variant.productOptionValues),
      values: variant.productOptionValues,
      priceCents: variant.productPrices[0]?.value ?? null,
      wasPriceCents: variant.productWasPriceCents ?? null,
      priceId: variant.productPrices[0]?.description ?? '',
      stockOnHand: variant.productStockOnHand,
      allowBackorder: variant.productAllowBackorder ?? false,
      backorderLeadTime: variant.productBackorderLeadTime ?? '',
      image: variant.productImages[0]?.value ?? '',
      sku: variant.productSku,
      barcode: variant.productBarcode,
      costCents: variant.productCostCents,
      weightGrams: variant.productWeightGrams,
      containsLithium: variant.productContainsLithium,
    })),
    ...Array.from({ length: NEW_VARIANT_ROWS }, () => ({
      id: null,
      legend: 'New variant',
      values: [],
      priceCents: null,
      wasPriceCents: null,
      priceId: '',
      stockOnHand: null,
      allowBackorder: product.productAllowBackorder,
      backorderLeadTime: product.productBackorderLeadTime,
      image: '',
      sku: '',
      barcode: '',
      costCents: null,
      weightGrams: product.productWeightGrams,
      containsLithium: product.productContainsLithium,
    })),
  ]
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Options and variants</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        <strong>{product.productName}</strong>: a product may come in up to three options (such as Capacity or Pack), with a variant for each combination, each
        with its own price, stock, SKU and barcode. The product itself is the first variant; its pictures, descriptions and the rest are on{' '}
        <Link to={`${productPath(product.FBUID)}/update`} className="font-semibold text-brand-700 underline">
          the product form
        </Link>
        .
      </p>
      {actionData?.formError ? (
        <Alert tone="error" className="mt-6">
          {actionData.formError}
        </Alert>
      ) : saved && !actionData ? (
        <Alert tone="success" className="mt-6">
          Saved.{' '}
          <Link to={productPath(product.FBUID)} className="font-semibold underline">
            See the product page
          </Link>
        </Alert>
      ) : null}
      <Form method="post" className="mt-8 space-y-8" noValidate>
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="rows" value={rows.length} />
        <fieldset className="rounded-xl border border-slate-200 p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold">Options</legend>
          <p className="text-sm text-slate-600">
            Name each option the variants differ by; leave them all empty for a product that comes one way only. Removing every other variant makes it such a
            product again.
          </p>
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            {Array.from({ length: slots }, (_, index) => (
              <TextField key={index} name={`option-${index}`} label={`Option ${index + 1}`} defaultValue={names[index] ?? ''} maxLength={60} optional />
            ))}
          </div>
        </fieldset>
        {rows.map((row, index) => (
          <fieldset key={row.id ?? `new-${index}`} className="rounded-xl border border-slate-200 p-4 sm:p-6" data-testid="variant-row">
            <legend className="px-1 font-semibold">{row.legend}</legend>
            {row.id ? <input type="hidden" name={rowField(index, 'id')} value={row.id} /> : null}
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-6">
              {Array.from({ length: slots }, (_, slot) => (
                <TextField
                  key={slot}
                  name={rowField(index, `value-${slot}`)}
                  label={names[slot] ?? `Option ${slot + 1} value (once named)`}
                  defaultValue={row.values[slot] ?? ''}
                  error={errors[rowField(index, `value-${slot}`)]}
                  maxLength={60}
                />
              ))}
              <TextField
                name={rowField(index, 'price')}
                label="Price ($, incl. GST)"
                inputMode="decimal"
                defaultValue={row.priceCents === null ? '' : centsToDollars(row.priceCents)}
                error={errors[rowField(index, 'price')]}
              />
              <TextField
                name={rowField(index, 'was')}
                label="Was price ($)"
                hint="Empty: none"
                inputMode="decimal"
                defaultValue={row.wasPriceCents === null ? '' : centsToDollars(row.wasPriceCents)}
                error={errors[rowField(index, 'was')]}
              />
              <TextField
                name={rowField(index, 'stock')}
                label="Stock on hand"
                hint="Empty: not tracked"
                inputMode="numeric"
                defaultValue={row.stockOnHand ?? ''}
                error={errors[rowField(index, 'stock')]}
              />
              <TextField
                className="col-span-2"
                name={rowField(index, 'sku')}
                label="SKU"
                defaultValue={row.sku}
                error={errors[rowField(index, 'sku')]}
                inputClassName="font-mono"
              />
              <TextField
                className="col-span-2"
                name={rowField(index, 'barcode')}
                label="Barcode (GTIN)"
                inputMode="numeric"
                defaultValue={row.barcode}
                error={errors[rowField(index, 'barcode')]}
                inputClassName="font-mono"
              />
              <TextField
                name={rowField(index, 'cost')}
                label="Cost ($, excl. GST)"
                inputMode="decimal"
                defaultValue={row.costCents === null ? '' : centsToDollars(row.costCents)}
                error={errors[rowField(index, 'cost')]}
              />
              <TextField
                name={rowField(index, 'weight')}
                label="Weight (g)"
                inputMode="numeric"
                defaultValue={row.weightGrams}
                error={errors[rowField(index, 'weight')]}
              />
              <TextField
                className="col-span-2"
                name={rowField(index, 'price-id')}
                label="Stripe price id"
                placeholder="price_…"
                defaultValue={row.priceId}
                error={errors[rowField(index, 'price-id')]}
                inputClassName="font-mono"
              />
              {index > 0 ? (
                <SelectField
                  className="col-span-2"
                  name={rowField(index, 'image')}
                  label="Picture when chosen"
                  defaultValue={row.image}
                  first={['', 'The product’s pictures']}
                  options={pictureChoices(product.productImages, row.image)}
                />
              ) : null}
              <TextField
                className="col-span-2"
                name={rowField(index, 'lead-time')}
                label="Backorder lead time"
                placeholder="e.g. 2–3 weeks"
                defaultValue={row.backorderLeadTime}
                error={errors[rowField(index, 'lead-time')]}
              />
            </div>
            <div className="mt-4 flex flex-wrap gap-6 text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" name={rowField(index, 'lithium')} defaultChecked={row.containsLithium} className="h-4 w-4" />
                Contains lithium batteries
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" name={rowField(index, 'backorder')} defaultChecked={row.allowBackorder} className="h-4 w-4" />
                Allow backorders
              </label>
              {row.id && index > 0 ? (
                <label className="flex items-center gap-2 text-red-800">
                  <input type="checkbox" name={rowField(index, 'remove')} className="h-4 w-4" />
                  Remove this variant
                </label>
              ) : null}
              {row.id && index > 0 ? (
                <Link to={`${productPath(product.FBUID)}?${new URLSearchParams({ [VARIANT_PARAM]: row.id })}`} className="text-brand-700 underline">
                  See its page
                </Link>
              ) : null}
            </div>
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" size="lg" disabled={navigation.state === 'submitting'}>
            Save options and variants
          </Button>
          <Link to={productPath(product.FBUID)} className="text-sm text-slate-600 underline">
            Back to the product
          </Link>
        </div>
      </Form>
    </div>
  )
}
