import { randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { and, eq } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.server.ts'
import { account, session, twoFactor, user } from '../db/schema.ts'
import { syncProfileFromUser } from '../profiles/profiles.server.ts'

export type StaffChange =
  | { result: 'granted' | 'revoked' | 'unchanged'; email: string }
  /** A new account, or an existing one taken over with `reset`: the password is shown once. */
  | { result: 'created' | 'reset'; email: string; password: string }
  /** Refused: the account's address was never verified, so whoever signed up may not be its owner. */
  | { result: 'unverified'; email: string }

const normalise = (email: string) => email.trim().toLowerCase()

/** A password for a new account, shown once: 18 random bytes, URL-safe. */
function newPassword(): string {
  return randomBytes(18).toString('base64url')
}

/** Signs an account out everywhere: its role or password changed under every session it has. */
async function endSessions(db: Executor, userId: string) {
  await db.delete(session).where(eq(session.userId, userId))
}

/** Removes the account's authenticator app and backup codes: its next staff sign-in enrols again. */
async function removeSecondFactor(db: Executor, userId: string) {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId))
  await db.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, userId))
}

/**
 * Grants the staff role. An e-mail without an account gets one (already verified, since an
 * operator vouches for it) with a new password that the caller shows once.
 *
 * An existing account whose address was never verified is refused: anyone can sign up with
 * `newhire@shop` before the new hire does, and would become staff. With `reset` the operator takes
 * the account over instead: a new password (shown once), every session ended, the address marked
 * verified because the operator vouches for it. Any grant ends the account's sessions, so the role
 * starts with a fresh sign-in.
 */
export async function grantStaff(db: Database, emailInput: string, { reset = false } = {}): Promise<StaffChange> {
  const email = normalise(emailInput)
  const [existing] = await db.select({ id: user.id, role: user.role, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email))
  if (existing && reset) {
    const password = newPassword()
    const hash = await hashPassword(password)
    await db.transaction(async (tx) => {
      await tx.update(user).set({ role: 'staff', emailVerified: true, updatedAt: new Date() }).where(eq(user.id, existing.id))
      const [credential] = await tx
        .update(account)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(account.userId, existing.id), eq(account.providerId, 'credential')))
        .returning({ id: account.id })
      if (!credential)
        await tx
          .insert(account)
          .values({ id: randomUUID(), accountId: existing.id, providerId: 'credential', userId: existing.id, password: hash, updatedAt: new Date() })
      // Whoever held the account may have enrolled their own phone.
      await removeSecondFactor(tx, existing.id)
      await endSessions(tx, existing.id)
    })
    return { result: 'reset', email, password }
  }
  if (existing) {
    if (existing.role === 'staff') return { result: 'unchanged', email }
    if (!existing.emailVerified) return { result: 'unverified', email }
    await db.transaction(async (tx) => {
      await tx.update(user).set({ role: 'staff', updatedAt: new Date() }).where(eq(user.id, existing.id))
      await endSessions(tx, existing.id)
    })
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

/** Takes the staff role away and ends the account's sessions, so no open staff screen goes on working. */
export async function revokeStaff(db: Database, emailInput: string): Promise<StaffChange> {
  const email = normalise(emailInput)
  const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email))
  if (!existing) throw new Error(`There is no account with the e-mail address ${email}.`)
  if (existing.role !== 'staff') return { result: 'unchanged', email }
  await db.transaction(async (tx) => {
    await tx.update(user).set({ role: 'customer', updatedAt: new Date() }).where(eq(user.id, existing.id))
    await endSessions(tx, existing.id)
  })
  return { result: 'revoked', email }
}

/**
 * For a lost phone: the account's second factor is removed and every session of it ended, so it
 * logs in with its password and, being staff where the shop requires it, enrols a new app.
 */
export async function resetTwoFactor(db: Database, emailInput: string): Promise<{ email: string; hadTwoFactor: boolean }> {
  const email = normalise(emailInput)
  const [existing] = await db.select({ id: user.id, twoFactorEnabled: user.twoFactorEnabled }).from(user).where(eq(user.email, email))
  if (!existing) throw new Error(`There is no account with the e-mail address ${email}.`)
  await db.transaction(async (tx) => {
    await removeSecondFactor(tx, existing.id)
    await endSessions(tx, existing.id)
  })
  return { email, hadTwoFactor: existing.twoFactorEnabled === true }
}

export async function listStaff(db: Executor): Promise<{ id: string; email: string; name: string; createdAt: Date; twoFactorEnabled: boolean }[]> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.role, 'staff'))
    .orderBy(user.email)
  return rows.map((row) => ({ ...row, twoFactorEnabled: row.twoFactorEnabled === true }))
}
