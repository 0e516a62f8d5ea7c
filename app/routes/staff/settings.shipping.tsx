import { data, Link, redirect } from 'react-router'
import { MethodForm, MethodSummary } from '../../components/staff/shipping-method-form'
import { fieldErrors } from '../../lib/schemas/errors'
import {
  NEW_SHIPPING_METHOD,
  shippingMethodFormInput,
  shippingMethodFormSchema,
  shippingMethodFormValues,
  type ShippingMethodFormInput,
} from '../../lib/schemas/shipping-method'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { slugify } from '../../lib/slug'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { getShippingMethod, listShippingMethods, saveShippingMethod, ShippingMethodIdTakenError } from '../../server/delivery/shipping-methods.server'
import { readForm } from '../../server/http/form.server'
import type { Route } from './+types/settings.shipping'
import { buttonClass } from '../../components/ui/button'
import { Alert } from '../../components/ui/alert'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Shipping methods', 'How orders reach customers: delivery methods, Click & Collect, prices and weight bands.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

const SETTINGS_PATH = '/settings/shipping'

export async function loader({ context, request }: Route.LoaderArgs) {
  const rows = await listShippingMethods(shop(context).db)
  const methods = rows.map(({ createdAt: _created, updatedAt, ...method }) => ({ ...method, updatedAt: updatedAt.toISOString() }))
  return { methods, saved: new URL(request.url).searchParams.get('saved') }
}

/** Which form on the page an answer belongs to: `edit-<id>` for a stored method, `new` for "Add a method". */
const formKeyOf = (id: string) => (id ? `edit-${id}` : 'new')

interface ActionData {
  formKey: string
  errors: Record<string, string>
  values: ShippingMethodFormInput
}

/** Saves one method: the one named by the hidden `id`, or a new one whose id comes from its name. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const rawId = form.get('id')
  const id = typeof rawId === 'string' ? rawId.trim() : ''
  const values = shippingMethodFormInput(form)
  const refuse = (errors: Record<string, string>, status = 400) => data<ActionData>({ formKey: formKeyOf(id), errors, values }, { status })

  const parsed = shippingMethodFormSchema.safeParse(values)
  if (!parsed.success) return refuse(fieldErrors(parsed.error))

  const { db } = shop(context)
  let methodId = id
  if (id) {
    if (!(await getShippingMethod(db, id))) {
      return refuse({ form: 'This method no longer exists, so your changes were not saved. Reload the page to see the current methods.' }, 404)
    }
  } else {
    methodId = slugify(parsed.data.name)
    const taken = await getShippingMethod(db, methodId)
    if (taken) return refuse({ name: `The id “${methodId}” that this name gives is already used by “${taken.name}”. Please choose another name.` })
  }
  try {
    await saveShippingMethod(db, { id: methodId, ...parsed.data }, staff.email, id ? 'update' : 'create')
  } catch (error) {
    if (!(error instanceof ShippingMethodIdTakenError)) throw error
    return refuse({ name: `The id “${methodId}” that this name gives was taken a moment ago. Please choose another name.` })
  }
  throw redirect(`${SETTINGS_PATH}?saved=${encodeURIComponent(methodId)}#method-${methodId}`)
}

export default function ShippingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { methods, saved } = loaderData
  const answer = actionData as ActionData | undefined
  const answerFor = (formKey: string) => (answer?.formKey === formKey ? answer : undefined)
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <Link to="/staff" className="text-sm text-brand-700 hover:underline">
        ← Staff
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Shipping methods</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        The ways an order can reach the customer, offered at checkout in the order of their position. Prices are in Australian dollars, GST included. Inactive
        methods are kept but not offered. A cart with lithium batteries can only use methods that may carry them.
      </p>

      {methods.length === 0 ? (
        <p className="mt-8 text-slate-600">No shipping methods yet: add the first one below.</p>
      ) : (
        <ul className="mt-8 space-y-8">
          {methods.map((method) => (
            <li key={method.id} id={`method-${method.id}`} className="rounded-xl border border-slate-200 p-4 sm:p-5">
              <section aria-labelledby={`method-${method.id}-heading`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`method-${method.id}-heading`} className="text-xl font-semibold break-words">
                    {method.name}
                  </h2>
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-semibold ${method.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-700'}`}
                  >
                    {method.active ? 'Active' : 'Inactive'}
                  </span>
                </div>
                {saved === method.id ? (
                  <Alert tone="success" className="mt-3">
                    Saved.
                  </Alert>
                ) : null}
                <MethodSummary method={method} />
                {/* Closed until wanted, and open again with a refused save's messages. */}
                <details open={answerFor(formKeyOf(method.id)) !== undefined} className="group mt-4">
                  <summary className={buttonClass({ variant: 'secondary', size: 'sm', className: 'cursor-pointer list-none' })}>
                    Edit<span className="sr-only"> {method.name}</span>
                  </summary>
                  <MethodForm
                    // A saved change remounts the form, so it shows the stored values.
                    key={`${method.id}-${method.updatedAt}`}
                    formKey={formKeyOf(method.id)}
                    id={method.id}
                    methodName={method.name}
                    values={answerFor(formKeyOf(method.id))?.values ?? shippingMethodFormValues(method)}
                    errors={answerFor(formKeyOf(method.id))?.errors}
                  />
                </details>
              </section>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="add-method-heading" className="mt-12 border-t border-slate-200 pt-8">
        <h2 id="add-method-heading" className="text-xl font-semibold">
          Add a method
        </h2>
        <p className="mt-1 text-sm text-slate-600">The method’s id comes from its name, such as “Express post” → express-post, and does not change later.</p>
        <MethodForm
          // A method just added clears this form.
          key={`new-${methods.length}`}
          formKey="new"
          values={answerFor('new')?.values ?? NEW_SHIPPING_METHOD}
          errors={answerFor('new')?.errors}
        />
      </section>
    </div>
  )
}
