import { eq, getTableColumns, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { profileEditSchema } from '../../../lib/schemas/profile.ts'
import { profiles } from '../../db/schema.ts'
import { recordHistory } from '../../history/record.server.ts'
import { PLACEHOLDER_PROFILE_IMAGE } from '../../profiles/profiles.server.ts'
import { afterTextId, byCodeUnit, schemaReason, type CollectionDefinition, type Importer } from '../collection.server.ts'
import type { Document } from '../format.ts'

const edit = profileEditSchema.shape

/**
 * A profile (docs/specification.md, Profile): the account page's rules for what a customer edits,
 * and the rest as stored.
 */
const documentSchema = z.strictObject({
  profileNameGiven: edit.profileNameGiven.default(''),
  profileNameFamily: edit.profileNameFamily.default(''),
  profileNameOther: edit.profileNameOther.default(''),
  profileImage: edit.profileImage.default(''),
  profileEmail: z.string().trim().pipe(z.email('Enter a valid e-mail address.')),
  profileMobile: edit.profileMobile.default(''),
  profileAddress: edit.profileAddress.default(''),
  profileDateOfBirth: edit.profileDateOfBirth.default(''),
  profileClinicName: z.string().trim().max(200, 'At most 200 characters.').default(''),
  profileDiscipline: z.array(z.string().trim().max(200, 'At most 200 characters.')).max(50, 'At most 50 disciplines.').default([]),
  profileTypeTherapist: z.boolean().default(false),
  profileTypeClient: z.boolean().default(false),
})

type ProfileFields = z.output<typeof documentSchema>

const { id, createdAt, updatedAt, ...fieldColumns } = getTableColumns(profiles)
const columns = { id, ...fieldColumns }

const profileDocument = (profileId: string, fields: ProfileFields): Document => ({
  FBUID: profileId,
  profileNameGiven: fields.profileNameGiven,
  profileNameFamily: fields.profileNameFamily,
  profileNameOther: fields.profileNameOther,
  profileImage: fields.profileImage,
  profileEmail: fields.profileEmail,
  profileMobile: fields.profileMobile,
  profileAddress: fields.profileAddress,
  profileDateOfBirth: fields.profileDateOfBirth,
  profileClinicName: fields.profileClinicName,
  profileDiscipline: fields.profileDiscipline,
  profileTypeTherapist: fields.profileTypeTherapist,
  profileTypeClient: fields.profileTypeClient,
})

const fromRow = ({ id: profileId, ...fields }: ProfileFields & { id: string }) => profileDocument(profileId, fields)

const profileImporter: Importer<ProfileFields> = {
  async readByIds(db, ids, lock) {
    const query = db.select(columns).from(profiles).where(inArray(profiles.id, ids))
    const rows = lock ? await query.for('update') : await query
    return new Map(rows.map((row) => [row.id, fromRow(row)]))
  },
  prepare(profileId, fields) {
    const parsed = documentSchema.safeParse(fields)
    if (!parsed.success) return { ok: false, reason: schemaReason(parsed.error) }
    const row = { ...parsed.data, profileImage: parsed.data.profileImage || PLACEHOLDER_PROFILE_IMAGE }
    return { ok: true, document: profileDocument(profileId, row), row }
  },
  async write(tx, staged, updatedBy) {
    for (const { id, row, document, existed } of staged) {
      if (existed)
        await tx
          .update(profiles)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(profiles.id, id))
      else await tx.insert(profiles).values({ id, ...row })
      await recordHistory(tx, { collection: 'profiles', documentId: id, action: existed ? 'set' : 'create', document, updatedBy })
    }
  },
}

export const profilesCollection: CollectionDefinition = {
  name: 'profiles',
  async readPage(db, afterId, limit) {
    const rows = await db.select(columns).from(profiles).where(afterTextId(profiles.id, afterId)).orderBy(byCodeUnit(profiles.id)).limit(limit)
    return rows.map((row) => ({ id: row.id, document: fromRow(row) }))
  },
  importer: profileImporter,
}
