import { eq, getTableColumns } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.server.ts'
import { profiles } from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'

export const PLACEHOLDER_PROFILE_IMAGE = '/images/placeholder-profile.svg'

const { id, createdAt, updatedAt, ...fieldColumns } = getTableColumns(profiles)
const documentColumns = { FBUID: id, ...fieldColumns }

export type Profile = Awaited<ReturnType<typeof getProfile>> & {}

export async function getProfile(db: Executor, userId: string) {
  const [row] = await db.select(documentColumns).from(profiles).where(eq(profiles.id, userId)).limit(1)
  return row ?? null
}

interface AuthUser {
  id: string
  email: string
  name?: string | null
  image?: string | null
}

function splitName(name: string | null | undefined): { given: string; family: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return { given: '', family: '' }
  return { given: parts[0]!, family: parts.slice(1).join(' ') }
}

/**
 * Sign-up, sign-in and Google login keep the profile in step with the account
 * (docs/specification.md, Profile): a new account gets its profile, a changed e-mail or picture is
 * copied over. Nothing changed, nothing written.
 */
export async function syncProfileFromUser(db: Database, user: AuthUser): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await getProfile(tx, user.id)
    if (!existing) {
      const { given, family } = splitName(user.name)
      const [created] = await tx
        .insert(profiles)
        .values({
          id: user.id,
          profileNameGiven: given,
          profileNameFamily: family,
          profileEmail: user.email,
          profileImage: user.image || PLACEHOLDER_PROFILE_IMAGE,
        })
        .onConflictDoNothing()
        .returning({ id: profiles.id })
      if (!created) return
      const document = await getProfile(tx, user.id)
      await recordHistory(tx, { collection: 'profiles', documentId: user.id, action: 'create', document: { ...document }, updatedBy: user.email })
      return
    }
    const changes: Partial<typeof profiles.$inferInsert> = {}
    if (existing.profileEmail !== user.email) changes.profileEmail = user.email
    if (user.image && existing.profileImage === PLACEHOLDER_PROFILE_IMAGE) changes.profileImage = user.image
    if (Object.keys(changes).length === 0) return
    await tx
      .update(profiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(profiles.id, user.id))
    await recordHistory(tx, {
      collection: 'profiles',
      documentId: user.id,
      action: 'update',
      document: { ...existing, ...changes },
      updatedBy: user.email,
    })
  })
}

export interface ProfileEdit {
  profileNameGiven: string
  profileNameFamily: string
  profileNameOther: string
  profileMobile: string
  profileAddress: string
  profileDateOfBirth: string
  profileImage: string
}

export async function updateProfile(db: Database, userId: string, edit: ProfileEdit, updatedBy: string): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await getProfile(tx, userId)
    if (!existing) throw new Error('This account has no profile yet.')
    const profileImage = edit.profileImage || PLACEHOLDER_PROFILE_IMAGE
    await tx
      .update(profiles)
      .set({ ...edit, profileImage, updatedAt: new Date() })
      .where(eq(profiles.id, userId))
    await recordHistory(tx, {
      collection: 'profiles',
      documentId: userId,
      action: 'update',
      document: { ...existing, ...edit, profileImage },
      updatedBy,
    })
  })
}
