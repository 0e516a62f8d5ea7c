/**
 * The product document, with the field names of docs/specification.md (Product). Shared by the
 * browser and the server.
 * Money is integer cents (AUD) everywhere in the program.
 */
import type { KitComponent } from './kits.ts'

export const CATEGORIES = ['autopilots', 'cameras', 'radio-controllers', 'propulsion', 'parts-accessories'] as const

export type Category = (typeof CATEGORIES)[number]

export const CATEGORY_LABELS: Record<Category, string> = {
  autopilots: 'Autopilot',
  cameras: 'Cameras',
  'radio-controllers': 'Link & Controllers',
  propulsion: 'Propulsion',
  'parts-accessories': 'Parts & Accessories',
}

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value)
}

/** One entry of a product's arrays: images, descriptions, features, specifications, dimensions, shipping, downloads. */
export interface ProductItem {
  value: string
  label: string
  description: string
}

/** A price entry: value is the amount in cents, description the payment provider's price id (may be empty). */
export interface PriceItem {
  value: number
  label: string
  description: string
}

export interface ProductFields extends Partial<ProductLogistics>, Partial<ProductPlacement>, Partial<ProductWasPrice>, Partial<ProductStockKeeping> {
  /** A kit's components (docs/domain.md, Kits); left out (or empty) for anything else. */
  productKitComponents?: KitComponent[]
  productName: string
  STUPID: string
  productCategory: Category
  productImages: ProductItem[]
  productDescriptions: ProductItem[]
  productFeatures: ProductItem[]
  productSpecifications: ProductItem[]
  productDimensions: ProductItem[]
  productShipping: ProductItem[]
  productDownloads: ProductItem[]
  productPrices: PriceItem[]
}

/**
 * What shipping and stock need of a product. Optional in a document that is written (an import
 * or restore of a document from before these existed keeps the stored values or the defaults).
 */
export interface ProductLogistics {
  productWeightGrams: number
  productContainsLithium: boolean
  /** null: stock is not tracked, the product is always available. */
  productStockOnHand: number | null
  productAllowBackorder: boolean
  productBackorderLeadTime: string
  /** The reports' low-stock list (and the staff digest) show the product at this many available units or fewer. */
  productLowStockThreshold: number
}

export const DEFAULT_LOGISTICS: ProductLogistics = {
  productWeightGrams: 0,
  productContainsLithium: false,
  productStockOnHand: null,
  productAllowBackorder: false,
  productBackorderLeadTime: '',
  productLowStockThreshold: 3,
}

/**
 * Where the shop shows a product besides its own page, chosen by staff on the form. Optional in a
 * written document, like the logistics: an older one keeps the stored choices or these defaults.
 */
export interface ProductPlacement {
  /** active: in the shop; draft: only staff see it (to preview); archived: hidden, kept for the records. */
  productStatus: ProductStatus
  /** Among the home page's featured products (none chosen: the newest are shown). */
  productFeatured: boolean
  /** Ids of the products shown as "Compatible and related", in order (none: others of the same range). */
  productRelated: string[]
  /** The product page shows the use-case pictures (counting, livestock, mining, crops). */
  productUseCases: boolean
}

export const PRODUCT_STATUSES = { active: 'Active', draft: 'Draft', archived: 'Archived' } as const
export type ProductStatus = keyof typeof PRODUCT_STATUSES

export const DEFAULT_PLACEMENT: ProductPlacement = {
  productStatus: 'active',
  productFeatured: false,
  productRelated: [],
  productUseCases: false,
}

/**
 * The price a product may show struck through beside its own, "Was $X, now $Y" (docs/domain.md, Was
 * prices): allowed only at a price the product was really offered at (app/lib/was-price.ts). Optional
 * in a written document, like the logistics: an older one keeps the stored value, or none.
 */
export interface ProductWasPrice {
  /** GST-inclusive cents; null: none shown. */
  productWasPriceCents: number | null
}

export const DEFAULT_WAS_PRICE: ProductWasPrice = { productWasPriceCents: null }

/**
 * Stock keeping (docs/domain.md, Stock keeping): the shop's code for the item, its barcode (a GTIN,
 * app/lib/gtin.ts) and what one unit costs the shop. Optional in a written document, like the
 * logistics. The cost is staff's alone: the storefront's reads leave it out (`StorefrontProduct`).
 */
export interface ProductStockKeeping {
  /** Empty: none. Letters, digits and - _ . /, up to 64; one product per SKU, whatever its case. */
  productSku: string
  /** Empty: none. Digits only, kept without spaces. */
  productBarcode: string
  /** Excluding GST, in cents; null: not known. */
  productCostCents: number | null
}

export const DEFAULT_STOCK_KEEPING: ProductStockKeeping = { productSku: '', productBarcode: '', productCostCents: null }

/** A product as the storefront reads it: everything but what only staff may see. */
export type StorefrontProduct = Omit<Product, 'productCostCents'>

/** At most this many related products are chosen for one product. */
export const MAX_RELATED = 8

export interface Product
  extends
    Omit<ProductFields, keyof ProductLogistics | keyof ProductPlacement | keyof ProductWasPrice | keyof ProductStockKeeping>,
    ProductLogistics,
    ProductPlacement,
    ProductWasPrice,
    ProductStockKeeping {
  FBUID: string
  /**
   * A product with options (docs/domain.md, Variants): their names, its own values (it is its first
   * variant), and its other variants, each with its own price, stock and stock keeping. Left out for a
   * product without options.
   */
  productOptionNames?: string[]
  productOptionValues?: string[]
  productVariants?: ProductVariantDocument[]
}

/** One of a product's other variants, as the product's document carries it. */
export interface ProductVariantDocument extends ProductLogistics, ProductWasPrice, ProductStockKeeping {
  FBUID: string
  productOptionValues: string[]
  productPrices: PriceItem[]
  productImages: ProductItem[]
}

/**
 * Card text: the sixth description's text, or the first one's when a product has fewer
 * (docs/screens.md, Readings of the specification).
 */
export function cardText(product: Pick<ProductFields, 'productDescriptions'>): string {
  const items = product.productDescriptions
  return (items[5] ?? items[0])?.description ?? ''
}

/** The price shown for a product is its first price entry. */
export function shownPrice(product: Pick<ProductFields, 'productPrices'>): PriceItem | undefined {
  return product.productPrices[0]
}

/** What a product card shows, and what "Add to cart" puts in the cart: a few fields, not the whole document. */
export interface ProductCard {
  FBUID: string
  productName: string
  /** Its `productCategory`: a trade customer's percentage off is per category (app/lib/trade.ts). */
  category: string
  image: ProductItem | null
  cardText: string
  price: PriceItem | null
  /** On a trade customer's card whose price is their own: the price everyone else pays (app/lib/trade.ts). */
  normalPrice?: number
  /** The product's was price in cents, on cards of products that have one (app/lib/was-price.ts). */
  wasPrice?: number
  /** On a card of a product with options: its variants' prices differ, and `price` is the lowest ("From $…"; app/lib/variants.ts). */
  priceFrom?: boolean
  /** The product has options: its card leads to the product page to choose one rather than adding to the cart. */
  hasVariants?: boolean
  stock: StockFacts
}

/** What the storefront needs to say whether a product can be bought (app/lib/stock.ts). */
export interface StockFacts {
  /** null: not tracked. */
  available: number | null
  allowBackorder: boolean
  leadTime: string
}

export function cardOf(product: StorefrontProduct, reserved = 0): ProductCard {
  return {
    FBUID: product.FBUID,
    productName: product.productName,
    category: product.productCategory,
    image: product.productImages[0] ?? null,
    cardText: cardText(product),
    price: shownPrice(product) ?? null,
    ...(product.productWasPriceCents !== null ? { wasPrice: product.productWasPriceCents } : {}),
    stock: stockFactsOf(product, reserved),
  }
}

export function stockFactsOf(product: ProductLogistics, reserved: number): StockFacts {
  return {
    available: product.productStockOnHand === null ? null : product.productStockOnHand - reserved,
    allowBackorder: product.productAllowBackorder,
    leadTime: product.productBackorderLeadTime,
  }
}

/** Cards on one page of a category list. */
export const CATEGORY_PAGE_SIZE = 24

/**
 * The page of a category list that an address asks for (`?page=`, from 1). No page is page 1;
 * anything but a whole number from 1 to 99,999 is null (not a page). Other query parameters are ignored.
 */
export function categoryPageOf(search: URLSearchParams): number | null {
  const page = search.get('page')
  if (page === null) return 1
  return /^[1-9]\d{0,4}$/.test(page) ? Number(page) : null
}

export function productPath(id: string): string {
  return `/product/${id}`
}

export function categoryPath(category: Category): string {
  return `/products/${category}`
}
