import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { CATEGORIES, CATEGORY_LABELS, type Product } from '../../lib/catalog'
import { centsToDollars, productErrors, productFormSchema, type ProductFormInput } from '../../lib/schemas/product'
import { slugify } from '../../lib/slug'
import { initialLogistics, logisticsSubmission, ProductLogisticsFields, type LogisticsPath, type LogisticsValues } from './product-logistics-fields'
import { initialPlacement, placementSubmission, ProductPlacementFields, type PlacementPath, type PlacementValues } from './product-placement-fields'
import { StripeFetchPanel, type TypedPrice } from './stripe-fetch-panel'
import { FieldError } from '../ui/field-error'

export const ARRAY_FIELDS = [
  'productImages',
  'productDescriptions',
  'productFeatures',
  'productSpecifications',
  'productDimensions',
  'productShipping',
  'productDownloads',
  'productPrices',
] as const

type ArrayField = (typeof ARRAY_FIELDS)[number]
type Part = 'value' | 'label' | 'description'

interface PartSpec {
  label: string
  placeholder?: string
  /** Rows of a text area; a one-line input when absent. */
  rows?: number
  inputMode?: 'decimal' | 'url'
}

interface ArraySpec {
  title: string
  /** One item, in accessible names: "Move image 2 up". */
  noun: string
  intro: string
  /** The inputs of one item, in the order shown, and what each means for this array (docs/specification.md, Product). */
  parts: readonly (readonly [Part, PartSpec])[]
}

const notShown = (what: string): PartSpec => ({ label: `${what} (not shown on the page)` })

/** What value, label and description mean in each array (docs/specification.md, Product). */
const ARRAYS: Record<ArrayField, ArraySpec> = {
  productImages: {
    title: 'Images',
    noun: 'image',
    intro: 'The first image is shown on the category cards; all of them in the product page’s carousel. Upload a PNG, JPEG, WebP or GIF of at most 5 MB, or paste the address of an image.',
    parts: [
      ['value', { label: 'Image URL', placeholder: '/images/… or https://…', inputMode: 'url' }],
      ['label', { label: 'Alt text (what the picture shows)' }],
      ['description', notShown('Caption')],
    ],
  },
  productDescriptions: {
    title: 'Descriptions',
    noun: 'description',
    intro: 'Each has its place on the product page, named beside it: the 1st is the overview, the 2nd “Read more”, every other one a section under its own heading, and the 6th (or the 1st when there are fewer) also the short text on category cards.',
    parts: [
      ['label', { label: 'Heading' }],
      ['description', { label: 'Text', rows: 4 }],
      ['value', notShown('Value')],
    ],
  },
  productFeatures: {
    title: 'Features',
    noun: 'feature',
    intro: 'Listed with ticks beside the price; the details show under “Features”.',
    parts: [
      ['label', { label: 'Feature' }],
      ['description', { label: 'Details', rows: 2 }],
      ['value', notShown('Value')],
    ],
  },
  productSpecifications: {
    title: 'Specifications',
    noun: 'specification',
    intro: 'Shown as a table under “Specifications”, such as “Processor: 480 MHz H7”.',
    parts: [
      ['label', { label: 'Specification' }],
      ['description', { label: 'Detail' }],
      ['value', notShown('Value')],
    ],
  },
  productDimensions: {
    title: 'Dimensions',
    noun: 'dimension',
    intro: 'Shown under “Dimensions”, such as “Weight: 4.2 kg”.',
    parts: [
      ['label', { label: 'Measurement' }],
      ['description', { label: 'Size' }],
      ['value', notShown('Value')],
    ],
  },
  productShipping: {
    title: 'Shipping',
    noun: 'shipping note',
    intro: 'Shown under “Shipping”: dispatch, delivery and returns.',
    parts: [
      ['label', { label: 'Heading' }],
      ['description', { label: 'Details', rows: 2 }],
      ['value', notShown('Value')],
    ],
  },
  productDownloads: {
    title: 'Downloads',
    noun: 'download',
    intro: 'User manuals and other files listed on the product page.',
    parts: [
      ['value', { label: 'Link', placeholder: '/manuals/… or https://…', inputMode: 'url' }],
      ['label', { label: 'What it is', placeholder: 'e.g. User manual (PDF)' }],
      ['description', notShown('Notes')],
    ],
  },
  productPrices: {
    title: 'Prices',
    noun: 'price',
    intro: 'The first price is the one shown and charged. Amounts in Australian dollars, GST included.',
    parts: [
      ['value', { label: 'Amount in dollars (incl. GST)', placeholder: 'e.g. 1299.00', inputMode: 'decimal' }],
      ['label', { label: 'What the price is for', placeholder: 'e.g. Price (inc. GST)' }],
      ['description', { label: 'Payment provider’s price id', placeholder: 'price_…' }],
    ],
  },
}

interface EditorItem {
  /** React's key for the item while it is edited; never sent. */
  key: string
  value: string
  label: string
  description: string
}

type ProductFormValues = { productName: string; STUPID: string; productCategory: string; logistics: LogisticsValues; placement: PlacementValues } & Record<ArrayField, EditorItem[]>

export interface ProductFormActionData {
  /** Field errors from the server, keyed like `productErrors` (`productName`, `productPrices.0.value`). */
  errors?: Record<string, string>
  /** A problem with the whole form, such as a save that lost a race with another editor. */
  formError?: string
}

function initialValues(product: Product | null, category: string, relatedNames: Record<string, string>): ProductFormValues {
  const items = (field: ArrayField, list: { value: string | number; label: string; description: string }[]) =>
    list.map((item, index) => ({
      key: `${field}-${index}`,
      value: typeof item.value === 'number' ? centsToDollars(item.value) : item.value,
      label: item.label,
      description: item.description,
    }))
  const values = {
    productName: product?.productName ?? '',
    STUPID: product?.STUPID ?? '',
    productCategory: product?.productCategory ?? category,
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
    ...logisticsSubmission(values.logistics, openedLogistics),
    ...placementSubmission(values.placement),
  }
}

function validate(values: ProductFormValues, openedLogistics: LogisticsValues | null): Record<string, string> {
  const result = productFormSchema.safeParse(toSubmission(values, openedLogistics))
  return result.success ? {} : productErrors(result.error)
}

/** The HTML id of the input for an error path: `productPrices.0.value` → `productPrices-0-value`. */
const inputId = (path: string) => path.replace(/\./g, '-')

const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm focus:outline-none focus:ring-2 ${
    invalid ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : 'border-slate-300 focus:border-brand-600 focus:ring-brand-100'
  }`

const smallButton =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-ink hover:border-brand-600 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-slate-300 disabled:hover:text-ink'

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** What a description does on the product page, by its place in the list. */
export function descriptionSlot(index: number): string {
  if (index === 0) return 'Overview: the main text beside the price'
  if (index === 1) return 'Read more: opens under the overview'
  if (index === 5) return 'Card text: on category cards, and a section of the page'
  return 'A section of the page under its own heading'
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
  actionData: ProductFormActionData | undefined
}) {
  const [values, setValues] = useState(() => initialValues(product, category, relatedNames))
  // The version this editor started from, kept even if the page's data is reloaded meanwhile: a save
  // after someone else's change must be refused, never silently win.
  const [startVersion] = useState(version)
  // Likewise the shipping and stock fields as opened: the stock count is sent only if the editor
  // changed it, so sales made meanwhile are not overwritten.
  const [openedLogistics] = useState(() => (product ? initialLogistics(product) : null))
  const [attempted, setAttempted] = useState(false)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(actionData?.errors ?? {})
  const [formError, setFormError] = useState(actionData?.formError ?? null)
  const [seenActionData, setSeenActionData] = useState(actionData)
  if (actionData !== seenActionData) {
    setSeenActionData(actionData)
    setServerErrors(actionData?.errors ?? {})
    setFormError(actionData?.formError ?? null)
  }
  const [pendingFocus, setPendingFocus] = useState<string | null>(null)
  const nextKey = useRef(0)
  const formErrorRef = useRef<HTMLDivElement>(null)
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'

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
  const moveItem = (field: ArrayField, index: number, direction: -1 | 1) => {
    const target = index + direction
    const count = values[field].length
    if (target < 0 || target >= count) return
    setItems(field, (items) => {
      const moved = [...items]
      ;[moved[index], moved[target]] = [moved[target]!, moved[index]!]
      return moved
    })
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith(`${field}.`))))
    // Keep the focus on the same button of the moved item, or on its other arrow at the end of the list.
    const sameWay = direction === -1 ? (target > 0 ? 'up' : 'down') : target < count - 1 ? 'down' : 'up'
    setPendingFocus(`${field}-${target}-${sameWay}`)
  }

  /** Stripe's prices accepted in the panel: they replace the price entries (saved with the product). */
  const replacePrices = (prices: TypedPrice[]) => {
    const items = prices.map((price) => ({ key: `new-${nextKey.current++}`, ...price }))
    setItems('productPrices', () => items)
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith('productPrices'))))
  }

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
        }
      }}
    >
      <input type="hidden" name="product" value={JSON.stringify(toSubmission(values, openedLogistics))} />
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
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errorCount === 1 ? 'One field needs' : `${errorCount} fields need`} your attention before the product can be saved.
        </p>
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
        <TextField
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
        <TextField
          id="STUPID"
          label="Stripe product id (STUPID)"
          required
          value={values.STUPID}
          error={errorFor('STUPID')}
          onChange={(text) => setScalar('STUPID', text)}
          placeholder="prod_…"
        />
        <div>
          <label htmlFor="productCategory" className="block text-sm font-medium">
            Category <span aria-hidden="true" className="text-red-700">*</span>
          </label>
          <select
            id="productCategory"
            value={values.productCategory}
            aria-required="true"
            aria-invalid={errorFor('productCategory') ? true : undefined}
            aria-describedby={errorFor('productCategory') ? 'productCategory-error' : undefined}
            onChange={(event) => setScalar('productCategory', event.target.value)}
            className={`${inputClass(!!errorFor('productCategory'))} sm:max-w-xs`}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {CATEGORY_LABELS[value]}
              </option>
            ))}
          </select>
          <FieldError id="productCategory-error" message={errorFor('productCategory')} />
        </div>
      </section>

      {ARRAY_FIELDS.map((field) => {
        const spec = ARRAYS[field]
        const items = values[field]
        const listError = errorFor(field)
        return (
          <section key={field} aria-labelledby={`${field}-heading`} className="border-t border-slate-200 pt-8">
            <h2 id={`${field}-heading`} className="text-xl font-semibold">
              {spec.title} <span className="text-base font-normal text-slate-500">({items.length})</span>
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-slate-600">{spec.intro}</p>
            {field === 'productPrices' ? <StripeFetchPanel stupid={values.STUPID} prices={items} onAccept={replacePrices} /> : null}
            <FieldError id={`${field}-error`} message={listError} />
            {items.length > 0 ? (
              <ol className="mt-4 space-y-4">
                {items.map((item, index) => {
                  const number = index + 1
                  const name = `${spec.noun} ${number}`
                  return (
                    <li key={item.key}>
                      <fieldset className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
                        <legend className="sr-only">{capitalise(name)}</legend>
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <p className="text-sm font-semibold text-slate-700">
                            <span aria-hidden="true">{capitalise(name)}</span>
                            {field === 'productDescriptions' ? <span className="ml-2 font-normal text-slate-500">{descriptionSlot(index)}</span> : null}
                          </p>
                          <div className="flex gap-2">
                            <button
                              type="button"
                              id={`${field}-${index}-up`}
                              className={smallButton}
                              disabled={index === 0}
                              onClick={() => moveItem(field, index, -1)}
                            >
                              <Arrow direction="up" />
                              <span className="sr-only">Move {name} up</span>
                            </button>
                            <button
                              type="button"
                              id={`${field}-${index}-down`}
                              className={smallButton}
                              disabled={index === items.length - 1}
                              onClick={() => moveItem(field, index, 1)}
                            >
                              <Arrow direction="down" />
                              <span className="sr-only">Move {name} down</span>
                            </button>
                            <button type="button" id={`${field}-${index}-remove`} className={smallButton} onClick={() => removeItem(field, index)}>
                              Remove<span className="sr-only"> {name}</span>
                            </button>
                          </div>
                        </div>
                        <div className={`mt-3 grid gap-4 ${field === 'productImages' ? 'sm:grid-cols-[1fr_auto]' : ''}`}>
                          <div className="grid content-start gap-4 sm:grid-cols-2">
                            {spec.parts.map(([part, partSpec]) => {
                              const path = `${field}.${index}.${part}`
                              return (
                                <TextField
                                  key={part}
                                  id={inputId(path)}
                                  label={partSpec.label}
                                  rows={partSpec.rows}
                                  placeholder={partSpec.placeholder}
                                  inputMode={partSpec.inputMode}
                                  wide={partSpec.rows !== undefined}
                                  value={item[part]}
                                  error={errorFor(path)}
                                  onChange={(text) => setPart(field, index, part, text)}
                                />
                              )
                            })}
                          </div>
                          {field === 'productImages' ? (
                            <ImageUpload
                              id={`${field}-${index}-file`}
                              number={number}
                              preview={item.value}
                              onUploaded={(url) => setPart(field, index, 'value', url)}
                            />
                          ) : null}
                        </div>
                      </fieldset>
                    </li>
                  )
                })}
              </ol>
            ) : null}
            <button type="button" id={`${field}-add`} onClick={() => addItem(field)} className={`${smallButton} mt-4 gap-1.5`}>
              <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                <path d="M10 4v12M4 10h12" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              Add {spec.noun}
            </button>
          </section>
        )
      })}

      {/* After the prices, as in the schema, so the first field with a message is also the first on the page. */}
      <ProductLogisticsFields values={values.logistics} onChange={setLogistics} errorFor={errorFor} />
      <ProductPlacementFields values={values.placement} productId={product?.FBUID ?? null} onChange={setPlacement} errorFor={errorFor} />

      {/* The save bar stays in view at the bottom of the window while the long form scrolls under it. */}
      <div className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {saving ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </button>
        <Link
          to={product ? `/product/${product.FBUID}` : values.productCategory ? `/products/${values.productCategory}` : '/products'}
          className="rounded-md border border-slate-300 px-5 py-2.5 text-sm font-semibold hover:border-brand-600"
        >
          Cancel
        </Link>
      </div>
    </Form>
  )
}

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  rows,
  placeholder,
  inputMode,
  wide,
}: {
  id: string
  label: string
  value: string
  onChange: (text: string) => void
  error: string | undefined
  hint?: string
  required?: boolean
  rows?: number
  placeholder?: string
  inputMode?: 'decimal' | 'url'
  wide?: boolean
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined
  const shared = {
    id,
    value,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? true : undefined,
    className: inputClass(!!error),
  } as const
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required ? (
          <>
            {' '}
            <span aria-hidden="true" className="text-red-700">
              *
            </span>
          </>
        ) : null}
      </label>
      {rows ? (
        <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type="text" inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldError id={`${id}-error`} message={error} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

function Arrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
      <path d={direction === 'up' ? 'M10 16V4m0 0l-5 5m5-5l5 5' : 'M10 4v12m0 0l-5-5m5 5l5-5'} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  )
}

const MAX_UPLOAD_MB = 5
/** Addresses worth showing as a preview: a path on this site or https (the schema's rule). */
const previewable = (url: string) => /^(https:\/\/|\/(?!\/))[^\s"'<>]*\.(png|jpe?g|webp|gif|svg|avif)$/i.test(url) || /^\/uploads\/[0-9a-f]+\.\w+$/.test(url)

/** Uploads the chosen file to /api/uploads and hands back its address; shows a preview of the item's image. */
function ImageUpload({ id, number, preview, onUploaded }: { id: string; number: number; preview: string; onUploaded: (url: string) => void }) {
  const [status, setStatus] = useState<{ kind: 'busy' | 'done' | 'error'; message: string } | null>(null)

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0]
    if (!file) return
    if (file.size > MAX_UPLOAD_MB * 1024 * 1024) {
      setStatus({ kind: 'error', message: `The image is too large: images can be at most ${MAX_UPLOAD_MB} MB.` })
      input.value = ''
      return
    }
    setStatus({ kind: 'busy', message: 'Uploading…' })
    const body = new FormData()
    body.set('file', file)
    try {
      const response = await fetch('/api/uploads', { method: 'POST', body })
      const result = (await response.json().catch(() => ({}))) as { url?: string; error?: string }
      if (response.ok && result.url) {
        onUploaded(result.url)
        setStatus({ kind: 'done', message: 'Uploaded.' })
      } else {
        setStatus({ kind: 'error', message: result.error ?? `The upload failed (${response.status}). Please try again.` })
      }
    } catch {
      setStatus({ kind: 'error', message: 'The upload failed: the shop could not be reached. Please try again.' })
    } finally {
      input.value = ''
    }
  }

  return (
    <div className="flex flex-col gap-3 sm:w-60">
      <div className="flex h-36 w-full items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-white">
        {previewable(preview) ? (
          <img src={preview} alt="" className="h-full w-full object-contain" />
        ) : (
          <span className="px-2 text-center text-xs text-slate-500">No image yet</span>
        )}
      </div>
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          Upload image<span className="sr-only"> {number}</span>
        </label>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-describedby={status ? `${id}-status` : undefined}
          disabled={status?.kind === 'busy'}
          onChange={(event) => void upload(event.currentTarget)}
          className="mt-1 block w-full text-xs text-slate-600 file:mr-2 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-2.5 file:py-1.5 file:text-sm file:font-medium file:text-ink hover:file:border-brand-600"
        />
        <p
          id={`${id}-status`}
          role="status"
          className={`mt-1 text-sm ${status?.kind === 'error' ? 'font-medium text-red-700' : 'text-slate-600'}`}
        >
          {status?.message}
        </p>
      </div>
    </div>
  )
}

/**
 * Reads the form's one JSON field on the server and checks it with the same schema as the browser.
 */
export function readProductSubmission(form: FormData):
  | { ok: true; fields: ReturnType<typeof productFormSchema.parse> }
  | { ok: false; errors: Record<string, string>; formError?: string } {
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
