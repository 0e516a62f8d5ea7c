import { data, Form, redirect, useNavigation } from 'react-router'
import { AccountFormPage } from '../components/account/account-form'
import { Button, LinkButton } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { firstIssue, newPasswordSchema } from '../lib/schemas/login'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { authErrorMessage, callAuth } from '../server/auth/auth-calls.server'
import { readForm } from '../server/http/form.server'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Choose a new password', 'Choose a new password for your account.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** The token travels in this page's address: it is not passed on to any other site. */
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store' })

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/

/** better-auth's e-mailed link checks the token and lands here with it, or with error=INVALID_TOKEN. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { token: TOKEN.test(token) ? token : null }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const token = String(form.get('token') ?? '')
  if (!TOKEN.test(token)) return data({ error: null, expired: true }, { status: 400 })
  const parsed = newPasswordSchema.safeParse(form.get('password') ?? '')
  if (!parsed.success) return data({ error: firstIssue(parsed.error), expired: false }, { status: 400 })
  // better-auth signs out every session of the account (revokeSessionsOnPasswordReset).
  const result = await callAuth(context, request, '/reset-password', { token, newPassword: parsed.data })
  if (result.ok) return redirect('/login?reset=1')
  if (result.body?.code === 'INVALID_TOKEN') return data({ error: null, expired: true }, { status: 400 })
  return data({ error: authErrorMessage(result), expired: false }, { status: result.status === 429 ? 429 : 400 })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  if (!loaderData.token || actionData?.expired) {
    return (
      <AccountFormPage title="This link has expired" lead="A reset link works once, for one hour. Ask for a new one and use the newest e-mail.">
        <LinkButton to="/forgot-password" className="mt-6">
          Send a new link
        </LinkButton>
      </AccountFormPage>
    )
  }
  return (
    <AccountFormPage
      title="Choose a new password"
      lead="After this, your account is signed out everywhere and you log in with the new password."
      error={actionData?.error}
    >
      <Form method="post" noValidate className="mt-6 space-y-4">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField name="password" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." />
        <Button type="submit" disabled={busy}>
          Save new password
        </Button>
      </Form>
    </AccountFormPage>
  )
}
