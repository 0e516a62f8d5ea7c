import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth, type Auth } from '../../app/server/auth/auth.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { exportFile } from '../../app/server/migration/export.server'
import { dryRunImport } from '../../app/server/migration/import.server'
import { readExportFile } from '../../app/server/migration/reader'
import { authClient } from '../support/auth-client'
import { testDatabaseKinds } from '../support/databases'

const ORIGIN = 'http://localhost:3996'

describe.each(testDatabaseKinds())('account names and images on $name', (kind) => {
  let database: DatabaseHandle
  let auth: Auth
  let dataDir: string
  let mail: ReturnType<typeof createMailService>
  let client: ReturnType<typeof authClient>
  let ip = 1
  const nextIp = () => `203.0.113.${ip++}`
  const signUp = (email: string, name: string, extra: object = {}) =>
    client.call('/sign-up/email', { body: { email, password: 'a good password', name, ...extra }, ip: nextIp() })
  /** The same, then the link of the verification e-mail opened: the answer carries the signed-in cookie. */
  const signUpConfirmed = (email: string, name: string, extra: object = {}) =>
    client.signUpConfirmed({ email, password: 'a good password', name, ...extra }, nextIp())

  beforeAll(async () => {
    database = await kind.open()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-account-fields-'))
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    auth = createAuth({
      db: database.db,
      config: parseEnv({ PORT: '3996', DATA_DIR: dataDir, AUTH_RATE_LIMIT: '1000' }),
      mailer: mail,
      secret: 'test-secret-test-secret-test-secret-1234',
    })
    client = authClient(auth, ORIGIN, database.db)
  })
  afterAll(async () => {
    await mail?.stop()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('sign-up and update-user refuse what the account page would, naming the field, with a 400', async () => {
    const refused = [
      await signUp('long@example.com', 'x'.repeat(101)),
      await signUp('nul@example.com', 'Nul\u0000Name'),
      await signUp('broken@example.com', 'Broken \ud800'),
      await signUp('image@example.com', 'Imogen', { image: '/\\evil.example/x.png' }),
    ]
    expect(refused.map((answer) => [answer.response.status, answer.json?.message])).toEqual([
      [400, 'name: The name is at most 100 characters.'],
      [400, 'name: Contains characters that cannot be stored (a NUL or a broken character).'],
      [400, 'name: Contains characters that cannot be stored (a NUL or a broken character).'],
      [400, 'image: The image must be an https:// address or a path on this site.'],
    ])
    const account = await signUpConfirmed('update@example.com', 'Una')
    for (const image of ['/\\evil.example/x', '//evil.example/x', 'javascript:alert(1)', 'http://insecure.example/a.png', `/${'a'.repeat(500)}`]) {
      const answer = await client.call('/update-user', { body: { image }, cookie: account.cookie, ip: nextIp() })
      expect([image, answer.response.status, answer.json?.message]).toEqual([
        image,
        400,
        'image: The image must be an https:// address or a path on this site.',
      ])
    }
    const nul = await client.call('/update-user', { body: { name: 'Una\u0000' }, cookie: account.cookie, ip: nextIp() })
    expect(nul.response.status).toBe(400)
  })

  it('every account it accepts, at the limits, can be exported and imported back', async () => {
    const accepted = [
      await signUp('hundred@example.com', 'x'.repeat(100)),
      await signUpConfirmed('hanh@example.com', 'Đặng Thị Mỹ Hạnh'),
      await signUp('pilot@example.com', '🚁 Ōtsuka Pilot', { image: 'https://images.example/pilot.png' }),
      await signUp('local@example.com', 'Lo Cal', { image: '/uploads/abc123.png' }),
      await signUp('spaces@example.com', `  ${'y'.repeat(49)} ${'z'.repeat(50)}  `),
    ]
    expect(accepted.map((answer) => answer.response.status)).toEqual([200, 200, 200, 200, 200])
    const changed = await client.call('/update-user', {
      body: { name: 'Ünïcödé Nämé 名前', image: 'https://images.example/new.png' },
      cookie: accepted[1]!.cookie,
      ip: nextIp(),
    })
    expect(changed.response.status).toBe(200)

    let file = ''
    for await (const piece of exportFile(database.db, 'profiles')) file += piece
    const target = await kind.open()
    try {
      const pieces = (async function* () {
        yield file
      })()
      const report = await dryRunImport(target.db, 'profiles', readExportFile(pieces, 'profiles'), { renames: [], updatedBy: 'round trip' })
      expect(report.rejected).toEqual([])
      expect(report.counts.create).toBeGreaterThanOrEqual(accepted.length)
    } finally {
      await target.close()
    }
  })
})
