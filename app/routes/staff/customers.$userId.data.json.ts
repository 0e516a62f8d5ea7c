import { requireStaff } from '../../server/auth/session.server'
import { shop } from '../../server/context.server'
import { exportCustomerData } from '../../server/staff/privacy.server'
import type { Route } from './+types/customers.$userId.data.json'

/**
 * Everything the shop holds about one customer, as one JSON file to hand them (docs/domain.md,
 * Privacy requests); each download is written to history (who, whose, when).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request)
  const exported = await exportCustomerData(shop(context).db, params.userId, staff.email)
  const headers = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' }
  if (!exported) return new Response('There is no such customer.', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
  const day = exported.exportedAt.slice(0, 10)
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="customer-data-${params.userId.replace(/[^A-Za-z0-9_-]/g, '')}-${day}.json"`,
    },
  })
}
