import { data, Link, redirect } from 'react-router'
import { ContactForm } from '../../components/shop/contact-form'
import { CONTACT_FIELDS, contactSchema } from '../../lib/schemas/contact'
import { fieldErrors } from '../../lib/schemas/errors'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { getEnquiry, StaleContactError, updateEnquiry } from '../../server/contacts/contacts.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/contact.$contactId'
import { readForm } from '../../server/http/form.server'

export const meta: Route.MetaFunction = ({ matches }) =>
  [...pageMeta('Enquiry', 'Correct a stored enquiry.', shopNameFrom(matches)), { name: 'robots', content: 'noindex' }]

/** `/contact/:contactFBUID`: staff open a stored enquiry in the same form and correct it (DESIGN.md §6.5). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const enquiry = await getEnquiry(shop(context).db, params.contactId)
  if (!enquiry) throw data(null, { status: 404 })
  return { enquiry, saved: false }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const values = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, String(form.get(name) ?? '')]))
  const parsed = contactSchema.safeParse(values)
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values, failure: null }, { status: 400 })
  try {
    await updateEnquiry(shop(context).db, params.contactId, Number(form.get('version')), parsed.data, staff.email)
  } catch (error) {
    if (error instanceof StaleContactError) return data({ errors: {}, values, failure: error.message }, { status: 409 })
    throw error
  }
  throw redirect(`/contact/${params.contactId}?saved=1`)
}

export default function EditEnquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link to="/enquiries" className="text-sm text-brand-700 hover:underline">
        ← All enquiries
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Enquiry from {enquiry.contactName}</h1>
      <p className="mt-2 text-sm text-slate-600">
        <Link to={`/history/contacts/${enquiry.FBUID}`} className="text-brand-700 hover:underline">
          History of this enquiry
        </Link>
      </p>
      {actionData?.failure ? (
        <p role="alert" className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {actionData.failure}
        </p>
      ) : null}
      <div className="mt-8">
        <ContactForm
          key={enquiry.version}
          values={actionData?.values ?? enquiry}
          serverErrors={actionData?.errors ?? {}}
          submitLabel="Save enquiry"
          version={enquiry.version}
        />
      </div>
    </div>
  )
}
