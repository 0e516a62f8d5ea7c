import { and, asc, ne } from 'drizzle-orm'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { productPath } from '../../lib/catalog'
import { MAX_COMPONENT_QUANTITY, MAX_KIT_COMPONENTS, type KitComponent } from '../../lib/kits'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { getEditableProduct, ProductNotFoundError, StaleEditError } from '../../server/catalog/product-changes.server'
import { notKit, sellable, variantNameSql } from '../../server/catalog/products.server'
import { saveKit, VariantsRefusedError } from '../../server/catalog/variant-editor.server'
import { shop } from '../../server/context.server'
import { products } from '../../server/db/schema'
import { readForm } from '../../server/http/form.server'
import type { Route } from './+types/product.$productId.kit'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Kit contents of ${loaderData.product.productName}` : 'Kit contents', 'What a kit is made of.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = shop(context)
  const editable = await getEditableProduct(db, params.productId)
  if (!editable) throw data(null, { status: 404 })
  // What a kit may hold: any product or variant on sale but a kit (and this product).
  const choices = await db
    .select({ id: products.id, name: variantNameSql })
    .from(products)
    .where(and(sellable, notKit, ne(products.id, params.productId)))
    .orderBy(asc(products.productName), asc(products.variantPosition), asc(products.id))
  return { ...editable, choices, saved: new URL(request.url).searchParams.has('saved') }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const version = Number(form.get('version'))
  const components: KitComponent[] = []
  const errors: Record<string, string> = {}
  for (let row = 0; row < MAX_KIT_COMPONENTS; row++) {
    const productId = String(form.get(`component-${row}`) ?? '')
    if (!productId) continue
    const typed = String(form.get(`quantity-${row}`) ?? '').trim()
    const quantity = /^\d{1,3}$/.test(typed) ? Number(typed) : Number.NaN
    if (!(quantity >= 1 && quantity <= MAX_COMPONENT_QUANTITY)) errors[`quantity-${row}`] = `Enter how many the kit holds, 1 to ${MAX_COMPONENT_QUANTITY}.`
    else components.push({ productId, quantity })
  }
  if (Object.keys(errors).length > 0) return data({ errors, formError: 'Some quantities need a look: see the messages below.' }, { status: 400 })
  if (!Number.isSafeInteger(version)) return data({ errors, formError: 'The form could not be read. Please reload the page and try again.' }, { status: 400 })
  try {
    const product = await saveKit(shop(context).db, params.productId, version, components, staff.email)
    return redirect(`${productPath(product.FBUID)}/kit?saved=1`)
  } catch (error) {
    if (error instanceof VariantsRefusedError || error instanceof StaleEditError) return data({ errors, formError: error.message }, { status: 409 })
    if (error instanceof ProductNotFoundError) return data({ errors, formError: 'This product was renamed or deleted after you opened it.' }, { status: 404 })
    throw error
  }
}

export default function KitContents({ loaderData, actionData }: Route.ComponentProps) {
  const { product, version, choices, saved } = loaderData
  const navigation = useNavigation()
  const errors: Record<string, string> = actionData?.errors ?? {}
  const kit = product.productKitComponents ?? []
  const options = Object.fromEntries(choices.map((choice) => [choice.id, choice.name]))
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Kit contents</h1>
      <p className="mt-2 text-slate-600">
        <strong>{product.productName}</strong>: a kit is sold at its own price (on{' '}
        <Link to={`${productPath(product.FBUID)}/update`} className="font-semibold text-brand-700 underline">
          the product form
        </Link>
        ) and made of other products or variants. It keeps no stock of its own: it can be sold while its components can, and selling it holds and takes theirs.
        Leave every row empty for a product that is not a kit.
      </p>
      {actionData?.formError ? (
        <Alert tone="error" className="mt-6">
          {actionData.formError}
        </Alert>
      ) : saved ? (
        <Alert tone="success" className="mt-6">
          Saved.{' '}
          <Link to={productPath(product.FBUID)} className="font-semibold underline">
            See the product page
          </Link>
        </Alert>
      ) : null}
      <Form method="post" className="mt-8 space-y-4" noValidate>
        <input type="hidden" name="version" value={version} />
        {Array.from({ length: MAX_KIT_COMPONENTS }, (_, row) => (
          <fieldset key={row} className="grid grid-cols-[1fr_6rem] items-start gap-3 rounded-xl border border-slate-200 p-4" data-testid="kit-row">
            <legend className="sr-only">Component {row + 1}</legend>
            <SelectField
              id={`component-${row}`}
              label={`Component ${row + 1}`}
              options={options}
              first={['', 'None']}
              defaultValue={kit[row]?.productId ?? ''}
            />
            <TextField name={`quantity-${row}`} label="How many" inputMode="numeric" defaultValue={kit[row]?.quantity ?? 1} error={errors[`quantity-${row}`]} />
          </fieldset>
        ))}
        <div className="flex flex-wrap items-center gap-4 pt-2">
          <Button type="submit" size="lg" disabled={navigation.state === 'submitting'}>
            Save kit contents
          </Button>
          <Link to={productPath(product.FBUID)} className="text-sm text-slate-600 underline">
            Back to the product
          </Link>
        </div>
      </Form>
    </div>
  )
}
