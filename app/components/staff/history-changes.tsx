import type { FieldChange } from '../../lib/history-diff'
import { formatAud } from '../../lib/money'
import { Badge, type BadgeTone } from '../ui/badge'

/** How staff read a history row's action; a `set` that put an old version back is a restore. */
export function actionLabel(action: string, restored = false): string {
  if (action === 'set') return restored ? 'restored' : 'replaced'
  return ({ create: 'created', update: 'updated', delete: 'deleted' } as Record<string, string>)[action] ?? action
}

const ACTION_TONES: Record<string, BadgeTone> = {
  created: 'success',
  updated: 'brand',
  replaced: 'warning',
  restored: 'special',
  deleted: 'danger',
}

/** A history row's action (created, updated, restored, …) as a badge. */
export function ActionBadge({ label }: { label: string }) {
  return <Badge tone={ACTION_TONES[label] ?? 'neutral'}>{label}</Badge>
}

export const historyDateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Australia/Brisbane' })

export const COLLECTION_LABELS: Record<string, string> = {
  products: 'Product',
  templates: 'Template',
  contacts: 'Enquiry',
  profiles: 'Profile',
  orders: 'Order',
  settings: 'Setting',
  'trade-accounts': 'Trade account',
  promotions: 'Promotion',
}

const FIELD_LABELS: Record<string, string> = {
  FBUID: 'Id',
  templateName: 'Name',
  templateImage: 'Image',
  productName: 'Name',
  STUPID: 'Payment provider product id',
  productCategory: 'Category',
  productImages: 'Images',
  productDescriptions: 'Descriptions',
  productFeatures: 'Features',
  productSpecifications: 'Specifications',
  productDimensions: 'Dimensions',
  productShipping: 'Shipping',
  productDownloads: 'Downloads',
  productPrices: 'Prices',
  productWasPriceCents: 'Was price',
  productWeightGrams: 'Weight (grams)',
  productContainsLithium: 'Contains lithium batteries',
  productStockOnHand: 'Stock on hand',
  productAllowBackorder: 'Allows backorders',
  productBackorderLeadTime: 'Backorder lead time',
  productLowStockThreshold: 'Low-stock alert at',
  productStatus: 'Status',
  productFeatured: 'Featured on the home page',
  productRelated: 'Related products',
  productUseCases: 'Use-case pictures',
  productSku: 'SKU',
  productBarcode: 'Barcode',
  productCostCents: 'Cost excl. GST (cents)',
  productOptionNames: 'Options',
  productOptionValues: 'Its own option values',
  productVariants: 'Other variants',
  contactName: 'Name',
  contactEmail: 'E-mail',
  contactPhone: 'Contact number',
  contactCompany: 'Company',
  contactMessage: 'Message',
  maxCents: 'Largest amount',
  paymentDays: 'Payment days',
  creditLimitCents: 'Credit limit (cents)',
  categories: 'Percentage off by category (hundredths of a percent)',
  products: 'Fixed prices by product (cents)',
}

/** Where a collection names a field as another does for something else (a promotion's `categories` are not a price list's). */
const COLLECTION_FIELD_LABELS: Record<string, Record<string, string>> = {
  promotions: {
    code: 'Code',
    kind: 'Kind (code or offer)',
    percentBp: 'Percentage off (hundredths of a percent)',
    amountCents: 'Amount off (cents)',
    productIds: 'Products',
    categories: 'Categories',
    kit: 'Kit (products bought together)',
    shippingMethodId: 'Free shipping with',
    minSpendCents: 'Minimum spend (cents)',
    startsAt: 'Starts',
    endsAt: 'Ends (the midnight after its last day)',
    usageLimit: 'Uses in all',
    perCustomerLimit: 'Uses per customer',
    combinesWithOffers: 'Adds to automatic offers',
    active: 'Active (not paused)',
  },
}

/** Fields that hold cents, shown in AUD (the pay-later setting's largest amount, a product's was price). */
const MONEY_FIELDS = new Set(['maxCents', 'productWasPriceCents'])

/** A readable name for a document field: known ones by name, others from their camelCase. */
export function fieldLabel(field: string, collection?: string): string {
  return (
    (collection ? COLLECTION_FIELD_LABELS[collection]?.[field] : undefined) ??
    FIELD_LABELS[field] ??
    field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase())
  )
}

/** One row of "what changed": a whole field, one item of a list field, or one part of such an item. */
interface ChangeRow {
  key: string
  field: string
  label: string
  before: unknown
  after: unknown
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The parts of an item that differ, when both sides are items (`{value, label, description}`). */
function partRows(key: string, field: string, label: string, before: unknown, after: unknown): ChangeRow[] {
  if (field === 'productPrices' || !isPlainObject(before) || !isPlainObject(after)) return [{ key, field, label, before, after }]
  return [...new Set([...Object.keys(after), ...Object.keys(before)])]
    .filter((part) => !same(before[part], after[part]))
    .map((part) => ({ key: `${key}.${part}`, field, label: `${label}, ${part}`, before: before[part], after: after[part] }))
}

/**
 * The rows to show for a version's changes. A list field that existed before is compared item by
 * item (and an item part by part), so a changed price or description shows on its own instead of
 * as the whole list twice.
 */
export function changeRows(changes: FieldChange[], collection?: string): ChangeRow[] {
  return changes.flatMap(({ field, before, after }) => {
    const label = fieldLabel(field, collection)
    if (!Array.isArray(before) || !Array.isArray(after)) return partRows(field, field, label, before, after)
    const rows: ChangeRow[] = []
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      if (same(before[index], after[index])) continue
      rows.push(...partRows(`${field}.${index}`, field, `${label}, item ${index + 1}`, before[index], after[index]))
    }
    return rows
  })
}

function isPrice(value: unknown): value is { value: number; label?: string; description?: string } {
  return isPlainObject(value) && typeof value.value === 'number'
}

/** A price entry as staff think of it: its label and amount in AUD (the document holds cents). */
function PriceText({ price }: { price: { value: number; label?: string; description?: string } }) {
  return (
    <span>
      {price.label ? `${price.label}: ` : ''}
      <strong>{formatAud(price.value)}</strong>
      {price.description ? <span className="text-slate-500"> ({price.description})</span> : null}
    </span>
  )
}

const muted = (text: string) => <span className="italic text-slate-500">{text}</span>

/** One side of a change: text as text, prices in AUD, items part by part, other lists as compact JSON. */
export function ChangeValue({ field, value }: { field: string; value: unknown }) {
  if (value === undefined || value === null) return <span className="text-slate-500">—</span>
  if (typeof value === 'string') return value === '' ? muted('(empty)') : <span className="whitespace-pre-wrap break-words">{value}</span>
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return <span>{formatAud(value)}</span>
  if (typeof value === 'number' || typeof value === 'boolean') return <span>{String(value)}</span>
  if (field === 'productPrices') {
    if (isPrice(value)) return <PriceText price={value} />
    if (Array.isArray(value) && value.every(isPrice)) {
      return value.length === 0 ? (
        muted('(no prices)')
      ) : (
        <ul className="space-y-1">
          {value.map((price, index) => (
            <li key={index}>
              <PriceText price={price} />
            </li>
          ))}
        </ul>
      )
    }
  }
  if (Array.isArray(value) && value.length === 0) return muted('(none)')
  if (isPlainObject(value) && Object.values(value).every((part) => typeof part === 'string' || typeof part === 'number')) {
    const parts = Object.entries(value).filter(([, part]) => part !== '')
    if (parts.length === 0) return muted('(empty item)')
    return (
      <ul className="space-y-1">
        {parts.map(([part, text]) => (
          <li key={part} className="whitespace-pre-wrap break-words">
            <span className="text-slate-500">{part}:</span> {String(text)}
          </li>
        ))}
      </ul>
    )
  }
  const json = (
    <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs text-slate-800">
      {JSON.stringify(value)}
    </pre>
  )
  if (!Array.isArray(value)) return json
  return (
    <details>
      <summary className="cursor-pointer text-slate-700">{value.length === 1 ? '1 item' : `${value.length} items`}</summary>
      {json}
    </details>
  )
}

/** The "what changed" list of one version: field, before and after (stacked on small screens). */
export function ChangesList({ changes, collection }: { changes: FieldChange[]; collection?: string }) {
  const rows = changeRows(changes, collection)
  if (rows.length === 0) return <p className="mt-3 text-sm text-slate-600">No field changed in this version.</p>
  const side = 'min-w-0'
  const sideLabel = 'block text-xs font-medium uppercase tracking-wide text-slate-500 sm:sr-only'
  return (
    <div className="mt-4 text-sm">
      <div aria-hidden="true" className="hidden grid-cols-[11rem_1fr_1fr] gap-x-4 border-b border-slate-200 pb-2 text-slate-500 sm:grid">
        <span>Field</span>
        <span>Before</span>
        <span>After</span>
      </div>
      <dl className="divide-y divide-slate-100">
        {rows.map((row) => (
          <div key={row.key} data-testid="change" className="grid gap-x-4 gap-y-1 py-2 sm:grid-cols-[11rem_1fr_1fr]">
            <dt className="font-medium break-words">{row.label}</dt>
            <dd className={side} data-testid="change-before">
              <span className={sideLabel}>Before</span>
              <ChangeValue field={row.field} value={row.before} />
            </dd>
            <dd className={side} data-testid="change-after">
              <span className={sideLabel}>After</span>
              <ChangeValue field={row.field} value={row.after} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
