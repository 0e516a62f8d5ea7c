import { data, redirect, type RouterContextProvider } from 'react-router'
import { shop } from '../context.server.ts'
import type { SessionUser } from './session-reader.server.ts'

export type { SessionUser }

/** Session lookups of page requests (GET and HEAD), by request: the root's loader and the page's share one. */
const pageLookups = new WeakMap<Request, Promise<SessionUser | null>>()

/**
 * The signed-in person, from the session cookie (sessions live in the database; session-reader.server.ts).
 * The loaders of one page request look it up once; an action always looks it up afresh, since it may
 * sign in or out or change the account.
 */
export function getSessionUser(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser | null> {
  const { sessions } = shop(context)
  if (request.method !== 'GET' && request.method !== 'HEAD') return sessions(request.headers)
  let lookup = pageLookups.get(request)
  if (!lookup) {
    lookup = sessions(request.headers)
    pageLookups.set(request, lookup)
  }
  return lookup
}

/** A page that sends the visitor on and back here afterwards. */
function redirectWithReturn(request: Request, to: string): Response {
  const url = new URL(request.url)
  const returnPath = `${url.pathname}${url.search}`
  return redirect(`${to}?redirectTo=${encodeURIComponent(returnPath)}`)
}

const loginRedirect = (request: Request) => redirectWithReturn(request, '/login')

/**
 * What a staff session still lacks before staff screens: nothing, the code of an enrolled
 * authenticator app ('code'), or an authenticator app at all ('enrol', when the shop requires one).
 */
export function staffSecondFactorStep(user: SessionUser, requirement: 'required' | 'optional'): 'code' | 'enrol' | null {
  if (user.secondFactorPassed) return null
  if (user.twoFactorEnabled) return 'code'
  return requirement === 'required' ? 'enrol' : null
}

/** Anonymous visitors go to the login panel and come back here afterwards. */
export async function requireUser(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request)
  if (!user) throw loginRedirect(request)
  return user
}

/**
 * Staff is a role, not "anyone signed in": a customer gets 403, an anonymous visitor the login panel.
 * A staff session that has not passed the second factor is sent to enter its code, or to enrol an
 * authenticator app where the shop requires one (STAFF_TWO_FACTOR); a write gets 403 instead,
 * since a redirect would not tell a script or a fetch what is missing.
 */
export async function requireStaff(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request)
  if (user.role !== 'staff') throw data({ message: 'This page is for staff only.' }, { status: 403 })
  const step = staffSecondFactorStep(user, shop(context).config.STAFF_TWO_FACTOR)
  if (!step) return user
  if (request.method !== 'GET' && request.method !== 'HEAD')
    throw data({ message: 'Staff actions need a session that passed the second factor. Please enter your authenticator code first.' }, { status: 403 })
  throw redirectWithReturn(request, step === 'code' ? '/login/two-factor' : '/client/two-factor')
}
