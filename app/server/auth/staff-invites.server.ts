import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { escapeHtml } from '../mail/html.ts'
import type { MailMessage } from '../mail/message.ts'
import type { MailService } from '../mail/outbox.server.ts'
import type { Database, Executor } from '../db/client.server.ts'
import { account, staffInvites, user } from '../db/schema.ts'
import { syncProfileFromUser } from '../profiles/profiles.server.ts'
import type { SessionUser } from './session-reader.server.ts'

/** How long an invitation's link works. */
export const INVITE_DAYS = 7

const normalise = (email: string) => email.trim().toLowerCase()
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')
/** The shape of a link's token, checked before any lookup. */
export const INVITE_TOKEN = /^[A-Za-z0-9_-]{43}$/

export type InviteState = 'open' | 'expired' | 'accepted' | 'withdrawn'

export interface StaffInvite {
  id: string
  email: string
  invitedBy: string
  createdAt: Date
  expiresAt: Date
  state: InviteState
}

function stateOf(row: typeof staffInvites.$inferSelect, now: Date): InviteState {
  if (row.acceptedAt) return 'accepted'
  if (row.withdrawnAt) return 'withdrawn'
  return row.expiresAt <= now ? 'expired' : 'open'
}

const inviteOf = (row: typeof staffInvites.$inferSelect, now: Date): StaffInvite => ({
  id: row.id,
  email: row.email,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  state: stateOf(row, now),
})

/** An invitation that can still be used: not accepted, not withdrawn, not expired. */
const stillOpen = (now: Date) => and(isNull(staffInvites.acceptedAt), isNull(staffInvites.withdrawnAt), gt(staffInvites.expiresAt, now))

export function staffInviteMail({
  to,
  shopName,
  invitedBy,
  link,
  expiresAt,
}: {
  to: string
  shopName: string
  invitedBy: string
  link: string
  expiresAt: Date
}): MailMessage {
  const until = expiresAt.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Brisbane' })
  const text = [
    `${invitedBy} invited you to join the staff of ${shopName}.`,
    '',
    'Open this link to accept. You will set your password (or sign in, if you already have an account with this address) and set up two-step login with an authenticator app:',
    link,
    '',
    `The link works once, until ${until}. If you did not expect this invitation, ignore this e-mail: nothing changes unless the link is used.`,
  ].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(invitedBy)} invited you to join the staff of ${escapeHtml(shopName)}.</p>
<p>Open this link to accept. You will set your password (or sign in, if you already have an account with this address) and set up two-step login with an authenticator app:</p>
<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>
<p style="font-size:13px;color:#475569">The link works once, until ${escapeHtml(until)}. If you did not expect this invitation, ignore this e-mail: nothing changes unless the link is used.</p>
</body></html>`
  return { to, subject: `You are invited to join the staff of ${shopName}`, text, html }
}

export type InviteResult = { result: 'sent'; invite: StaffInvite } | { result: 'already-staff' }

/**
 * Invites an address to join the staff: a new link by e-mail, in the same transaction as the
 * invitation, so there is never one without the other. An earlier open invitation to the same address
 * is withdrawn (sending again replaces the link). Nothing is granted until the invited person accepts.
 */
export async function inviteStaff(
  deps: { db: Database; mailer: Pick<MailService, 'send'>; shopName: string; baseUrl: string },
  { email: emailInput, invitedBy }: { email: string; invitedBy: SessionUser },
  now = new Date(),
): Promise<InviteResult> {
  const email = normalise(emailInput)
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select({ role: user.role }).from(user).where(eq(user.email, email))
    if (existing?.role === 'staff') return { result: 'already-staff' as const }
    await tx
      .update(staffInvites)
      .set({ withdrawnAt: now })
      .where(and(eq(staffInvites.email, email), stillOpen(now)))
    const token = randomBytes(32).toString('base64url')
    const [row] = await tx
      .insert(staffInvites)
      .values({
        id: randomUUID(),
        email,
        tokenHash: hashToken(token),
        invitedBy: invitedBy.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000),
      })
      .returning()
    const link = `${deps.baseUrl}/staff-invite/${token}`
    await deps.mailer.send(
      staffInviteMail({ to: email, shopName: deps.shopName, invitedBy: invitedBy.name || invitedBy.email, link, expiresAt: row!.expiresAt }),
      tx,
    )
    return { result: 'sent' as const, invite: inviteOf(row!, now) }
  })
}

/** Withdraws an invitation that was not yet used; false when it was already used, withdrawn or expired. */
export async function withdrawInvite(db: Executor, id: string, now = new Date()): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return false
  const rows = await db
    .update(staffInvites)
    .set({ withdrawnAt: now })
    .where(and(eq(staffInvites.id, id), stillOpen(now)))
    .returning({ id: staffInvites.id })
  return rows.length > 0
}

/** Invitations not yet accepted or withdrawn (expired ones too, so staff see that a link lapsed), newest first. */
export async function listPendingInvites(db: Executor, now = new Date()): Promise<StaffInvite[]> {
  const rows = await db
    .select()
    .from(staffInvites)
    .where(and(isNull(staffInvites.acceptedAt), isNull(staffInvites.withdrawnAt), gt(staffInvites.expiresAt, new Date(now.getTime() - 30 * 86_400_000))))
    .orderBy(desc(staffInvites.createdAt))
  return rows.map((row) => inviteOf(row, now))
}

export async function findInvite(db: Executor, token: string, now = new Date()): Promise<(StaffInvite & { hasAccount: boolean }) | null> {
  if (!INVITE_TOKEN.test(token)) return null
  const [row] = await db
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, hashToken(token)))
  if (!row) return null
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, row.email))
  return { ...inviteOf(row, now), hasAccount: Boolean(existing) }
}

/**
 * The invited person sets their password: a new account for the invited address, its address
 * verified (the link reached it), still a customer until the invitation is accepted. Refused when the
 * link is no longer open or the address already has an account (its owner signs in instead).
 */
export async function createInvitedAccount(
  db: Database,
  token: string,
  { name, password }: { name: string; password: string },
  now = new Date(),
): Promise<'created' | 'closed' | 'has-account'> {
  const invite = await findInvite(db, token, now)
  if (!invite || invite.state !== 'open') return 'closed'
  if (invite.hasAccount) return 'has-account'
  const hash = await hashPassword(password)
  const id = randomUUID()
  try {
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id, name, email: invite.email, emailVerified: true, role: 'customer' })
      await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash, updatedAt: now })
    })
  } catch (error) {
    // Two posts of the form at once: the second finds the account the first created.
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, invite.email))
    if (existing) return 'has-account'
    throw error
  }
  await syncProfileFromUser(db, { id, email: invite.email, name })
  return 'created'
}

export type AcceptResult = 'accepted' | 'closed' | 'wrong-account' | 'needs-second-factor'

/**
 * Makes the signed-in account staff, once: only the account of the invited address, only with its
 * second factor enrolled and passed in this session, only while the invitation is open. The invitation
 * is marked used in the same transaction as the role changes, so a second click changes nothing.
 */
export async function acceptInvite(db: Database, token: string, signedIn: SessionUser, now = new Date()): Promise<AcceptResult> {
  const invite = await findInvite(db, token, now)
  if (!invite || invite.state !== 'open') return 'closed'
  if (normalise(signedIn.email) !== invite.email) return 'wrong-account'
  if (!signedIn.twoFactorEnabled || !signedIn.secondFactorPassed) return 'needs-second-factor'
  return db.transaction(async (tx) => {
    const used = await tx
      .update(staffInvites)
      .set({ acceptedAt: now, acceptedBy: signedIn.id })
      .where(and(eq(staffInvites.id, invite.id), stillOpen(now)))
      .returning({ id: staffInvites.id })
    if (!used.length) return 'closed' as const
    await tx.update(user).set({ role: 'staff', emailVerified: true, updatedAt: now }).where(eq(user.id, signedIn.id))
    return 'accepted' as const
  })
}
