import { Link } from 'react-router'
import { cardText, productPath, shownPrice, type Product } from '../../lib/catalog'
import { formatAud } from '../../lib/money'
import { AddToBagButton } from './add-to-bag'

export function ProductCard({ product, eager }: { product: Product; eager: boolean }) {
  const image = product.productImages[0]
  const price = shownPrice(product)
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition hover:border-brand-600 hover:shadow-lg">
      {image ? (
        <img
          src={image.value}
          alt={image.label}
          width={800}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-square w-full bg-slate-50 object-cover"
        />
      ) : (
        <div className="aspect-square w-full bg-slate-100" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-semibold">
          <Link to={productPath(product.FBUID)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {product.productName}
          </Link>
        </h2>
        <p className="mt-2 flex-1 text-sm text-slate-600">{cardText(product)}</p>
        {price ? <p className="mt-4 font-semibold">{formatAud(price.value)}</p> : null}
        <AddToBagButton product={product} />
      </div>
    </article>
  )
}
