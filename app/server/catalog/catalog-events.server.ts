import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client.server.ts'

/**
 * Records, inside the writing transaction, a change that alters catalogue pages without a product
 * write (stock crossing "Only N left", a shipping method saved): the catalogue's version counts
 * these too (catalog-reads.server.ts), so every process retires its cached pages.
 */
export async function noteCatalogChange(tx: Executor): Promise<void> {
  await tx.execute(sql`select nextval('catalog_changes_seq')`)
}

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
