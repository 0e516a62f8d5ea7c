import { Link } from 'react-router'
import { orderDateFormat } from '../../components/shop/order-status'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { listEnquiries } from '../../server/contacts/contacts.server'
import { shop } from '../../server/context.server'
import type { Route } from './+types/enquiries'

export const meta: Route.MetaFunction = ({ matches }) =>
  [...pageMeta('Enquiries', 'Enquiries sent through the Contact Us form.', shopNameFrom(matches)), { name: 'robots', content: 'noindex' }]

export async function loader({ context }: Route.LoaderArgs) {
  return { enquiries: await listEnquiries(shop(context).db) }
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Enquiries</h1>
      {loaderData.enquiries.length === 0 ? (
        <p className="mt-6 text-slate-600">No enquiries yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-100 border-y border-slate-100">
          {loaderData.enquiries.map((enquiry) => (
            <li key={enquiry.FBUID} className="py-4">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <Link to={`/contact/${enquiry.FBUID}`} className="font-semibold text-brand-700 hover:underline">
                  {enquiry.contactName}
                </Link>
                <span className="text-sm text-slate-500">{orderDateFormat.format(new Date(enquiry.createdAt))}</span>
              </div>
              <p className="text-sm text-slate-600">
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
