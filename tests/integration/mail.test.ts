import { spawn } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { outbox } from '../../app/server/db/schema'
import { logger } from '../../app/server/log.server'
import type { MailMessage } from '../../app/server/mail/message'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { getOutboxMessage, listOutbox } from '../support/outbox'
import { decodedBody, headersOf, startSmtpServer, until } from '../fakes/smtp'
import { testDatabaseKinds } from '../support/databases'

const from = '"UniDrone Robotics" <enquiries@unidrone.example>'
const root = fileURLToPath(new URL('../..', import.meta.url))

let counter = 0

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  counter++
  return {
    to: `customer${counter}@example.com`,
    subject: `Your order UD-${1000 + counter} is confirmed`,
    text: `Thank you for your order ${counter}. Total $129.95 incl. GST.`,
    html: `<p>Thank you for your order <strong>${counter}</strong>. Total $129.95 incl. GST.</p>`,
    ...overrides,
  }
}

describe.each(testDatabaseKinds())('e-mail on $name', (kind) => {
  let database: DatabaseHandle
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  const services: MailService[] = []
  // The log lines of the module, kept out of the test output and looked at where it matters.
  let info: MockInstance<typeof logger.info>
  let warn: MockInstance<typeof logger.warn>

  function service(options: { smtpUrl?: string; retrySeconds?: number } = {}): MailService {
    const created = createMailService({ db: database.db, from, retrySeconds: options.retrySeconds ?? 60, smtpUrl: options.smtpUrl, pollSeconds: 3600 })
    services.push(created)
    return created
  }

  beforeAll(async () => {
    database = await kind.open()
    smtp = await startSmtpServer()
  })
  beforeEach(() => {
    info = vi.spyOn(logger, 'info').mockImplementation(() => {})
    warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
  })
  afterEach(async () => {
    await Promise.all(services.splice(0).map((created) => created.stop()))
    smtp.state.refuse = false
    vi.restoreAllMocks()
  })
  afterAll(async () => {
    await smtp?.close()
    await database?.close()
  })

  it('without SMTP keeps every message in the outbox, with both parts, logs it and attempts nothing', async () => {
    const mail = service()
    mail.start()
    const first = message({ replyTo: 'sales@unidrone.example' })
    const { id } = await mail.send(first)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = message()
    const { id: secondId } = await mail.send(second)

    const row = await getOutboxMessage(database.db, id)
    expect(row).toMatchObject({
      id,
      status: 'kept',
      to: first.to,
      replyTo: 'sales@unidrone.example',
      subject: first.subject,
      text: first.text,
      html: first.html,
      attempts: 0,
      sentAt: null,
    })
    expect((await getOutboxMessage(database.db, secondId))?.replyTo).toBeNull()
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ mailId: id }), expect.any(String))
    expect(info.mock.calls.filter(([fields]) => (fields as { mailId?: string }).mailId === id)).toHaveLength(1)

    expect(await mail.deliverDue(new Date(Date.now() + 86_400_000))).toEqual({ sent: 0, failed: 0 })
    expect((await getOutboxMessage(database.db, id))?.status).toBe('kept')
    expect(smtp.withSubject(first.subject)).toHaveLength(0)

    const listed = await listOutbox(database.db)
    expect(listed.map((entry) => entry.id).slice(0, 2)).toEqual([secondId, id])
    expect(await listOutbox(database.db, 1)).toHaveLength(1)
    expect(await getOutboxMessage(database.db, 'no-such-message')).toBeNull()
  })

  it('the demo without SMTP prints a kept message’s recipient, subject and links for whoever runs it; a production shop prints nothing', async () => {
    const printed: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (printed.push(String(chunk)), true))
    const link = 'http://localhost:3000/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.secret&callbackURL=%2Fauth%2Fcontinue'
    const demo = createMailService({ db: database.db, from, retrySeconds: 60, printKept: true })
    services.push(demo)
    await demo.send(message({ to: 'demo-visitor@example.com', subject: 'Confirm your e-mail address', text: `Please confirm:\n\n${link}\n` }))
    expect(printed.join('')).toContain('Mail to demo-visitor@example.com: Confirm your e-mail address')
    expect(printed.join('')).toContain(`    ${link}\n`)

    printed.length = 0
    await service().send(message({ text: `Please confirm:\n\n${link}\n` }))
    expect(printed.join('')).not.toContain('secret')
  })

  it('with SMTP delivers the message once, with From, To, Subject, Reply-To and text and HTML parts', async () => {
    const mail = service({ smtpUrl: smtp.url })
    const sent = message({ replyTo: 'sales@unidrone.example' })
    const { id } = await mail.send(sent)
    expect((await getOutboxMessage(database.db, id))?.to).toBe(sent.to)

    const row = await until(
      () => getOutboxMessage(database.db, id),
      (value) => value?.status === 'sent',
    )
    expect(row?.sentAt).toBeInstanceOf(Date)
    expect(row?.lastError).toBeNull()
    expect(await mail.deliverDue(new Date(Date.now() + 86_400_000))).toEqual({ sent: 0, failed: 0 })

    const received = smtp.withSubject(sent.subject)
    expect(received).toHaveLength(1)
    const [delivered] = received
    expect(delivered!.mailFrom).toBe('enquiries@unidrone.example')
    expect(delivered!.rcptTo).toEqual([sent.to])
    const headers = headersOf(delivered!.raw)
    expect(headers.get('from')).toMatch(/^"?UniDrone Robotics"? <enquiries@unidrone\.example>$/)
    expect(headers.get('to')).toBe(sent.to)
    expect(headers.get('reply-to')).toBe('sales@unidrone.example')
    expect(headers.get('message-id')).toBe(`<${id}@unidrone.example>`)
    expect(headers.get('content-type')).toMatch(/^multipart\/alternative/)
    expect(delivered!.raw).toMatch(/Content-Type: text\/plain/)
    expect(delivered!.raw).toMatch(/Content-Type: text\/html/)
    const body = decodedBody(delivered!.raw)
    expect(body).toContain(sent.text)
    expect(body).toContain(sent.html)
  })

  it('a message stored in a transaction is delivered as soon as it commits, and one whose transaction rolled back never', async () => {
    const mail = service({ smtpUrl: smtp.url })
    mail.start()
    const committed = message()
    await database.db.transaction(async (tx) => {
      await mail.send(committed, tx)
      // The rest of the transaction's work, while the message is not yet there for anyone to see.
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    const committedAt = Date.now()
    await until(
      async () => smtp.withSubject(committed.subject).length,
      (count) => count > 0,
      1000,
    )
    expect(Date.now() - committedAt).toBeLessThan(1000)

    // Sent from a savepoint within a transaction: it too waits for the outer commit, then goes.
    const fromSavepoint = message()
    await database.db.transaction(async (tx) => {
      await tx.transaction((savepoint) => mail.send(fromSavepoint, savepoint))
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    await until(
      async () => smtp.withSubject(fromSavepoint.subject).length,
      (count) => count > 0,
      1000,
    )

    const rolledBack = message()
    await expect(
      database.db.transaction(async (tx) => {
        await mail.send(rolledBack, tx)
        await new Promise((resolve) => setTimeout(resolve, 300))
        throw new Error('the order could not be saved')
      }),
    ).rejects.toThrow('the order could not be saved')
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await mail.deliverDue(new Date(Date.now() + 86_400_000))).toEqual({ sent: 0, failed: 0 })
    expect(smtp.withSubject(rolledBack.subject)).toHaveLength(0)
    expect(smtp.withSubject(committed.subject)).toHaveLength(1)
  })

  it('a message’s own headers (a reminder’s one-click unsubscribe) are stored with it and reach the SMTP server as they were', async () => {
    const mail = service({ smtpUrl: smtp.url })
    const unsubscribe = '<https://shop.example/unsubscribe/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA>'
    const sent = message({ headers: { 'List-Unsubscribe': unsubscribe, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } })
    const { id } = await mail.send(sent)
    expect((await getOutboxMessage(database.db, id))?.headers).toEqual(sent.headers)
    await until(
      () => getOutboxMessage(database.db, id),
      (value) => value?.status === 'sent',
    )
    const headers = headersOf(smtp.withSubject(sent.subject)[0]!.raw)
    expect(headers.get('list-unsubscribe')).toBe(unsubscribe)
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    // A message without any has none.
    const plain = message()
    const { id: plainId } = await mail.send(plain)
    await until(
      () => getOutboxMessage(database.db, plainId),
      (value) => value?.status === 'sent',
    )
    expect(headersOf(smtp.withSubject(plain.subject)[0]!.raw).has('list-unsubscribe')).toBe(false)
  })

  it('sends no Reply-To when none is given and logs in with the credentials of SMTP_URL', async () => {
    const mail = service({ smtpUrl: `smtp://shop:s3cret@127.0.0.1:${smtp.port}` })
    const sent = message()
    const { id } = await mail.send(sent)
    await until(
      () => getOutboxMessage(database.db, id),
      (value) => value?.status === 'sent',
    )
    const [delivered] = smtp.withSubject(sent.subject)
    expect(delivered?.user).toBe('shop')
    expect(headersOf(delivered!.raw).has('reply-to')).toBe(false)
  })

  it('keeps a refused message queued, backs off (doubling, at most an hour) and delivers it once when the server accepts', async () => {
    const mail = service({ smtpUrl: smtp.url, retrySeconds: 2400 })
    smtp.state.refuse = true
    const sent = message()
    const before = Date.now()
    const { id } = await mail.send(sent)

    const failed = await until(
      () => getOutboxMessage(database.db, id),
      (value) => value?.attempts === 1,
    )
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, sentAt: null })
    expect(failed!.lastError).toMatch(/451/)
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 2400_000)
    expect(failed!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 2400_000)
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ mailId: id, err: expect.stringMatching(/451/) }), expect.any(String))
    const logged = JSON.stringify(warn.mock.calls)
    expect(logged).not.toContain(sent.text)
    expect(logged).not.toContain(sent.html)

    // Not due yet: nothing happens.
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 0 })

    // Due, refused again: the delay doubles (4800 s) but is capped at one hour.
    const secondTry = new Date(failed!.nextAttemptAt.getTime() + 1000)
    expect(await mail.deliverDue(secondTry)).toEqual({ sent: 0, failed: 1 })
    const refusedTwice = await getOutboxMessage(database.db, id)
    expect(refusedTwice).toMatchObject({ status: 'queued', attempts: 2 })
    const delay = refusedTwice!.nextAttemptAt.getTime() - secondTry.getTime()
    expect(delay).toBeGreaterThanOrEqual(3600_000)
    expect(delay).toBeLessThan(3600_000 + 5_000)
    expect(smtp.withSubject(sent.subject)).toHaveLength(0)

    smtp.state.refuse = false
    expect(await mail.deliverDue(new Date(refusedTwice!.nextAttemptAt.getTime() - 60_000))).toEqual({ sent: 0, failed: 0 })
    const thirdTry = new Date(refusedTwice!.nextAttemptAt.getTime() + 1000)
    expect(await mail.deliverDue(thirdTry)).toEqual({ sent: 1, failed: 0 })
    const delivered = await getOutboxMessage(database.db, id)
    expect(delivered).toMatchObject({ status: 'sent', attempts: 3 })
    expect(delivered!.sentAt!.getTime()).toBeGreaterThanOrEqual(thirdTry.getTime())

    expect(await mail.deliverDue(new Date(thirdTry.getTime() + 86_400_000))).toEqual({ sent: 0, failed: 0 })
    expect(smtp.withSubject(sent.subject)).toHaveLength(1)
  })

  it('two deliverers running at once (two processes on one database) send each queued message exactly once', async () => {
    // Messages left queued, e.g. by a process that stopped before delivering them.
    const queued = Array.from({ length: 45 }, () => message())
    const rows = queued.map((entry) => ({ id: crypto.randomUUID(), ...entry, status: 'queued' as const, nextAttemptAt: new Date(Date.now() - 1000) }))
    await database.db.insert(outbox).values(rows)

    const first = service({ smtpUrl: smtp.url })
    const second = service({ smtpUrl: smtp.url })
    const results = await Promise.all([first.deliverDue(), second.deliverDue(), first.deliverDue(), second.deliverDue()])
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(queued.length)
    expect(results.every((result) => result.failed === 0)).toBe(true)
    // The work is shared in batches, not grabbed whole by the first deliverer.
    expect(results.filter((result) => result.sent > 0).length).toBeGreaterThanOrEqual(2)

    for (const entry of queued) expect(smtp.withSubject(entry.subject)).toHaveLength(1)
    for (const row of rows) expect((await getOutboxMessage(database.db, row.id))?.status).toBe('sent')
  })

  it('stop() waits for the delivery in flight, and later messages stay queued for the next start', async () => {
    const mail = service({ smtpUrl: smtp.url })
    mail.start()
    const sent = message()
    const { id } = await mail.send(sent)
    await mail.stop()
    expect((await getOutboxMessage(database.db, id))?.status).toBe('sent')
    expect(smtp.withSubject(sent.subject)).toHaveLength(1)

    const later = message()
    const { id: laterId } = await mail.send(later)
    expect(await mail.deliverDue()).toEqual({ sent: 0, failed: 0 })
    expect((await getOutboxMessage(database.db, laterId))?.status).toBe('queued')

    const next = service({ smtpUrl: smtp.url })
    expect(await next.deliverDue()).toEqual({ sent: 1, failed: 0 })
    expect(smtp.withSubject(later.subject)).toHaveLength(1)
  })
})

describe('a process using the mail service', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp?.close()
  })

  // A new embedded database migrates from nothing in the child first: on a busy 2-core machine that alone can take 15 s.
  it('exits by itself after stop(): no timer or connection is left running', { timeout: 90_000 }, async () => {
    const module = (file: string) => JSON.stringify(pathToFileURL(`${root}/${file}`).href)
    const script = `
      import { openPglite } from ${module('app/server/db/client.server.ts')}
      import { createMailService } from ${module('app/server/mail/outbox.server.ts')}
      import { getOutboxMessage } from ${module('tests/support/outbox.ts')}
      const database = await openPglite()
      await database.migrate()
      const mail = createMailService({ db: database.db, smtpUrl: process.env.SMTP_URL, from: ${JSON.stringify(from)}, retrySeconds: 1, pollSeconds: 1 })
      mail.start()
      const { id } = await mail.send({ to: 'someone@example.com', subject: 'child process', text: 'hello', html: '<p>hello</p>' })
      while ((await getOutboxMessage(database.db, id))?.status !== 'sent') await new Promise((resolve) => setTimeout(resolve, 20))
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await mail.stop()
      await database.close()
      console.log('stopped')
    `
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, SMTP_URL: smtp.url, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exit = await new Promise<number | string | null>((resolve) => {
      const timeout = setTimeout(() => {
        child.kill('SIGKILL')
        resolve('still running 60 s later')
      }, 60_000)
      child.on('exit', (code) => {
        clearTimeout(timeout)
        resolve(code)
      })
    })
    expect({ exit, output: output.trim() }).toEqual({ exit: 0, output: 'stopped' })
    expect(smtp.withSubject('child process')).toHaveLength(1)
  })
})
