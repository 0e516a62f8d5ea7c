/** Listeners told, in this process, that a product was just written (the page cache). */
const listeners = new Set<() => void>()

export function onCatalogWrite(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called after a product write has committed. */
export function catalogWritten(): void {
  for (const listener of listeners) listener()
}

/** Runs a product write and, once it has committed, tells the listeners. */
export async function afterCatalogWrite<T>(write: Promise<T>): Promise<T> {
  const result = await write
  catalogWritten()
  return result
}
