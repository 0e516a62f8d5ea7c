import { redirect } from 'react-router'
import { landingPath } from '../server/auth/landing.server'
import { getSessionUser } from '../server/auth/session.server'
import type { Route } from './+types/auth.continue'

/** Google login and e-mail verification return here; the redirect rule decides where to go. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request)
  const returnPath = new URL(request.url).searchParams.get('redirectTo')
  if (!user) return redirect('/login')
  return redirect(await landingPath(context, user.id, returnPath))
}
