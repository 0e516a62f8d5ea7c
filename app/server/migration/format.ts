/**
 * The export file (docs/data-format.md): one collection's documents keyed by their id (FBUID),
 * written so that two exports of the same data are byte-identical.
 */
export const EXPORT_FORMAT = 'unidrone-shop-export'
export const EXPORT_VERSION = 1

export const MIGRATION_COLLECTIONS = ['products', 'templates', 'contacts', 'profiles', 'promotions', 'orders', 'history', 'images'] as const
export type MigrationCollection = (typeof MIGRATION_COLLECTIONS)[number]

export function isMigrationCollection(value: string): value is MigrationCollection {
  return (MIGRATION_COLLECTIONS as readonly string[]).includes(value)
}

/**
 * The collections the staff screen (/migration) offers. Images are moved with `npm run data` only:
 * their file holds every uploaded photo (hundreds of megabytes), more than the screen's uploads take,
 * and an export made there would be kept in the database for 30 days beside the images themselves.
 */
export const SCREEN_COLLECTIONS = [
  'products',
  'templates',
  'contacts',
  'profiles',
  'promotions',
  'orders',
  'history',
] as const satisfies readonly MigrationCollection[]
export type ScreenCollection = (typeof SCREEN_COLLECTIONS)[number]

export function isScreenCollection(value: string): value is ScreenCollection {
  return (SCREEN_COLLECTIONS as readonly string[]).includes(value)
}

/** A stored document as the file holds it: JSON values only, FBUID first. */
export type Document = Record<string, unknown>

export interface DocumentEntry {
  id: string
  document: Document
}

/**
 * JSON text with a fixed layout: two-space indentation, a document's own fields in the order its
 * collection defines them, and the keys of every nested object sorted by code unit, so that the
 * text does not depend on how the database happened to return them.
 */
export function canonicalJson(value: unknown, indent = '', sortKeys = false): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null'
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value)
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((item) => inner + canonicalJson(item, inner, true)).join(',\n')}\n${indent}]`
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    if (sortKeys) keys.sort(compareCodeUnits)
    if (keys.length === 0) return '{}'
    const fields = keys.map((key) => `${inner}${JSON.stringify(key)}: ${canonicalJson((value as Record<string, unknown>)[key], inner, true)}`)
    return `{\n${fields.join(',\n')}\n${indent}}`
  }
  throw new TypeError(`A ${typeof value} cannot be written to an export file.`)
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0
}

/** The opening of an export file, up to and including the opening brace of `documents`. */
export function exportHeader(collection: MigrationCollection): string {
  return [
    '{',
    `  "format": ${JSON.stringify(EXPORT_FORMAT)},`,
    `  "version": ${EXPORT_VERSION},`,
    `  "collection": ${JSON.stringify(collection)},`,
    '  "documents": {',
  ].join('\n')
}

/** One document of the `documents` object; every one but the first is preceded by a comma. */
export function exportEntry(entry: DocumentEntry, first: boolean): string {
  return `${first ? '' : ','}\n    ${JSON.stringify(entry.id)}: ${canonicalJson(entry.document, '    ')}`
}

/** The end of an export file, after the last document. */
export function exportFooter(empty: boolean): string {
  return `${empty ? '}' : '\n  }'}\n}\n`
}
