/**
 * What the product form edits: its arrays, what each part of an item means there, and the small
 * helpers the form's pieces share (docs/specification.md, Product).
 */
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

export type ArrayField = (typeof ARRAY_FIELDS)[number]
export type Part = 'value' | 'label' | 'description'

export interface PartSpec {
  label: string
  placeholder?: string
  /** Rows of a text area; a one-line input when absent. */
  rows?: number
  inputMode?: 'decimal' | 'url'
}

export interface ArraySpec {
  title: string
  /** One item, in accessible names: "Move image 2 up". */
  noun: string
  intro: string
  /** The inputs of one item, in the order shown, and what each means for this array (docs/specification.md, Product). */
  parts: readonly (readonly [Part, PartSpec])[]
}

const notShown = (what: string): PartSpec => ({ label: `${what} (not shown on the page)` })

/** What value, label and description mean in each array (docs/specification.md, Product). */
export const ARRAYS: Record<ArrayField, ArraySpec> = {
  productImages: {
    title: 'Images',
    noun: 'image',
    intro:
      'The first image is shown on the category cards; all of them in the product page’s carousel. Upload a JPEG, PNG, WebP or AVIF photo of at most 20 MB (the shop makes smaller copies for phones and leaves out its location and camera details), or paste the address of an image.',
    parts: [
      ['value', { label: 'Image URL', placeholder: '/images/… or https://…', inputMode: 'url' }],
      ['label', { label: 'Alt text (what the picture shows)' }],
      ['description', notShown('Caption')],
    ],
  },
  productDescriptions: {
    title: 'Descriptions',
    noun: 'description',
    intro:
      'Each has its place on the product page, named beside it: the 1st is the overview, the 2nd “Read more”, every other one a section under its own heading, and the 6th (or the 1st when there are fewer) also the short text on category cards.',
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
    intro:
      'Shown under “Shipping”, below the shipping methods and their delivery times (set once for the shop at Settings, Shipping): notes for this product, such as packing, dangerous goods and returns. Write no delivery time here.',
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

export interface EditorItem {
  /** React's key for the item while it is edited; never sent. */
  key: string
  value: string
  label: string
  description: string
}

/** The HTML id of the input for an error path: `productPrices.0.value` → `productPrices-0-value`. */
export const inputId = (path: string) => path.replace(/\./g, '-')

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** What a description does on the product page, by its place in the list. */
export function descriptionSlot(index: number): string {
  if (index === 0) return 'Overview: the main text beside the price'
  if (index === 1) return 'Read more: opens under the overview'
  if (index === 5) return 'Card text: on category cards, and a section of the page'
  return 'A section of the page under its own heading'
}
