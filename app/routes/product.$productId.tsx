import { data, Link, redirect, useRouteLoaderData } from 'react-router'
import { AddToCartForm } from '../components/shop/add-to-bag'
import { ImageCarousel } from '../components/shop/image-carousel'
import { ProductCard } from '../components/shop/product-card'
import { ClosingStatement, SupportBlurb, UseCases } from '../components/shop/product-extras'
import { LabelList, Panel } from '../components/ui/panel'
import {
  cardOf,
  CATEGORY_LABELS,
  categoryPath,
  isCategory,
  PRODUCT_STATUSES,
  productPath,
  shownPrice,
  type Product,
  type StorefrontProduct,
  type StockFacts,
  type ProductCard as Card,
} from '../lib/catalog'
import { centsToDecimal } from '../lib/money'
import { quoteShipping, shippingEstimate } from '../lib/delivery/shipping'
import { breadcrumbJsonLd, pageMeta, shopNameFrom, type Crumb } from '../lib/seo'
import { Breadcrumbs } from '../components/shop/breadcrumbs'
import { availableNow, schemaAvailability } from '../lib/stock'
import { PAY_LATER_MESSAGE, showsPayLater } from '../lib/pay-later'
import { shownWasPrice } from '../lib/was-price'
import { StockNote } from '../components/shop/stock-note'
import { StockAlertForm } from '../components/shop/stock-alert-form'
import { offersStockAlert } from '../lib/stock-alerts'
import { DeliveryTimes } from '../components/shop/delivery-times'
import { methodChoices } from '../server/checkout/delivery-step.server'
import { imagePlaceholders } from '../server/images/media.server'
import { resolveProductRedirect } from '../server/catalog/product-changes.server'
import { shop } from '../server/context.server'
import { publicOrigin } from '../server/public-origin.server'
import { getSessionUser, staffSecondFactorStep } from '../server/auth/session.server'
import { variantParent } from '../server/catalog/products.server'
import { chosenVariant, VARIANT_PARAM, variantName, type ShownVariant } from '../lib/variants'
import { VariantPicker } from '../components/shop/variant-picker'

/** A variant's page: its product's, with the variant named. */
const variantPath = (productId: string, variantId: string) => `${productPath(productId)}?${new URLSearchParams({ [VARIANT_PARAM]: variantId })}`

/**
 * The product as one of its variants shows it: that variant's price, was price, stock, SKU, barcode,
 * weight and lithium flag, and its own picture first (the product's pictures after).
 */
function asVariant(product: StorefrontProduct, variant: ShownVariant) {
  const images = variant.image ? [variant.image, ...product.productImages.filter((image) => image.value !== variant.image!.value)] : product.productImages
  return {
    product: {
      ...product,
      productPrices: variant.price ? [variant.price] : [],
      productWasPriceCents: variant.wasPriceCents,
      productSku: variant.sku,
      productBarcode: variant.barcode,
      productWeightGrams: variant.weightGrams,
      productContainsLithium: variant.containsLithium,
      productImages: images,
    },
    stock: variant.stock,
  }
}

async function canPreview(context: Route.LoaderArgs['context'], request: Request): Promise<boolean> {
  const user = await getSessionUser(context, request)
  return user?.role === 'staff' && !staffSecondFactorStep(user, shop(context).config.STAFF_TWO_FACTOR)
}
import type { Route } from './+types/product.$productId'
import { visitorPriceList } from '../server/trade/trade-prices.server'
import { tradeCards, tradeUnitPrice } from '../lib/trade'
import { PriceTag } from '../components/shop/price-tag'
import { LinkButton } from '../components/ui/button'

/** Home / Products / the product's range / the product (a product filed under no known range skips the range). */
function crumbsOf(product: Pick<Product, 'FBUID' | 'productName' | 'productCategory'>): Crumb[] {
  const category = isCategory(product.productCategory) ? product.productCategory : null
  return [
    { label: 'Home', path: '/' },
    { label: 'Products', path: '/products' },
    ...(category ? [{ label: CATEGORY_LABELS[category], path: categoryPath(category) }] : []),
    { label: product.productName, path: productPath(product.FBUID) },
  ]
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, catalog } = shop(context)
  const shown = await catalog.product(params.productId)
  if (!shown) {
    // A variant's own id leads to its product's page showing it; a renamed product's old address to its new one, for good.
    const variantOf = await variantParent(db, params.productId)
    if (variantOf) throw redirect(variantPath(variantOf, params.productId), 301)
    const movedTo = await resolveProductRedirect(db, params.productId)
    if (movedTo) throw redirect(productPath(movedTo), 301)
    throw data(null, { status: 404 })
  }
  // The variant shown: the one the address names (each has its own, canonical to the product's), else the first that can be bought.
  const asked = new URL(request.url).searchParams.get(VARIANT_PARAM)
  const variant = chosenVariant(shown.variants, asked)
  if (asked !== null && variant?.id !== asked) throw redirect(productPath(shown.product.FBUID))
  const { product, stock } = variant ? asVariant(shown.product, variant) : shown
  // A draft or archived product is not in the shop: staff (past their second factor) see it as a
  // visitor would once it is active; everyone else is told it does not exist.
  if (product.productStatus !== 'active' && !(await canPreview(context, request))) throw data(null, { status: 404 })
  const [methods, neighbours, placeholders, payLaterSetting, prices] = await Promise.all([
    catalog.shippingMethods(),
    catalog.productNeighbours(product.FBUID),
    imagePlaceholders(
      db,
      product.productImages.map((image) => image.value),
    ),
    catalog.payLater(),
    visitorPriceList(context, request),
  ])
  // What this visitor pays: a trade customer's own price, else the normal one (the JSON-LD offer stays the public price).
  const normal = shownPrice(product)
  const price = normal ? tradeUnitPrice(normal.value, { id: variant?.id ?? product.FBUID, category: product.productCategory }, prices) : null
  // One of this product, as a cart of its own: the cheapest way it can travel, and every method with its own delivery time.
  const alone = { subtotalCents: price?.cents ?? 0, weightGrams: product.productWeightGrams, hasLithium: product.productContainsLithium }
  const delivery = shippingEstimate(methods, alone)
  const deliveryChoices = methodChoices(methods.map((method) => ({ method, quote: quoteShipping(method, alone) })))
  // Kept in the page cache like the rest of the page: staff's setting, the price and the stock decide
  // it, never the visitor, and saving the setting retires the kept pages (pay-later.server.ts). A trade
  // customer buys as a business, which Afterpay and Zip do not serve: never for them.
  const payLater =
    prices === null &&
    showsPayLater(payLaterSetting, shop(context).config.PAYMENT_PROVIDER, { amountCents: alone.subtotalCents, availableNow: availableNow(stock) })
  return {
    product,
    price,
    stock,
    optionNames: shown.optionNames,
    variants: shown.variants,
    kit: shown.kit,
    variantId: variant?.id ?? null,
    placeholders,
    delivery,
    deliveryChoices,
    payLater,
    origin: publicOrigin(shop(context).config, request),
    related: tradeCards(neighbours.related, prices),
    alsoBought: tradeCards(neighbours.alsoBought, prices),
  }
}

/** A schema.org Offer of one product or variant at `url`, with its was price struck through (schema.org/StrikethroughPrice). */
function offerLd(url: string, priceCents: number | undefined, wasPriceCents: number | null, stock: StockFacts) {
  if (priceCents === undefined) return {}
  const was = shownWasPrice(wasPriceCents, priceCents)
  return {
    offers: {
      '@type': 'Offer',
      url,
      price: centsToDecimal(priceCents),
      priceCurrency: 'AUD',
      ...(was !== null
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: centsToDecimal(was),
              priceCurrency: 'AUD',
            },
          }
        : {}),
      availability: schemaAvailability(stock),
    },
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return []
  const { product, stock, origin, optionNames, variants } = loaderData
  const url = `${origin}${productPath(product.FBUID)}`
  const summary = product.productDescriptions[0]?.description ?? product.productName
  const brand = { '@type': 'Brand', name: shopNameFrom(matches) }
  const image = product.productImages.map((image) => `${origin}${image.value}`)
  // A product with options is a ProductGroup of its variants, each a Product with its own SKU, barcode, address and offer.
  const ld =
    variants.length > 0
      ? {
          '@type': 'ProductGroup',
          name: product.productName,
          productGroupID: product.FBUID,
          variesBy: optionNames,
          description: summary,
          image,
          brand,
          hasVariant: variants.map((variant) => {
            const variantUrl = `${origin}${variantPath(product.FBUID, variant.id)}`
            return {
              '@type': 'Product',
              name: variantName(product.productName, variant.optionValues),
              sku: variant.sku || variant.id,
              ...(variant.barcode ? { gtin: variant.barcode } : {}),
              url: variantUrl,
              ...(variant.image ? { image: `${origin}${variant.image.value}` } : {}),
              ...offerLd(variantUrl, variant.price?.value, variant.wasPriceCents, variant.stock),
            }
          }),
        }
      : {
          '@type': 'Product',
          name: product.productName,
          // The shop's SKU where staff gave one (else its id), and the barcode: what shopping search engines match on.
          sku: product.productSku || product.FBUID,
          ...(product.productBarcode ? { gtin: product.productBarcode } : {}),
          description: summary,
          image,
          brand,
          ...offerLd(url, shownPrice(product)?.value, product.productWasPriceCents, stock),
        }
  return [
    ...pageMeta(product.productName, summary.slice(0, 160), shopNameFrom(matches)),
    { tagName: 'link', rel: 'canonical', href: url },
    { 'script:ld+json': { '@context': 'https://schema.org', ...ld } },
    { 'script:ld+json': breadcrumbJsonLd(origin, crumbsOf(product)) },
  ]
}

export default function ProductDetail({ loaderData, matches }: Route.ComponentProps) {
  const { product, price, stock, delivery, deliveryChoices, payLater, related, alsoBought, placeholders, optionNames, variants, variantId, kit } = loaderData
  const chosen = variants.find((variant) => variant.id === variantId)
  // What the cart takes: the variant shown, under its own id and name.
  const card = { ...cardOf(product), ...(chosen ? { FBUID: chosen.id, productName: variantName(product.productName, chosen.optionValues) } : {}) }
  // The first description leads the page, the second is Read More, every other one has its own heading.
  const [main, readMore, ...moreDescriptions] = product.productDescriptions
  const staff = useRouteLoaderData<typeof import('../root').loader>('root')?.user?.role === 'staff'

  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-10 sm:px-6">
      {product.productStatus !== 'active' ? (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="preview-banner">
          {PRODUCT_STATUSES[product.productStatus]}: only staff see this page, as visitors will once the product is set to Active on its form. Visitors are told
          it does not exist, and it is in no list, search or cart.
        </p>
      ) : null}
      <div className="grid gap-10 lg:grid-cols-2">
        <ImageCarousel images={product.productImages} productName={product.productName} placeholders={placeholders} />
        <div>
          <Breadcrumbs crumbs={crumbsOf(product)} />
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{product.productName}</h1>
          {staff ? (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <LinkButton to={`${productPath(product.FBUID)}/update`} variant="secondary" size="sm" className="gap-1.5">
                <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
                  <path d="M13.5 3.5l3 3L7 16H4v-3l9.5-9.5z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
                </svg>
                Update Product
              </LinkButton>
              <LinkButton to={`${productPath(product.FBUID)}/variants`} variant="secondary" size="sm">
                Options and variants
              </LinkButton>
              <LinkButton to={`${productPath(product.FBUID)}/kit`} variant="secondary" size="sm">
                Kit contents
              </LinkButton>
              <LinkButton to={`/history/products/${product.FBUID}`} variant="secondary" size="sm">
                History
              </LinkButton>
            </div>
          ) : null}
          {price ? <PriceTag cents={price.cents} normalCents={price.normalCents} wasCents={product.productWasPriceCents} size="page" /> : null}
          {payLater ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="pay-later">
              {PAY_LATER_MESSAGE}
            </p>
          ) : null}
          <div className="mt-3 space-y-1">
            <StockNote stock={stock} />
            {delivery ? (
              <p className="text-sm text-slate-600" data-testid="delivery-estimate">
                Delivery {delivery.label === 'Free' ? 'free' : delivery.label} within Australia
                {product.productContainsLithium ? ' (road only: contains lithium batteries)' : ''}: {delivery.methodName}, {delivery.deliveryTime}
              </p>
            ) : null}
          </div>
          {chosen ? <VariantPicker productId={product.FBUID} optionNames={optionNames} variants={variants} chosenId={chosen.id} /> : null}
          <AddToCartForm product={{ ...card, stock, price: card.price && price ? { ...card.price, value: price.cents } : null }} />
          {/* The same for every visitor (the page is kept in the shared page cache): only the stock decides it. */}
          {offersStockAlert(stock) ? <StockAlertForm productId={card.FBUID} /> : null}
          {kit.length > 0 ? (
            <section aria-labelledby="kit-heading" className="mt-6 rounded-xl border border-slate-200 p-4" data-testid="kit-contents">
              <h2 id="kit-heading" className="text-base font-semibold">
                In this kit
              </h2>
              <ul className="mt-2 space-y-1 text-sm">
                {kit.map((component) => (
                  <li key={component.productId}>
                    {component.quantity} ×{' '}
                    <Link to={productPath(component.productId)} className="text-brand-700 underline">
                      {component.productName}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {product.productFeatures.length > 0 ? (
            <ul className="mt-6 space-y-2">
              {product.productFeatures.map((feature, index) => (
                <li key={`${feature.label}-${index}`} className="flex gap-2">
                  <svg viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true">
                    <path d="M4 10l4 4 8-8" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                  <span>{feature.label}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {main ? <p className="mt-6 leading-7 text-slate-700">{main.description}</p> : null}

          <div className="mt-8 border-t border-slate-200">
            {readMore ? (
              <Panel title="Read More">
                <p className="whitespace-pre-line leading-7">{readMore.description}</p>
              </Panel>
            ) : null}
            {product.productFeatures.length > 0 ? (
              <Panel title="Features">
                <LabelList items={product.productFeatures} />
              </Panel>
            ) : null}
            {product.productSpecifications.length > 0 ? (
              <Panel title="Specifications">
                <LabelList items={product.productSpecifications} />
              </Panel>
            ) : null}
            {product.productDimensions.length > 0 ? (
              <Panel title="Dimensions">
                <LabelList items={product.productDimensions} />
              </Panel>
            ) : null}
            {deliveryChoices.length > 0 || product.productShipping.length > 0 ? (
              <Panel title="Shipping">
                {deliveryChoices.length > 0 ? (
                  <>
                    <p className="text-sm">How this product can reach you, priced for it alone (the delivery step prices your whole order):</p>
                    <DeliveryTimes choices={deliveryChoices} className="mt-2" />
                  </>
                ) : null}
                {product.productShipping.length > 0 ? (
                  <div className={deliveryChoices.length > 0 ? 'mt-3 border-t border-slate-200 pt-1' : ''}>
                    <LabelList items={product.productShipping} />
                  </div>
                ) : null}
              </Panel>
            ) : null}
          </div>

          {product.productDownloads.length > 0 ? (
            <section aria-labelledby="downloads-heading" className="mt-8">
              <h2 id="downloads-heading" className="text-lg font-semibold">
                User manuals
              </h2>
              <ul className="mt-3 space-y-2">
                {product.productDownloads.map((download, index) => (
                  <li key={`${download.value}-${index}`}>
                    <a href={download.value} download className="inline-flex items-center gap-2 text-brand-700 hover:underline">
                      <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
                        <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" fill="none" stroke="currentColor" strokeWidth="2" />
                      </svg>
                      {download.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>

      {moreDescriptions.length > 0 ? (
        <div className="grid gap-x-12 gap-y-8 border-t border-slate-200 pt-10 lg:grid-cols-2">
          {moreDescriptions.map((description, index) => (
            <section key={`${description.label}-${index}`} aria-labelledby={`description-${index}`}>
              <h2 id={`description-${index}`} className="text-xl font-semibold">
                {description.label.trim() || 'More about this product'}
              </h2>
              <p className="mt-3 whitespace-pre-line leading-7 text-slate-700">{description.description}</p>
            </section>
          ))}
        </div>
      ) : null}

      <CardRow title="Compatible and related" cards={related} />
      <CardRow title="Customers also bought" cards={alsoBought} />

      <SupportBlurb />
      {product.productUseCases ? <UseCases /> : null}
      <ClosingStatement shopName={shopNameFrom(matches)} />
    </div>
  )
}

/** A titled row of product cards under the product (two a row on phones); nothing when it has none. */
function CardRow({ title, cards }: { title: string; cards: Card[] }) {
  if (cards.length === 0) return null
  const id = `row-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.FBUID} className="min-w-0">
            <ProductCard product={card} eager={false} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  )
}
