import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Database, Executor } from '../db/client.server.ts'
import { account, session, twoFactor, user, verification } from '../db/auth-schema.ts'
import {
  addresses,
  checkouts,
  contacts,
  history,
  orderDiscounts,
  orderLines,
  orderPayments,
  orders,
  outbox,
  profiles,
  quoteLines,
  quotes,
  refunds,
  returns,
  stockAlerts,
  tradeAccounts,
  tradePrices,
} from '../db/schema.ts'
import { recordHistory } from '../history/record.server.ts'
import { PLACEHOLDER_PROFILE_IMAGE } from '../profiles/profiles.server.ts'
import { ofCustomer } from './customers.server.ts'

/** What a closed account is called, and the address it is given (never deliverable: RFC 2606). */
export const CLOSED_NAME = 'Closed account'
export const closedEmail = (userId: string) => `closed-${userId}@closed.invalid`
export const isClosedEmail = (email: string) => /^closed-.+@closed\.invalid$/.test(email)

/** Whether the account was closed (an account that does not exist is not). */
export async function isClosedAccount(db: Executor, userId: string): Promise<boolean> {
  const [found] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId))
  return !!found && isClosedEmail(found.email)
}

/** A privacy request that cannot be done, with what staff are told (4xx, never a 500). */
export class PrivacyRequestRefusedError extends Error {
  override name = 'PrivacyRequestRefusedError'
  readonly status: 404 | 409
  constructor(message: string, status: 404 | 409) {
    super(message)
    this.status = status
  }
}

const sameEmail = (column: Parameters<typeof sql>[1], email: string) => sql`lower(${column}) = lower(${email})`

/**
 * Everything the shop holds about one account (docs/domain.md, Privacy requests), as one document:
 * the account, its profile and saved addresses, its orders (lines, delivery details, discounts,
 * payments, refunds, returns), enquiries sent from its e-mail, quotes for it, back-in-stock alerts,
 * its trade account, its sessions and the e-mails sent to it. Never a secret: no password hash,
 * session or order-status token, authenticator secret or backup code. Null when there is no such account.
 */
export async function customerDataExport(db: Executor, userId: string) {
  const [found] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId))
  if (!found) return null
  const email = found.email
  const [signInMethods, sessions, [profile], savedAddresses, orderRows, enquiries, quoteRows, alerts, [trade], emails] = await Promise.all([
    db.select({ provider: account.providerId, createdAt: account.createdAt }).from(account).where(eq(account.userId, userId)).orderBy(asc(account.createdAt)),
    db
      .select({
        createdAt: session.createdAt,
        lastSeenAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.updatedAt)),
    db.select().from(profiles).where(eq(profiles.id, userId)),
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt)),
    db
      .select()
      .from(orders)
      .where(ofCustomer(sql`${userId}`, sql`${email}`))
      .orderBy(asc(orders.createdAt)),
    db.select().from(contacts).where(sameEmail(contacts.contactEmail, email)).orderBy(asc(contacts.createdAt)),
    db
      .select()
      .from(quotes)
      .where(or(eq(quotes.userId, userId), sameEmail(quotes.email, email)))
      .orderBy(asc(quotes.createdAt)),
    db
      .select({
        productId: stockAlerts.productId,
        email: stockAlerts.email,
        createdAt: stockAlerts.createdAt,
        confirmedAt: stockAlerts.confirmedAt,
        notifiedAt: stockAlerts.notifiedAt,
        unsubscribedAt: stockAlerts.unsubscribedAt,
      })
      .from(stockAlerts)
      .where(sameEmail(stockAlerts.email, email))
      .orderBy(asc(stockAlerts.createdAt)),
    db.select().from(tradeAccounts).where(eq(tradeAccounts.userId, userId)),
    db
      .select({ subject: outbox.subject, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt })
      .from(outbox)
      .where(sameEmail(outbox.to, email))
      .orderBy(asc(outbox.createdAt))
      .limit(1000),
  ])
  const orderIds = orderRows.map((order) => order.id)
  const quoteIds = quoteRows.map((quote) => quote.id)
  const [lines, discounts, payments, refundRows, returnRows, quoteLineRows, prices] = await Promise.all([
    orderIds.length ? db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.position)) : [],
    orderIds.length
      ? db
          .select({ orderId: orderDiscounts.orderId, code: orderDiscounts.code, label: orderDiscounts.label, amountCents: orderDiscounts.amountCents })
          .from(orderDiscounts)
          .where(inArray(orderDiscounts.orderId, orderIds))
      : [],
    orderIds.length
      ? db
          .select({
            orderId: orderPayments.orderId,
            amountCents: orderPayments.amountCents,
            receivedOn: orderPayments.receivedOn,
            reference: orderPayments.reference,
          })
          .from(orderPayments)
          .where(inArray(orderPayments.orderId, orderIds))
      : [],
    orderIds.length ? db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt)) : [],
    orderIds.length ? db.select().from(returns).where(inArray(returns.orderId, orderIds)).orderBy(asc(returns.createdAt)) : [],
    quoteIds.length ? db.select().from(quoteLines).where(inArray(quoteLines.quoteId, quoteIds)).orderBy(asc(quoteLines.position)) : [],
    trade ? db.select().from(tradePrices).where(eq(tradePrices.userId, userId)) : [],
  ])
  const of = <T extends { orderId: string }>(rows: T[], orderId: string) =>
    rows.filter((row) => row.orderId === orderId).map(({ orderId: _orderId, ...rest }) => rest)
  return {
    exportedAt: new Date().toISOString(),
    account: { ...found, signInMethods },
    profile: profile ?? null,
    savedAddresses,
    orders: orderRows.map(({ statusToken: _statusToken, providerSessionId: _providerSessionId, ...order }) => ({
      ...order,
      lines: of(lines, order.id),
      discounts: of(discounts, order.id),
      paymentsRecorded: of(payments, order.id),
      refunds: of(refundRows, order.id),
      returns: of(returnRows, order.id),
    })),
    enquiries,
    quotes: quoteRows.map(({ token: _token, ...quote }) => ({
      ...quote,
      lines: quoteLineRows.filter((line) => line.quoteId === quote.id).map(({ quoteId: _quoteId, ...line }) => line),
    })),
    backInStockAlerts: alerts,
    tradeAccount: trade ? { ...trade, prices: prices.map(({ userId: _userId, ...price }) => price) } : null,
    sessions,
    emailsSent: emails,
  }
}

/**
 * The export with its history row (who exported whose data, when): what `/staff/customers/:userId/data.json`
 * hands out. Its reads run side by side on the pool, outside a transaction (one connection would take
 * them in turn, and node-postgres is retiring overlapping queries on one client).
 */
export async function exportCustomerData(db: Database, userId: string, by: string) {
  const exported = await customerDataExport(db, userId)
  if (!exported) return null
  await recordHistory(db, {
    collection: 'privacy-requests',
    documentId: userId,
    action: 'create',
    document: { request: 'export', userId, exportedAt: exported.exportedAt },
    updatedBy: by,
  })
  return exported
}

/** An enquiry's staff replies (a jsonb array) with their date, author and subject, without their text. */
const withoutReplyMessages = (replies: SQL) =>
  sql`coalesce((select jsonb_agg(reply || '{"message": ""}'::jsonb) from jsonb_array_elements(case when jsonb_typeof(${replies}) = 'array' then ${replies} else '[]'::jsonb end) as reply), '[]'::jsonb)`

/**
 * Closes a customer's account at their request (docs/domain.md, Privacy requests). In one transaction
 * under the user row's lock: every session and sign-in method (password, Google), two-step login,
 * password-reset links, the profile's personal details, saved addresses, back-in-stock alerts and
 * stored checkouts go; enquiries from the address lose their message, phone, company and the text of
 * staff's replies; copies of e-mails sent to the address go (one still queued is sent); the account
 * keeps its id with the name "Closed account" and an address that cannot receive mail. Orders,
 * refunds, returns and quotes stay as they are (tax invoices and consumer-law claims need them).
 * Earlier history versions of the profile, addresses and enquiries lose the same details; a history
 * row records who closed the account and when. Refused for staff, for an open trade account and for
 * an account already closed.
 */
export async function closeCustomerAccount(db: Database, input: { userId: string; by: string }): Promise<{ closedAt: Date }> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: user.id, email: user.email, role: user.role }).from(user).where(eq(user.id, input.userId)).for('update')
    if (!found) throw new PrivacyRequestRefusedError('There is no such customer.', 404)
    if (found.role !== 'customer')
      throw new PrivacyRequestRefusedError('Staff accounts cannot be closed here: remove their staff access first (Settings → Staff).', 409)
    if (isClosedEmail(found.email)) throw new PrivacyRequestRefusedError('This account is already closed.', 409)
    const [trade] = await tx.select({ userId: tradeAccounts.userId }).from(tradeAccounts).where(eq(tradeAccounts.userId, input.userId))
    if (trade) throw new PrivacyRequestRefusedError('This customer has a trade account: end it first, then close the account.', 409)

    const userId = found.id
    const email = found.email
    const closedAt = new Date()

    await tx.delete(session).where(eq(session.userId, userId))
    await tx.delete(account).where(eq(account.userId, userId))
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId))
    await tx.delete(verification).where(or(eq(verification.value, userId), sameEmail(verification.identifier, email)))
    await tx
      .update(user)
      .set({ name: CLOSED_NAME, email: closedEmail(userId), emailVerified: false, image: null, twoFactorEnabled: false, updatedAt: closedAt })
      .where(eq(user.id, userId))

    // The profile keeps its row (its id is the account's), without a personal detail.
    const [profile] = await tx
      .update(profiles)
      .set({
        profileNameGiven: '',
        profileNameFamily: '',
        profileNameOther: '',
        profileImage: PLACEHOLDER_PROFILE_IMAGE,
        profileEmail: closedEmail(userId),
        profileMobile: '',
        profileAddress: '',
        profileDateOfBirth: '',
        profileClinicName: '',
        profileDiscipline: [],
        profileTypeTherapist: false,
        profileTypeClient: false,
        updatedAt: closedAt,
      })
      .where(eq(profiles.id, userId))
      .returning()
    const redacted = sql`jsonb_build_object('FBUID', ${history.documentId}, 'redacted', 'account closed')`
    await tx
      .update(history)
      .set({ document: redacted })
      .where(and(eq(history.collection, 'profiles'), eq(history.documentId, userId)))
    if (profile) {
      const { id, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = profile
      await recordHistory(tx, { collection: 'profiles', documentId: id, action: 'update', document: { FBUID: id, ...fields }, updatedBy: input.by })
    }

    const gone = await tx.delete(addresses).where(eq(addresses.userId, userId)).returning({ id: addresses.id })
    await tx
      .update(history)
      .set({ document: redacted })
      .where(and(eq(history.collection, 'addresses'), sql`${history.document}->>'userId' = ${userId}`))
    for (const address of gone) {
      await recordHistory(tx, {
        collection: 'addresses',
        documentId: address.id,
        action: 'delete',
        document: { FBUID: address.id, userId, redacted: 'account closed' },
        updatedBy: input.by,
      })
    }

    await tx.delete(stockAlerts).where(sameEmail(stockAlerts.email, email))
    await tx.delete(checkouts).where(or(eq(checkouts.userId, userId), sameEmail(checkouts.reminderEmail, email)))

    const enquiries = await tx
      .update(contacts)
      .set({
        contactMessage: '',
        contactPhone: '',
        contactCompany: '',
        replies: sql`${withoutReplyMessages(sql`${contacts.replies}`)}`,
        version: sql`${contacts.version} + 1`,
        updatedAt: closedAt,
      })
      .where(sameEmail(contacts.contactEmail, email))
      .returning()
    if (enquiries.length > 0) {
      await tx
        .update(history)
        .set({
          document: sql`${history.document} || jsonb_build_object('contactMessage', '', 'contactPhone', '', 'contactCompany', '', 'replies', ${withoutReplyMessages(sql`${history.document} -> 'replies'`)})`,
        })
        .where(
          and(
            eq(history.collection, 'contacts'),
            inArray(
              history.documentId,
              enquiries.map((enquiry) => enquiry.id),
            ),
          ),
        )
      for (const { id, ...enquiry } of enquiries) {
        await recordHistory(tx, { collection: 'contacts', documentId: id, action: 'update', document: { FBUID: id, ...enquiry }, updatedBy: input.by })
      }
    }

    // The copies of e-mails already sent (or kept, with no SMTP) go; one still waiting is delivered first.
    await tx.delete(outbox).where(and(sameEmail(outbox.to, email), inArray(outbox.status, ['sent', 'kept'])))

    await recordHistory(tx, {
      collection: 'privacy-requests',
      documentId: userId,
      action: 'update',
      document: { request: 'close', userId, closedAt: closedAt.toISOString() },
      updatedBy: input.by,
    })
    return { closedAt }
  })
}
