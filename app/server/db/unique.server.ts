/**
 * A unique constraint's refusal (PostgreSQL 23505), as node-postgres, PGlite and Drizzle wrap it: the
 * constraint's or index's name, or null when the error is something else. Saves that check first
 * still meet it when two of them race; the caller turns it into the same message as its check.
 */
export function uniqueViolation(error: unknown): string | null {
  let cause = error
  for (let depth = 0; depth < 5 && typeof cause === 'object' && cause !== null; depth++) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown }
    if (code === '23505') return typeof constraint === 'string' ? constraint : ''
    cause = (cause as { cause?: unknown }).cause
  }
  return null
}
