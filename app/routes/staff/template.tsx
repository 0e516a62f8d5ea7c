import { Link } from 'react-router'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { shop } from '../../server/context.server'
import { listTemplates } from '../../server/templates/templates.server'
import type { Route } from './+types/template'
import { LinkButton } from '../../components/ui/button'
import { Alert } from '../../components/ui/alert'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Templates', 'Template records kept by the shop’s staff.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const deleted = new URL(request.url).searchParams.get('deleted')
  return { templates: await listTemplates(shop(context).db), deleted: deleted && /^[\w-]{1,100}$/.test(deleted) ? deleted : null }
}

const linkClass = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:border-brand-600'

export default function TemplateList({ loaderData }: Route.ComponentProps) {
  const { templates, deleted } = loaderData
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <Link to="/staff" className="text-sm text-brand-700 hover:underline">
            ← Staff
          </Link>
          <h1 className="mt-1 text-3xl font-bold tracking-tight">Templates</h1>
        </div>
        <LinkButton to="/template/create">Create Template</LinkButton>
      </div>
      {deleted ? (
        <Alert tone="success" className="mt-6">
          The template was deleted. Its versions are kept:{' '}
          <Link to={`/history/templates/${deleted}`} className="font-semibold underline">
            restore it from its history
          </Link>
          .
        </Alert>
      ) : null}
      {templates.length === 0 ? (
        <p className="mt-8 text-slate-600">There are no templates yet.</p>
      ) : (
        <ul className="mt-8 divide-y divide-slate-100 border-y border-slate-100">
          {templates.map((template) => (
            <li key={template.FBUID} className="flex flex-wrap items-center gap-4 py-4">
              <div className="flex min-w-0 flex-1 basis-64 items-center gap-4">
                <img
                  src={template.templateImage}
                  alt=""
                  width={64}
                  height={64}
                  className="h-16 w-16 shrink-0 rounded-md border border-slate-200 bg-slate-50 object-contain"
                />
                <h2 className="min-w-0 break-words text-lg font-semibold">
                  <Link to={`/template/${template.FBUID}`} className="hover:text-brand-700 hover:underline">
                    {template.templateName}
                  </Link>
                </h2>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={`/template/${template.FBUID}`} className={linkClass}>
                  Read<span className="sr-only"> {template.templateName}</span>
                </Link>
                <Link to={`/template/${template.FBUID}/update`} className={linkClass}>
                  Edit<span className="sr-only"> {template.templateName}</span>
                </Link>
                <Link to={`/template/${template.FBUID}/deprecate`} className={`${linkClass} text-red-700 hover:border-red-600`}>
                  Deprecate<span className="sr-only"> {template.templateName}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
