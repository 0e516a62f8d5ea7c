import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { PriceItem, ProductItem } from '../../lib/catalog.ts'

const itemList = (name: string) => jsonb(name).$type<ProductItem[]>().notNull().default([])

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    productName: text('product_name').notNull(),
    STUPID: text('stupid').notNull(),
    productCategory: text('product_category').notNull(),
    productImages: itemList('product_images'),
    productDescriptions: itemList('product_descriptions'),
    productFeatures: itemList('product_features'),
    productSpecifications: itemList('product_specifications'),
    productDimensions: itemList('product_dimensions'),
    productShipping: itemList('product_shipping'),
    productDownloads: itemList('product_downloads'),
    productPrices: jsonb('product_prices').$type<PriceItem[]>().notNull().default([]),
    /** Raised on every write; an editor's save names the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('products_category_name_idx').on(table.productCategory, table.productName)],
)

/** One row per write of any stored document (DESIGN.md §3), written in the same transaction. */
export const history = pgTable(
  'history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    collection: text('collection').notNull(),
    documentId: text('document_id').notNull(),
    action: text('action').$type<'create' | 'set' | 'update' | 'delete'>().notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (table) => [index('history_document_idx').on(table.collection, table.documentId, table.updatedAt)],
)
