import { data, Link, redirect } from 'react-router'
import { TemplateForm } from '../../components/staff/template-form'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { deleteTemplate, getTemplate, TemplateNotFoundError } from '../../server/templates/templates.server'
import type { Route } from './+types/template.$templateId.deprecate'
import { readForm } from '../../server/http/form.server'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Deprecate ${loaderData.template.templateName}` : 'Deprecate template', 'Delete a template record.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const template = await getTemplate(shop(context).db, params.templateId)
  if (!template) throw data(null, { status: 404 })
  return { template }
}

/** docs/screens.md, Staff screens: the deprecate route is the edit form, read-only, with the delete confirmation. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const form = await readForm(request)
  if (form.get('intent') !== 'delete') throw data({ message: 'Press Delete Forever to delete the template.' }, { status: 400 })
  try {
    await deleteTemplate(shop(context).db, params.templateId, staff.email)
  } catch (error) {
    if (error instanceof TemplateNotFoundError) throw data(null, { status: 404 })
    throw error
  }
  throw redirect(`/template?deleted=${encodeURIComponent(params.templateId)}`)
}

export default function DeprecateTemplate({ loaderData }: Route.ComponentProps) {
  const { template } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to={`/template/${template.FBUID}`} className="text-sm text-brand-700 hover:underline">
        ← {template.templateName}
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Deprecate Template</h1>
      <TemplateForm
        mode="deprecate"
        templateId={template.FBUID}
        storedImage={template.templateImage}
        values={{ templateName: template.templateName, templateImage: template.templateImage }}
      />
    </div>
  )
}
