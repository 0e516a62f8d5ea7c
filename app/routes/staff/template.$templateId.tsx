import { data, Link } from 'react-router'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { getTemplate, PLACEHOLDER_TEMPLATE_IMAGE } from '../../server/templates/templates.server'
import type { Route } from './+types/template.$templateId'
import { LinkButton } from '../../components/ui/button'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...pageMeta(loaderData ? `Template ${loaderData.template.templateName}` : 'Template', 'A template record, read-only.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params, context }: Route.LoaderArgs) {
  const template = await getTemplate(shop(context).db, params.templateId)
  if (!template) throw data(null, { status: 404 })
  return { template, placeholder: template.templateImage === PLACEHOLDER_TEMPLATE_IMAGE }
}

const linkClass = 'rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-600'

export default function TemplateDetail({ loaderData }: Route.ComponentProps) {
  const { template, placeholder } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to="/template" className="text-sm text-brand-700 hover:underline">
        ← All templates
      </Link>
      <div className="mt-6 grid gap-8 md:grid-cols-[16rem_1fr]">
        <img
          src={template.templateImage}
          alt={placeholder ? 'Placeholder image' : `Image of ${template.templateName}`}
          width={256}
          height={256}
          className="h-64 w-64 rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
        <div>
          <h1 className="break-words text-3xl font-bold tracking-tight">{template.templateName}</h1>
          <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-500">Id (FBUID)</dt>
            <dd className="font-mono text-xs">{template.FBUID}</dd>
            <dt className="text-slate-500">Image address</dt>
            <dd className="break-all">{template.templateImage}</dd>
            <dt className="text-slate-500">Version</dt>
            <dd>{template.version}</dd>
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to={`/template/${template.FBUID}/update`}>Edit</LinkButton>
            <Link to={`/template/${template.FBUID}/deprecate`} className={`${linkClass} text-red-700 hover:border-red-600`}>
              Deprecate
            </Link>
            <Link to={`/history/templates/${template.FBUID}`} className={linkClass}>
              History
            </Link>
          </div>
        </div>
      </div>
    </div>
  )
}
