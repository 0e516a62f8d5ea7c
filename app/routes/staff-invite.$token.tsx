import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Alert } from '../components/ui/alert'
import { AccountFormPage } from '../components/account/account-form'
import { Button, LinkButton } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { firstIssue, newPasswordSchema } from '../lib/schemas/login'
import { isStorableText, UNSTORABLE } from '../lib/schemas/text'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { callAuth, cookieHeaders } from '../server/auth/auth-calls.server'
import { getSessionUser } from '../server/auth/session.server'
import { acceptInvite, createInvitedAccount, findInvite } from '../server/auth/staff-invites.server'
import { shop } from '../server/context.server'
import { readForm } from '../server/http/form.server'
import type { Route } from './+types/staff-invite.$token'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Join the staff', 'Accept an invitation to join the shop’s staff.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** The token travels in this page's address: never stored by a cache, never sent on as a referrer. */
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' })

/**
 * Where the invited person stands (docs/domain.md, Staff accounts): the link must be open; then an
 * account of the invited address (set a password here, or sign in to the one that exists), its
 * two-step login set up and passed in this session, and finally the acceptance.
 */
type Step = 'closed' | 'set-password' | 'sign-in' | 'wrong-account' | 'enrol' | 'code' | 'accept'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const invite = await findInvite(shop(context).db, params.token)
  const here = `/staff-invite/${params.token}`
  if (!invite || invite.state !== 'open') return { step: 'closed' as Step, email: null, here, signedInAs: null, state: invite?.state ?? null }
  const user = await getSessionUser(context, request)
  const step: Step = !user
    ? invite.hasAccount
      ? 'sign-in'
      : 'set-password'
    : user.email.toLowerCase() !== invite.email
      ? 'wrong-account'
      : !user.twoFactorEnabled
        ? 'enrol'
        : !user.secondFactorPassed
          ? 'code'
          : 'accept'
  return { step, email: invite.email, here, signedInAs: user?.email ?? null, state: invite.state }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { db } = shop(context)
  const form = await readForm(request)
  const here = `/staff-invite/${params.token}`
  if (form.get('intent') === 'password') {
    const name = String(form.get('name') ?? '')
      .trim()
      .slice(0, 100)
    const password = String(form.get('password') ?? '')
    if (!name) return data({ error: null, errors: { name: 'Enter your name, as colleagues and customers will see it.' } }, { status: 400 })
    if (!isStorableText(name)) return data({ error: null, errors: { name: UNSTORABLE } }, { status: 400 })
    const parsed = newPasswordSchema.safeParse(password)
    if (!parsed.success) return data({ error: null, errors: { password: firstIssue(parsed.error) } }, { status: 400 })
    const created = await createInvitedAccount(db, params.token, { name, password: parsed.data })
    if (created === 'closed') return redirect(here)
    if (created === 'has-account') return data({ error: 'An account with this address exists already. Sign in to it to accept.', errors: {} }, { status: 409 })
    const invite = await findInvite(db, params.token)
    // Signed in at once with the password just chosen, through better-auth as the login panel does.
    const signIn = await callAuth(context, request, '/sign-in/email', { email: invite!.email, password: parsed.data })
    return redirect(here, { headers: cookieHeaders(signIn.setCookies) })
  }
  if (form.get('intent') === 'accept') {
    const user = await getSessionUser(context, request)
    if (!user) return redirect(here)
    const accepted = await acceptInvite(db, params.token, user)
    if (accepted === 'accepted') return redirect('/staff')
    return redirect(here)
  }
  return data({ error: 'The form could not be read. Please reload the page and try again.', errors: {} }, { status: 400 })
}

const returnHere = (to: string, here: string) => `${to}?redirectTo=${encodeURIComponent(here)}`

export default function StaffInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { step, email, here, signedInAs, state } = loaderData
  const busy = useNavigation().state !== 'idle'
  const errors: Record<string, string> = actionData?.errors ?? {}
  if (step === 'closed') {
    const why =
      state === 'accepted'
        ? 'It has been used already.'
        : state === 'withdrawn'
          ? 'It was withdrawn or replaced by a newer one.'
          : state === 'expired'
            ? 'It has expired.'
            : 'It is not a link this shop sent.'
    return (
      <AccountFormPage
        title="This invitation link no longer works"
        lead={`${why} Ask the person who invited you to send a new invitation, and use the newest e-mail.`}
      >
        <LinkButton to="/login" className="mt-6">
          Go to login
        </LinkButton>
      </AccountFormPage>
    )
  }
  const lead = `You were invited to join the staff with ${email}.`
  switch (step) {
    case 'set-password':
      return (
        <AccountFormPage
          title="Join the staff: choose your password"
          lead={`${lead} Step 1 of 3: your name and a password. Then you set up two-step login and accept.`}
          error={actionData?.error}
        >
          <Form method="post" noValidate className="mt-6 space-y-4">
            <input type="hidden" name="intent" value="password" />
            <TextField name="name" label="Your name" autoComplete="name" error={errors.name} />
            <TextField name="password" label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." error={errors.password} />
            <Button type="submit" disabled={busy}>
              Set password and continue
            </Button>
          </Form>
        </AccountFormPage>
      )
    case 'sign-in':
      return (
        <AccountFormPage
          title="Join the staff: sign in"
          lead={`${lead} There is already an account with this address: sign in to it, then set up two-step login and accept.`}
          error={actionData?.error}
        >
          <LinkButton to={returnHere('/login', here)} className="mt-6">
            Sign in as {email}
          </LinkButton>
          <p className="mt-4 text-sm text-slate-600">
            Do not know its password?{' '}
            <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
              Reset it
            </Link>{' '}
            — the link goes to the same address — and open this invitation again.
          </p>
        </AccountFormPage>
      )
    case 'wrong-account':
      return (
        <AccountFormPage title="Join the staff: wrong account" lead={`${lead} You are signed in as ${signedInAs}. Log out, then open this invitation again.`}>
          <Form method="post" action="/logout" className="mt-6">
            <Button type="submit" variant="secondary">
              Log out
            </Button>
          </Form>
        </AccountFormPage>
      )
    case 'enrol':
      return (
        <AccountFormPage
          title="Join the staff: set up two-step login"
          lead={`${lead} Step 2 of 3: staff accounts need an authenticator app. It asks for your password and a code from the app, then brings you back here.`}
        >
          <LinkButton to={returnHere('/client/two-factor', here)} className="mt-6">
            Set up two-step login
          </LinkButton>
        </AccountFormPage>
      )
    case 'code':
      return (
        <AccountFormPage title="Join the staff: enter your code" lead={`${lead} Enter a code from your authenticator app for this session first.`}>
          <LinkButton to={returnHere('/login/two-factor', here)} className="mt-6">
            Enter code
          </LinkButton>
        </AccountFormPage>
      )
    default:
      return (
        <AccountFormPage title="Join the staff" lead={`${lead} Step 3 of 3: accept, and the staff screens open for this account.`}>
          <Alert tone="success" className="mt-6">
            Your password and two-step login are set.
          </Alert>
          <Form method="post" className="mt-6">
            <input type="hidden" name="intent" value="accept" />
            <Button type="submit" disabled={busy}>
              Accept and join the staff
            </Button>
          </Form>
        </AccountFormPage>
      )
  }
}
