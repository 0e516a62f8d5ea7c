import { data, Form, redirect, useNavigation } from 'react-router'
import { CATEGORY_LABELS, categoryPath, isCategory, productPath } from '../../lib/catalog'
import { formatAud } from '../../lib/money'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { deleteProduct, ProductNotFoundError } from '../../server/catalog/product-changes.server'
import { getProduct } from '../../server/catalog/products.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/product.$productId.deprecate'
import { readForm } from '../../server/http/form.server'
import { Button, LinkButton } from '../../components/ui/button'
import { Picture } from '../../components/shop/picture'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Delete ${loaderData.product.productName}` : 'Delete Product', 'Delete a product from the catalogue.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await getProduct(shop(context).db, params.productId)
  if (!product) throw data(null, { status: 404 })
  return { product }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  // Only the Delete Forever button deletes; any other post changes nothing.
  if (form.get('intent') !== 'delete') return data({ error: 'Press Delete Forever to delete this product.' }, { status: 400 })
  try {
    const product = await deleteProduct(shop(context).db, params.productId, staff.email)
    return redirect(isCategory(product.productCategory) ? categoryPath(product.productCategory) : '/products')
  } catch (error) {
    if (error instanceof ProductNotFoundError) throw data(null, { status: 404 })
    throw error
  }
}

export default function DeprecateProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData
  const image = product.productImages[0]
  const price = product.productPrices[0]
  const category = isCategory(product.productCategory) ? CATEGORY_LABELS[product.productCategory] : product.productCategory
  const deleting = useNavigation().state === 'submitting'
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Delete {product.productName}?</h1>
      <div className="mt-8 flex flex-col gap-6 rounded-2xl border border-slate-200 p-6 sm:flex-row">
        {image ? (
          <Picture
            src={image.value}
            alt={image.label}
            width={192}
            height={192}
            sizes="192px"
            className="h-48 w-48 shrink-0 rounded-lg bg-slate-50 object-contain"
          />
        ) : (
          <div className="h-48 w-48 shrink-0 rounded-lg bg-slate-100" />
        )}
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-medium text-slate-500">Name</dt>
            <dd className="text-lg font-semibold">{product.productName}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Id</dt>
            <dd>{product.FBUID}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Category</dt>
            <dd>{category}</dd>
          </div>
          {price ? (
            <div>
              <dt className="font-medium text-slate-500">Price</dt>
              <dd>{formatAud(price.value)}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="mt-8 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
        <p className="font-semibold">Delete confirmation</p>
        <p className="mt-1">
          This deletes the product permanently: it leaves the catalogue, its page and address stop working and it can no longer be added to a cart. Past orders
          keep their own copy of it, and its history keeps the last version.
        </p>
      </div>
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="mt-8 flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="delete" variant="destructive" disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete Forever'}
        </Button>
        <LinkButton to={productPath(product.FBUID)} variant="secondary">
          Cancel
        </LinkButton>
      </Form>
    </div>
  )
}
