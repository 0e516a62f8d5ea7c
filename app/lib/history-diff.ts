/** One field that differs between two versions of a document. */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

/** Bookkeeping fields that history rows carry but that are not part of the record itself. */
const IGNORED = new Set(['updatedAt', 'createdAt', 'version', 'restored', 'movedTo', 'movedFrom'])

/**
 * What changed from one version to the next, field by field, in the order of the newer version's
 * fields (then fields that disappeared). The first version of a record shows every field as new.
 */
export function diffDocuments(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChange[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before ?? {})])].filter((key) => !IGNORED.has(key))
  return keys
    .filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ field: key, before: before?.[key], after: after[key] }))
}
