import type { RouterContextProvider } from 'react-router'
import { redirectAfterLogin, safeReturnPath } from '../../lib/auth/redirect.ts'
import { shop } from '../context.server.ts'
import { logger } from '../log.server.ts'
import { getProfile } from '../profiles/profiles.server.ts'

/**
 * Where a person lands after logging in: back to the page that sent them to the login panel, or
 * by the profile rule (docs/specification.md, Where a login lands). Any failure to read the profile
 * is logged and lands on /client.
 */
export async function landingPath(context: Readonly<RouterContextProvider>, userId: string | null, returnPath: string | null): Promise<string> {
  const safe = safeReturnPath(returnPath)
  if (safe) return safe
  if (!userId) return redirectAfterLogin({ user: null })
  try {
    const profile = await getProfile(shop(context).db, userId)
    return redirectAfterLogin({ user: { id: userId }, profile })
  } catch (error) {
    logger.error({ err: error, userId }, 'could not read the profile after login')
    return redirectAfterLogin({ error })
  }
}

/** The address better-auth returns to after Google login or e-mail verification. */
export function continuePath(returnPath: string | null): string {
  const safe = safeReturnPath(returnPath)
  return safe ? `/auth/continue?redirectTo=${encodeURIComponent(safe)}` : '/auth/continue'
}
