import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Whether an `Authorization` header is `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header holds and however long it is: a caller learns
 * nothing of the token from how fast it is refused.
 */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1] ?? ''
  // Compared even without a token given, so that the answer takes as long.
  const same = timingSafeEqual(digest(given), digest(token))
  return same && given.length > 0
}
