/**
 * Products as a spreadsheet (docs/data-format.md, Products as CSV): a row per product, then a row per
 * other variant, under the column names of Shopify's product CSV where a column means the same, and
 * the shop's own columns after them. Reading turns each product's rows into an import entry whose
 * document is completed from the stored product, so a file's missing columns keep the stored values
 * and the JSON import's checks, dry run and apply (import.server.ts) do the rest.
 */
import {
  CATEGORIES,
  CATEGORY_LABELS,
  DEFAULT_LOGISTICS,
  DEFAULT_STOCK_KEEPING,
  DEFAULT_WAS_PRICE,
  PRODUCT_STATUSES,
  type Product,
  type ProductFields,
  type ProductItem,
  type ProductVariantDocument,
} from '../../lib/catalog.ts'
import { BOM, CsvError, CsvReader, csvLine, restoreFormula, type CsvRow } from '../../lib/csv.ts'
import { centsToDollars, dollarsToCents } from '../../lib/schemas/product.ts'
import { MAX_OPTIONS, variantLabel } from '../../lib/variants.ts'
import { newVariantId } from '../catalog/variant-editor.server.ts'
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

/** A stored product document: every field present (the export fills in the defaults), its options and variants when it has them. */
type Stored = Required<ProductFields> & { FBUID: string } & Pick<Product, 'productOptionNames' | 'productOptionValues' | 'productVariants'>
/** A product being completed from a file's row: the stored fields, or a new product's empty ones. */
type Draft = Record<string, unknown> & { productImages: ProductItem[]; productDescriptions: ProductItem[]; productPrices: Stored['productPrices'] }

/** What a column reads: null, or why the cell cannot be taken (the column's name is put before it). */
type Read = (cell: string, draft: Draft, file: FileColumns) => string | null

interface Column {
  name: string
  /** The document's fields the column carries, to name a change in the dry run by its column. */
  fields: readonly string[]
  write: (product: Stored, context: CsvContext) => string
  /**
   * Absent: written for Shopify's sake, never read (Vendor), or read from all of a product's rows
   * together (the options, the images).
   */
  read?: Read
  /** A variant's own field (its price, stock, SKU…): written and read on each variant's row as on the product's. */
  perVariant?: boolean
  /** A variant row's cell of a column that is not perVariant (its Handle, option values, image, id); absent: empty. */
  writeVariant?: (variant: ProductVariantDocument, product: Stored, context: CsvContext) => string
}

const TRUE = 'TRUE'
const FALSE = 'FALSE'
const bool = (value: boolean) => (value ? TRUE : FALSE)

/** A new product's price entry's label (a new variant's is its values, as the variants editor names it). */
const NEW_PRICE_LABEL = 'Price'

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

const OPTION_NUMBERS = Array.from({ length: MAX_OPTIONS }, (_, index) => index + 1)
const hasOptions = (product: Pick<Stored, 'productOptionNames'>) => (product.productOptionNames?.length ?? 0) > 0
// Shopify's way of saying "no variants": the only option is Title, its only value Default Title.
const NO_OPTION_NAME = 'Title'
const NO_OPTION_VALUE = 'Default Title'
const optionName = (product: Stored, number: number) =>
  hasOptions(product) ? (product.productOptionNames![number - 1] ?? '') : number === 1 ? NO_OPTION_NAME : ''
const optionValue = (product: Stored, values: readonly string[] | undefined, number: number) =>
  hasOptions(product) ? (values?.[number - 1] ?? '') : number === 1 ? NO_OPTION_VALUE : ''

/** The columns of Shopify's product CSV that mean the same here, then the shop's own. */
const COLUMNS: readonly Column[] = [
  { name: 'Handle', fields: [], write: (product) => product.FBUID, writeVariant: (_variant, product) => product.FBUID },
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
  // The options are read from all of a product's rows together (readOptions below).
  ...OPTION_NUMBERS.flatMap((number): Column[] => [
    { name: `Option${number} Name`, fields: ['productOptionNames'], write: (product) => optionName(product, number) },
    {
      name: `Option${number} Value`,
      fields: ['productOptionValues'],
      write: (product) => optionValue(product, product.productOptionValues, number),
      writeVariant: (variant, product) => optionValue(product, variant.productOptionValues, number),
    },
  ]),
  { name: 'Variant SKU', fields: ['productSku'], write: (product) => product.productSku, read: readText('productSku'), perVariant: true },
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
    perVariant: true,
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
    perVariant: true,
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
    perVariant: true,
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
      draft.productPrices = [first ? { ...first, value: cents } : { value: cents, label: NEW_PRICE_LABEL, description: '' }, ...rest]
      return null
    },
    perVariant: true,
  },
  {
    name: 'Variant Compare At Price',
    fields: ['productWasPriceCents'],
    write: (product) => (product.productWasPriceCents === null ? '' : centsToDollars(product.productWasPriceCents)),
    read: readOptionalAmount('productWasPriceCents'),
    perVariant: true,
  },
  { name: 'Variant Barcode', fields: ['productBarcode'], write: (product) => product.productBarcode, read: readText('productBarcode'), perVariant: true },
  {
    name: 'Cost per item',
    fields: ['productCostCents'],
    write: (product) => (product.productCostCents === null ? '' : centsToDollars(product.productCostCents)),
    read: readOptionalAmount('productCostCents'),
    perVariant: true,
  },
  // The images are read from all of a product's rows together (productImages below).
  { name: 'Image Src', fields: ['productImages'], write: (product, context) => imageAddress(firstImage(product)?.value ?? '', context) },
  { name: 'Image Position', fields: [], write: (product) => (firstImage(product) ? '1' : '') },
  { name: 'Image Alt Text', fields: [], write: (product) => firstImage(product)?.label ?? '' },
  // A variant's own picture, shown when it is chosen (the product's pictures are its Image rows): empty in the product's row.
  {
    name: 'Variant Image',
    fields: ['productVariants'],
    write: () => '',
    writeVariant: (variant, _product, context) => imageAddress(variant.productImages[0]?.value ?? '', context),
  },
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
    perVariant: true,
  },
  {
    name: 'Contains Lithium',
    fields: ['productContainsLithium'],
    write: (product) => bool(product.productContainsLithium),
    read: readBoolean('productContainsLithium'),
    perVariant: true,
  },
  {
    name: 'Backorder Lead Time',
    fields: ['productBackorderLeadTime'],
    write: (product) => product.productBackorderLeadTime,
    read: readText('productBackorderLeadTime'),
    perVariant: true,
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
    perVariant: true,
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
  // A variant row's own id, so that a variant keeps its stock, history and orders through a round trip; empty in
  // the product's row (the product is its first variant, its id the Handle) and in a new variant's.
  { name: 'Variant ID', fields: ['productVariants'], write: () => '', writeVariant: (variant) => variant.FBUID },
]

export const CSV_COLUMNS: readonly string[] = COLUMNS.map((column) => column.name)
const IMAGE_COLUMNS = ['Image Src', 'Image Position', 'Image Alt Text']
const COLUMN_BY_KEY = new Map(COLUMNS.map((column) => [column.name.toLowerCase(), column]))
const optionKey = (kind: 'Name' | 'Value', number: number) => `option${number} ${kind.toLowerCase()}`

/** The header row, after the BOM that tells Excel the file is UTF-8. */
export const csvHeader = () => BOM + csvLine(CSV_COLUMNS)

/**
 * A product's rows: the product with its first image; a row per other variant holding its Handle,
 * option values and its own columns, the product's left empty; then one row per further image holding
 * only Handle, Image Src, Image Position and Image Alt Text, as Shopify writes them.
 */
export function productCsvRows(document: Document, context: CsvContext): string {
  const product = document as unknown as Stored
  let text = csvLine(COLUMNS.map((column) => column.write(product, context)))
  for (const variant of hasOptions(product) ? (product.productVariants ?? []) : []) {
    text += csvLine(
      COLUMNS.map((column) =>
        column.perVariant ? column.write(variant as unknown as Stored, context) : (column.writeVariant?.(variant, product, context) ?? ''),
      ),
    )
  }
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

/** A row's cells by the lower-cased names of the columns the shop reads. */
interface RowCells {
  line: number
  cells: Map<string, string>
}

/** One product's rows: its own (the first with its Handle), its other variants' and the images of all of them. */
interface ProductRows extends RowCells {
  handle: string
  variants: RowCells[]
  images: ImageCell[]
  problem: string | null
}

export interface ProductsCsv {
  entries: ImportEntry[]
  /** Columns of the file the shop does not read, in the file's order. */
  ignoredColumns: string[]
  /** The line of each product's first row, for the dry run's reasons. */
  lines: Map<string, number>
  /** The lines of each product's variant rows, in the order of its document's productVariants. */
  variantLines: Map<string, number[]>
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
      products.set(handle, { handle, line: row.line, cells, variants: [], images: image && image.src ? [image] : [], problem: null })
      return
    }
    // A later row with option values is another variant (and may hold an image of the product, as Shopify's do).
    if (OPTION_NUMBERS.some((number) => cells.get(optionKey('Value', number)))) {
      product.variants.push({ line: row.line, cells })
      if (image?.src) product.images.push(image)
      return
    }
    const other = [...cells].find(([name, cell]) => name !== 'handle' && !IMAGE_COLUMNS.some((column) => column.toLowerCase() === name) && cell !== '')
    if (other) {
      product.problem ??= `Line ${row.line} repeats this Handle with more than an image (${COLUMN_BY_KEY.get(other[0])?.name ?? other[0]}): a product has one row, then a row per other variant with its Option1 Value, and rows holding only Handle, Image Src, Image Position and Image Alt Text.`
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
    variantLines: new Map([...products.values()].map((product) => [product.handle, product.variants.map((variant) => variant.line)])),
    columns: COLUMNS.filter((column) => file.has(column.name)).map((column) => column.name),
    changes,
    rows,
  }
}

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
  const optionsRead = readOptions(rows, draft, existing, file, context, reasons)
  if (reasons.length) return { reason: reasons.join('; ') }
  // A row under an id the product was renamed away from (a file from before the rename): the import
  // keeps the product's current name whatever the file says, so its Title is no change.
  const renamed = existing !== undefined && existing.FBUID !== rows.handle
  if (existing) {
    const after = renamed ? { ...draft, productName: existing.productName } : draft
    const changed = changedColumns(existing as Stored, after as unknown as Stored, file, context)
    if (optionsRead) changed.push(...changedVariants(existing as Stored, after as unknown as Stored, file, context))
    changes.set(rows.handle, [...new Set(changed)])
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

const cellOf = (row: RowCells, name: string) => row.cells.get(name.toLowerCase()) ?? ''
const sameText = (left: string, right: string) => left.toLowerCase() === right.toLowerCase()
const valuesKey = (values: readonly string[]) => values.map((value) => value.toLowerCase()).join('\u0000')

/**
 * The product's options and other variants from its rows (docs/data-format.md, Products as CSV): the
 * first row's Option names and the product's own values, then each later row with option values a
 * variant: the stored one its Variant ID names, else the stored one with the same values, else a new
 * one, given an id as the variants editor gives it. Its own columns are read over it as the product's
 * are over the product. A file without option names (no Option1 Name column, or Shopify's Title and
 * Default Title) keeps the stored options and variants. True when the options were read.
 */
function readOptions(rows: ProductRows, draft: Draft, existing: Document | undefined, file: FileColumns, context: CsvContext, reasons: string[]): boolean {
  const names = OPTION_NUMBERS.map((number) => cellOf(rows, `Option${number} Name`))
  const values = OPTION_NUMBERS.map((number) => cellOf(rows, `Option${number} Value`))
  // No names and no values, or Shopify's Title with Default Title: the product's options are not in the file.
  const noOptions =
    (names[0] === '' || sameText(names[0]!, NO_OPTION_NAME)) &&
    (values[0] === '' || sameText(values[0]!, NO_OPTION_VALUE)) &&
    [...names.slice(1), ...values.slice(1)].every((cell) => cell === '')
  if (noOptions) {
    const [variant] = rows.variants
    if (variant) {
      const value = OPTION_NUMBERS.map((number) => cellOf(variant, `Option${number} Value`)).find(Boolean)
      reasons.push(
        `Line ${variant.line} is a variant (Option1 Value "${value}"), but the product's first row names no options: give their names in Option1 Name (Option2 Name, Option3 Name) and the product's own values in Option1 Value (Option2 Value, Option3 Value).`,
      )
    }
    return false
  }
  // The options named in order: a name after an empty one is refused below.
  const count = names.includes('') ? names.indexOf('') : names.length
  const before = reasons.length
  for (const [index, number] of OPTION_NUMBERS.entries()) {
    if (index >= count && names[index])
      reasons.push(`Option${number} Name: "${names[index]}" follows an empty Option${number - 1} Name: name the options in order.`)
    else if (index < count && !values[index])
      reasons.push(`Option${number} Value: empty: give the product's own ${names[index]} (the product is its first variant).`)
    else if (index >= count && values[index]) reasons.push(`Option${number} Value: "${values[index]}" has no option: its name goes in Option${number} Name.`)
  }
  if (reasons.length > before) return false
  const optionNames = names.slice(0, count)

  const productId = existing ? String(existing.FBUID) : rows.handle
  const stored = (existing?.productVariants as ProductVariantDocument[] | undefined) ?? []
  const byId = new Map(stored.map((variant) => [variant.FBUID, variant]))
  const ids = rows.variants.map((row) => (file.has('Variant ID') ? cellOf(row, 'Variant ID') : ''))
  const unclaimed = stored.filter((variant) => !ids.includes(variant.FBUID))
  const taken = new Set([productId, rows.handle, ...stored.map((variant) => variant.FBUID), ...ids.filter(Boolean)])
  const variants: ProductVariantDocument[] = []
  for (const [at, row] of rows.variants.entries()) {
    const rowReasons: string[] = []
    const own = OPTION_NUMBERS.map((number) => cellOf(row, `Option${number} Value`))
    for (const [index, number] of OPTION_NUMBERS.entries()) {
      const name = cellOf(row, `Option${number} Name`)
      if (name && !sameText(name, names[index]!))
        rowReasons.push(
          `Option${number} Name: "${name}" is not the product's ${names[index] ? `"${names[index]}"` : 'option'}: a variant's row leaves the names empty or repeats its first row's.`,
        )
      if (index < count && !own[index]) rowReasons.push(`Option${number} Value: empty: each variant needs its ${optionNames[index]}.`)
      if (index >= count && own[index]) rowReasons.push(`Option${number} Value: "${own[index]}", but the product has no Option${number} Name.`)
    }
    // A variant's name, range, status and the rest are its product's: its row leaves them empty (or repeats them, as some tools write).
    for (const column of COLUMNS) {
      if (!column.read || column.perVariant || !file.has(column.name)) continue
      const cell = cellOf(row, column.name)
      if (cell && cell !== cellOf(rows, column.name))
        rowReasons.push(`${column.name}: a variant's row leaves the product's columns empty; they are read from its first row (line ${rows.line}).`)
    }
    const optionValues = own.slice(0, count)
    const id = ids[at]!
    const match = id ? byId.get(id) : unclaimed.find((variant) => valuesKey(variant.productOptionValues) === valuesKey(optionValues))
    if (match) unclaimed.splice(unclaimed.indexOf(match), 1)
    const variant: ProductVariantDocument = match ? structuredClone(match) : newVariant(id || newVariantId(productId, optionValues, taken), draft)
    variant.productOptionValues = optionValues
    const priced = variant.productPrices.length > 0
    const variantDraft = variant as unknown as Draft
    for (const column of COLUMNS) {
      if (!column.perVariant || !column.read || !file.has(column.name)) continue
      const reason = column.read(cellOf(row, column.name), variantDraft, file)
      if (reason) rowReasons.push(`${column.name}: ${reason}`)
    }
    // A new price is named by the variant's values, as the variants editor names it.
    if (!priced && variant.productPrices[0]?.label === NEW_PRICE_LABEL)
      variant.productPrices[0] = { ...variant.productPrices[0], label: variantLabel(optionValues) }
    if (file.has('Variant Image')) variant.productImages = variantImages(cellOf(row, 'Variant Image'), variant.productImages, draft.productImages, context)
    if (rowReasons.length) reasons.push(`Line ${row.line}: ${rowReasons.join('; ')}`)
    variants.push(variant)
  }
  draft.productOptionNames = optionNames
  draft.productOptionValues = values.slice(0, count)
  draft.productVariants = variants
  return true
}

/**
 * A new variant before its row's columns: no price, stock kept untracked, SKU, barcode and cost of its
 * own to come, and the product's weight, lithium, backorder and low-stock level, which a variant of
 * one product mostly shares (a file without those columns still ships a battery's pair by road).
 */
const newVariant = (id: string, product: Draft): ProductVariantDocument => ({
  FBUID: id,
  productOptionValues: [],
  productPrices: [],
  productImages: [],
  ...DEFAULT_WAS_PRICE,
  ...DEFAULT_STOCK_KEEPING,
  productStockOnHand: DEFAULT_LOGISTICS.productStockOnHand,
  productWeightGrams: (product.productWeightGrams as number | undefined) ?? DEFAULT_LOGISTICS.productWeightGrams,
  productContainsLithium: (product.productContainsLithium as boolean | undefined) ?? DEFAULT_LOGISTICS.productContainsLithium,
  productAllowBackorder: (product.productAllowBackorder as boolean | undefined) ?? DEFAULT_LOGISTICS.productAllowBackorder,
  productBackorderLeadTime: (product.productBackorderLeadTime as string | undefined) ?? DEFAULT_LOGISTICS.productBackorderLeadTime,
  productLowStockThreshold: (product.productLowStockThreshold as number | undefined) ?? DEFAULT_LOGISTICS.productLowStockThreshold,
})

/**
 * A variant's pictures from its Variant Image: the same first picture keeps them all, another one
 * takes the first's place (labelled as the product's picture of that address, if it has one), and
 * an empty cell leaves the variant none of its own (it shows the product's).
 */
function variantImages(cell: string, stored: ProductItem[], productImages: ProductItem[], context: CsvContext): ProductItem[] {
  if (cell === '') return []
  const value = imageValue(cell, context)
  const [first, ...rest] = stored
  if (first?.value === value) return stored
  return [{ value, label: productImages.find((image) => image.value === value)?.label ?? '', description: '' }, ...rest]
}

/**
 * What changed in the options and variants, in the file's terms: an option column, a variant's
 * column with its values (`Variant Price (Matched pair)`), a variant added or removed.
 */
function changedVariants(before: Stored, after: Stored, file: FileColumns, context: CsvContext): string[] {
  const names: string[] = []
  for (const column of COLUMNS) {
    if (/^Option\d /.test(column.name) && column.write(before, context) !== column.write(after, context)) names.push(column.name)
  }
  const stored = new Map((hasOptions(before) ? (before.productVariants ?? []) : []).map((variant) => [variant.FBUID, variant]))
  const kept = new Set<string>()
  for (const variant of after.productVariants ?? []) {
    const label = variantLabel(variant.productOptionValues)
    const was = stored.get(variant.FBUID)
    if (!was) {
      names.push(`new variant (${label})`)
      continue
    }
    kept.add(variant.FBUID)
    for (const column of COLUMNS) {
      const counts = column.perVariant ? Boolean(column.read) : column.writeVariant !== undefined && column.name !== 'Handle'
      if (!counts || !file.has(column.name)) continue
      const cell = (item: ProductVariantDocument) =>
        column.perVariant ? column.write(item as unknown as Stored, context) : column.writeVariant!(item, after, context)
      if (cell(was) !== cell(variant)) names.push(`${column.name} (${label})`)
    }
  }
  for (const [id, variant] of stored) if (!kept.has(id)) names.push(`removed variant (${variantLabel(variant.productOptionValues)})`)
  const order = (variants: ProductVariantDocument[] | undefined) => (variants ?? []).map((variant) => variant.FBUID).filter((id) => kept.has(id))
  if (order(before.productVariants).join() !== order(after.productVariants).join()) names.push('order of the variants')
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

/**
 * A schema reason's field paths (`productPrices.0.value: …`) as the file's column names; a variant's
 * (`productVariants.1.productSku: …`) after the line of its row.
 */
function columnReason(reason: string, variantLines: readonly number[] = []): string {
  return reason
    .split('; ')
    .map((part) => {
      const option = /^productOption(Names|Values)(?:\.(\d+))?\b/.exec(part)
      if (option) return `Option${Number(option[2] ?? 0) + 1} ${option[1] === 'Names' ? 'Name' : 'Value'}${part.slice(option[0].length)}`
      const variant = /^productVariants\.(\d+)\./.exec(part)
      if (variant) {
        const line = variantLines[Number(variant[1])]
        const rest = part
          .slice(variant[0].length)
          .replace(/^productImages(?:\.\d+)?(?:\.\w+)?/, 'Variant Image')
          .replace(/^FBUID\b/, 'Variant ID')
        return `${line === undefined ? `Variant ${Number(variant[1]) + 2}` : `Line ${line}`}: ${columnReason(rest)}`
      }
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
export function describeCsvReport(
  report: ImportReport,
  csv: Pick<ProductsCsv, 'lines' | 'columns' | 'changes'> & Partial<Pick<ProductsCsv, 'variantLines'>>,
): ImportReport {
  const columnsOf = (field: string) => {
    const names = COLUMNS.filter((column) => column.fields.includes(field) && csv.columns.includes(column.name)).map((column) => column.name)
    return names.length ? names : [field]
  }
  return {
    ...report,
    rejected: report.rejected.map((item) => {
      const line = csv.lines.get(item.id)
      const reason = columnReason(item.reason, csv.variantLines?.get(item.id))
      return { ...item, reason: line === undefined || reason.startsWith('Line ') ? reason : `Line ${line}: ${reason}` }
    }),
    updated: report.updated.map((item) => {
      const changed = csv.changes.get(item.renamedFrom ?? item.id)
      return { ...item, fields: changed?.length ? changed : [...new Set(item.fields.flatMap(columnsOf))] }
    }),
  }
}
