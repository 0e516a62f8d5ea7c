import { useEffect, useRef, useState } from 'react'
import { Form, useBlocker, useNavigation } from 'react-router'
import { CATEGORIES, CATEGORY_LABELS, type Product } from '../../lib/catalog'
import { centsToDollars, productErrors, productFormSchema, type ProductFormInput } from '../../lib/schemas/product'
import { slugify } from '../../lib/slug'
import { WAS_PRICE_MIN_DAYS, WAS_PRICE_WINDOW_DAYS, wasPriceNotHigher } from '../../lib/was-price'
import { initialLogistics, logisticsSubmission, ProductLogisticsFields, type LogisticsPath, type LogisticsValues } from './product-logistics-fields'
import { initialPlacement, placementSubmission, ProductPlacementFields, type PlacementPath, type PlacementValues } from './product-placement-fields'
import { ProductArraySection, type ArrayEditing } from './product-array-section'
import { FormTextField } from './product-form-inputs'
import { ARRAY_FIELDS, ARRAYS, inputId, type ArrayField, type EditorItem, type Part } from './product-form-spec'
import type { TypedPrice } from './stripe-fetch-panel'
import { Button, LinkButton } from '../ui/button'
import { Dialog } from '../ui/dialog'
import { SelectField } from '../ui/select-field'
import { Alert } from '../ui/alert'

type ProductFormValues = {
  productName: string
  STUPID: string
  productCategory: string
  /** The was price in dollars as typed; empty: none. */
  wasPrice: string
  logistics: LogisticsValues
  placement: PlacementValues
} & Record<ArrayField, EditorItem[]>

export interface ProductFormActionData {
  /** Field errors from the server, keyed like `productErrors` (`productName`, `productPrices.0.value`). */
  errors?: Record<string, string>
  /** A problem with the whole form, such as a save that lost a race with another editor. */
  formError?: string
}

function initialValues(product: Product | null, category: string, relatedNames: Record<string, string>, stripeProductId: string): ProductFormValues {
  const items = (field: ArrayField, list: { value: string | number; label: string; description: string }[]) =>
    list.map((item, index) => ({
      key: `${field}-${index}`,
      value: typeof item.value === 'number' ? centsToDollars(item.value) : item.value,
      label: item.label,
      description: item.description,
    }))
  const values = {
    productName: product?.productName ?? '',
    STUPID: product?.STUPID ?? stripeProductId,
    productCategory: product?.productCategory ?? category,
    wasPrice: product?.productWasPriceCents == null ? '' : centsToDollars(product.productWasPriceCents),
    logistics: initialLogistics(product),
    placement: initialPlacement(product, relatedNames),
  } as ProductFormValues
  for (const field of ARRAY_FIELDS) values[field] = items(field, product?.[field] ?? [])
  return values
}

/**
 * What the form sends: the whole product, prices, weight and stock still as typed. `openedLogistics`
 * is what the shipping and stock fields held when an existing product was opened (null: a new one).
 */
function toSubmission(values: ProductFormValues, openedLogistics: LogisticsValues | null): ProductFormInput {
  const strip = (items: EditorItem[]) => items.map(({ value, label, description }) => ({ value, label, description }))
  return {
    productName: values.productName,
    STUPID: values.STUPID,
    productCategory: values.productCategory as ProductFormInput['productCategory'],
    productImages: strip(values.productImages),
    productDescriptions: strip(values.productDescriptions),
    productFeatures: strip(values.productFeatures),
    productSpecifications: strip(values.productSpecifications),
    productDimensions: strip(values.productDimensions),
    productShipping: strip(values.productShipping),
    productDownloads: strip(values.productDownloads),
    productPrices: strip(values.productPrices),
    // Only an existing product's form has the field (a new product was never offered at any price).
    ...(openedLogistics !== null ? { productWasPriceCents: values.wasPrice } : {}),
    ...logisticsSubmission(values.logistics, openedLogistics),
    ...placementSubmission(values.placement),
  }
}

function validate(values: ProductFormValues, openedLogistics: LogisticsValues | null): Record<string, string> {
  const result = productFormSchema.safeParse(toSubmission(values, openedLogistics))
  if (!result.success) return productErrors(result.error)
  // Whether the product was offered at the was price is for the server, which reads its history; this much the form can say at once.
  const { productWasPriceCents: was, productPrices } = result.data
  const notHigher = was === null || was === undefined ? null : wasPriceNotHigher(was, productPrices[0]?.value ?? null)
  return notHigher ? { productWasPriceCents: notHigher } : {}
}

/**
 * The one product form (docs/screens.md, Staff screens) for create and update. Everything typed lives in React
 * state and is sent as one JSON field, so a refused save (a field error, a taken id, another editor's
 * change) leaves the form exactly as it was. Browser validation is off; after the first attempt the
 * same zod schema as the server's checks the fields and the messages show next to them.
 */
export function ProductForm({
  product,
  version,
  category = '',
  relatedNames = {},
  stripeProductId = '',
  demoStripe = false,
  waiting = 0,
  actionData,
}: {
  /** The stored product in update mode; null to create one. */
  product: Product | null
  /** The version the editor started from (update mode). */
  version?: number
  /** The category a new product starts in (from the list it was created from). */
  category?: string
  /** The names of the product's related products, by id, for their list. */
  relatedNames?: Record<string, string>
  /** The Stripe product id a new product starts with (a made-up one in a demo shop). */
  stripeProductId?: string
  /** The shop takes payments on its demo page: there is no Stripe dashboard to copy an id from. */
  demoStripe?: boolean
  /** Confirmed back-in-stock alerts waiting for the product (update mode). */
  waiting?: number
  actionData: ProductFormActionData | undefined
}) {
  const [opened] = useState(() => initialValues(product, category, relatedNames, stripeProductId))
  const [values, setValues] = useState(opened)
  // The version this editor started from, kept even if the page's data is reloaded meanwhile: a save
  // after someone else's change must be refused, never silently win.
  const [startVersion] = useState(version)
  // Likewise the shipping and stock fields as opened: the stock count is sent only if the editor
  // changed it, so sales made meanwhile are not overwritten.
  const [openedLogistics] = useState(() => (product ? initialLogistics(product) : null))
  const [attempted, setAttempted] = useState(false)
  /** Set when a save that passed the form's checks is sent: the page may be left then. */
  const leaving = useRef(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(actionData?.errors ?? {})
  const [formError, setFormError] = useState(actionData?.formError ?? null)
  const [seenActionData, setSeenActionData] = useState(actionData)
  if (actionData !== seenActionData) {
    // A save came back refused: the changes are still unsaved.
    leaving.current = false
    setSeenActionData(actionData)
    setServerErrors(actionData?.errors ?? {})
    setFormError(actionData?.formError ?? null)
  }
  const [pendingFocus, setPendingFocus] = useState<string | null>(null)
  const nextKey = useRef(0)
  const formErrorRef = useRef<HTMLDivElement>(null)
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'

  // Unsaved changes: leaving by a link asks first (a dialog), leaving the page (reload, closing the
  // tab, another address) gets the browser's own question. A save that passes the form's checks
  // may leave; a refused one (the answer comes back here) guards again.
  const submission = JSON.stringify(toSubmission(values, openedLogistics))
  const [openedSubmission] = useState(() => JSON.stringify(toSubmission(opened, openedLogistics)))
  const unsaved = submission !== openedSubmission
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && !leaving.current && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!unsaved) return
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsaved])

  // A message from the server (a refused save) takes the focus, so it is seen and heard.
  useEffect(() => {
    if (!actionData) return
    const firstField = Object.keys(actionData.errors ?? {})[0]
    const target = firstField ? document.getElementById(inputId(firstField)) : formErrorRef.current
    target?.focus()
  }, [actionData])

  // After moving or removing an item, the focus goes where the item (or its neighbour) now is.
  useEffect(() => {
    if (!pendingFocus) return
    document.getElementById(pendingFocus)?.focus()
    setPendingFocus(null)
  }, [pendingFocus])

  const clientErrors = attempted ? validate(values, openedLogistics) : {}
  const errorFor = (path: string): string | undefined => clientErrors[path] ?? serverErrors[path]
  const errorCount = new Set([...Object.keys(clientErrors), ...Object.keys(serverErrors)]).size

  /** A field changed: its own server message no longer applies. */
  const forget = (path: string) => {
    if (path in serverErrors) {
      const { [path]: _gone, ...rest } = serverErrors
      setServerErrors(rest)
    }
  }
  const setWasPrice = (text: string) => {
    setValues((current) => ({ ...current, wasPrice: text }))
    forget('productWasPriceCents')
  }
  const setScalar = (field: 'productName' | 'STUPID' | 'productCategory', text: string) => {
    setValues((current) => ({ ...current, [field]: text }))
    forget(field)
  }
  const setLogistics = (change: Partial<LogisticsValues>, path: LogisticsPath) => {
    setValues((current) => ({ ...current, logistics: { ...current.logistics, ...change } }))
    forget(path)
  }
  const setPlacement = (change: Partial<PlacementValues>, path: PlacementPath) => {
    setValues((current) => ({ ...current, placement: { ...current.placement, ...change } }))
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== path && !key.startsWith(`${path}.`))))
  }
  const setItems = (field: ArrayField, change: (items: EditorItem[]) => EditorItem[]) =>
    setValues((current) => ({ ...current, [field]: change(current[field]) }))
  const setPart = (field: ArrayField, index: number, part: Part, text: string) => {
    setItems(field, (items) => items.map((item, at) => (at === index ? { ...item, [part]: text } : item)))
    forget(`${field}.${index}.${part}`)
  }
  const addItem = (field: ArrayField) => {
    const index = values[field].length
    setItems(field, (items) => [...items, { key: `new-${nextKey.current++}`, value: '', label: '', description: '' }])
    setPendingFocus(inputId(`${field}.${index}.${ARRAYS[field].parts[0]![0]}`))
  }
  const removeItem = (field: ArrayField, index: number) => {
    const remaining = values[field].length - 1
    setItems(field, (items) => items.filter((_, at) => at !== index))
    // Item paths shift, so server messages about this array's items are dropped rather than misplaced.
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith(`${field}.`))))
    setPendingFocus(remaining === 0 ? `${field}-add` : `${field}-${Math.min(index, remaining - 1)}-remove`)
  }
  /** Moves an item to another place (a button moves it by one, dragging an image anywhere). */
  const moveItem = (field: ArrayField, index: number, target: number) => {
    const count = values[field].length
    if (target < 0 || target >= count || target === index) return
    setItems(field, (items) => {
      const moved = [...items]
      const [item] = moved.splice(index, 1)
      moved.splice(target, 0, item!)
      return moved
    })
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith(`${field}.`))))
    // Keep the focus on the same button of the moved item, or on its other arrow at the end of the list.
    const sameWay = target < index ? (target > 0 ? 'up' : 'down') : target < count - 1 ? 'down' : 'up'
    setPendingFocus(`${field}-${target}-${sameWay}`)
  }
  const addImages = (images: { url: string; alt: string }[]) =>
    setItems('productImages', (items) => [
      ...items,
      ...images.map(({ url, alt }) => ({ key: `new-${nextKey.current++}`, value: url, label: alt, description: '' })),
    ])

  /** Stripe's prices accepted in the panel: they replace the price entries (saved with the product). */
  const replacePrices = (prices: TypedPrice[]) => {
    const items = prices.map((price) => ({ key: `new-${nextKey.current++}`, ...price }))
    setItems('productPrices', () => items)
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith('productPrices'))))
  }

  const editing: ArrayEditing = { setPart, addItem, removeItem, moveItem, addImages, replacePrices }

  const newId = slugify(values.productName)
  const renaming = product !== null && newId !== '' && newId !== product.FBUID

  return (
    <Form
      method="post"
      noValidate
      aria-describedby="required-note"
      className="mt-8 space-y-10"
      onSubmit={(event) => {
        setAttempted(true)
        setFormError(null)
        const errors = validate(values, openedLogistics)
        const first = Object.keys(errors)[0]
        if (first) {
          event.preventDefault()
          document.getElementById(inputId(first))?.focus()
        } else {
          leaving.current = true
        }
      }}
    >
      <input type="hidden" name="product" value={submission} />
      {startVersion !== undefined ? <input type="hidden" name="version" value={startVersion} /> : null}

      {formError ? (
        <div ref={formErrorRef} tabIndex={-1} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>{formError}</p>
          {product ? (
            <p className="mt-2">
              <a href={`/product/${product.FBUID}/update`} className="font-semibold underline">
                Open the latest version
              </a>{' '}
              (what you typed here will be lost; copy anything you want to keep first).
            </p>
          ) : null}
        </div>
      ) : null}
      {attempted && errorCount > 0 && !formError ? (
        <Alert tone="error">{errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} your attention before the product can be saved.</Alert>
      ) : null}

      <section aria-labelledby="product-basics" className="space-y-5">
        <div>
          <h2 id="product-basics" className="text-xl font-semibold">
            Product
          </h2>
          <p id="required-note" className="mt-1 text-sm text-slate-600">
            Fields marked * are required.
          </p>
        </div>
        <FormTextField
          id="productName"
          label="Product name"
          required
          value={values.productName}
          error={errorFor('productName')}
          onChange={(text) => setScalar('productName', text)}
          hint={
            newId
              ? renaming
                ? `The product moves to /product/${newId}; its old address /product/${product.FBUID} will lead there.`
                : `Its page: /product/${newId}`
              : 'The product’s id and address come from its name.'
          }
        />
        <FormTextField
          id="STUPID"
          label="Stripe product id"
          required
          value={values.STUPID}
          error={errorFor('STUPID')}
          onChange={(text) => setScalar('STUPID', text)}
          placeholder="prod_…"
          hint={
            demoStripe
              ? 'The product’s id in Stripe, prod_ followed by letters and digits. This demo shop takes no real payments, so a made-up one in that form will do.'
              : 'The product’s id in Stripe, prod_ followed by letters and digits: copy it from the product’s page in Stripe’s dashboard (Product catalogue). Saving checks that Stripe has it.'
          }
        />
        <SelectField
          id="productCategory"
          label="Category"
          requiredMark
          size="sm"
          controlWidth="w-full sm:max-w-xs"
          value={values.productCategory}
          error={errorFor('productCategory')}
          onChange={(event) => setScalar('productCategory', event.target.value)}
          first={['', 'Choose a category']}
        >
          {CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {CATEGORY_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </section>

      {ARRAY_FIELDS.map((field) => (
        <ProductArraySection key={field} field={field} items={values[field]} stupid={values.STUPID} errorFor={errorFor} editing={editing} />
      ))}

      {/* After the prices, as in the schema, so the first field with a message is also the first on the page. */}
      {product ? <WasPriceField value={values.wasPrice} error={errorFor('productWasPriceCents')} onChange={setWasPrice} /> : null}
      <ProductLogisticsFields values={values.logistics} waiting={waiting} onChange={setLogistics} errorFor={errorFor} />
      <ProductPlacementFields values={values.placement} productId={product?.FBUID ?? null} onChange={setPlacement} errorFor={errorFor} />

      {/* The save bar stays in view at the bottom of the window while the long form scrolls under it. */}
      <div className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </Button>
        <LinkButton
          variant="secondary"
          to={product ? `/product/${product.FBUID}` : values.productCategory ? `/products/${values.productCategory}` : '/products'}
        >
          Cancel
        </LinkButton>
        <p className="text-sm text-slate-600" role="status">
          {unsaved ? 'Unsaved changes' : ''}
        </p>
      </div>
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} labelledBy="unsaved-heading">
        <div className="p-6">
          <h2 id="unsaved-heading" className="text-lg font-semibold">
            Leave without saving?
          </h2>
          <p className="mt-2 text-sm text-slate-600">Your changes to this product are not saved. If you leave now, they are lost.</p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => blocker.reset?.()}>
              Stay on this page
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed?.()}>
              Leave without saving
            </Button>
          </div>
        </div>
      </Dialog>
    </Form>
  )
}

/**
 * The optional was price of an existing product (docs/domain.md, Was prices): what it shows and the
 * rule it must meet, so that staff know before saving why one may be refused.
 */
function WasPriceField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (text: string) => void }) {
  return (
    <section aria-labelledby="product-was-price" className="space-y-5 border-t border-slate-200 pt-8">
      <div>
        <h2 id="product-was-price" className="text-xl font-semibold">
          Was price
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Optional. Shown struck through before the price, as “Was $1,499.00, now $1,299.00”, on the product’s page and cards; trade customers see their own
          price instead. Leave it empty to show none.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          id="productWasPriceCents"
          label="Was price in dollars (incl. GST)"
          inputMode="decimal"
          placeholder="e.g. 1499.00"
          hint={`Higher than the price, and the price this product had in the shop for at least ${WAS_PRICE_MIN_DAYS} whole days of the last ${WAS_PRICE_WINDOW_DAYS} (as its history shows).`}
          value={value}
          error={error}
          onChange={onChange}
        />
      </div>
    </section>
  )
}

/**
 * Reads the form's one JSON field on the server and checks it with the same schema as the browser.
 */
export function readProductSubmission(
  form: FormData,
): { ok: true; fields: ReturnType<typeof productFormSchema.parse> } | { ok: false; errors: Record<string, string>; formError?: string } {
  const raw = form.get('product')
  let input: unknown
  try {
    input = typeof raw === 'string' ? JSON.parse(raw) : undefined
  } catch {
    input = undefined
  }
  if (input === undefined || input === null || typeof input !== 'object') {
    return { ok: false, errors: {}, formError: 'The form could not be read. Please reload the page and try again.' }
  }
  const parsed = productFormSchema.safeParse(input)
  if (!parsed.success) return { ok: false, errors: productErrors(parsed.error) }
  return { ok: true, fields: parsed.data }
}
