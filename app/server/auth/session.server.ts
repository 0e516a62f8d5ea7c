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

function loginRedirect(request: Request): Response {
  const url = new URL(request.url)
  const returnPath = `${url.pathname}${url.search}`
  return redirect(`/login?redirectTo=${encodeURIComponent(returnPath)}`)
}

/** Anonymous visitors go to the login panel and come back here afterwards. */
export async function requireUser(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request)
  if (!user) throw loginRedirect(request)
  return user
}

/** Staff is a role, not "anyone signed in": a customer gets 403, an anonymous visitor the login panel. */
export async function requireStaff(context: Readonly<RouterContextProvider>, request: Request): Promise<SessionUser> {
  const user = await requireUser(context, request)
  if (user.role !== 'staff') throw data({ message: 'This page is for staff only.' }, { status: 403 })
  return user
}
