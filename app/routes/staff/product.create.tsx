import { data, redirect } from 'react-router'
import { ProductForm, readProductSubmission } from '../../components/staff/product-form'
import { isCategory, productPath } from '../../lib/catalog'
import { demoStripeProductId } from '../../lib/schemas/product'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { relatedProductErrors, stockKeepingErrors, stockKeepingTaken } from '../../server/catalog/product-changes.server'
import { createProduct, ProductIdTakenError } from '../../server/catalog/products.server'
import { checkStripeProductForSave } from '../../server/catalog/stripe-catalog.server'
import { WasPriceRefusedError } from '../../server/catalog/was-price.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/product.create'
import { readForm } from '../../server/http/form.server'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Create Product', 'Add a product to the catalogue.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export function loader({ request, context }: Route.LoaderArgs) {
  const category = new URL(request.url).searchParams.get('category') ?? ''
  const demo = shop(context).config.PAYMENT_PROVIDER === 'demo'
  // A demo shop has no Stripe to copy a product id from: it starts the field with one in Stripe's form.
  return { category: isCategory(category) ? category : '', stripeProductId: demo ? demoStripeProductId() : '', demo }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const submission = readProductSubmission(await readForm(request))
  if (!submission.ok) return data({ errors: submission.errors, formError: submission.formError }, { status: 400 })
  const relatedErrors = {
    ...(await relatedProductErrors(shop(context).db, submission.fields)),
    ...(await stockKeepingErrors(shop(context).db, submission.fields)),
  }
  if (Object.keys(relatedErrors).length > 0) return data({ errors: relatedErrors, formError: undefined }, { status: 400 })
  const stripeRefusal = await checkStripeProductForSave(shop(context).config, submission.fields.STUPID)
  if (stripeRefusal) return data({ errors: stripeRefusal.errors, formError: stripeRefusal.formError }, { status: stripeRefusal.status })
  try {
    const product = await createProduct(shop(context).db, submission.fields, staff.email)
    return redirect(productPath(product.FBUID))
  } catch (error) {
    if (error instanceof ProductIdTakenError) return data({ errors: { productName: error.message }, formError: undefined }, { status: 409 })
    const taken = stockKeepingTaken(error, submission.fields)
    if (taken) return data({ errors: taken, formError: undefined }, { status: 409 })
    // The form has no was price for a new product; a post that sends one anyway is answered as the update form's is.
    if (error instanceof WasPriceRefusedError) return data({ errors: { productWasPriceCents: error.message }, formError: undefined }, { status: 400 })
    throw error
  }
}

export default function CreateProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Create Product</h1>
      <p className="mt-2 text-slate-600">The product’s id and address come from its name. Save to see its page.</p>
      <ProductForm
        key={loaderData.category}
        product={null}
        category={loaderData.category}
        stripeProductId={loaderData.stripeProductId}
        demoStripe={loaderData.demo}
        actionData={actionData}
      />
    </div>
  )
}
