import { verifyPassword } from 'better-auth/crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionUser } from '../../app/server/auth/session-reader.server'
import { acceptInvite, createInvitedAccount, findInvite, inviteStaff, listPendingInvites, withdrawInvite } from '../../app/server/auth/staff-invites.server'
import type { DatabaseHandle } from '../../app/server/db/client.server'
import { account, user } from '../../app/server/db/schema'
import { createMailService } from '../../app/server/mail/outbox.server'
import { listOutbox } from '../support/outbox'
import { testDatabaseKinds } from '../support/databases'

const BASE = 'http://shop.test'

describe.each(testDatabaseKinds())('staff invitations on $name', (kind) => {
  let database: DatabaseHandle
  let mail: ReturnType<typeof createMailService>
  const owner: SessionUser = {
    id: 'u-owner',
    email: 'owner@shop.example',
    name: 'Olive Owner',
    role: 'staff',
    emailVerified: true,
    twoFactorEnabled: true,
    secondFactorPassed: true,
  }

  beforeAll(async () => {
    database = await kind.open()
    mail = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    await database.db.insert(user).values([
      { id: owner.id, name: owner.name, email: owner.email, emailVerified: true, role: 'staff' },
      { id: 'u-cust', name: 'Cam Customer', email: 'cam@example.com', emailVerified: false, role: 'customer' },
    ])
  })
  afterAll(async () => {
    await mail?.stop()
    await database?.close()
  })

  const invite = (email: string, now?: Date) =>
    inviteStaff({ db: database.db, mailer: mail, shopName: 'UniDrone', baseUrl: BASE }, { email, invitedBy: owner }, now)
  /** The token of the newest invitation e-mailed to an address, read from the link as its recipient would. */
  const tokenSentTo = async (email: string) => {
    const message = (await listOutbox(database.db)).find((row) => row.to === email)!
    return new RegExp(`${BASE}/staff-invite/([A-Za-z0-9_-]+)`).exec(message.text)![1]!
  }
  const signedIn = (id: string, email: string, factor: { enabled: boolean; passed: boolean }): SessionUser => ({
    id,
    email,
    name: '',
    role: 'customer',
    emailVerified: true,
    twoFactorEnabled: factor.enabled,
    secondFactorPassed: factor.passed,
  })
  const roleOf = async (email: string) => (await database.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role

  it('a new person: the e-mailed link lets them set a password; they become staff only after their second factor, once', async () => {
    expect(await invite(' New.Hire@Example.com ')).toMatchObject({
      result: 'sent',
      invite: { email: 'new.hire@example.com', state: 'open', invitedBy: owner.email },
    })
    const [message] = await listOutbox(database.db)
    expect(message).toMatchObject({ to: 'new.hire@example.com', subject: 'You are invited to join the staff of UniDrone' })
    expect(message!.text).toContain('Olive Owner invited you')
    const token = await tokenSentTo('new.hire@example.com')
    expect(await findInvite(database.db, token)).toMatchObject({ state: 'open', hasAccount: false })

    expect(await createInvitedAccount(database.db, token, { name: 'Nia Hire', password: 'a good password' })).toBe('created')
    const [created] = await database.db.select().from(user).where(eq(user.email, 'new.hire@example.com'))
    expect(created).toMatchObject({ name: 'Nia Hire', role: 'customer', emailVerified: true })
    const [credential] = await database.db
      .select()
      .from(account)
      .where(and(eq(account.userId, created!.id), eq(account.providerId, 'credential')))
    expect(await verifyPassword({ hash: credential!.password!, password: 'a good password' })).toBe(true)
    // The link sets a password once: a second post is told the account exists.
    expect(await createInvitedAccount(database.db, token, { name: 'Someone Else', password: 'another password' })).toBe('has-account')

    expect(await acceptInvite(database.db, token, signedIn(created!.id, created!.email, { enabled: false, passed: false }))).toBe('needs-second-factor')
    expect(await acceptInvite(database.db, token, signedIn(created!.id, created!.email, { enabled: true, passed: false }))).toBe('needs-second-factor')
    expect(await roleOf('new.hire@example.com')).toBe('customer')

    const enrolled = signedIn(created!.id, created!.email, { enabled: true, passed: true })
    const [first, second] = await Promise.all([acceptInvite(database.db, token, enrolled), acceptInvite(database.db, token, enrolled)])
    expect([first, second].sort()).toEqual(['accepted', 'closed'])
    expect(await roleOf('new.hire@example.com')).toBe('staff')
    expect(await findInvite(database.db, token)).toMatchObject({ state: 'accepted' })
    expect(await acceptInvite(database.db, token, enrolled)).toBe('closed')
  })

  it('an existing account is never taken over: only that account, signed in with its second factor, can accept', async () => {
    await invite('cam@example.com')
    const token = await tokenSentTo('cam@example.com')
    expect(await findInvite(database.db, token)).toMatchObject({ state: 'open', hasAccount: true })
    expect(await createInvitedAccount(database.db, token, { name: 'Intruder', password: 'password of mine' })).toBe('has-account')
    expect(await acceptInvite(database.db, token, signedIn('u-other', 'someone@example.com', { enabled: true, passed: true }))).toBe('wrong-account')
    expect(await roleOf('cam@example.com')).toBe('customer')
    expect(await acceptInvite(database.db, token, signedIn('u-cust', 'Cam@Example.com', { enabled: true, passed: true }))).toBe('accepted')
    expect(await roleOf('cam@example.com')).toBe('staff')
    expect(await invite('cam@example.com')).toEqual({ result: 'already-staff' })
  })

  it('sending again replaces the link; a withdrawn or expired link works no more; bad tokens find nothing', async () => {
    await invite('temp@example.com')
    const oldToken = await tokenSentTo('temp@example.com')
    await invite('temp@example.com')
    const newToken = await tokenSentTo('temp@example.com')
    expect(newToken).not.toBe(oldToken)
    expect(await findInvite(database.db, oldToken)).toMatchObject({ state: 'withdrawn' })
    expect(await createInvitedAccount(database.db, oldToken, { name: 'Temp', password: 'long enough' })).toBe('closed')
    const pending = (await listPendingInvites(database.db)).filter((row) => row.email === 'temp@example.com')
    expect(pending.map((row) => row.state)).toEqual(['open'])

    expect(await withdrawInvite(database.db, pending[0]!.id)).toBe(true)
    expect(await withdrawInvite(database.db, pending[0]!.id)).toBe(false)
    expect(await findInvite(database.db, newToken)).toMatchObject({ state: 'withdrawn' })

    await invite('late@example.com', new Date(Date.now() - 8 * 86_400_000))
    const lateToken = await tokenSentTo('late@example.com')
    expect(await findInvite(database.db, lateToken)).toMatchObject({ state: 'expired' })
    expect(await createInvitedAccount(database.db, lateToken, { name: 'Late', password: 'long enough' })).toBe('closed')
    expect((await listPendingInvites(database.db)).find((row) => row.email === 'late@example.com')).toMatchObject({ state: 'expired' })

    expect(await findInvite(database.db, 'not-a-token')).toBeNull()
    expect(await findInvite(database.db, 'A'.repeat(43))).toBeNull()
  })
})
