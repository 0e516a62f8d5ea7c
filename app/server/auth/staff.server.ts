import { randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.server.ts'
import { account, user } from '../db/schema.ts'
import { syncProfileFromUser } from '../profiles/profiles.server.ts'

export type StaffChange =
  | { result: 'granted' | 'revoked' | 'unchanged'; email: string }
  | { result: 'created'; email: string; password: string }

const normalise = (email: string) => email.trim().toLowerCase()

/** A password for a new account, shown once: 18 random bytes, URL-safe. */
function newPassword(): string {
  return randomBytes(18).toString('base64url')
}

/**
 * Grants the staff role. An e-mail without an account gets one (already verified, since an
 * operator vouches for it) with a new password that the caller shows once.
 */
export async function grantStaff(db: Database, emailInput: string): Promise<StaffChange> {
  const email = normalise(emailInput)
  const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email))
  if (existing) {
    if (existing.role === 'staff') return { result: 'unchanged', email }
    await db.update(user).set({ role: 'staff', updatedAt: new Date() }).where(eq(user.id, existing.id))
    return { result: 'granted', email }
  }
  const password = newPassword()
  const hash = await hashPassword(password)
  const id = randomUUID()
  const name = email.split('@')[0] ?? email
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name, email, emailVerified: true, role: 'staff' })
    await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash, updatedAt: new Date() })
  })
  await syncProfileFromUser(db, { id, email, name })
  return { result: 'created', email, password }
}

export async function revokeStaff(db: Database, emailInput: string): Promise<StaffChange> {
  const email = normalise(emailInput)
  const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email))
  if (!existing) throw new Error(`There is no account with the e-mail address ${email}.`)
  if (existing.role !== 'staff') return { result: 'unchanged', email }
  await db.update(user).set({ role: 'customer', updatedAt: new Date() }).where(eq(user.id, existing.id))
  return { result: 'revoked', email }
}

export async function listStaff(db: Database): Promise<{ email: string; name: string; createdAt: Date }[]> {
  return db.select({ email: user.email, name: user.name, createdAt: user.createdAt }).from(user).where(eq(user.role, 'staff')).orderBy(user.email)
}
