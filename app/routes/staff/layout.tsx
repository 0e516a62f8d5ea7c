import { Outlet } from 'react-router'
import { requireStaff } from '../../server/auth/session.server'
import type { Route } from './+types/layout'

/**
 * Every staff screen is a child of this layout, so the server checks the staff role before any
 * of their loaders or actions run: anonymous → login panel (and back), customer → 403.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    await requireStaff(context, request)
  },
]

export default function StaffLayout() {
  return <Outlet />
}
