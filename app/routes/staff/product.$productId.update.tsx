import { data, Link, redirect } from 'react-router'
import { ProductForm, readProductSubmission } from '../../components/staff/product-form'
import { productPath } from '../../lib/catalog'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import {
  currentProducts,
  getEditableProduct,
  ProductNotFoundError,
  relatedProductErrors,
  stockKeepingErrors,
  stockKeepingTaken,
  StaleEditError,
  updateProduct,
} from '../../server/catalog/product-changes.server'
import { getProduct, ProductIdTakenError } from '../../server/catalog/products.server'
import { checkStripeProductForSave } from '../../server/catalog/stripe-catalog.server'
import { WasPriceRefusedError } from '../../server/catalog/was-price.server'
import { shop } from '../../server/context.server'
import { waitingCounts } from '../../server/stock/stock-alerts.server'
import type { Route } from './+types/product.$productId.update'
import { readForm } from '../../server/http/form.server'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Update ${loaderData.product.productName}` : 'Update Product', 'Change a product in the catalogue.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = shop(context)
  const editable = await getEditableProduct(db, params.productId)
  if (!editable) throw data(null, { status: 404 })
  // The related products as they are now: renamed ones under their new ids, deleted ones gone.
  const [related, waiting] = await Promise.all([currentProducts(db, editable.product.productRelated), waitingCounts(db, [params.productId])])
  return {
    ...editable,
    demo: shop(context).config.PAYMENT_PROVIDER === 'demo',
    product: { ...editable.product, productRelated: related.map(({ id }) => id) },
    relatedNames: Object.fromEntries(related.map(({ id, name }) => [id, name])),
    // Confirmed back-in-stock alerts (docs/domain.md, Back-in-stock alerts), shown by the stock fields.
    waiting: waiting.get(params.productId) ?? 0,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const version = Number(form.get('version'))
  if (!form.has('version') || !Number.isSafeInteger(version) || version < 0) {
    return data({ errors: {}, formError: 'The form could not be read. Please reload the page and try again.' }, { status: 400 })
  }
  const submission = readProductSubmission(form)
  if (!submission.ok) return data({ errors: submission.errors, formError: submission.formError }, { status: 400 })
  const relatedErrors = {
    ...(await relatedProductErrors(shop(context).db, submission.fields, params.productId)),
    ...(await stockKeepingErrors(shop(context).db, submission.fields, params.productId)),
  }
  if (Object.keys(relatedErrors).length > 0) return data({ errors: relatedErrors, formError: undefined }, { status: 400 })
  // Stripe is asked only about a changed id: an unchanged one was checked when it was saved, and a
  // stock or text change should not wait on (or fail with) Stripe.
  const stored = await getProduct(shop(context).db, params.productId)
  if (stored?.STUPID !== submission.fields.STUPID) {
    const stripeRefusal = await checkStripeProductForSave(shop(context).config, submission.fields.STUPID)
    if (stripeRefusal) return data({ errors: stripeRefusal.errors, formError: stripeRefusal.formError }, { status: stripeRefusal.status })
  }
  try {
    const product = await updateProduct(shop(context).db, params.productId, version, submission.fields, staff.email)
    return redirect(productPath(product.FBUID))
  } catch (error) {
    if (error instanceof ProductIdTakenError) return data({ errors: { productName: error.message }, formError: undefined }, { status: 409 })
    const taken = stockKeepingTaken(error, submission.fields)
    if (taken) return data({ errors: taken, formError: undefined }, { status: 409 })
    if (error instanceof WasPriceRefusedError) return data({ errors: { productWasPriceCents: error.message }, formError: undefined }, { status: 400 })
    if (error instanceof StaleEditError) return data({ errors: {}, formError: error.message }, { status: 409 })
    if (error instanceof ProductNotFoundError) {
      return data(
        { errors: {}, formError: 'This product was renamed or deleted after you opened it, so your changes were not saved. Your edits are still in the form.' },
        { status: 404 },
      )
    }
    throw error
  }
}

export default function UpdateProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, version, relatedNames, waiting } = loaderData
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Update Product</h1>
      <p className="mt-2 text-slate-600">
        Editing <strong>{product.productName}</strong>. Changing the name moves the product to a new address; the old one keeps working.
        {(product.productVariants?.length ?? 0) > 0
          ? ` Its price, stock and SKU here are its first variant's (${product.productOptionValues?.join(' / ')}); `
          : ' Sizes, capacities or packs of it, each with its own price and stock, are its '}
        <Link to={`${productPath(product.FBUID)}/variants`} className="font-semibold text-brand-700 underline">
          {(product.productVariants?.length ?? 0) > 0 ? `its ${product.productVariants!.length + 1} variants are edited apart` : 'options and variants'}
        </Link>
        .
      </p>
      <ProductForm
        key={product.FBUID}
        product={product}
        version={version}
        relatedNames={relatedNames}
        demoStripe={loaderData.demo}
        waiting={waiting}
        actionData={actionData}
      />
    </div>
  )
}
