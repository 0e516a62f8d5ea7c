import { Link } from 'react-router'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { getSessionUser } from '../../server/auth/session.server'
import { listStaff } from '../../server/auth/staff.server'
import { shop } from '../../server/context.server'
import { formatAud } from '../../lib/money'
import { readDashboard } from '../../server/staff/dashboard.server'
import { readHealth } from '../../server/staff/health.server'
import type { Route } from './+types/home'
import { Alert } from '../../components/ui/alert'
import { PageHeader } from '../../components/ui/page-header'
import { DataTable } from '../../components/ui/table'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Dashboard', 'The shop today: sales, orders to pack, returns, new enquiries and low stock.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = shop(context)
  const [staff, user, dashboard, { warnings: health, lastBackup }] = await Promise.all([
    listStaff(db),
    getSessionUser(context, request),
    readDashboard(db),
    readHealth(db, config),
  ])
  // Where the shop does not require it (the demo), staff without an authenticator app are reminded.
  return { staff, offerTwoFactor: user?.twoFactorEnabled === false, dashboard, health, lastBackup }
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Brisbane' })

const orderCount = (orders: number) => (orders === 1 ? '1 order' : `${orders} orders`)
const invoiceCount = (invoices: number) => (invoices === 1 ? '1 invoice' : `${invoices} invoices`)

/** A figure of the dashboard that leads to its list (the whole tile is the link). */
function Tile({ label, value, detail, to, urgent = false }: { label: string; value: string; detail?: string; to: string; urgent?: boolean }) {
  return (
    <div className={`relative rounded-xl border p-4 hover:border-brand-600 ${urgent ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}>
      <dt className="text-sm text-slate-600">
        <Link to={to} className="after:absolute after:inset-0 hover:underline">
          {label}
        </Link>
      </dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      {detail ? <dd className="text-sm text-slate-600">{detail}</dd> : null}
    </div>
  )
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeader title="Dashboard" />
      {loaderData.offerTwoFactor ? (
        <Alert tone="warning" className="mt-6">
          Your staff account logs in with a password alone.{' '}
          <Link to="/client/two-factor?redirectTo=%2Fstaff" className="font-semibold underline">
            Set up two-step login
          </Link>{' '}
          so that a stolen password is not enough.
        </Alert>
      ) : null}
      <section aria-labelledby="health-heading" className="mt-8">
        <h2 id="health-heading" className="text-lg font-semibold">
          Shop health
        </h2>
        {loaderData.health.length > 0 ? (
          <ul className="mt-3 space-y-3" data-testid="health-warnings">
            {loaderData.health.map((warning) => (
              <li key={warning.id}>
                <Alert tone={warning.tone}>
                  <p className="font-semibold">{warning.title}</p>
                  <p className="mt-1 break-words">{warning.detail}</p>
                  {warning.link ? (
                    <Link to={warning.link.to} className="mt-1 inline-block font-semibold underline">
                      {warning.link.text}
                    </Link>
                  ) : null}
                </Alert>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            Mail, payment events, refunds and backups: nothing needs you.
            {loaderData.lastBackup ? ` Last backup: ${loaderData.lastBackup}.` : ''}
          </p>
        )}
      </section>
      <section aria-labelledby="sales-heading" className="mt-8">
        <h2 id="sales-heading" className="text-lg font-semibold">
          Sales
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Tile label="Today" value={formatAud(dashboard.today.salesCents)} detail={orderCount(dashboard.today.orders)} to="/reports" />
          <Tile label="This week (from Monday)" value={formatAud(dashboard.week.salesCents)} detail={orderCount(dashboard.week.orders)} to="/reports?by=week" />
          <Tile
            label="Owing on account"
            value={formatAud(dashboard.owing.owingCents)}
            detail={
              dashboard.owing.overdue > 0
                ? `${formatAud(dashboard.owing.overdueCents)} overdue (${invoiceCount(dashboard.owing.overdue)})`
                : invoiceCount(dashboard.owing.invoices)
            }
            to="/reports/owing"
            urgent={dashboard.owing.overdue > 0}
          />
        </dl>
      </section>
      <section aria-labelledby="waiting-heading" className="mt-8">
        <h2 id="waiting-heading" className="text-lg font-semibold">
          Waiting for you
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          <Tile label="Orders to pack" value={String(dashboard.toPack)} to="/orders?filter=to-pack" urgent={dashboard.toPack > 0} />
          <Tile label="Returns to handle" value={String(dashboard.returns)} to="/orders?filter=returns" urgent={dashboard.returns > 0} />
          <Tile label="New enquiries" value={String(dashboard.enquiries)} to="/enquiries?status=new" urgent={dashboard.enquiries > 0} />
          <Tile label="Products low in stock" value={String(dashboard.lowStock)} to="/reports#low-stock" urgent={dashboard.lowStock > 0} />
        </dl>
      </section>
      <section aria-labelledby="staff-members" className="mt-10">
        <h2 id="staff-members" className="text-lg font-semibold">
          Staff members
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Invite a colleague, remove someone’s access or reset a lost two-step login on{' '}
          <Link to="/settings/staff" className="font-semibold text-brand-700 underline">
            Staff accounts
          </Link>
          .
        </p>
        <DataTable
          phone="fit"
          rows={loaderData.staff}
          rowKey={(member) => member.email}
          columns={[
            { header: 'E-mail', cell: (member) => <span className="break-all">{member.email}</span> },
            { header: 'Name', cell: (member) => member.name },
            { header: 'Since', cell: (member) => dateFormat.format(new Date(member.createdAt)) },
          ]}
        />
      </section>
    </div>
  )
}
