import { SIGNED_IN_COOKIE, type SignedInHint } from '../../lib/signed-in-hint.ts'

/** As long as a session lives (auth.server.ts); set again by any lookup that finds it missing. */
const MAX_AGE = 60 * 60 * 24 * 30

/** The Set-Cookie of the signed-in mark (app/lib/signed-in-hint.ts), or of its removal (null). Readable by scripts on purpose. */
export function signedInCookie(hint: SignedInHint | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
  return hint ? `${SIGNED_IN_COOKIE}=${hint}; Max-Age=${MAX_AGE}; ${attributes}` : `${SIGNED_IN_COOKIE}=; Max-Age=0; ${attributes}`
}
