import { redirect } from 'react-router'
import { callAuth, cookieHeaders } from '../server/auth/auth-calls.server'
import type { Route } from './+types/logout'

/** Ends the session on the server (better-auth deletes it) and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await callAuth(context, request, '/sign-out', {})
  return redirect('/', { headers: cookieHeaders(result.setCookies) })
}

export function loader() {
  return redirect('/login')
}
