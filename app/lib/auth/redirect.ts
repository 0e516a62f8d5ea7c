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
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !isSitePath(value) || !value.isWellFormed()) return null
  const url = new URL(value, SITE)
  if (url.origin !== SITE || url.pathname.endsWith('.data')) return null
  return `${url.pathname}${url.search}${url.hash}`
}
