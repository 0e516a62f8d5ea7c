import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getOrder } from '../../app/server/checkout/orders.server'
import { account, session, twoFactor, user } from '../../app/server/db/auth-schema'
import type { Database, DatabaseHandle } from '../../app/server/db/client.server'
import { addresses, checkouts, contacts, history, orderLines, orders, outbox, profiles, stockAlerts } from '../../app/server/db/schema'
import { parseEnv, type Env } from '../../app/server/env.server'
import { createMailService, type MailService } from '../../app/server/mail/outbox.server'
import { closeCustomerAccount, exportCustomerData, PrivacyRequestRefusedError } from '../../app/server/staff/privacy.server'
import { testDatabaseKinds } from '../support/databases'
import { paidTestOrder, testDelivery } from '../support/orders'

const LINE = {
  productId: 'prop',
  productName: 'UniProp 22×7.8 Carbon Propeller Pair',
  image: '',
  priceId: '',
  unitPriceCents: 18_900,
  quantity: 2,
  lineTotalCents: 37_800,
  gstCents: 3_436,
  weightGrams: 360,
  containsLithium: false,
}
const SECRETS = ['PASSWORD-HASH-SECRET', 'SESSION-TOKEN-SECRET', 'TOTP-SECRET-VALUE', 'BACKUP-CODES-SECRET', 'GOOGLE-ACCESS-TOKEN'] as const
const STAFF = 'sam@shop.example'

describe.each(testDatabaseKinds())('privacy requests on $name', (kind) => {
  let database: DatabaseHandle
  let deps: { db: Database; mailer: MailService; config: Env }
  let count = 0

  beforeAll(async () => {
    database = await kind.open()
    deps = { db: database.db, mailer: createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 }), config: parseEnv({}) }
    await database.db.insert(user).values({ id: 'u-staff', name: 'Sam Staff', email: STAFF, role: 'staff', emailVerified: true })
  })
  afterAll(async () => {
    await deps.mailer.stop()
    await database.close()
  })

  /** A customer with a password and Google, two-step login, a session, profile, address, enquiry, alert, cart and a paid order. */
  async function customer() {
    const n = ++count
    const id = `u-pat-${n}`
    const email = `pat-${n}@example.com`
    const db = database.db
    await db.insert(user).values({ id, name: 'Pat Pilot', email, emailVerified: true, role: 'customer', twoFactorEnabled: true })
    await db.insert(account).values([
      { id: `acc-pw-${n}`, accountId: id, providerId: 'credential', userId: id, password: SECRETS[0], updatedAt: new Date() },
      { id: `acc-g-${n}`, accountId: `google-${n}`, providerId: 'google', userId: id, accessToken: SECRETS[4], updatedAt: new Date() },
    ])
    await db.insert(session).values({
      id: `s-${n}`,
      token: `${SECRETS[1]}-${n}`,
      userId: id,
      expiresAt: new Date(Date.now() + 86_400_000),
      updatedAt: new Date(),
      ipAddress: '192.0.2.7',
      userAgent: 'Test browser',
    })
    await db.insert(twoFactor).values({ id: `tf-${n}`, secret: `${SECRETS[2]}-${n}`, backupCodes: SECRETS[3], userId: id })
    await db.insert(profiles).values({
      id,
      profileNameGiven: 'Pat',
      profileNameFamily: 'Pilot',
      profileImage: '/images/pat.png',
      profileEmail: email,
      profileMobile: '0412 345 678',
      profileDateOfBirth: '1990-01-01',
    })
    await db
      .insert(history)
      .values({ collection: 'profiles', documentId: id, action: 'create', document: { FBUID: id, profileMobile: '0412 345 678' }, updatedBy: email })
    await db
      .insert(addresses)
      .values({ id: `addr-${n}`, userId: id, fullName: 'Pat Pilot', addressLine1: '1 Runway Rd', suburb: 'Mascot', state: 'NSW', postcode: '2020' })
    await db.insert(history).values({
      collection: 'addresses',
      documentId: `addr-${n}`,
      action: 'create',
      document: { FBUID: `addr-${n}`, userId: id, addressLine1: '1 Runway Rd' },
      updatedBy: email,
    })
    await db.insert(contacts).values({
      id: `c-${n}`,
      contactName: 'Pat Pilot',
      contactEmail: email.toUpperCase(),
      contactPhone: '0412 345 678',
      contactCompany: 'Pat Aerial',
      contactMessage: 'Do you ship the X7 to Broome?',
      status: 'answered',
      replies: [{ at: '2026-11-01T01:00:00.000Z', by: STAFF, subject: 'Re: shipping', message: 'Hi Pat, yes: Broome is 5 days by road.' }],
    })
    await db.insert(history).values({
      collection: 'contacts',
      documentId: `c-${n}`,
      action: 'create',
      document: {
        FBUID: `c-${n}`,
        contactMessage: 'Do you ship the X7 to Broome?',
        replies: [{ at: '2026-11-01T01:00:00.000Z', by: STAFF, subject: 'Re: shipping', message: 'Hi Pat, yes: Broome is 5 days by road.' }],
      },
      updatedBy: 'no user found',
    })
    await db.insert(stockAlerts).values({ id: `sa-${n}`, productId: 'prop', email, confirmTokenHash: `hash-${n}` })
    await db.insert(checkouts).values({ id: `co-${n}`, userId: id, items: [{ FBUID: 'prop', productCount: 1 }] })
    const orderId = await paidTestOrder(deps, { lines: [LINE], email, delivery: testDelivery() })
    await db.update(orders).set({ userId: id }).where(eq(orders.id, orderId))
    return { id, email, orderId }
  }

  it('exports the account, profile, address, order with its lines, enquiry and sessions, without a secret, and records who exported it', async () => {
    const pat = await customer()
    const exported = await exportCustomerData(database.db, pat.id, STAFF)
    expect(exported).not.toBeNull()
    const json = JSON.stringify(exported)
    for (const secret of SECRETS) expect(json).not.toContain(secret)
    expect(exported!.account).toMatchObject({ name: 'Pat Pilot', email: pat.email, emailVerified: true, role: 'customer', twoFactorEnabled: true })
    expect(exported!.account.signInMethods.map((method) => method.provider).sort()).toEqual(['credential', 'google'])
    expect(exported!.profile).toMatchObject({ profileMobile: '0412 345 678' })
    expect(exported!.savedAddresses).toHaveLength(1)
    expect(exported!.orders).toHaveLength(1)
    expect(exported!.orders[0]).toMatchObject({ id: pat.orderId, status: 'paid', customerName: 'Pat Pilot', addressLine1: '1 Runway Rd' })
    expect(exported!.orders[0]!.lines).toHaveLength(1)
    expect(exported!.orders[0]).not.toHaveProperty('statusToken')
    expect(exported!.enquiries).toHaveLength(1)
    expect(exported!.enquiries[0]!.contactMessage).toBe('Do you ship the X7 to Broome?')
    expect(exported!.backInStockAlerts).toHaveLength(1)
    expect(exported!.sessions).toEqual([expect.objectContaining({ ipAddress: '192.0.2.7', userAgent: 'Test browser' })])
    expect(exported!.sessions[0]).not.toHaveProperty('token')

    const rows = await database.db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'privacy-requests'), eq(history.documentId, pat.id)))
    expect(rows).toEqual([expect.objectContaining({ updatedBy: STAFF, document: expect.objectContaining({ request: 'export' }) })])
    expect(await exportCustomerData(database.db, 'nobody', STAFF)).toBeNull()
  })

  it('closes an account: sign-in, two-step login, profile details, addresses, alerts and carts go; the order and its tax-invoice fields stay', async () => {
    const pat = await customer()
    const db = database.db
    const orderBefore = await getOrder(db, pat.orderId)
    const linesBefore = await db.select().from(orderLines).where(eq(orderLines.orderId, pat.orderId))

    // A copy of a message sent to the address, one kept (no SMTP), and one still waiting to be sent.
    const mail = { to: pat.email.toUpperCase(), text: 'Your password was changed, Pat.', html: '<p>Your password was changed, Pat.</p>' }
    await db.insert(outbox).values([
      { id: `m-sent-${count}`, status: 'sent', subject: 'Password changed', ...mail },
      { id: `m-kept-${count}`, status: 'kept', subject: 'Password changed', ...mail },
      { id: `m-queued-${count}`, status: 'queued', subject: 'Your refund', ...mail },
    ])

    await closeCustomerAccount(db, { userId: pat.id, by: STAFF })

    expect(await db.select().from(session).where(eq(session.userId, pat.id))).toEqual([])
    expect(await db.select().from(account).where(eq(account.userId, pat.id))).toEqual([])
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, pat.id))).toEqual([])
    expect(await db.select().from(addresses).where(eq(addresses.userId, pat.id))).toEqual([])
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.email, pat.email))).toEqual([])
    expect(await db.select().from(checkouts).where(eq(checkouts.userId, pat.id))).toEqual([])
    const [closed] = await db.select().from(user).where(eq(user.id, pat.id))
    expect(closed).toMatchObject({
      name: 'Closed account',
      email: `closed-${pat.id}@closed.invalid`,
      emailVerified: false,
      twoFactorEnabled: false,
      role: 'customer',
    })
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, pat.id))
    expect(profile).toMatchObject({ profileNameGiven: '', profileNameFamily: '', profileMobile: '', profileDateOfBirth: '' })
    const [enquiry] = await db
      .select()
      .from(contacts)
      .where(eq(contacts.id, `c-${count}`))
    expect(enquiry).toMatchObject({ contactMessage: '', contactPhone: '', contactCompany: '', status: 'answered' })
    // Staff's reply keeps when, who and its subject, not what it said.
    expect(enquiry!.replies).toEqual([{ at: '2026-11-01T01:00:00.000Z', by: STAFF, subject: 'Re: shipping', message: '' }])
    expect(
      (
        await db
          .select({ id: outbox.id })
          .from(outbox)
          .where(inArray(outbox.id, [`m-sent-${count}`, `m-kept-${count}`, `m-queued-${count}`]))
      ).map((row) => row.id),
    ).toEqual([`m-queued-${count}`])

    // Orders and their tax-invoice details are kept as they were.
    expect(await getOrder(db, pat.orderId)).toEqual(orderBefore)
    expect(orderBefore).toMatchObject({ customerName: 'Pat Pilot', email: pat.email, addressLine1: '1 Runway Rd', status: 'paid' })
    expect(await db.select().from(orderLines).where(eq(orderLines.orderId, pat.orderId))).toEqual(linesBefore)

    // History keeps who closed it and when, and no longer the personal details.
    const [closing] = await db
      .select()
      .from(history)
      .where(and(eq(history.collection, 'privacy-requests'), eq(history.documentId, pat.id)))
    expect(closing).toMatchObject({ updatedBy: STAFF, document: { request: 'close', userId: pat.id } })
    const personal = JSON.stringify(await db.select({ document: history.document }).from(history).where(eq(history.updatedBy, pat.email)))
    expect(personal).not.toContain('0412 345 678')
    expect(personal).not.toContain('1 Runway Rd')
    const enquiryHistory = JSON.stringify(
      await db
        .select({ document: history.document })
        .from(history)
        .where(eq(history.documentId, `c-${count}`)),
    )
    expect(enquiryHistory).not.toContain('Broome')
    expect(enquiryHistory).toContain('Re: shipping')

    // The export still works on the closed account, with its order.
    const after = await exportCustomerData(db, pat.id, STAFF)
    expect(after!.orders.map((order) => order.id)).toEqual([pat.orderId])
    expect(JSON.stringify(after)).not.toContain('1990-01-01')
    expect(after!.orders[0]).toMatchObject({ customerName: 'Pat Pilot', phone: '0412 345 678' })

    await expect(closeCustomerAccount(db, { userId: pat.id, by: STAFF })).rejects.toMatchObject({ status: 409, message: 'This account is already closed.' })
  })

  it('refuses to close a staff account or one that does not exist', async () => {
    const staffClose = closeCustomerAccount(database.db, { userId: 'u-staff', by: STAFF })
    await expect(staffClose).rejects.toBeInstanceOf(PrivacyRequestRefusedError)
    await expect(closeCustomerAccount(database.db, { userId: 'u-staff', by: STAFF })).rejects.toMatchObject({ status: 409 })
    const [staff] = await database.db.select().from(user).where(eq(user.id, 'u-staff'))
    expect(staff).toMatchObject({ email: STAFF, name: 'Sam Staff', role: 'staff' })
    await expect(closeCustomerAccount(database.db, { userId: 'nobody', by: STAFF })).rejects.toMatchObject({ status: 404 })
  })
})
