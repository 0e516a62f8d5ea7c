import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  EmptyReplyError,
  getEnquiry,
  listEnquiries,
  replyToEnquiry,
  setEnquiryStatus,
  StaleContactError,
  submitEnquiry,
} from '../../app/server/contacts/contacts.server'
import { action as enquiryAction } from '../../app/routes/staff/contact.$contactId'
import type { SessionUser } from '../../app/server/auth/session-reader.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { contacts, history, outbox } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { hitLimit } from '../../app/server/rate-limit.server'
import { decodedBody, headersOf, startSmtpServer, until } from '../fakes/smtp'
import { testDatabaseKinds } from '../support/databases'
import { routeContext } from '../support/route-context'

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

  it('stores the enquiry with its history row, notifies the shop (replying to the visitor) and tells the visitor it arrived', async () => {
    const contactId = await submitEnquiry({ db: database.db, mailer: mail, config: config() }, enquiry)
    expect(await getEnquiry(database.db, contactId)).toMatchObject({ FBUID: contactId, ...enquiry, status: 'new', replies: [], version: 1 })
    const rows = await database.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'contacts'), eq(history.documentId, contactId)))
    expect(rows).toMatchObject([{ action: 'create', updatedBy: 'no user found', document: { FBUID: contactId, ...enquiry } }])

    await mail.deliverDue(new Date(Date.now() + 60_000))
    const received = await until(
      async () => smtp.received,
      (messages) => messages.length === 2,
    )
    const toShop = received.find((message) => message.rcptTo.includes('enquiries@unidrone.example'))!
    const headers = headersOf(toShop.raw)
    expect(headers.get('reply-to')).toBe('ada@example.com')
    expect(headers.get('subject')).toBe('Enquiry from Ada Lovelace')
    expect(decodedBody(toShop.raw)).toContain('Do you ship the E900 to Tasmania?')
    const toVisitor = received.find((message) => message.rcptTo.includes('ada@example.com'))!
    expect(headersOf(toVisitor.raw).get('subject')).toBe(`We received your enquiry (${contactId})`)
    expect(headersOf(toVisitor.raw).get('reply-to')).toBe('enquiries@unidrone.example')
    expect(decodedBody(toVisitor.raw)).toContain('Do you ship the E900 to Tasmania?')
  })

  it('takes the same message from the same address within minutes as the enquiry already stored, even sent twice at once', async () => {
    const deps = { db: database.db, mailer: mail, config: config() }
    const twice = { ...enquiry, contactEmail: 'twice@example.com', contactMessage: 'Is the E900 in stock?' }
    const before = await database.db.$count(outbox)
    const [first, second] = await Promise.all([submitEnquiry(deps, twice), submitEnquiry(deps, twice)])
    expect(second).toBe(first)
    expect(await database.db.$count(contacts, eq(contacts.contactEmail, 'twice@example.com'))).toBe(1)
    expect(await database.db.$count(outbox)).toBe(before + 2)
    // Another message, or the same one later, is a new enquiry.
    expect(await submitEnquiry(deps, { ...twice, contactMessage: 'And the T2?' })).not.toBe(first)
    expect(await submitEnquiry(deps, twice, new Date(Date.now() + 11 * 60_000))).not.toBe(first)
  })

  it('staff reply by e-mail from the enquiry: the reply is sent, kept and marks it answered; a stale screen is refused; staff close it', async () => {
    const deps = { db: database.db, mailer: mail, config: config() }
    const contactId = await submitEnquiry(deps, { ...enquiry, contactEmail: 'reply-me@example.com', contactMessage: 'Can I collect in Brisbane?' })
    const reply = { subject: 'Your enquiry to UniDrone Robotics', message: 'Dear Ada,\n\nYes: Click & Collect at Eagle Farm.' }
    const answered = await replyToEnquiry(deps, contactId, 1, reply, 'staff@example.com')
    expect(answered).toMatchObject({ status: 'answered', version: 2, replies: [{ by: 'staff@example.com', ...reply }] })
    expect(await getEnquiry(database.db, contactId)).toMatchObject({
      status: 'answered',
      replies: [{ subject: reply.subject }],
      contactMessage: 'Can I collect in Brisbane?',
    })
    const toVisitor = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'reply-me@example.com'), eq(outbox.subject, reply.subject)))
    expect(toVisitor).toHaveLength(1)
    expect(toVisitor[0]!.text).toContain('Yes: Click & Collect at Eagle Farm.')
    expect(toVisitor[0]!.text).toContain('Can I collect in Brisbane?')
    await expect(replyToEnquiry(deps, contactId, 1, reply, 'late@example.com')).rejects.toBeInstanceOf(StaleContactError)
    // The refused reply sent nothing.
    expect(await database.db.$count(outbox, and(eq(outbox.to, 'reply-me@example.com'), eq(outbox.subject, reply.subject)))).toBe(1)
    await setEnquiryStatus(database.db, contactId, 2, 'closed', 'staff@example.com')
    expect((await listEnquiries(database.db, 'closed')).map((row) => row.FBUID)).toEqual([contactId])
    const written = await database.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'contacts'), eq(history.documentId, contactId)))
    expect(written.map((row) => [row.action, row.updatedBy, (row.document as { status: string }).status])).toEqual([
      ['create', 'no user found', 'new'],
      ['update', 'staff@example.com', 'answered'],
      ['update', 'staff@example.com', 'closed'],
    ])
  })

  it('refuses a reply that is only the greeting and sign-off: nothing sent or kept, and the form gets back what was typed with a 400', async () => {
    const deps = { db: database.db, mailer: mail, config: config() }
    const contactId = await submitEnquiry(deps, { ...enquiry, contactEmail: 'greeting-only@example.com', contactMessage: 'Is the X7 Pro in stock?' })
    const sentToVisitor = () => database.db.$count(outbox, and(eq(outbox.to, 'greeting-only@example.com'), eq(outbox.subject, 'Your enquiry')))
    for (const message of [
      'Dear Ada Lovelace,\n\n',
      '  dear ada lovelace  ',
      'Hi Ada,\n\nKind regards,\nSam\nUniDrone Robotics',
      'Hello there!\n\nThanks',
      '\n\n',
    ]) {
      await expect(
        replyToEnquiry(deps, contactId, 1, { subject: 'Your enquiry', message }, 'staff@example.com'),
        JSON.stringify(message),
      ).rejects.toBeInstanceOf(EmptyReplyError)
    }
    expect(await sentToVisitor()).toBe(0)
    expect(await getEnquiry(database.db, contactId)).toMatchObject({ status: 'new', version: 1, replies: [] })

    // Through the staff screen's form: a 400 naming the message field, with the subject and message as typed.
    const staff: SessionUser = {
      id: 'staff-1',
      email: 'staff@example.com',
      name: 'Sam',
      role: 'staff',
      emailVerified: true,
      twoFactorEnabled: true,
      secondFactorPassed: true,
    }
    const post = (fields: Record<string, string>) =>
      enquiryAction({
        request: new Request(`http://localhost/contact/${contactId}`, { method: 'POST', body: new URLSearchParams(fields) }),
        params: { contactId },
        context: routeContext(database, config(), mail, { sessions: async () => staff }),
      } as never) as Promise<{
        data: { errors: Record<string, string>; values: { subject: string; message: string } | null; done: string | null }
        init: ResponseInit
      }>
    const typed = { subject: 'About the X7', message: 'Dear Ada Lovelace,\n\nKind regards,\nSam' }
    const refused = await post({ intent: 'reply', version: '1', ...typed })
    expect(refused.init.status).toBe(400)
    expect(refused.data.errors.message).toBe('Write your answer first: this message is only a greeting and sign-off, so nothing was sent.')
    expect(refused.data.values).toEqual(typed)
    expect(refused.data.done).toBeNull()
    expect(await database.db.$count(outbox, eq(outbox.to, 'greeting-only@example.com'))).toBe(1) // only "we received your enquiry"

    // With an answer between the greeting and the sign-off, it goes.
    const sent = await post({ intent: 'reply', version: '1', ...typed, message: 'Dear Ada Lovelace,\n\nYes, 12 in stock.\n\nKind regards,\nSam' })
    expect(sent.init.status).toBe(200)
    expect(sent.data.done).toBe('Reply sent to greeting-only@example.com.')
    expect(await getEnquiry(database.db, contactId)).toMatchObject({ status: 'answered', replies: [{ subject: 'About the X7' }] })
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
