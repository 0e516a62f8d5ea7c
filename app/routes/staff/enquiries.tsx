import { Link } from 'react-router'
import { ENQUIRY_STATUSES, isEnquiryStatus, type EnquiryStatus } from '../../lib/enquiries'
import { orderDateFormat } from '../../components/shop/order-status'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { listEnquiries } from '../../server/contacts/contacts.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/enquiries'
import { LinkButton } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Enquiries', 'Enquiries sent through the Contact Us form.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('status')
  const status: EnquiryStatus | '' = isEnquiryStatus(asked) ? asked : ''
  return { enquiries: await listEnquiries(shop(context).db, status), status }
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader title="Enquiries" />
      <nav aria-label="Show enquiries" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {([['', 'All'], ...Object.entries(ENQUIRY_STATUSES)] as [string, string][]).map(([value, label]) => (
            <li key={value}>
              <LinkButton
                variant="pill"
                size="sm"
                to={value ? `/enquiries?status=${value}` : '/enquiries'}
                aria-current={loaderData.status === value ? 'page' : undefined}
              >
                {label}
              </LinkButton>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.enquiries.length === 0 ? (
        <p className="mt-6 text-slate-600">{loaderData.status ? `No ${ENQUIRY_STATUSES[loaderData.status].toLowerCase()} enquiries.` : 'No enquiries yet.'}</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-100 border-y border-slate-100">
          {loaderData.enquiries.map((enquiry) => (
            <li key={enquiry.FBUID} className="py-4">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <Link to={`/contact/${enquiry.FBUID}`} className="font-semibold text-brand-700 hover:underline">
                  {enquiry.contactName}
                </Link>
                <span className="text-sm text-slate-500">
                  <span className={enquiry.status === 'new' ? 'font-semibold text-amber-800' : ''}>{ENQUIRY_STATUSES[enquiry.status]}</span> ·{' '}
                  {orderDateFormat.format(new Date(enquiry.createdAt))}
                </span>
              </div>
              <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                {enquiry.contactEmail}
                {enquiry.contactCompany ? ` · ${enquiry.contactCompany}` : ''}
                {enquiry.contactPhone ? ` · ${enquiry.contactPhone}` : ''}
              </p>
              <p className="mt-1 line-clamp-2 text-sm">{enquiry.contactMessage}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
