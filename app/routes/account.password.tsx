import { data, Form, Link, useNavigation } from 'react-router'
import { AccountFormPage } from '../components/account/account-form'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { firstIssue, newPasswordSchema } from '../lib/schemas/login'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { authErrorMessage, callAuth, cookieHeaders } from '../server/auth/auth-calls.server'
import { requireUser } from '../server/auth/session.server'
import { readForm } from '../server/http/form.server'
import type { Route } from './+types/account.password'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Change password', 'Change the password of your account.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request)
  return null
}

/** better-auth changes it and, whatever the request asked, signs out the account's other sessions (auth.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(context, request)
  const form = await readForm(request)
  const currentPassword = String(form.get('currentPassword') ?? '')
  if (!currentPassword) return data({ changed: false, error: 'Please enter your current password.' }, { status: 400 })
  const parsed = newPasswordSchema.safeParse(form.get('newPassword') ?? '')
  if (!parsed.success) return data({ changed: false, error: firstIssue(parsed.error) }, { status: 400 })
  const result = await callAuth(context, request, '/change-password', { currentPassword, newPassword: parsed.data, revokeOtherSessions: true })
  if (!result.ok) {
    const error =
      result.body?.code === 'INVALID_PASSWORD'
        ? 'Your current password is not right.'
        : result.body?.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND'
          ? 'This account logs in with Google and has no password here.'
          : authErrorMessage(result)
    return data({ changed: false, error }, { status: result.status === 429 ? 429 : 400 })
  }
  return data({ changed: true, error: null }, { headers: cookieHeaders(result.setCookies) })
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  return (
    <AccountFormPage
      title="Change password"
      lead="Changing it signs your account out on every other device."
      error={actionData?.error}
      notice={actionData?.changed ? 'Your password has been changed, and your account has been signed out everywhere else.' : null}
    >
      <Form method="post" noValidate className="mt-6 space-y-4">
        <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." />
        <div className="flex flex-wrap items-center gap-4 pt-2">
          <Button type="submit" disabled={busy}>
            Change password
          </Button>
          <Link to="/client" className="text-sm font-semibold text-brand-700 underline">
            Back to your account
          </Link>
        </div>
      </Form>
    </AccountFormPage>
  )
}
