import { Link } from 'react-router'
import { productPath, type ProductCard as Card } from '../../lib/catalog'
import { AddToBagButton } from './add-to-bag'
import { StockNote } from './stock-note'
import { Picture } from './picture'
import { PriceTag } from './price-tag'
import { LinkButton } from '../ui/button'

/**
 * `eager`: the image is in the first screen, so it is not lazy; `first`: it is the page's largest
 * image on a phone, fetched ahead of the scripts. `staff`: also show Read, Edit and Deprecate links
 * (the server guards those screens on its own). Two cards share a phone's width, so the padding
 * and type are smaller there and the card text is cut to three lines.
 */
export function ProductCard({
  product,
  eager,
  first = false,
  staff = false,
  headingLevel = 2,
}: {
  product: Card
  eager: boolean
  first?: boolean
  staff?: boolean
  /**
   * 3 where the cards sit under a section's own heading (a product page's lists); their stock notes
   * are then told apart from the product's own (test id `card-stock`).
   */
  headingLevel?: 2 | 3
}) {
  const { image, price } = product
  const Heading = headingLevel === 3 ? 'h3' : 'h2'
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition hover:border-brand-600 hover:shadow-lg">
      {image ? (
        <Picture
          src={image.value}
          alt={image.label}
          width={800}
          height={800}
          sizes="(min-width: 1280px) 280px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 50vw"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          className="aspect-square w-full bg-slate-50 object-cover"
        />
      ) : (
        <div className="aspect-square w-full bg-slate-100" />
      )}
      <div className="flex flex-1 flex-col p-3 sm:p-5">
        <Heading className="text-base font-semibold break-words sm:text-lg">
          <Link to={productPath(product.FBUID)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {product.productName}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600 sm:line-clamp-none">{product.cardText}</p>
        {price ? <PriceTag cents={price.value} normalCents={product.normalPrice} wasCents={product.wasPrice} from={product.priceFrom} /> : null}
        <StockNote stock={product.stock} className="mt-1" testId={headingLevel === 3 ? 'card-stock' : 'stock'} />
        {product.hasVariants ? (
          // A product with options is bought from its page, where the shopper chooses one.
          <LinkButton to={productPath(product.FBUID)} variant="secondary" className="relative z-10 mt-4 w-full">
            Choose options<span className="sr-only">: {product.productName}</span>
          </LinkButton>
        ) : (
          <AddToBagButton product={product} />
        )}
        {staff ? (
          <ul aria-label={`Manage ${product.productName}`} className="relative z-10 mt-3 flex gap-2 border-t border-slate-100 pt-3 text-sm">
            {(
              [
                ['Read', productPath(product.FBUID)],
                ['Edit', `${productPath(product.FBUID)}/update`],
                ['Deprecate', `${productPath(product.FBUID)}/deprecate`],
              ] as const
            ).map(([label, to]) => (
              <li key={label} className="flex-1">
                <Link
                  to={to}
                  className={`block rounded-md border px-2 py-1.5 text-center font-medium ${
                    label === 'Deprecate'
                      ? 'border-red-200 text-red-700 hover:border-red-600'
                      : 'border-slate-300 text-ink hover:border-brand-600 hover:text-brand-700'
                  }`}
                >
                  {label}
                  <span className="sr-only"> {product.productName}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  )
}
