import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { ProductCard } from '../../lib/catalog'
import { MAX_PER_LINE, QUANTITY_OPTIONS, type AddOutcome } from '../../lib/cart'
import { canBuy } from '../../lib/stock'
import { Dialog } from '../ui/dialog'
import { SelectField } from '../ui/select-field'
import { useCart } from './cart-context'
import { Button, LinkButton } from '../ui/button'
import { Picture } from './picture'

/** What the cart keeps of a product: its id and what the visitor was shown. */
export function cartLineOf(product: ProductCard) {
  return {
    FBUID: product.FBUID,
    productName: product.productName,
    image: product.image?.value ?? '',
    unitPrice: product.price?.value ?? 0,
  }
}

export function limitMessage(outcome: Extract<AddOutcome, { outcome: 'limit' }>, productName: string): string {
  const inCart = MAX_PER_LINE - outcome.room
  return outcome.room > 0
    ? `You already have ${inCart} of ${productName} in your cart. At most ${MAX_PER_LINE} of one product fit in an order, so you can add ${outcome.room} more.`
    : `You already have ${MAX_PER_LINE} of ${productName} in your cart, the most one order can hold.`
}

/**
 * "Add to cart" on a product card: adds one at once and confirms it in a modal (docs/screens.md,
 * Readings of the specification). The shop says "cart" everywhere (card, modal, header, checkout).
 * Its accessible name ends with the product's name, so a page of cards (or a product page with
 * related cards) has one plain "Add to cart": the product page's own.
 */
export function AddToBagButton({ product }: { product: ProductCard }) {
  const { add, ready } = useCart()
  const [result, setResult] = useState<AddOutcome | null>(null)
  const titleId = useId()
  const { image } = product
  if (!product.price) return null
  if (!canBuy(product.stock)) {
    return (
      <Button variant="secondary" disabled className="relative z-10 mt-4 w-full">
        Sold out<span className="sr-only">: {product.productName} cannot be added to the cart</span>
      </Button>
    )
  }
  return (
    <>
      <Button
        type="button"
        onClick={() => setResult(add(cartLineOf(product), 1))}
        disabled={!ready}
        className="relative z-10 mt-4 w-full disabled:cursor-progress"
      >
        Add to cart<span className="sr-only">: {product.productName}</span>
      </Button>
      <Dialog open={result !== null} onClose={() => setResult(null)} labelledBy={titleId}>
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {result?.outcome === 'limit' ? 'Your cart is full for this product' : 'Added to your cart'}
          </h2>
          <div className="mt-4 flex gap-4">
            {image ? (
              <Picture src={image.value} alt={image.label} width={96} height={96} sizes="96px" className="h-24 w-24 rounded-lg bg-slate-50 object-contain" />
            ) : null}
            <div>
              <p className="font-semibold">{product.productName}</p>
              <p className="mt-1 text-sm text-slate-600">{product.cardText}</p>
              {result?.outcome === 'limit' ? null : <p className="mt-2 text-sm">Quantity: 1</p>}
            </div>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            {result?.outcome === 'limit' ? limitMessage(result, product.productName) : 'You can add more and remove items in your cart.'}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button type="button" onClick={() => setResult(null)} variant="secondary">
              Continue shopping
            </Button>
            <LinkButton to="/checkout">Go to checkout</LinkButton>
          </div>
        </div>
      </Dialog>
    </>
  )
}

/** The product page's quantity select and Add to cart button. */
export function AddToCartForm({ product }: { product: ProductCard }) {
  const { add, ready } = useCart()
  const [quantity, setQuantity] = useState(1)
  const [message, setMessage] = useState<{ kind: 'ok' | 'limit'; text: string } | null>(null)
  const selectId = useId()
  if (!product.price) return <p className="mt-6 text-slate-600">This product cannot be bought online at the moment. Please contact us.</p>
  if (!canBuy(product.stock)) {
    return (
      <div className="mt-6">
        <Button variant="secondary" size="lg" disabled>
          Add to cart
        </Button>
        <p className="mt-3 text-sm text-slate-600">This product is sold out for now.</p>
      </div>
    )
  }
  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField id={selectId} label="Quantity" controlWidth="w-auto" value={quantity} onChange={(event) => setQuantity(Number(event.target.value))}>
          {QUANTITY_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <Button
          type="button"
          onClick={() => {
            const result = add(cartLineOf(product), quantity)
            setMessage(
              result.outcome === 'limit'
                ? { kind: 'limit', text: limitMessage(result, product.productName) }
                : { kind: 'ok', text: `Added ${quantity} × ${product.productName} to your cart.` },
            )
          }}
          disabled={!ready}
          className="disabled:cursor-progress"
        >
          Add to cart
        </Button>
      </div>
      <div aria-live="polite" className="min-h-6">
        {message ? (
          <p className={`mt-3 text-sm ${message.kind === 'limit' ? 'text-red-700' : 'text-green-800'}`}>
            {message.text}{' '}
            {message.kind === 'ok' ? (
              <Link to="/checkout" className="font-semibold underline">
                Go to checkout
              </Link>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  )
}
