import { randomBytes } from 'node:crypto'
import { and, desc, eq, getTableColumns, gte, sql } from 'drizzle-orm'
import { EMPTY_REPLY, replyContent, RESUBMISSION_MINUTES, type EnquiryReply, type EnquiryStatus } from '../../lib/enquiries.ts'
import type { ContactInput } from '../../lib/schemas/contact.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { contacts } from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { recordHistory } from '../history/record.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { enquiryMail, enquiryReceivedMail, enquiryReplyMail } from './enquiry-mail.ts'

const { id, version, createdAt, updatedAt, ...fieldColumns } = getTableColumns(contacts)
const documentColumns = { FBUID: id, ...fieldColumns }

export type Contact = ContactInput & { FBUID: string; status: EnquiryStatus; replies: EnquiryReply[]; version: number; createdAt: Date }

export class StaleContactError extends Error {
  override name = 'StaleContactError'
  constructor() {
    super('Someone else changed this enquiry after you opened it, so this was not done. Reload to see their change; what you typed is still in the form.')
  }
}

/**
 * Stores a new enquiry with its history row, queues the notification to the shop (reply-to the
 * visitor) and the acknowledgement to the visitor, all in one transaction: either the enquiry is
 * kept and both are told, or nothing is. The same message from the same address within
 * RESUBMISSION_MINUTES (a double click, a reload that posts again) is the enquiry already stored:
 * its id is returned and nothing is written or sent again.
 */
export async function submitEnquiry(deps: { db: Database; mailer: MailService; config: Env }, input: ContactInput, now = new Date()): Promise<string> {
  return deps.db.transaction(async (tx) => {
    // Two posts of the same form at once (a double click) wait for each other here, so the second sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`enquiry:${input.contactEmail}`}))`)
    const since = new Date(now.getTime() - RESUBMISSION_MINUTES * 60_000)
    const [same] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(gte(contacts.createdAt, since), eq(contacts.contactEmail, input.contactEmail), eq(contacts.contactMessage, input.contactMessage)))
      .limit(1)
    if (same) return same.id
    const contactId = randomBytes(10).toString('base64url')
    await tx.insert(contacts).values({ id: contactId, ...input, createdAt: now })
    await recordHistory(tx, {
      collection: 'contacts',
      documentId: contactId,
      action: 'create',
      document: { FBUID: contactId, ...input, status: 'new', replies: [] },
      updatedBy: null,
    })
    await deps.mailer.send(enquiryMail({ to: deps.config.SHOP_EMAIL, shopName: deps.config.SHOP_NAME, contactId, enquiry: input }), tx)
    await deps.mailer.send(enquiryReceivedMail({ shopName: deps.config.SHOP_NAME, shopEmail: deps.config.SHOP_EMAIL, contactId, enquiry: input }), tx)
    return contactId
  })
}

export async function listEnquiries(db: Executor, status: EnquiryStatus | '' = '', limit = 200) {
  return db
    .select({ ...documentColumns, createdAt: contacts.createdAt })
    .from(contacts)
    .where(status ? eq(contacts.status, status) : undefined)
    .orderBy(desc(contacts.createdAt))
    .limit(limit)
}

export async function getEnquiry(db: Executor, contactId: string, lock = false): Promise<Contact | null> {
  const query = db
    .select({ ...documentColumns, version: contacts.version, createdAt: contacts.createdAt })
    .from(contacts)
    .where(eq(contacts.id, contactId))
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/**
 * One change by staff to an enquiry (its status, or a reply), under its row lock and refused when
 * the enquiry changed since the screen was opened; written with a history row of the whole enquiry.
 */
async function changeEnquiry(
  db: Database,
  contactId: string,
  expectedVersion: number,
  updatedBy: string,
  change: (current: Contact, tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<{ status: EnquiryStatus; replies: EnquiryReply[] }>,
): Promise<Contact> {
  return db.transaction(async (tx) => {
    const current = await getEnquiry(tx, contactId, true)
    if (!current) throw new EnquiryNotFoundError('That enquiry no longer exists.')
    if (current.version !== expectedVersion) throw new StaleContactError()
    const next = await change(current, tx)
    await tx
      .update(contacts)
      .set({ ...next, version: current.version + 1, updatedAt: new Date() })
      .where(eq(contacts.id, contactId))
    const { version: _version, createdAt: _createdAt, ...document } = { ...current, ...next }
    await recordHistory(tx, { collection: 'contacts', documentId: contactId, action: 'update', document, updatedBy })
    return { ...current, ...next, version: current.version + 1 }
  })
}

export class EnquiryNotFoundError extends Error {
  override name = 'EnquiryNotFoundError'
}

/** A reply that is only the greeting (and sign-off) the form starts with: refused, nothing sent. */
export class EmptyReplyError extends Error {
  override name = 'EmptyReplyError'
  constructor() {
    super(EMPTY_REPLY)
  }
}

/** Staff mark an enquiry new, answered or closed. */
export function setEnquiryStatus(db: Database, contactId: string, expectedVersion: number, status: EnquiryStatus, updatedBy: string): Promise<Contact> {
  return changeEnquiry(db, contactId, expectedVersion, updatedBy, async (current) => ({ status, replies: current.replies }))
}

/**
 * Staff answer an enquiry by e-mail from its screen: the reply goes to the visitor through the outbox
 * (or SMTP) in the same transaction that keeps it on the enquiry and marks the enquiry answered. A
 * reply with nothing but a greeting and a sign-off is refused (EmptyReplyError) before anything is
 * written or sent.
 */
export function replyToEnquiry(
  deps: { db: Database; mailer: MailService; config: Env },
  contactId: string,
  expectedVersion: number,
  reply: { subject: string; message: string },
  by: string,
): Promise<Contact> {
  return changeEnquiry(deps.db, contactId, expectedVersion, by, async (current, tx) => {
    if (replyContent(reply.message, current.contactName) === '') throw new EmptyReplyError()
    await deps.mailer.send(enquiryReplyMail({ shopEmail: deps.config.SHOP_EMAIL, enquiry: current, subject: reply.subject, message: reply.message }), tx)
    return { status: 'answered', replies: [...current.replies, { at: new Date().toISOString(), by, subject: reply.subject, message: reply.message }] }
  })
}
