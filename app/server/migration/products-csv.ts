/**
 * Products as a spreadsheet (docs/data-format.md, Products as CSV): one row per product under the
 * column names of Shopify's product CSV where a column means the same, and the shop's own columns
 * after them. Reading turns each product's rows into an import entry whose document is completed
 * from the stored product, so a file's missing columns keep the stored values and the JSON import's
 * checks, dry run and apply (import.server.ts) do the rest.
 */
import { CATEGORIES, CATEGORY_LABELS, DEFAULT_LOGISTICS, PRODUCT_STATUSES, type ProductFields, type ProductItem } from '../../lib/catalog.ts'
import { BOM, CsvError, CsvReader, csvLine, restoreFormula, type CsvRow } from '../../lib/csv.ts'
import { centsToDollars, dollarsToCents } from '../../lib/schemas/product.ts'
import type { Document } from './format.ts'
import type { ImportEntry, ImportReport } from './import.server.ts'

export interface CsvContext {
  /** The shop's name, written as every product's Vendor. */
  vendor: string
  /**
   * The shop's address (`https://shop.example`): an image on the shop is written as a full address,
   * which a spreadsheet can open and Shopify can fetch, and read back as the path the shop stores.
   */
  origin: string | null
}

/** A stored product document: every field present (the export fills in the defaults). */
type Stored = Required<ProductFields> & { FBUID: string }
/** A product being completed from a file's row: the stored fields, or a new product's empty ones. */
type Draft = Record<string, unknown> & { productImages: ProductItem[]; productDescriptions: ProductItem[]; productPrices: Stored['productPrices'] }

/** What a column reads: null, or why the cell cannot be taken (the column's name is put before it). */
type Read = (cell: string, draft: Draft, file: FileColumns) => string | null

interface Column {
  name: string
  /** The document's fields the column carries, to name a change in the dry run by its column. */
  fields: readonly string[]
  write: (product: Stored, context: CsvContext) => string
  /** Absent: written for Shopify's sake, never read (Vendor, the option columns, the images' own columns). */
  read?: Read
}

const TRUE = 'TRUE'
const FALSE = 'FALSE'
const bool = (value: boolean) => (value ? TRUE : FALSE)

const AMOUNT_EXAMPLE = 'an amount in dollars, such as 1299.00'
const notAmount = (cell: string) => `"${cell}" is not ${AMOUNT_EXAMPLE}.`

/** A whole number as staff type it ("1,250", "-3"), or null. */
function wholeNumber(cell: string): number | null {
  const match = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)$/.exec(cell)
  const number = match ? Number(match[1]! + match[2]!.replace(/,/g, '')) : Number.NaN
  return Number.isSafeInteger(number) ? number : null
}

/** TRUE or FALSE in any case; empty is FALSE, as in Shopify's files. */
function readBoolean(field: string): Read {
  return (cell, draft) => {
    const upper = cell.toUpperCase()
    if (upper !== TRUE && upper !== FALSE && cell !== '') return `"${cell}" is neither TRUE nor FALSE.`
    draft[field] = upper === TRUE
    return null
  }
}

/** Dollars, or empty for none (null). */
function readOptionalAmount(field: string): Read {
  return (cell, draft) => {
    if (cell === '') {
      draft[field] = null
      return null
    }
    const cents = dollarsToCents(cell)
    if (cents === null) return notAmount(cell)
    draft[field] = cents
    return null
  }
}

function readText(field: string): Read {
  return (cell, draft) => {
    draft[field] = cell
    return null
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!)

/**
 * The product's main text (its first description) as HTML, as Shopify's Body (HTML) holds it: each
 * paragraph (text between blank lines) in a `<p>`, a single line end a `<br>`, the text escaped.
 */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('')
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * Body (HTML) back to text: paragraphs and other blocks become paragraphs, `<br>` a line end, every
 * other tag is dropped (the shop keeps text, not markup), and character references are decoded.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(?:p|div|h[1-6]|li|ul|ol|blockquote|table|tr)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? reference
    })
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n')
}

const firstImage = (product: Stored): ProductItem | undefined => product.productImages[0]

/** An image on this shop as a full address; another site's as it is. */
const imageAddress = (value: string, context: CsvContext) => (value.startsWith('/') && context.origin ? `${context.origin}${value}` : value)
/** A full address on this shop back to the path the shop stores. */
const imageValue = (address: string, context: CsvContext) =>
  context.origin && address.startsWith(`${context.origin}/`) ? address.slice(context.origin.length) : address

/** The columns of Shopify's product CSV that mean the same here, then the shop's own. */
const COLUMNS: readonly Column[] = [
  { name: 'Handle', fields: [], write: (product) => product.FBUID },
  { name: 'Title', fields: ['productName'], write: (product) => product.productName, read: readText('productName') },
  {
    name: 'Body (HTML)',
    fields: ['productDescriptions'],
    write: (product) => textToHtml(product.productDescriptions[0]?.description ?? ''),
    read: (cell, draft) => {
      const [first, ...rest] = draft.productDescriptions
      // What the export wrote for the stored text reads back as that text, whatever HTML would make of it.
      if (cell === textToHtml(first?.description ?? '')) return null
      const text = htmlToText(cell)
      draft.productDescriptions = first ? [{ ...first, description: text }, ...rest] : text ? [{ value: '', label: '', description: text }] : []
      return null
    },
  },
  { name: 'Vendor', fields: [], write: (_product, context) => context.vendor },
  {
    name: 'Type',
    fields: ['productCategory'],
    write: (product) => product.productCategory,
    read: (cell, draft) => {
      const wanted = cell.toLowerCase()
      const category = CATEGORIES.find((id) => id === wanted || CATEGORY_LABELS[id].toLowerCase() === wanted)
      if (cell !== '' && !category) return `"${cell}" is not one of the shop's ranges: ${CATEGORIES.join(', ')}.`
      draft.productCategory = category ?? ''
      return null
    },
  },
  {
    name: 'Published',
    fields: ['productStatus'],
    write: (product) => bool(product.productStatus === 'active'),
    read: (cell, draft, file) => {
      // Status says more (draft or archived); Published is read only from a file without it.
      if (file.has('Status')) return null
      const upper = cell.toUpperCase()
      if (upper !== TRUE && upper !== FALSE) return `"${cell}" is neither TRUE nor FALSE.`
      if (upper === TRUE) draft.productStatus = 'active'
      else if ((draft.productStatus ?? 'active') === 'active') draft.productStatus = 'draft'
      return null
    },
  },
  {
    name: 'Status',
    fields: ['productStatus'],
    write: (product) => product.productStatus,
    read: (cell, draft) => {
      const status = cell.toLowerCase()
      if (!Object.hasOwn(PRODUCT_STATUSES, status)) return `"${cell}" is not active, draft or archived.`
      draft.productStatus = status
      return null
    },
  },
  // Shopify's way of saying "no variants": the only option is Title, its only value Default Title.
  { name: 'Option1 Name', fields: [], write: () => 'Title' },
  { name: 'Option1 Value', fields: [], write: () => 'Default Title' },
  { name: 'Variant SKU', fields: ['productSku'], write: (product) => product.productSku, read: readText('productSku') },
  {
    name: 'Variant Grams',
    fields: ['productWeightGrams'],
    write: (product) => String(product.productWeightGrams),
    read: (cell, draft) => {
      const grams = cell === '' ? 0 : wholeNumber(cell)
      if (grams === null) return `"${cell}" is not a whole number of grams, such as 850.`
      draft.productWeightGrams = grams
      return null
    },
  },
  {
    name: 'Variant Inventory Qty',
    fields: ['productStockOnHand'],
    write: (product) => (product.productStockOnHand === null ? '' : String(product.productStockOnHand)),
    read: (cell, draft) => {
      // Empty: stock is not tracked, the product is always available.
      const units = cell === '' ? null : wholeNumber(cell)
      if (cell !== '' && units === null) return `"${cell}" is not a whole number of units, such as 12 (or empty when stock is not tracked).`
      draft.productStockOnHand = units
      return null
    },
  },
  {
    name: 'Variant Inventory Policy',
    fields: ['productAllowBackorder'],
    write: (product) => (product.productAllowBackorder ? 'continue' : 'deny'),
    read: (cell, draft) => {
      const policy = cell.toLowerCase()
      if (policy !== 'continue' && policy !== 'deny' && policy !== '') return `"${cell}" is neither continue (backorders allowed) nor deny.`
      draft.productAllowBackorder = policy === 'continue'
      return null
    },
  },
  {
    name: 'Variant Price',
    fields: ['productPrices'],
    write: (product) => (product.productPrices[0] ? centsToDollars(product.productPrices[0].value) : ''),
    read: (cell, draft) => {
      const [first, ...rest] = draft.productPrices
      if (cell === '' && !first) return null
      const cents = dollarsToCents(cell)
      if (cents === null) return cell === '' ? `empty: enter the price as ${AMOUNT_EXAMPLE}.` : notAmount(cell)
      draft.productPrices = [first ? { ...first, value: cents } : { value: cents, label: 'Price', description: '' }, ...rest]
      return null
    },
  },
  {
    name: 'Variant Compare At Price',
    fields: ['productWasPriceCents'],
    write: (product) => (product.productWasPriceCents === null ? '' : centsToDollars(product.productWasPriceCents)),
    read: readOptionalAmount('productWasPriceCents'),
  },
  { name: 'Variant Barcode', fields: ['productBarcode'], write: (product) => product.productBarcode, read: readText('productBarcode') },
  {
    name: 'Cost per item',
    fields: ['productCostCents'],
    write: (product) => (product.productCostCents === null ? '' : centsToDollars(product.productCostCents)),
    read: readOptionalAmount('productCostCents'),
  },
  // The images are read from all of a product's rows together (productImages below).
  { name: 'Image Src', fields: ['productImages'], write: (product, context) => imageAddress(firstImage(product)?.value ?? '', context) },
  { name: 'Image Position', fields: [], write: (product) => (firstImage(product) ? '1' : '') },
  { name: 'Image Alt Text', fields: [], write: (product) => firstImage(product)?.label ?? '' },
  // The shop's own columns, which Shopify does not have.
  { name: 'Stripe Product ID', fields: ['STUPID'], write: (product) => product.STUPID, read: readText('STUPID') },
  {
    name: 'Stripe Price ID',
    fields: ['productPrices'],
    write: (product) => product.productPrices[0]?.description ?? '',
    read: (cell, draft) => {
      const [first, ...rest] = draft.productPrices
      if (!first) return cell === '' ? null : 'a price id needs a Variant Price.'
      draft.productPrices = [{ ...first, description: cell }, ...rest]
      return null
    },
  },
  {
    name: 'Contains Lithium',
    fields: ['productContainsLithium'],
    write: (product) => bool(product.productContainsLithium),
    read: readBoolean('productContainsLithium'),
  },
  {
    name: 'Backorder Lead Time',
    fields: ['productBackorderLeadTime'],
    write: (product) => product.productBackorderLeadTime,
    read: readText('productBackorderLeadTime'),
  },
  {
    name: 'Low Stock Alert',
    fields: ['productLowStockThreshold'],
    write: (product) => String(product.productLowStockThreshold),
    read: (cell, draft) => {
      const level = cell === '' ? DEFAULT_LOGISTICS.productLowStockThreshold : wholeNumber(cell)
      if (level === null) return `"${cell}" is not a whole number of units, such as 3.`
      draft.productLowStockThreshold = level
      return null
    },
  },
  { name: 'Featured', fields: ['productFeatured'], write: (product) => bool(product.productFeatured), read: readBoolean('productFeatured') },
  { name: 'Use Cases', fields: ['productUseCases'], write: (product) => bool(product.productUseCases), read: readBoolean('productUseCases') },
  {
    name: 'Related Products',
    fields: ['productRelated'],
    write: (product) => product.productRelated.join(', '),
    read: (cell, draft) => {
      draft.productRelated = cell.split(/[\s,]+/).filter(Boolean)
      return null
    },
  },
]

export const CSV_COLUMNS: readonly string[] = COLUMNS.map((column) => column.name)
const IMAGE_COLUMNS = ['Image Src', 'Image Position', 'Image Alt Text']
const COLUMN_BY_KEY = new Map(COLUMNS.map((column) => [column.name.toLowerCase(), column]))

/** The header row, after the BOM that tells Excel the file is UTF-8. */
export const csvHeader = () => BOM + csvLine(CSV_COLUMNS)

/**
 * A product's rows: the product with its first image, then one row per further image holding only
 * Handle, Image Src, Image Position and Image Alt Text, as Shopify writes them.
 */
export function productCsvRows(document: Document, context: CsvContext): string {
  const product = document as unknown as Stored
  let text = csvLine(COLUMNS.map((column) => column.write(product, context)))
  for (const [index, image] of product.productImages.entries()) {
    if (index === 0) continue
    text += csvLine(
      COLUMNS.map((column) => {
        if (column.name === 'Handle') return product.FBUID
        if (column.name === 'Image Src') return imageAddress(image.value, context)
        if (column.name === 'Image Position') return String(index + 1)
        if (column.name === 'Image Alt Text') return image.label
        return ''
      }),
    )
  }
  return text
}

/** A file that cannot be read as products (no Handle column, a row too wide): nothing of it is written. */
export class ProductsCsvError extends Error {
  override name = 'ProductsCsvError'
}

/** The columns of a file that the shop reads, found by name whatever their case. */
interface FileColumns {
  has(name: string): boolean
}

interface ImageCell {
  line: number
  src: string
  position: string
  alt: string
}

/** One product's rows: its own (the first with its Handle) and the images of all of them. */
interface ProductRows {
  handle: string
  line: number
  cells: Map<string, string>
  images: ImageCell[]
  problem: string | null
}

export interface ProductsCsv {
  entries: ImportEntry[]
  /** Columns of the file the shop does not read, in the file's order. */
  ignoredColumns: string[]
  /** The line of each product's first row, for the dry run's reasons. */
  lines: Map<string, number>
  /** The file's columns the shop knows, in the shop's order. */
  columns: string[]
  /**
   * The columns whose values differ from the stored product's, by Handle: filled in as the import
   * completes each product, so the dry run names a change by its column (Variant Price, not productPrices).
   */
  changes: Map<string, string[]>
  /** Rows read, blank ones left out. */
  rows: number
}

/**
 * Reads a products CSV (text piece by piece) into one import entry per Handle. Refuses the whole file
 * (ProductsCsvError, or CsvError with the line) when it is not CSV, has no Handle column, names a
 * column twice, or has a row without a Handle or wider than its header; a product's own problems
 * (a variant, a cell that is not a number) are its entry's reason, found in the dry run.
 */
export async function readProductsCsv(pieces: AsyncIterable<string>, context: CsvContext): Promise<ProductsCsv> {
  const reader = new CsvReader()
  const state: { names: (string | null)[] | null } = { names: null }
  const ignoredColumns: string[] = []
  const products = new Map<string, ProductRows>()
  let rows = 0

  const take = (row: CsvRow) => {
    const names = state.names
    if (!names) {
      state.names = readHeader(row, ignoredColumns)
      return
    }
    if (row.cells.length > names.length && row.cells.slice(names.length).some((cell) => cell.trim() !== '')) {
      throw new CsvError(row.line, `this row has ${row.cells.length} cells, more than the ${names.length} columns of the header.`)
    }
    const cells = new Map<string, string>()
    names.forEach((name, index) => {
      if (name) cells.set(name, restoreFormula(row.cells[index] ?? '').trim())
    })
    // A spreadsheet saves a cleared row as commas: no product there.
    if (row.cells.every((cell) => cell.trim() === '')) return
    rows++
    const handle = cells.get('handle')!
    if (handle === '') throw new CsvError(row.line, 'this row has no Handle: each row names its product by its Handle (its id).')
    const image = cells.has('image src')
      ? { line: row.line, src: cells.get('image src')!, position: cells.get('image position') ?? '', alt: cells.get('image alt text') ?? '' }
      : null
    const product = products.get(handle)
    if (!product) {
      const option = cells.get('option1 value') ?? ''
      products.set(handle, {
        handle,
        line: row.line,
        cells,
        images: image && image.src ? [image] : [],
        problem: option === '' || option.toLowerCase() === 'default title' ? null : variantProblem(row.line, option),
      })
      return
    }
    const other = [...cells].find(([name, cell]) => name !== 'handle' && !IMAGE_COLUMNS.some((column) => column.toLowerCase() === name) && cell !== '')
    if (other) {
      const option = cells.get('option1 value') ?? ''
      product.problem ??=
        option && option.toLowerCase() !== 'default title'
          ? variantProblem(row.line, option)
          : `Line ${row.line} repeats this Handle with more than an image (${COLUMN_BY_KEY.get(other[0])?.name ?? other[0]}): a product has one row, and further rows hold only Handle, Image Src, Image Position and Image Alt Text.`
    } else if (image?.src) {
      product.images.push(image)
    }
  }

  for await (const piece of pieces) reader.push(piece).forEach(take)
  reader.end().forEach(take)
  if (!state.names) throw new ProductsCsvError('The file is empty: a products CSV starts with its header row (Handle, Title, …).')
  const present = new Set(state.names.filter((name): name is string => name !== null))
  const file: FileColumns = { has: (name) => present.has(name.toLowerCase()) }
  const changes = new Map<string, string[]>()
  const entries: ImportEntry[] = [...products.values()].map((product) => ({
    id: product.handle,
    document: null,
    complete: (existing) => completeProduct(product, existing, file, context, changes),
  }))
  return {
    entries,
    ignoredColumns,
    lines: new Map([...products.values()].map((product) => [product.handle, product.line])),
    columns: COLUMNS.filter((column) => file.has(column.name)).map((column) => column.name),
    changes,
    rows,
  }
}

const variantProblem = (line: number, option: string) =>
  `Line ${line} is a variant (Option1 Value "${option}"): the shop's products have no variants yet, so each product is one row, its only option Title with the value Default Title.`

/** The header's names the shop reads, lower-cased (null for the others, which go to `ignored`). */
function readHeader(row: CsvRow, ignored: string[]): (string | null)[] {
  const seen = new Set<string>()
  const names = row.cells.map((cell, index) => {
    const name = restoreFormula(cell).trim()
    const key = name.toLowerCase()
    if (key && seen.has(key)) throw new CsvError(row.line, `the column "${name}" appears twice.`)
    seen.add(key)
    if (COLUMN_BY_KEY.has(key)) return key
    ignored.push(name || `column ${index + 1} (no name)`)
    return null
  })
  if (!names.includes('handle')) {
    throw new ProductsCsvError(
      'The file has no Handle column: each row names its product by its Handle (the product’s id), as the shop’s products.csv does. Is the first row the header?',
    )
  }
  return names
}

/** A new product's fields before the file's: the required ones empty, so the schema names what is missing. */
const newProduct = (): Draft => ({
  productName: '',
  STUPID: '',
  productCategory: '',
  productImages: [],
  productDescriptions: [],
  productFeatures: [],
  productSpecifications: [],
  productDimensions: [],
  productShipping: [],
  productDownloads: [],
  productPrices: [],
})

/**
 * The product's whole document: the stored one (or a new product's) with the file's columns read
 * over it. Columns the file does not have keep the stored values.
 */
function completeProduct(
  rows: ProductRows,
  existing: Document | undefined,
  file: FileColumns,
  context: CsvContext,
  changes: Map<string, string[]>,
): Record<string, unknown> | { reason: string } {
  if (rows.problem) return { reason: rows.problem }
  const { FBUID: _id, ...stored } = existing ?? {}
  const draft = (existing ? structuredClone(stored) : newProduct()) as Draft
  const reasons: string[] = []
  for (const column of COLUMNS) {
    if (!column.read || !file.has(column.name)) continue
    const reason = column.read(rows.cells.get(column.name.toLowerCase()) ?? '', draft, file)
    if (reason) reasons.push(`${column.name}: ${reason}`)
  }
  if (file.has('Image Src')) {
    const images = readImages(rows, existing ? (existing as Stored).productImages : [], file, context)
    if ('reason' in images) reasons.push(images.reason)
    else draft.productImages = images.images
  }
  if (reasons.length) return { reason: reasons.join('; ') }
  // A row under an id the product was renamed away from (a file from before the rename): the import
  // keeps the product's current name whatever the file says, so its Title is no change.
  const renamed = existing !== undefined && existing.FBUID !== rows.handle
  if (existing) {
    const after = renamed ? { ...draft, productName: existing.productName } : draft
    changes.set(rows.handle, changedColumns(existing as Stored, after as unknown as Stored, file, context))
  }
  // Without a Title the import still checks that the file's name gives the file's id: an id is its own name's id.
  if (renamed && !file.has('Title')) draft.productName = rows.handle
  return draft
}

/** The file's columns whose cells, written from the completed product, differ from the stored product's. */
function changedColumns(before: Stored, after: Stored, file: FileColumns, context: CsvContext): string[] {
  const changed = COLUMNS.filter((column) => column.read && file.has(column.name) && column.write(before, context) !== column.write(after, context))
  const names = changed.map((column) => column.name)
  const images = (product: Stored, key: 'value' | 'label') => JSON.stringify(product.productImages.map((image) => image[key]))
  if (file.has('Image Src') && images(before, 'value') !== images(after, 'value')) names.push('Image Src')
  if (file.has('Image Alt Text') && images(before, 'label') !== images(after, 'label')) names.push('Image Alt Text')
  return names
}

/**
 * The product's images: those its rows name, by Image Position (rows without one after, in the file's
 * order). An image the product has keeps its alt text when the file has no Image Alt Text column, and
 * its description (which no column carries).
 */
function readImages(rows: ProductRows, stored: ProductItem[], file: FileColumns, context: CsvContext): { images: ProductItem[] } | { reason: string } {
  const positioned: { position: number; order: number; image: ImageCell }[] = []
  for (const [order, image] of rows.images.entries()) {
    const position = image.position === '' ? Number.MAX_SAFE_INTEGER : wholeNumber(image.position)
    if (position === null || position < 1) return { reason: `Image Position: "${image.position}" on line ${image.line} is not a whole number from 1.` }
    positioned.push({ position, order, image })
  }
  positioned.sort((left, right) => left.position - right.position || left.order - right.order)
  return {
    images: positioned.map(({ image }) => {
      const value = imageValue(image.src, context)
      const known = stored.find((item) => item.value === value)
      return { value, label: file.has('Image Alt Text') ? image.alt : (known?.label ?? ''), description: known?.description ?? '' }
    }),
  }
}

const FIELD_COLUMNS: [RegExp, string][] = [
  [/^productName\b/, 'Title'],
  [/^STUPID\b/, 'Stripe Product ID'],
  [/^productCategory\b/, 'Type'],
  [/^productPrices\.0\.description\b/, 'Stripe Price ID'],
  [/^productPrices(?:\.0\.value)?\b/, 'Variant Price'],
  [/^productWasPriceCents\b/, 'Variant Compare At Price'],
  [/^productWeightGrams\b/, 'Variant Grams'],
  [/^productContainsLithium\b/, 'Contains Lithium'],
  [/^productStockOnHand\b/, 'Variant Inventory Qty'],
  [/^productAllowBackorder\b/, 'Variant Inventory Policy'],
  [/^productBackorderLeadTime\b/, 'Backorder Lead Time'],
  [/^productLowStockThreshold\b/, 'Low Stock Alert'],
  [/^productSku\b/, 'Variant SKU'],
  [/^productBarcode\b/, 'Variant Barcode'],
  [/^productCostCents\b/, 'Cost per item'],
  [/^productStatus\b/, 'Status'],
  [/^productFeatured\b/, 'Featured'],
  [/^productUseCases\b/, 'Use Cases'],
  [/^productRelated(?:\.\d+)?\b/, 'Related Products'],
  [/^productDescriptions\.0\.description\b/, 'Body (HTML)'],
  [/^productImages\.(\d+)\.value\b/, 'Image Src'],
  [/^productImages\.(\d+)\.label\b/, 'Image Alt Text'],
]

/** A schema reason's field paths (`productPrices.0.value: …`) as the file's column names. */
function columnReason(reason: string): string {
  return reason
    .split('; ')
    .map((part) => {
      for (const [pattern, column] of FIELD_COLUMNS) {
        const match = pattern.exec(part)
        if (!match) continue
        const image = match[1] === undefined ? '' : ` (image ${Number(match[1]) + 1})`
        return `${column}${image}${part.slice(match[0].length)}`
      }
      return part
    })
    .join('; ')
}

/**
 * The dry run (or apply) of a CSV told in the file's terms: each reason after the line of the
 * product's first row and with its columns' names, each change by the columns that carry it.
 */
export function describeCsvReport(report: ImportReport, csv: Pick<ProductsCsv, 'lines' | 'columns' | 'changes'>): ImportReport {
  const columnsOf = (field: string) => {
    const names = COLUMNS.filter((column) => column.fields.includes(field) && csv.columns.includes(column.name)).map((column) => column.name)
    return names.length ? names : [field]
  }
  return {
    ...report,
    rejected: report.rejected.map((item) => {
      const line = csv.lines.get(item.id)
      const reason = columnReason(item.reason)
      return { ...item, reason: line === undefined || reason.startsWith('Line ') ? reason : `Line ${line}: ${reason}` }
    }),
    updated: report.updated.map((item) => {
      const changed = csv.changes.get(item.renamedFrom ?? item.id)
      return { ...item, fields: changed?.length ? changed : [...new Set(item.fields.flatMap(columnsOf))] }
    }),
  }
}
