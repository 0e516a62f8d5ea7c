import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import type { PriceItem, ProductItem, ProductStatus } from '../../lib/catalog.ts'
import { user } from './auth-schema.ts'
import type { EnquiryReply, EnquiryStatus } from '../../lib/enquiries.ts'
import type { AbandonedReason } from '../../lib/orders/abandoned.ts'
import type { Fulfilment } from '../../lib/orders/fulfilment.ts'
import type { OrderStatus } from '../../lib/orders/payment-status.ts'
import type { QuoteStatus } from '../../lib/quotes.ts'
import type { Benefit, KitItem, PromotionKind } from '../../lib/promotions.ts'
import type { KitComponent, KitLineComponent, NamedKitComponent } from '../../lib/kits.ts'

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
    /** The "was" price shown struck through beside the first price, GST-inclusive cents; null: none (docs/domain.md, Was prices). */
    productWasPriceCents: integer('was_price_cents'),
    /** Shipping weight of one unit, packed (docs/domain.md, Shipping). */
    productWeightGrams: integer('weight_grams').notNull().default(0),
    /** Holds lithium batteries: road transport only, never an air or express method. */
    productContainsLithium: boolean('contains_lithium').notNull().default(false),
    /** Units on the shelf; null: stock is not tracked (always available). Sales take from it. */
    productStockOnHand: integer('stock_on_hand'),
    /** Sold on when none are available, shipping after the lead time. */
    productAllowBackorder: boolean('allow_backorder').notNull().default(false),
    /** What a backorder waits for, such as "2–3 weeks". */
    productBackorderLeadTime: text('backorder_lead_time').notNull().default(''),
    /** Units held by payments under way; not part of the product document. Available = on hand − reserved. */
    stockReserved: integer('stock_reserved').notNull().default(0),
    /** The low-stock list shows the product when its available units fall to this many or fewer. */
    productLowStockThreshold: integer('low_stock_threshold').notNull().default(3),
    /** active, draft or archived: only active products are in the shop (docs/domain.md, Catalogue pages). */
    productStatus: text('status').$type<ProductStatus>().notNull().default('active'),
    /** Shown among the home page's featured products. */
    productFeatured: boolean('featured').notNull().default(false),
    /** Ids of the "Compatible and related" products staff chose, in order (ids, not references: a deleted one drops out). */
    productRelated: text('related_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The product page shows the use-case pictures. */
    productUseCases: boolean('show_use_cases').notNull().default(false),
    /**
     * Stock keeping (docs/domain.md, Stock keeping): the shop's own code for the item, its barcode (a
     * GTIN whose check digit is right; app/lib/gtin.ts), both empty when none and each used by one
     * product at most; and what one unit costs the shop, excluding GST, in cents (staff only: never in
     * a storefront page), null when not known.
     */
    productSku: text('sku').notNull().default(''),
    productBarcode: text('barcode').notNull().default(''),
    productCostCents: integer('cost_cents'),
    /**
     * Variants (docs/domain.md, Variants; decision 054). A product is its own first variant: the
     * price, stock, SKU, barcode, cost, weight and image above are that variant's. Its other
     * variants are rows of their own under it (`parent_id`), each with its own of those fields, and
     * their name, category, Stripe product id and status follow the product's (a trigger keeps them).
     * `option_names`: the product's options ("Capacity"), up to three; `option_values`: this
     * variant's value of each, in the same order (empty for a product without options).
     */
    parentId: text('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    optionNames: text('option_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    optionValues: text('option_values')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * A kit's components (docs/domain.md, Kits): other products or variants, each in a quantity. A kit
     * keeps no stock of its own (`stock_on_hand` null); empty for anything else.
     */
    productKitComponents: jsonb('kit_components').$type<KitComponent[]>().notNull().default([]),
    /** Where a variant comes among its product's (the product itself is always first). */
    variantPosition: integer('variant_position').notNull().default(0),
    /** Raised on every write; an editor's save names the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('products_category_name_idx').on(table.productCategory, table.productName),
    index('products_parent_idx').on(table.parentId, table.variantPosition),
    check('products_at_most_three_options', sql`cardinality(${table.optionNames}) <= 3 and cardinality(${table.optionValues}) <= 3`),
    // A variant is one level deep: it has no options of its own, only values.
    check('products_variant_has_no_options', sql`${table.parentId} is null or cardinality(${table.optionNames}) = 0`),
    // One product per SKU and per barcode (empty: none).
    uniqueIndex('products_sku_idx')
      .on(sql`lower(${table.productSku})`)
      .where(sql`${table.productSku} <> ''`),
    uniqueIndex('products_barcode_idx')
      .on(table.productBarcode)
      .where(sql`${table.productBarcode} <> ''`),
  ],
)

/** One row per write of any stored document (docs/domain.md, History), written in the same transaction. */
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
  (table) => [
    index('history_document_idx').on(table.collection, table.documentId, table.updatedAt),
    // The newest write of a collection, e.g. to know whether cached catalogue pages are current.
    index('history_collection_id_idx').on(table.collection, table.id),
  ],
)

/** Every e-mail the shop sends passes through here: queued for SMTP, or kept as the outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers the message carries (List-Unsubscribe and List-Unsubscribe-Post on a reminder). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** `queued` waits for SMTP; `sent` was accepted by it; `kept` stays in the outbox (no SMTP configured). */
    status: text('status').$type<'queued' | 'sent' | 'kept'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('outbox_due_idx').on(table.status, table.nextAttemptAt), index('outbox_created_idx').on(table.createdAt)],
)

/** A profile (docs/specification.md, Profile): one per account, its id (FBUID) is the account's id. */
export const profiles = pgTable('profiles', {
  id: text('id').primaryKey(),
  profileNameGiven: text('profile_name_given').notNull().default(''),
  profileNameFamily: text('profile_name_family').notNull().default(''),
  profileNameOther: text('profile_name_other').notNull().default(''),
  profileImage: text('profile_image').notNull(),
  profileEmail: text('profile_email').notNull(),
  profileMobile: text('profile_mobile').notNull().default(''),
  profileAddress: text('profile_address').notNull().default(''),
  profileDateOfBirth: text('profile_date_of_birth').notNull().default(''),
  profileClinicName: text('profile_clinic_name').notNull().default(''),
  profileDiscipline: jsonb('profile_discipline').$type<string[]>().notNull().default([]),
  profileTypeTherapist: boolean('profile_type_therapist').notNull().default(false),
  profileTypeClient: boolean('profile_type_client').notNull().default(false),
  /** Staff only: e-mail me each new paid order (on unless turned off), and a daily digest of low stock. */
  notifyNewOrders: boolean('notify_new_orders').notNull().default(true),
  notifyLowStock: boolean('notify_low_stock').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})
export * from './auth-schema.ts'

/** An order: created pending before payment; its payment state moved only by applyPaymentEvent. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /**
     * `pending`: a payment page is open; `awaiting-payment`: placed to be paid by bank transfer;
     * `invoiced`: placed on a trade customer's account, its tax invoice issued and its payment due
     * later (docs/domain.md, Trade accounts); `paid`; `failed` or `expired`: a payment attempt that
     * ended without money (an abandoned checkout); `cancelled`: a bank-transfer order not paid in
     * time, or cancelled by staff before any money came (app/lib/orders/payment-status.ts).
     */
    status: text('status').$type<OrderStatus>().notNull(),
    /**
     * Why a failed or expired order's payment attempt ended (declined, cancelled, expired, the page did
     * not open): such an order is an abandoned checkout (app/lib/orders/abandoned.ts). Null otherwise.
     */
    abandonedReason: text('abandoned_reason').$type<AbandonedReason>(),
    email: text('email'),
    userId: text('user_id'),
    /** Who receives the order (the delivery step); empty for orders placed before it existed. */
    customerName: text('customer_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    abn: text('abn').notNull().default(''),
    /** The shipping method as chosen (snapshot: renaming or repricing a method changes no order). */
    shippingMethodId: text('shipping_method_id').notNull().default(''),
    shippingMethodName: text('shipping_method_name').notNull().default(''),
    /** Click & Collect: no delivery address; the pickup address is a snapshot too. */
    collect: boolean('collect').notNull().default(false),
    pickupAddress: text('pickup_address').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    suburb: text('suburb').notNull().default(''),
    state: text('state').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    /** Shipping charged, GST inclusive, after any free-shipping discount; part of total_cents. */
    shippingCents: integer('shipping_cents').notNull().default(0),
    /**
     * What promotions took off, GST inclusive (docs/domain.md, Promotions): in all (lines and shipping),
     * and the shipping's part. Each discount is an order_discounts row; each line keeps its own part.
     */
    discountCents: integer('discount_cents').notNull().default(0),
    shippingDiscountCents: integer('shipping_discount_cents').notNull().default(0),
    /** `reserved` while a payment is under way, `sold` once paid, `released` when it failed or expired. */
    stockState: text('stock_state').$type<'none' | 'reserved' | 'sold' | 'released'>().notNull().default('none'),
    /** A pending order's reservation lapses at this time if no payment settled it. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true, precision: 3 }),
    /** The checkout (delivery step) this order was started from. */
    checkoutId: text('checkout_id'),
    /** Where a paid order is: packed, shipped, delivered; or ready for pickup, collected (app/lib/orders/fulfilment.ts). */
    fulfilment: text('fulfilment').$type<Fulfilment>().notNull().default('unfulfilled'),
    /** How it was shipped: a carrier id of app/lib/orders/fulfilment.ts and its tracking number. */
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** When the customer had the goods (delivered or collected): a change-of-mind return counts from it. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true, precision: 3 }),
    /** Money given back so far (refunds that succeeded or are under way), GST inclusive, and its GST. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedGstCents: integer('refunded_gst_cents').notNull().default(0),
    /** The part of refunded_cents that was the shipping charge. */
    shippingRefundedCents: integer('shipping_refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('aud'),
    totalCents: integer('total_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    /**
     * Who takes the money: the payment page's provider, `bank-transfer` or `account` (a trade
     * customer's invoice): for those two, staff record what arrives.
     */
    provider: text('provider').$type<'demo' | 'stripe' | 'bank-transfer' | 'account'>().notNull(),
    /** Money staff recorded as received so far (order_payments), GST inclusive; paid in full at total_cents. */
    receivedCents: integer('received_cents').notNull().default(0),
    /** The buyer's purchase order number, printed on the tax invoice and packing slip; empty when none. */
    purchaseOrder: text('purchase_order').notNull().default(''),
    /** A bank-transfer order's payment reminder went at this time (one per order). */
    paymentReminderSentAt: timestamp('payment_reminder_sent_at', { withTimezone: true, precision: 3 }),
    /** The quote this order was placed from (its prices); null for orders from the cart. */
    quoteId: text('quote_id'),
    /** The provider's checkout session id (Stripe `cs_…`, or the demo page's token). */
    providerSessionId: text('provider_session_id').unique(),
    /** The provider's payment reference once paid (Stripe payment intent `pi_…`). */
    paymentReference: text('payment_reference'),
    /**
     * The secret of the order's status page, `/track-order/<token>` (docs/domain.md, Orders): given in
     * every e-mail about the order, it lasts until staff revoke it (a new token replaces it).
     */
    statusToken: text('status_token').unique(),
    /**
     * A reminder about the checkout this order came from was sent at this time, before it was paid: a
     * sale the reminder recovered (set by applyPaymentEvent as the checkout is closed). Null otherwise.
     */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, precision: 3 }),
    /**
     * When the buyer first came back from the provider's payment page (its success address) while the
     * order was still pending: the provider sends them there after paying, so an order pending long
     * after it is one whose payment event (webhook) has not arrived (staff's dashboard says so).
     */
    buyerReturnedAt: timestamp('buyer_returned_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true, precision: 3 }),
    /**
     * An order placed on account: when its tax invoice was issued (the order was placed), the date the
     * invoice carries and the day reports count the sale on; null for orders paid before their invoice.
     */
    invoicedAt: timestamp('invoiced_at', { withTimezone: true, precision: 3 }),
    /** An order placed on account is due to be paid by then: its invoice's time plus the account's payment days. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('orders_created_idx').on(table.createdAt),
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_reserved_until_idx').on(table.stockState, table.reservedUntil),
    index('orders_checkout_idx').on(table.checkoutId),
    index('orders_fulfilment_idx').on(table.status, table.fulfilment, table.createdAt),
    index('orders_paid_idx').on(table.status, table.paidAt),
    // Reports count a sale on its tax invoice's day: the invoice's for an order on account, the payment's otherwise.
    index('orders_sale_day_idx').on(sql`coalesce(${table.invoicedAt}, ${table.paidAt})`),
    // Guest orders by e-mail: those that join an account whose address is verified, and a customer's totals.
    index('orders_guest_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.userId} is null`),
    // Never more given back than was taken (added NOT VALID: rows written before are left as they are).
    check(
      'orders_refunded_within_total',
      sql`${table.refundedCents} BETWEEN 0 AND ${table.totalCents} AND ${table.shippingRefundedCents} BETWEEN 0 AND ${table.shippingCents}`,
    ),
    // Never more recorded as received by transfer than the order's total.
    check('orders_received_within_total', sql`${table.receivedCents} BETWEEN 0 AND ${table.totalCents}`),
  ],
)

/** A snapshot of each line as sold: deleting or repricing a product never changes a past order. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    /** The provider's price id used for this line, if the product had one. */
    priceId: text('price_id').notNull().default(''),
    /** The unit's price before any discount (a trade customer's own price, where they have one). */
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** What the line costs: units × unit price less its discount; its GST is one eleventh of it. */
    lineTotalCents: integer('line_total_cents').notNull(),
    /** The line's part of the order's discounts (app/lib/promotions.ts, apportion). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The product's SKU when it was sold (empty: none). */
    sku: text('sku').notNull().default(''),
    /** What one unit cost the shop when it was sold, excluding GST (the reports' margin); null: not known. */
    unitCostCents: integer('unit_cost_cents'),
    gstCents: integer('gst_cents').notNull(),
    /** Units this line holds in the product's `stock_reserved` (none when its stock was not tracked). */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    /** A kit's line: its components as sold, with the units of each held for the line (empty for anything else). */
    kitComponents: jsonb('kit_components').$type<KitLineComponent[]>().notNull().default([]),
    /** Units of this line refunded so far (a line is refunded at most its quantity). */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check('order_lines_refunded_within_line', sql`${table.refundedQuantity} BETWEEN 0 AND ${table.quantity}`),
  ],
)

/**
 * Discount codes and offers (docs/domain.md, Promotions; app/lib/promotions.ts). Never deleted once
 * used: staff pause one instead, so every order keeps the promotion it names.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    /** A code's text, upper-cased; null for an offer. */
    code: text('code').unique(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    benefit: text('benefit').$type<Benefit>().notNull(),
    /** Hundredths of a percent (1500 is 15 %). */
    percentBp: integer('percent_bp'),
    amountCents: integer('amount_cents'),
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    kit: jsonb('kit').$type<KitItem[]>().notNull().default([]),
    shippingMethodId: text('shipping_method_id'),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    /** Brisbane midnights: the first day's, and the one after the last day (exclusive). */
    startsAt: timestamp('starts_at', { withTimezone: true, precision: 3 }),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    combinesWithOffers: boolean('combines_with_offers').notNull().default(false),
    /** Raised on every write; a staff save names the version it started from (decision 010). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('promotions_kind_idx').on(table.kind, table.active),
    check('promotions_code_kind', sql`(${table.kind} = 'code') = (${table.code} IS NOT NULL)`),
    check(
      'promotions_benefit',
      sql`(${table.benefit} = 'percent' AND ${table.percentBp} BETWEEN 1 AND 10000) OR (${table.benefit} = 'amount' AND ${table.amountCents} > 0) OR ${table.benefit} = 'free-shipping'`,
    ),
  ],
)

/**
 * The discounts on an order, as it was placed: which promotion, the words shown, and what it took
 * off (its shipping part too). A code's uses are its rows on orders still live (app/server/promotions).
 */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    promotionId: text('promotion_id')
      .notNull()
      .references(() => promotions.id),
    kind: text('kind').$type<PromotionKind>().notNull(),
    code: text('code'),
    label: text('label').notNull(),
    amountCents: integer('amount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.position] }), index('order_discounts_promotion_idx').on(table.promotionId)],
)

/**
 * Money received on an order paid by bank transfer or placed on account, as staff record it from the
 * bank statement (docs/domain.md, Bank transfer and Trade accounts). One row per payment; the request
 * key (one per form shown) makes a double click one row.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** The day the money arrived, as the bank statement says (YYYY-MM-DD). */
    receivedOn: text('received_on').notNull(),
    /** The bank's reference or the payer's description, as staff copied it. */
    reference: text('reference').notNull().default(''),
    requestKey: text('request_key').notNull().unique(),
    recordedBy: text('recorded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('order_payments_order_idx').on(table.orderId), check('order_payments_amount_positive', sql`${table.amountCents} > 0`)],
)

/**
 * A quote (docs/domain.md, Quotes): asked for from the cart or started by staff, priced and sent by
 * staff, accepted once by the buyer through its link (`/quote/<token>`), making one order at its prices.
 */
export const quotes = pgTable(
  'quotes',
  {
    /** Q- and eight characters without look-alikes, as order numbers are. */
    id: text('id').primaryKey(),
    status: text('status').$type<QuoteStatus>().notNull(),
    /** The secret of the buyer's quote page (24 random bytes). */
    token: text('token').notNull().unique(),
    company: text('company').notNull().default(''),
    abn: text('abn').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** Where the goods go, as far as freight needs it (the address is asked for on acceptance). */
    state: text('state').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    /** What the buyer wrote with the request. */
    notes: text('notes').notNull().default(''),
    /** Staff's message to the buyer, printed on the quote. */
    message: text('message').notNull().default(''),
    /** Freight, GST inclusive: a taxable line of its own. */
    freightCents: integer('freight_cents').notNull().default(0),
    validityDays: integer('validity_days').notNull().default(30),
    /** Set when sent: sent_at + validity_days; the quote cannot be accepted from then on. */
    validUntil: timestamp('valid_until', { withTimezone: true, precision: 3 }),
    userId: text('user_id'),
    orderId: text('order_id'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('quotes_created_idx').on(table.createdAt), uniqueIndex('quotes_order_idx').on(table.orderId)],
)

/** A quote's lines: the product, its catalogue price when quoted, the price offered and why it is lower. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    listPriceCents: integer('list_price_cents').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Why the price is below the catalogue's (kept, required when it is). */
    priceReason: text('price_reason').notNull().default(''),
    /** A kit's line: its contents as quoted, named as then (empty for anything else); accepting holds these. */
    kitComponents: jsonb('kit_components').$type<NamedKitComponent[]>().notNull().default([]),
  },
  (table) => [
    primaryKey({ columns: [table.quoteId, table.position] }),
    check('quote_lines_positive', sql`${table.quantity} > 0 AND ${table.unitPriceCents} >= 0`),
  ],
)

/**
 * A customer account staff approved as trade (docs/domain.md, Trade accounts): the business, and the
 * terms of paying on account, if any (both or neither). Its prices are in trade_prices. Ending it
 * deletes the row (its history keeps every version); orders placed on account stay owing.
 */
export const tradeAccounts = pgTable(
  'trade_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    /** 11 digits without spaces, checked by its checksum (app/lib/abn.ts). */
    abn: text('abn').notNull(),
    /** Days from the invoice to pay an order placed on account; null: no terms (card or bank transfer only). */
    paymentDays: integer('payment_days'),
    /** What may be owing on account at once, GST inclusive, in cents; set with the payment days. */
    creditLimitCents: integer('credit_limit_cents'),
    /** Raised on every write; a staff save names the version it started from (decision 010). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'trade_accounts_terms',
      sql`(${table.paymentDays} IS NULL AND ${table.creditLimitCents} IS NULL) OR (${table.paymentDays} BETWEEN 1 AND 120 AND ${table.creditLimitCents} >= 0)`,
    ),
  ],
)

/**
 * A trade account's price list: a percentage off every product of a category, or a product's fixed
 * GST-inclusive price, which wins over its category's percentage (app/lib/trade.ts).
 */
export const tradePrices = pgTable(
  'trade_prices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => tradeAccounts.userId, { onDelete: 'cascade' }),
    kind: text('kind').$type<'category' | 'product'>().notNull(),
    /** The category (`products.product_category`) or the product's id (moved with the product when it is renamed). */
    target: text('target').notNull(),
    /** A category's percentage off, in hundredths of a percent (1000 is 10 %). */
    percentOffBasisPoints: integer('percent_off_bp'),
    /** A product's fixed price, GST inclusive, in cents. */
    priceCents: integer('price_cents'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.target] }),
    index('trade_prices_target_idx').on(table.kind, table.target),
    check(
      'trade_prices_one_rule',
      sql`(${table.kind} = 'category' AND ${table.percentOffBasisPoints} BETWEEN 1 AND 9999 AND ${table.priceCents} IS NULL) OR (${table.kind} = 'product' AND ${table.priceCents} > 0 AND ${table.percentOffBasisPoints} IS NULL)`,
    ),
  ],
)

/** Payment events already applied, so a replayed or duplicated event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/** Where a renamed product's old id now leads (its old URL answers 301). */
export const productRedirects = pgTable('product_redirects', {
  fromId: text('from_id').primaryKey(),
  toId: text('to_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/** A template (docs/specification.md, Template): the scaffold record with its own screens. */
export const templates = pgTable('templates', {
  id: text('id').primaryKey(),
  templateName: text('template_name').notNull(),
  templateImage: text('template_image').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/** A contact enquiry (docs/specification.md, Contact enquiry; docs/domain.md, Enquiries). */
export const contacts = pgTable(
  'contacts',
  {
    id: text('id').primaryKey(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    contactCompany: text('contact_company').notNull().default(''),
    contactMessage: text('contact_message').notNull(),
    /** new, answered (a reply was sent from the screen) or closed. */
    status: text('status').$type<EnquiryStatus>().notNull().default('new'),
    /** The replies staff sent from the enquiry's screen, oldest first. */
    replies: jsonb('replies').$type<EnquiryReply[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('contacts_created_idx').on(table.createdAt)],
)

/** Fixed-window counters for rate limits that hold across processes (one row per key). */
export const requestLimits = pgTable('request_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, precision: 3 }).notNull(),
  count: integer('count').notNull(),
})

/** How orders travel, as staff set them up (prices GST inclusive, in cents). */
export const shippingMethods = pgTable('shipping_methods', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<'delivery' | 'collect'>().notNull(),
  priceCents: integer('price_cents').notNull(),
  freeOverCents: integer('free_over_cents'),
  weightBands: jsonb('weight_bands').$type<{ upToGrams: number; priceCents: number }[]>().notNull().default([]),
  deliveryTime: text('delivery_time').notNull().default(''),
  carriesLithium: boolean('carries_lithium').notNull().default(true),
  /** Click & Collect: where and when orders are picked up. */
  pickupAddress: text('pickup_address').notNull().default(''),
  pickupHours: text('pickup_hours').notNull().default(''),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/** A shopper's way through checkout, found by a cookie: the cart as sent, and the details typed so far. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    items: jsonb('items').$type<{ FBUID: string; productCount: number; shownUnitPrice?: number }[]>().notNull(),
    details: jsonb('details').$type<Record<string, string | boolean>>(),
    userId: text('user_id'),
    /** The discount code the shopper entered (upper-cased); it is checked again each time the cart is priced. */
    discountCode: text('discount_code'),
    /** Set while a payment page is being opened for this checkout, so that a double click opens one. */
    payingUntil: timestamp('paying_until', { withTimezone: true, precision: 3 }),
    /**
     * The shopper ticked "E-mail me about this cart and offers" on the delivery step: when, and for
     * which address (the e-mail typed there). Null when never given or withdrawn (docs/domain.md,
     * Abandoned checkout reminders).
     */
    reminderConsentAt: timestamp('reminder_consent_at', { withTimezone: true, precision: 3 }),
    reminderEmail: text('reminder_email'),
    /** When its one reminder was claimed and queued; never cleared, so there is never a second. */
    remindedAt: timestamp('reminded_at', { withTimezone: true, precision: 3 }),
    /** SHA-256 of the secret of the reminder's link back to this checkout (`/checkout/resume/<token>`). */
    resumeTokenHash: text('resume_token_hash').unique(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('checkouts_updated_idx').on(table.updatedAt),
    // The reminder sweep's candidates: consent given, no reminder yet.
    index('checkouts_reminder_due_idx')
      .on(table.updatedAt)
      .where(sql`${table.reminderConsentAt} is not null and ${table.remindedAt} is null`),
  ],
)

/**
 * Addresses that unsubscribed from reminders and offers (kept lower-cased): never e-mailed about a
 * cart or an offer again. Written once per address, whatever the number of clicks.
 */
export const mailSuppressions = pgTable('mail_suppressions', {
  email: text('email').primaryKey(),
  /** `page`: the button of the unsubscribe page; `one-click`: a mail client's own button (RFC 8058). */
  source: text('source').$type<'page' | 'one-click'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/**
 * The secrets of the unsubscribe links e-mailed (`/unsubscribe/<token>`), as SHA-256 hashes, each
 * with the address it unsubscribes. Kept after the checkout is gone: an unsubscribe link keeps working.
 */
export const unsubscribeLinks = pgTable('unsubscribe_links', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/** A signed-in customer's delivery addresses; one may be the default the delivery step fills in. */
export const addresses = pgTable(
  'addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    abn: text('abn').notNull().default(''),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    suburb: text('suburb').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('addresses_user_idx').on(table.userId, table.createdAt)],
)

/** Small facts about the shop's own data, such as which demo data an embedded shop has been given. */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
})

/** One line of a refund or a return: an order line (by position) and how many of its units. */
export interface RefundLine {
  position: number
  productId: string
  productName: string
  quantity: number
  /** What these units cost the customer, GST inclusive. */
  amountCents: number
}

/**
 * Money given back on an order (docs/domain.md, Refunds). Written `pending` under the order's lock
 * before the provider is asked, so a second click or a second member of staff sees it and cannot
 * refund the same money again; `succeeded` once the provider took it, `failed` if it refused. Its id
 * is also the number of its adjustment note.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The form's one-time key (or the provider's refund id): the same request twice is one refund. */
    requestKey: text('request_key').notNull().unique(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    lines: jsonb('lines').$type<RefundLine[]>().notNull().default([]),
    restock: boolean('restock').notNull().default(false),
    reason: text('reason').notNull().default(''),
    /** staff (the order screen), cancel, return, or provider (made in the provider's dashboard). */
    source: text('source').$type<'staff' | 'cancel' | 'return' | 'provider'>().notNull(),
    returnId: text('return_id'),
    providerRefundId: text('provider_refund_id').unique(),
    failure: text('failure').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId),
    index('refunds_settled_idx').on(table.status, table.settledAt),
    // A return is refunded once: at most one refund of it that is pending or made.
    uniqueIndex('refunds_return_once')
      .on(table.returnId)
      .where(sql`${table.returnId} is not null and ${table.status} <> 'failed'`),
  ],
)

export type ReturnStatus = 'requested' | 'approved' | 'declined' | 'received' | 'refunded'
export type ReturnReason = 'change-of-mind' | 'faulty' | 'not-as-described'

/** A customer's request to send goods back, and where staff have taken it (docs/domain.md, Returns). */
export const returns = pgTable(
  'returns',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReturnStatus>().notNull(),
    reason: text('reason').$type<ReturnReason>().notNull(),
    details: text('details').notNull().default(''),
    lines: jsonb('lines').$type<RefundLine[]>().notNull().default([]),
    /** Why staff declined it, as the customer is told. */
    declineReason: text('decline_reason').notNull().default(''),
    refundId: text('refund_id'),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('returns_order_idx').on(table.orderId), index('returns_status_idx').on(table.status, table.createdAt)],
)

/**
 * An invitation to join the staff, sent by e-mail from the staff screen (docs/domain.md, Staff
 * accounts). Only a hash of the link's token is kept; an invitation is accepted once, by the account
 * of the invited address after it has set its password and enrolled its second factor.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
    acceptedBy: text('accepted_by'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('staff_invites_email_idx').on(table.email, table.createdAt)],
)

export type JobStatus = 'running' | 'done' | 'failed'

/**
 * A long action (an import's check or write) that runs after the request that started it, so the
 * staff member can leave its screen and come back (docs/domain.md, Long actions). Its progress is
 * kept here, so any process of the shop can show it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** What it is, as the screen names it ("Dry run of products.json into products"). */
    label: text('label').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('running'),
    /** Documents handled so far. */
    done: integer('done').notNull().default(0),
    /** How far through, 0 to 1 (bytes of the file read, for an import). */
    fraction: doublePrecision('fraction').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    startedBy: text('started_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Moves with each step: a running job that stopped moving was cut off (the process ended). */
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('jobs_kind_idx').on(table.kind, table.createdAt)],
)

/**
 * The file a job made (an export), in parts of about a megabyte so that neither writing nor
 * downloading it holds the whole file at once. Kept in the database so that any process can serve
 * it; forgotten with its job.
 */
export const jobFiles = pgTable(
  'job_files',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    text: text('text').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.part] })],
)

/** Binary data: node-postgres answers a Buffer, PGlite a Uint8Array; the shop always gets a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * An uploaded image (app/server/images): its size upright and a blurred placeholder. Its files are
 * in `media_variants`, in the database, so that any number of shop processes on one PostgreSQL serve
 * them without a shared disk.
 */
export const media = pgTable('media', {
  id: text('id').primaryKey(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** A data: URL of about 24 pixels wide. */
  placeholder: text('placeholder').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/** One file of an image: a format at a width. Never changed once written (its address is cached for good). */
export const mediaVariants = pgTable(
  'media_variants',
  {
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.mediaId, table.format, table.width] })],
)

/**
 * A file of `DATA_DIR/uploads` (the shop's first way of keeping uploads) that was moved into the
 * image store at start-up: its old address answers with a permanent redirect to the image, so
 * pages, e-mails and history that name it keep working. A file is moved once: its row says so.
 */
export const legacyUploads = pgTable('legacy_uploads', {
  /** The file's name under /uploads/, such as `3f…9a.jpg`. */
  name: text('name').primaryKey(),
  mediaId: text('media_id')
    .notNull()
    .references(() => media.id, { onDelete: 'cascade' }),
  movedAt: timestamp('moved_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
})

/**
 * "E-mail me when it is back" on a sold-out product (docs/domain.md, Back-in-stock alerts): one
 * address waiting for one product. Personal data kept for this alert only, so no history row; each
 * row is deleted once it is done with (timed work: stock-alerts.server.ts, forgetStockAlerts).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: text('id').primaryKey(),
    /**
     * The product's id, or its variant's (a variant is a product row of its own; decision 054). Not a
     * reference: a renamed product moves its alerts with it, as trade prices do.
     */
    productId: text('product_id').notNull(),
    /** Lower-cased, as typed otherwise. */
    email: text('email').notNull(),
    /** SHA-256 of the confirmation link's secret; the one sent again on a repeated request, if any. */
    confirmTokenHash: text('confirm_token_hash').notNull().unique(),
    resentTokenHash: text('resent_token_hash').unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, precision: 3 }),
    /** When its one e-mail was claimed and queued; never cleared, so there is never a second. */
    notifiedAt: timestamp('notified_at', { withTimezone: true, precision: 3 }),
    /** SHA-256 of the secret of the unsubscribe link in that e-mail. */
    unsubscribeTokenHash: text('unsubscribe_token_hash').unique(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // One live alert per address and product (or variant): asking again finds it rather than adding one.
    uniqueIndex('stock_alerts_live_idx')
      .on(table.productId, table.email)
      .where(sql`${table.notifiedAt} is null and ${table.unsubscribedAt} is null`),
    // The sweep's candidates: confirmed, still waiting.
    index('stock_alerts_waiting_idx')
      .on(table.productId)
      .where(sql`${table.confirmedAt} is not null and ${table.notifiedAt} is null and ${table.unsubscribedAt} is null`),
  ],
)
