import type { Executor } from '../db/client.server.ts'
import { history } from '../db/schema.ts'

/** The actor named in history when nobody is signed in (docs/domain.md, History). */
export const NO_USER = 'no user found'

export type Collection =
  | 'products'
  | 'templates'
  | 'contacts'
  | 'profiles'
  | 'orders'
  | 'shipping-methods'
  | 'addresses'
  | 'quotes'
  | 'settings'
  | 'trade-accounts'
  | 'promotions'
  | 'privacy-requests'

export interface HistoryEntry {
  collection: Collection
  documentId: string
  action: 'create' | 'set' | 'update' | 'delete'
  /** The full document as it stands after the write (for a delete: as it stood before). */
  document: Record<string, unknown>
  updatedBy?: string | null
}

/** Call inside the transaction of the write it records, so that both land or neither does. */
export async function recordHistory(tx: Executor, entry: HistoryEntry): Promise<void> {
  await tx.insert(history).values({
    collection: entry.collection,
    documentId: entry.documentId,
    action: entry.action,
    document: entry.document,
    updatedBy: entry.updatedBy || NO_USER,
  })
}

/** A version that cannot be put back: unknown, read-only collection, or no longer a valid record. */
export class NotRestorableError extends Error {
  override name = 'NotRestorableError'
}
