import { data, Form, useNavigation } from 'react-router'
import { orderDateFormat } from '../../components/shop/order-status'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { EmptyState, PageHeader } from '../../components/ui/page-header'
import { TextField } from '../../components/ui/text-field'
import { pageMeta, shopNameFrom } from '../../lib/seo'
import { publicOrigin } from '../../server/public-origin.server'
import { requireStaff } from '../../server/auth/session.server'
import { inviteStaff, listPendingInvites, withdrawInvite } from '../../server/auth/staff-invites.server'
import { listStaff, resetTwoFactor, revokeStaff } from '../../server/auth/staff.server'
import { shop } from '../../server/context.server'
import { readForm } from '../../server/http/form.server'
import { z } from 'zod'
import type { Route } from './+types/settings.staff'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Staff accounts', 'Who can open the staff screens, and invitations to join.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaff(context, request)
  const { db } = shop(context)
  const [staff, invites] = await Promise.all([listStaff(db), listPendingInvites(db)])
  return {
    me: me.id,
    staff: staff.map(({ createdAt: _created, ...member }) => member),
    invites: invites.map((invite) => ({ ...invite, createdAt: invite.createdAt.toISOString(), expiresAt: invite.expiresAt.toISOString() })),
  }
}

interface ActionResult {
  done: string | null
  failure: string | null
  /** The invitation form's refused address, kept so it can be corrected. */
  email?: string
}

const emailSchema = z
  .string()
  .trim()
  .min(1, 'Enter the e-mail address to invite.')
  .max(254, 'That address is too long.')
  .pipe(z.email('Enter a valid e-mail address, like name@example.com.'))

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireStaff(context, request)
  const form = await readForm(request)
  const { db, mailer, config } = shop(context)
  const answer = (result: Partial<ActionResult>, status = 200) => data<ActionResult>({ done: null, failure: null, ...result }, { status })
  const target = String(form.get('email') ?? '')
  switch (form.get('intent')) {
    case 'invite': {
      const parsed = emailSchema.safeParse(target)
      if (!parsed.success) return answer({ failure: parsed.error.issues[0]?.message ?? 'Enter a valid e-mail address.', email: target }, 400)
      const sent = await inviteStaff({ db, mailer, shopName: config.SHOP_NAME, baseUrl: publicOrigin(config) }, { email: parsed.data, invitedBy: me })
      if (sent.result === 'already-staff') return answer({ failure: `${parsed.data} is already staff.`, email: target }, 409)
      return answer({ done: `Invitation sent to ${sent.invite.email}. The link works for 7 days.` })
    }
    case 'withdraw': {
      const withdrawn = await withdrawInvite(db, String(form.get('invite') ?? ''))
      return withdrawn
        ? answer({ done: 'Invitation withdrawn: its link no longer works.' })
        : answer({ failure: 'That invitation was already used, withdrawn or expired.' }, 409)
    }
    case 'revoke':
    case 'reset-2fa': {
      const member = (await listStaff(db)).find((row) => row.email === target)
      if (!member) return answer({ failure: `${target || 'That account'} is not staff (any more).` }, 404)
      if (member.id === me.id) return answer({ failure: 'You cannot change your own staff access or two-step login here. Ask another staff member.' }, 400)
      if (form.get('intent') === 'revoke') {
        await revokeStaff(db, member.email)
        return answer({ done: `${member.email} is no longer staff and was signed out everywhere.` })
      }
      await resetTwoFactor(db, member.email)
      return answer({ done: `${member.email} was signed out and sets up a new authenticator app at the next login.` })
    }
    default:
      return answer({ failure: 'The form could not be read. Please reload the page and try again.' }, 400)
  }
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Brisbane' })

/** One button in a form of its own, naming the account or invitation it acts on. */
function RowAction({
  intent,
  name,
  value,
  label,
  tone = 'secondary',
}: {
  intent: string
  name: string
  value: string
  label: string
  tone?: 'secondary' | 'danger'
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <Button type="submit" variant={tone} size="sm">
        {label}
      </Button>
    </Form>
  )
}

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { me, staff, invites } = loaderData
  const busy = useNavigation().state === 'submitting'
  const inviteError = actionData?.email !== undefined ? actionData.failure : null
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeader
        title="Staff accounts"
        lead="Who can open these screens. New staff are invited by e-mail: they set their own password and two-step login through the link, and only then become staff."
      />
      {actionData?.done ? (
        <Alert tone="success" className="mt-6">
          {actionData.done}
        </Alert>
      ) : null}
      {actionData?.failure && !inviteError ? (
        <Alert tone="error" className="mt-6">
          {actionData.failure}
        </Alert>
      ) : null}

      <section aria-labelledby="invite-heading" className="mt-8 rounded-lg border border-slate-200 p-5">
        <h2 id="invite-heading" className="text-lg font-semibold">
          Invite a staff member
        </h2>
        <Form method="post" noValidate className="mt-3 flex flex-wrap items-start gap-3">
          <input type="hidden" name="intent" value="invite" />
          <div className="w-full min-w-0 sm:w-auto sm:max-w-md sm:flex-1">
            <TextField
              name="email"
              label="E-mail address"
              type="email"
              autoComplete="off"
              defaultValue={actionData?.email ?? ''}
              error={inviteError ?? undefined}
              key={actionData?.done ?? 'invite'}
            />
          </div>
          <Button type="submit" disabled={busy} className="sm:mt-6">
            Send invitation
          </Button>
        </Form>
      </section>

      <section aria-labelledby="staff-heading" className="mt-10">
        <h2 id="staff-heading" className="text-xl font-semibold">
          Staff ({staff.length})
        </h2>
        <ul className="mt-3 divide-y divide-slate-100 border-y border-slate-200">
          {staff.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="staff-member">
              <div className="min-w-0">
                <p className="font-semibold [overflow-wrap:anywhere]">
                  {member.name || member.email}
                  {member.id === me ? <span className="font-normal text-slate-500"> (you)</span> : null}
                </p>
                <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{member.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {member.twoFactorEnabled ? <Badge tone="success">Two-step login on</Badge> : <Badge tone="warning">Two-step login not set up</Badge>}
                {member.id === me ? null : (
                  <>
                    {member.twoFactorEnabled ? <RowAction intent="reset-2fa" name="email" value={member.email} label="Reset two-step login" /> : null}
                    <RowAction intent="revoke" name="email" value={member.email} label="Remove staff access" tone="danger" />
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="invites-heading" className="mt-10">
        <h2 id="invites-heading" className="text-xl font-semibold">
          Invitations not yet accepted
        </h2>
        {invites.length === 0 ? (
          <EmptyState title="No open invitations">Invitations appear here until they are accepted or withdrawn.</EmptyState>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 border-y border-slate-200">
            {invites.map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="staff-invite">
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">{invite.email}</p>
                  <p className="text-sm text-slate-600">
                    Sent {orderDateFormat.format(new Date(invite.createdAt))} by {invite.invitedBy}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {invite.state === 'expired' ? (
                    <Badge tone="danger">Link expired</Badge>
                  ) : (
                    <Badge>Link works until {dateFormat.format(new Date(invite.expiresAt))}</Badge>
                  )}
                  <RowAction intent="invite" name="email" value={invite.email} label="Send again" />
                  {invite.state === 'open' ? <RowAction intent="withdraw" name="invite" value={invite.id} label="Withdraw" tone="danger" /> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
