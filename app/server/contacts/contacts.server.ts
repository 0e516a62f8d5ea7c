import { randomBytes } from 'node:crypto'
import { desc, eq, getTableColumns } from 'drizzle-orm'
import type { ContactInput } from '../../lib/schemas/contact.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { contacts } from '../db/schema.ts'
import type { Env } from '../env.server.ts'
import { recordHistory } from '../history/record.server.ts'
import type { MailService } from '../mail/outbox.server.ts'
import { enquiryMail } from './enquiry-mail.ts'

const { id, version, createdAt, updatedAt, ...fieldColumns } = getTableColumns(contacts)
const documentColumns = { FBUID: id, ...fieldColumns }

export type Contact = ContactInput & { FBUID: string; version: number; createdAt: Date }

export class StaleContactError extends Error {
  override name = 'StaleContactError'
  constructor() {
    super('Someone else changed this enquiry after you opened it. Reload to see their change; your edits are still in the form.')
  }
}

/**
 * Stores a new enquiry with its history row and queues the notification to the shop (reply-to the
 * visitor), all in one transaction: either the enquiry is kept and staff are told, or nothing is.
 */
export async function submitEnquiry(deps: { db: Database; mailer: MailService; config: Env }, input: ContactInput): Promise<string> {
  const contactId = randomBytes(10).toString('base64url')
  await deps.db.transaction(async (tx) => {
    await tx.insert(contacts).values({ id: contactId, ...input })
    await recordHistory(tx, { collection: 'contacts', documentId: contactId, action: 'create', document: { FBUID: contactId, ...input }, updatedBy: null })
    await deps.mailer.send(enquiryMail({ to: deps.config.SHOP_EMAIL, shopName: deps.config.SHOP_NAME, contactId, enquiry: input }), tx)
  })
  return contactId
}

export async function listEnquiries(db: Executor, limit = 200) {
  return db
    .select({ ...documentColumns, createdAt: contacts.createdAt })
    .from(contacts)
    .orderBy(desc(contacts.createdAt))
    .limit(limit)
}

export async function getEnquiry(db: Executor, contactId: string): Promise<Contact | null> {
  const [row] = await db
    .select({ ...documentColumns, version: contacts.version, createdAt: contacts.createdAt })
    .from(contacts)
    .where(eq(contacts.id, contactId))
  return row ?? null
}

/** Staff correct a stored enquiry (update, not create), refused if it changed since they opened it. */
export async function updateEnquiry(db: Database, contactId: string, expectedVersion: number, input: ContactInput, updatedBy: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ version: contacts.version }).from(contacts).where(eq(contacts.id, contactId)).for('update')
    if (!current) throw new Error('That enquiry no longer exists.')
    if (current.version !== expectedVersion) throw new StaleContactError()
    await tx.update(contacts).set({ ...input, version: current.version + 1, updatedAt: new Date() }).where(eq(contacts.id, contactId))
    await recordHistory(tx, { collection: 'contacts', documentId: contactId, action: 'update', document: { FBUID: contactId, ...input }, updatedBy })
  })
}
