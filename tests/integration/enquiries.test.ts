import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getEnquiry, listEnquiries, StaleContactError, submitEnquiry, updateEnquiry } from '../../app/server/contacts/contacts.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { history } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { hitLimit } from '../../app/server/rate-limit.server'
import { decodedBody, headersOf, startSmtpServer, until } from '../fakes/smtp'
import { testDatabaseKinds } from '../support/databases'

const enquiry = {
  contactName: 'Ada Lovelace',
  contactEmail: 'ada@example.com',
  contactPhone: '0400 000 000',
  contactCompany: 'Analytical Engines',
  contactMessage: 'Do you ship the E900 to Tasmania?',
}

describe.each(testDatabaseKinds())('enquiries on $name', (kind) => {
  let database: DatabaseHandle
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let mail: ReturnType<typeof createMailService>
  let dataDir: string
  const config = () => parseEnv({ DATA_DIR: dataDir, SHOP_EMAIL: 'enquiries@unidrone.example' })

  beforeAll(async () => {
    database = await kind.open()
    smtp = await startSmtpServer()
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-enquiries-'))
    mail = createMailService({ db: database.db, smtpUrl: smtp.url, from: '"UniDrone Robotics" <enquiries@unidrone.example>', retrySeconds: 30 })
  })
  afterAll(async () => {
    await mail?.stop()
    await smtp?.close()
    await database?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('stores the enquiry with its history row and notifies the shop, replying to the visitor', async () => {
    const contactId = await submitEnquiry({ db: database.db, mailer: mail, config: config() }, enquiry)
    expect(await getEnquiry(database.db, contactId)).toMatchObject({ FBUID: contactId, ...enquiry, version: 1 })
    const rows = await database.db.select().from(history).where(and(eq(history.collection, 'contacts'), eq(history.documentId, contactId)))
    expect(rows).toMatchObject([{ action: 'create', updatedBy: 'no user found', document: { FBUID: contactId, ...enquiry } }])

    await mail.deliverDue(new Date(Date.now() + 60_000))
    const [received] = await until(async () => smtp.received, (messages) => messages.length === 1)
    const headers = headersOf(received!.raw)
    expect(received!.rcptTo).toEqual(['enquiries@unidrone.example'])
    expect(headers.get('reply-to')).toBe('ada@example.com')
    expect(headers.get('subject')).toBe('Enquiry from Ada Lovelace')
    expect(decodedBody(received!.raw)).toContain('Do you ship the E900 to Tasmania?')
  })

  it('lets staff correct an enquiry, refusing a stale edit', async () => {
    const [stored] = await listEnquiries(database.db)
    await updateEnquiry(database.db, stored!.FBUID, 1, { ...enquiry, contactPhone: '0400 111 222' }, 'staff@example.com')
    expect(await getEnquiry(database.db, stored!.FBUID)).toMatchObject({ contactPhone: '0400 111 222', version: 2 })
    await expect(updateEnquiry(database.db, stored!.FBUID, 1, enquiry, 'late@example.com')).rejects.toBeInstanceOf(StaleContactError)
    expect(await getEnquiry(database.db, stored!.FBUID)).toMatchObject({ contactPhone: '0400 111 222', version: 2 })
  })

  it('counts requests per key in the database and starts a new window once it has passed', async () => {
    const start = new Date('2026-01-01T00:00:00Z')
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000)
    const results = []
    for (let i = 0; i < 4; i++) results.push(await hitLimit(database.db, 'contact:203.0.113.9', 3, 600, at(i)))
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false])
    expect(results[3]!.retryAfter).toBe(597)
    expect((await hitLimit(database.db, 'contact:203.0.113.10', 3, 600, at(5))).allowed).toBe(true)
    expect((await hitLimit(database.db, 'contact:203.0.113.9', 3, 600, at(601))).allowed).toBe(true)
  })
})
