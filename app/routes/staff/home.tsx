import { Link } from 'react-router'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { getSessionUser } from '../../server/auth/session.server'
import { listStaff } from '../../server/auth/staff.server'
import { shop } from '../../server/context.server'
import { openReturnCount } from '../../server/orders/returns.server'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) =>
  [...pageMeta('Staff', 'Tools for the shop’s staff.', shopNameFrom(matches)), { name: 'robots', content: 'noindex' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = shop(context)
  const [staff, user, returns] = await Promise.all([listStaff(db), getSessionUser(context, request), openReturnCount(db)])
  // Where the shop does not require it (the demo), staff without an authenticator app are reminded.
  return { staff, offerTwoFactor: user?.twoFactorEnabled === false, returns }
}

const staffTools = [
  { to: '/product/create', label: 'Create product' },
  { to: '/orders', label: 'Orders' },
  { to: '/reports', label: 'Reports' },
  { to: '/enquiries', label: 'Enquiries' },
  { to: '/outbox', label: 'Outbox' },
  { to: '/payment-links', label: 'Payment links' },
  { to: '/settings/shipping', label: 'Shipping methods' },
  { to: '/template', label: 'Templates' },
  { to: '/history', label: 'History' },
  { to: '/migration', label: 'Data export and import' },
]

const dateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Brisbane' })

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Staff</h1>
      <p className="mt-2 text-slate-600">
        Staff accounts are granted and removed by an operator with <code className="rounded bg-slate-100 px-1">npm run staff -- add|remove &lt;email&gt;</code>.
      </p>
      {loaderData.offerTwoFactor ? (
        <p className="mt-6 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your staff account logs in with a password alone.{' '}
          <Link to="/client/two-factor?redirectTo=%2Fstaff" className="font-semibold underline">
            Set up two-step login
          </Link>{' '}
          so that a stolen password is not enough.
        </p>
      ) : null}
      {loaderData.returns > 0 ? (
        <p className="mt-6 rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          <Link to="/orders?filter=returns" className="font-semibold underline">
            {loaderData.returns === 1 ? '1 return to handle' : `${loaderData.returns} returns to handle`}
          </Link>
          : approve or decline, receive, refund.
        </p>
      ) : null}
      <nav aria-label="Staff tools" className="mt-8">
        <ul className="flex flex-wrap gap-3">
          {staffTools.map((tool) => (
            <li key={tool.to}>
              <Link to={tool.to} className="inline-block rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:border-brand-600">
                {tool.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="staff-members" className="mt-10">
        <h2 id="staff-members" className="text-xl font-semibold">
          Staff members
        </h2>
        <table className="mt-4 w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th scope="col" className="py-2 font-medium">
                E-mail
              </th>
              <th scope="col" className="py-2 font-medium">
                Name
              </th>
              <th scope="col" className="py-2 font-medium">
                Since
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loaderData.staff.map((member) => (
              <tr key={member.email}>
                <td className="py-2">{member.email}</td>
                <td className="py-2">{member.name}</td>
                <td className="py-2">{dateFormat.format(new Date(member.createdAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}
