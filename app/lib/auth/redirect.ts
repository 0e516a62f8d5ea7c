/** The two profile kinds of SPEC.md §3; they only decide where a login lands. */
export interface ProfileKinds {
  profileTypeTherapist: boolean
  profileTypeClient: boolean
}

export type LoginOutcome = { user: null } | { user: object; profile: ProfileKinds | null } | { error: unknown }

/**
 * SPEC.md §6: the therapist check is true when there is no user, no profile, or an error, when
 * therapist is set, or when neither kind is set.
 */
export function isTherapist(outcome: LoginOutcome): boolean {
  if ('error' in outcome || !outcome.user || !('profile' in outcome) || !outcome.profile) return true
  const { profileTypeTherapist, profileTypeClient } = outcome.profile
  return profileTypeTherapist || !profileTypeClient
}

/** SPEC.md §4: therapists (and anyone in doubt) go to /client, clients to /program. */
export function redirectAfterLogin(outcome: LoginOutcome): '/client' | '/program' {
  return isTherapist(outcome) ? '/client' : '/program'
}

/**
 * A return path carried through login (`?redirectTo=`) is followed only when it stays on this
 * site: one leading slash, no scheme, no protocol-relative `//` or `/\`.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  if (/[\u0000-\u001f]/.test(value)) return null
  return value
}
