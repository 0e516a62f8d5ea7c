import { data, Link, redirect } from 'react-router'
import { TemplateForm } from '../../components/staff/template-form'
import { fieldErrors } from '../../lib/schemas/errors'
import { templateFormInput, templateFormSchema } from '../../lib/schemas/template'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { getTemplate, StaleTemplateError, TemplateNotFoundError, updateTemplate } from '../../server/templates/templates.server'
import type { Route } from './+types/template.$templateId.update'
import { readForm } from '../../server/http/form.server'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Edit ${loaderData.template.templateName}` : 'Edit template', 'Edit a template record.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const template = await getTemplate(shop(context).db, params.templateId)
  if (!template) throw data(null, { status: 404 })
  return { template }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  const values = templateFormInput(form)
  const version = Number(form.get('version'))
  const parsed = templateFormSchema.safeParse(values)
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values, formError: null }, { status: 400 })
  if (!Number.isSafeInteger(version) || version < 1) {
    return data({ errors: {}, values, formError: 'This form is missing the version it was opened at. Reload the page and try again.' }, { status: 400 })
  }
  try {
    await updateTemplate(shop(context).db, params.templateId, version, parsed.data, staff.email)
  } catch (error) {
    if (error instanceof StaleTemplateError) return data({ errors: {}, values, formError: error.message }, { status: 409 })
    if (error instanceof TemplateNotFoundError) throw data(null, { status: 404 })
    throw error
  }
  throw redirect(`/template/${params.templateId}`)
}

export default function UpdateTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { template } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to={`/template/${template.FBUID}`} className="text-sm text-brand-700 hover:underline">
        ← {template.templateName}
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Edit Template</h1>
      <TemplateForm
        mode="update"
        templateId={template.FBUID}
        version={template.version}
        storedImage={template.templateImage}
        values={actionData?.values ?? { templateName: template.templateName, templateImage: template.templateImage }}
        errors={actionData?.errors}
        formError={actionData?.formError}
      />
    </div>
  )
}
