import { data, Link, redirect } from 'react-router'
import { TemplateForm } from '../../components/staff/template-form'
import { fieldErrors } from '../../lib/schemas/errors'
import { templateFormInput, templateFormSchema } from '../../lib/schemas/template'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { createTemplate } from '../../server/templates/templates.server'
import type { Route } from './+types/template.create'
import { readForm } from '../../server/http/form.server'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Create Template', 'Create a template record.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request)
  const values = templateFormInput(await readForm(request))
  const parsed = templateFormSchema.safeParse(values)
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 })
  const template = await createTemplate(shop(context).db, parsed.data, staff.email)
  throw redirect(`/template/${template.FBUID}`)
}

export default function CreateTemplate({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to="/template" className="text-sm text-brand-700 hover:underline">
        ← All templates
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Create Template</h1>
      <TemplateForm mode="create" values={actionData?.values ?? { templateName: '', templateImage: '' }} errors={actionData?.errors} />
    </div>
  )
}
