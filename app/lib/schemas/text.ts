import { z } from 'zod'

/**
 * Text the database can store: no NUL (PostgreSQL text refuses it) and no lone surrogate (a broken
 * character that has no UTF-8 form; JSON's `\ud800` makes one).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed()
}

export const UNSTORABLE = 'Contains characters that cannot be stored (a NUL or a broken character).'

/** A trimmed string of at most `max` characters that the database can store. */
export const storableString = (max: number, tooLong = `At most ${max} characters.`) => z.string().refine(isStorableText, UNSTORABLE).trim().max(max, tooLong)

/**
 * The first place inside a JSON value (an object key or a string) that is not storable text, as a
 * path such as `productFeatures.0.value`, or null.
 */
export function unstorablePath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || '(the value)'
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorablePath(item, [...path, String(index)])
      if (found) return found
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, JSON.stringify(key)].join('.')
      const found = unstorablePath(item, [...path, key])
      if (found) return found
    }
  }
  return null
}

/**
 * A path on this site, the one rule for every link, image and return path: a single leading `/`, and
 * nothing a browser would read as another host or drop silently — no `//` or `/\` at the start, no
 * backslash anywhere (browsers read it as `/`), no whitespace or control character (tabs and newlines
 * are removed, so `/\t/evil` is `//evil`), no quotes or angle brackets.
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])[^\s"'<>\\\u0000-\u001f\u007f]*$/.test(value)
}

/** An https:// address with a host, and nothing a browser would read differently. */
export function isHttpsAddress(value: string): boolean {
  if (!/^https:\/\/[^\s"'<>\\\u0000-\u001f\u007f/?#@]+([/?#][^\s"'<>\\\u0000-\u001f\u007f]*)?$/.test(value)) return false
  return URL.canParse(value)
}

export const isLinkOrSitePath = (value: string) => isHttpsAddress(value) || isSitePath(value)

export const LINK_MESSAGE = 'Use an https:// address or a path on this site starting with /.'
