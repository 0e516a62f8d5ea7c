import { data, Link } from 'react-router'
import { LEGAL_LAST_UPDATED, legalDocuments, legalPath, type LegalDocument } from '../lib/legal/documents'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { shop } from '../server/context.server'
import { shopIdentity } from '../server/env.server'
import type { Route } from './+types/legals'

/** Serves /legals (the index) and /legals/:section (one document, named by the last URL segment). */
export function loader({ params, context }: Route.LoaderArgs) {
  const documents = legalDocuments(shopIdentity(shop(context).config))
  const index = documents.map(({ slug, title, summary }) => ({ slug, title, summary }))
  const section = params.section
  if (!section) return { index, document: null }
  const document = documents.find((candidate) => candidate.slug === section)
  if (!document) throw data(null, { status: 404 })
  return { index, document }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const document = loaderData?.document
  return document
    ? pageMeta(document.title, document.summary, shopNameFrom(matches))
    : pageMeta(
        'Legal information',
        'Our Terms and Conditions, Privacy Policy and Returns Policy: how we sell, deliver and refund, and how we handle your personal information.',
        shopNameFrom(matches),
      )
}

const lastUpdated = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(LEGAL_LAST_UPDATED))

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600'

export default function Legals({ loaderData }: Route.ComponentProps) {
  const { index, document } = loaderData
  if (!document) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Legal information</h1>
        <p className="mt-4 text-slate-700">The terms we trade on, how we handle your personal information, and how returns work.</p>
        <ul className="mt-8 space-y-4">
          {index.map((entry) => (
            <li key={entry.slug} className="rounded-xl border border-slate-200 p-5 hover:border-brand-600">
              <Link to={legalPath(entry.slug)} className="text-lg font-semibold text-brand-700 hover:underline">
                {entry.title}
              </Link>
              <p className="mt-1 text-slate-700">{entry.summary}</p>
            </li>
          ))}
        </ul>
      </div>
    )
  }
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="Legal documents" className="lg:sticky lg:top-8 lg:self-start">
        <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {index.map((entry) => {
            const current = entry.slug === document.slug
            return (
              <li key={entry.slug}>
                <Link
                  to={legalPath(entry.slug)}
                  aria-current={current ? 'page' : undefined}
                  className={`block rounded-md px-3 py-2 text-sm ${current ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  {entry.title}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <article className="max-w-3xl text-slate-700">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          Last updated <time dateTime={LEGAL_LAST_UPDATED}>{lastUpdated}</time>
        </p>
        <Contents document={document} />
        {document.sections.map((section, i) => (
          <section key={section.heading} id={`section-${i + 1}`} className="mt-10 scroll-mt-8">
            <h2 className="text-xl font-semibold text-ink">{`${i + 1}. ${section.heading}`}</h2>
            {section.paragraphs.map((paragraph) => (
              <Paragraph key={paragraph} text={paragraph} />
            ))}
          </section>
        ))}
      </article>
    </div>
  )
}

function Contents({ document }: { document: LegalDocument }) {
  return (
    <nav aria-labelledby="contents-label" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <p id="contents-label" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Contents
      </p>
      <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        {document.sections.map((section, i) => (
          <li key={section.heading}>
            <a href={`#section-${i + 1}`} className="text-brand-700 hover:underline">
              {`${i + 1}. ${section.heading}`}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** E-mail addresses and the regulator's website become links; everything else is plain text. */
const LINKABLE = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+|www\.oaic\.gov\.au)/

function Paragraph({ text }: { text: string }) {
  const parts = text.split(LINKABLE)
  return (
    <p className="mt-4 leading-7">
      {parts.map((part, i) =>
        i % 2 === 0 ? (
          part
        ) : (
          <a key={i} href={part.includes('@') ? `mailto:${part}` : `https://${part}`} className={linkClass}>
            {part}
          </a>
        ),
      )}
    </p>
  )
}
