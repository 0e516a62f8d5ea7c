/** A field renamed in every imported document before it is checked: `old=new`. */
export interface Rename {
  from: string
  to: string
}

export class RenameError extends Error {
  override name = 'RenameError'
}

/**
 * Reads renames written as `old=new`, given one per item or several separated by commas or new
 * lines (as typed on the migration screen).
 */
export function parseRenames(items: readonly string[]): Rename[] {
  const renames: Rename[] = []
  for (const text of items.flatMap((item) => item.split(/[,\n]/))) {
    const trimmed = text.trim()
    if (!trimmed) continue
    const match = /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(trimmed)
    if (!match) throw new RenameError(`"${trimmed}" is not a rename: write old=new, such as price=productPrices.`)
    const [, from, to] = match as unknown as [string, string, string]
    if (from === to) throw new RenameError(`"${trimmed}" renames a field to itself.`)
    if (renames.some((rename) => rename.from === from)) throw new RenameError(`"${from}" is renamed twice.`)
    renames.push({ from, to })
  }
  return renames
}

/**
 * Applies the renames, in order, to a document's own fields. A rename onto a field the document
 * already has would lose one of the two values, so it is refused with the reason.
 */
export function applyRenames(document: Record<string, unknown>, renames: readonly Rename[]): { document: Record<string, unknown> } | { reason: string } {
  if (renames.length === 0) return { document }
  const renamed = { ...document }
  for (const { from, to } of renames) {
    if (!Object.hasOwn(renamed, from)) continue
    if (Object.hasOwn(renamed, to)) return { reason: `It has both "${from}" and "${to}", so "${from}" cannot be renamed to "${to}".` }
    renamed[to] = renamed[from]
    delete renamed[from]
  }
  return { document: renamed }
}

export const formatRenames = (renames: readonly Rename[]) => renames.map((rename) => `${rename.from}=${rename.to}`).join(', ')
