import { isSitePath } from '../schemas/text.ts'

/** The two profile kinds (docs/specification.md, Profile); they only decide where a login lands. */
export interface ProfileKinds {
  profileTypeTherapist: boolean
  profileTypeClient: boolean
}

export type LoginOutcome = { user: null } | { user: object; profile: ProfileKinds | null } | { error: unknown }

/**
 * The therapist check (docs/specification.md, Where a login lands) is true when there is no user, no
 * profile, or an error, when therapist is set, or when neither kind is set.
 */
export function isTherapist(outcome: LoginOutcome): boolean {
  if ('error' in outcome || !outcome.user || !('profile' in outcome) || !outcome.profile) return true
  const { profileTypeTherapist, profileTypeClient } = outcome.profile
  return profileTypeTherapist || !profileTypeClient
}

/** Therapists (and anyone in doubt) go to /client, clients to /program (docs/specification.md, Where a login lands). */
export function redirectAfterLogin(outcome: LoginOutcome): '/client' | '/program' {
  return isTherapist(outcome) ? '/client' : '/program'
}

const SITE = 'http://site.invalid'

/**
 * A return path carried through login (`?redirectTo=`) is followed only when it is a path on this
 * site (the one rule of app/lib/schemas/text.ts), and never to one of React Router's `.data`
 * requests. It comes back percent-encoded as a URL would be (`/日本` → `/%E6%97%A5%E6%9C%AC`), so
 * that it can go into a Location header, which holds only Latin-1.
 *
 * The rule is applied again to the path as resolved: dot segments, `%2e` among them, go (`/..//evil`
 * is `//evil`, which a browser reads as another host), and to the path decoded once more, as a
 * proxy or a framework in front of a page might see it (`/%2F/evil`, `/%5Cevil`).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !isSitePath(value) || !value.isWellFormed()) return null
  const url = new URL(value, SITE)
  const path = `${url.pathname}${url.search}${url.hash}`
  if (url.origin !== SITE || !isSitePath(path) || !staysHereDecoded(url.pathname) || url.pathname.endsWith('.data')) return null
  return path
}

/** Whether a resolved path, decoded once and resolved again, is still a path on this site. */
function staysHereDecoded(pathname: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return false
  }
  // `//` followed by what no host may hold (`/%2F%00evil`) is no address at all.
  const again = URL.parse(decoded, SITE)
  return again !== null && again.origin === SITE && !again.pathname.startsWith('//')
}
