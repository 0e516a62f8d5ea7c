import { redirect } from 'react-router'
import { publicOrigin } from '../server/public-origin.server'
import { callAuth, cookieHeaders } from '../server/auth/auth-calls.server'
import { signedInCookie } from '../server/auth/signed-in-cookie.server'
import { shop } from '../server/context.server'
import type { Route } from './+types/logout'

/** Ends the session on the server (better-auth deletes it) and clears its cookie and the signed-in mark. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await callAuth(context, request, '/sign-out', {})
  const headers = cookieHeaders(result.setCookies)
  headers.append('Set-Cookie', signedInCookie(null, publicOrigin(shop(context).config).startsWith('https://')))
  return redirect('/', { headers })
}

export function loader() {
  return redirect('/login')
}
