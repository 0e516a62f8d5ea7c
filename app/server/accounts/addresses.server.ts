import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.server.ts'
import { addresses } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'

export type SavedAddress = typeof addresses.$inferSelect
export type AddressInput = Pick<SavedAddress, 'fullName' | 'phone' | 'company' | 'abn' | 'addressLine1' | 'addressLine2' | 'suburb' | 'state' | 'postcode'>

/** A customer's addresses, the default first. */
export async function listAddresses(db: Executor, userId: string): Promise<SavedAddress[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.createdAt))
}

const same = (a: AddressInput, b: AddressInput) =>
  (['fullName', 'addressLine1', 'addressLine2', 'suburb', 'state', 'postcode'] as const).every(
    (key) => a[key].trim().toLowerCase() === b[key].trim().toLowerCase(),
  )

/**
 * Keeps an address the customer chose to save at checkout; it becomes their default (the one they
 * used last). An address they already have is not stored twice, only made the default.
 */
export async function saveAddress(db: Database, userId: string, input: AddressInput, updatedBy: string): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    const existing = (await listAddresses(tx, userId)).find((address) => same(address, input))
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId))
    let saved: SavedAddress
    if (existing) {
      ;[saved] = (await tx
        .update(addresses)
        .set({ ...input, isDefault: true })
        .where(eq(addresses.id, existing.id))
        .returning()) as [SavedAddress]
    } else {
      ;[saved] = (await tx
        .insert(addresses)
        .values({ id: `addr_${randomBytes(9).toString('base64url')}`, userId, ...input, isDefault: true })
        .returning()) as [SavedAddress]
    }
    await recordHistory(tx, {
      collection: 'addresses',
      documentId: saved.id,
      action: existing ? 'set' : 'create',
      document: { FBUID: saved.id, ...saved },
      updatedBy,
    })
    return saved
  })
}

/** Makes one of the customer's addresses the default; false if it is not theirs. */
export async function makeDefaultAddress(db: Database, userId: string, addressId: string, updatedBy: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    if (!mine) return false
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId))
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, addressId))
    await recordHistory(tx, {
      collection: 'addresses',
      documentId: addressId,
      action: 'update',
      document: { FBUID: addressId, ...mine, isDefault: true },
      updatedBy,
    })
    return true
  })
}

/** Removes one of the customer's addresses; false if it is not theirs. */
export async function removeAddress(db: Database, userId: string, addressId: string, updatedBy: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning()
    if (!gone) return false
    await recordHistory(tx, { collection: 'addresses', documentId: addressId, action: 'delete', document: { FBUID: addressId, ...gone }, updatedBy })
    return true
  })
}
