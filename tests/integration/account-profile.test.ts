import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as accountAction } from '../../app/routes/account'
import type { SessionUser } from '../../app/server/auth/session-reader.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { profiles } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { PLACEHOLDER_PROFILE_IMAGE } from '../../app/server/profiles/profiles.server'
import { testDatabaseKinds } from '../support/databases'
import { routeContext } from '../support/route-context'

const pat: SessionUser = {
  id: 'user-without-profile',
  email: 'pat@example.com',
  name: 'Pat Profile',
  role: 'customer',
  emailVerified: true,
  twoFactorEnabled: false,
  secondFactorPassed: false,
}

describe.each(testDatabaseKinds())('the account page on $name', (kind) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await kind.open()
  })
  afterAll(async () => {
    await database.close()
  })

  it('an account without a profile (an old or imported one) saves its details instead of failing', async () => {
    const context = routeContext(database, parseEnv({}), undefined, { sessions: async () => pat })
    const body = new URLSearchParams({
      profileNameGiven: 'Pat',
      profileNameFamily: 'Profile',
      profileNameOther: '',
      profileMobile: '0400 000 000',
      profileAddress: '',
      profileDateOfBirth: '',
    })
    const answer = await accountAction({ request: new Request('http://localhost/client', { method: 'POST', body }), params: {}, context } as never)
    expect(answer).toMatchObject({ saved: true })
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, pat.id))
    expect(row).toMatchObject({ profileNameGiven: 'Pat', profileMobile: '0400 000 000', profileEmail: pat.email, profileImage: PLACEHOLDER_PROFILE_IMAGE })
  })
})
