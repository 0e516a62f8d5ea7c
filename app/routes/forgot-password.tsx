import { data, Form, Link, useNavigation } from 'react-router'
import { AccountFormPage } from '../components/account/account-form'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { credentialsSchema, firstIssue } from '../lib/schemas/login'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { authErrorMessage, callAuth } from '../server/auth/auth-calls.server'
import { readForm } from '../server/http/form.server'
import { retryAfterHeaders } from '../server/http/retry-after.server'
import type { Route } from './+types/forgot-password'

export const headers = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Forgot password', 'Get a link to choose a new password for your account.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

const emailSchema = credentialsSchema.shape.email

export function loader({ request }: Route.LoaderArgs) {
  const email = emailSchema.safeParse(new URL(request.url).searchParams.get('email') ?? '')
  return { email: email.success ? email.data : '' }
}

/**
 * Asks better-auth to mail a reset link. The answer is the same whether or not the address has an
 * account, so this page cannot be used to find out who shops here; limits per client and per
 * address keep it from flooding an inbox (app/server/auth/auth.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const parsed = emailSchema.safeParse(form.get('email') ?? '')
  const email = String(form.get('email') ?? '').trim()
  if (!parsed.success) return data({ sentTo: null, error: firstIssue(parsed.error), email }, { status: 400 })
  const result = await callAuth(context, request, '/request-password-reset', { email: parsed.data, redirectTo: '/reset-password' })
  if (!result.ok) {
    const limited = result.status === 429
    const headers = limited && result.retryAfter ? { 'Retry-After': result.retryAfter } : undefined
    return data({ sentTo: null, error: authErrorMessage(result), email }, { status: limited ? 429 : 400, headers })
  }
  return { sentTo: parsed.data, error: null, email: parsed.data }
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  if (actionData?.sentTo) {
    return (
      <AccountFormPage
        title="Check your e-mail"
        notice={`If there is an account for ${actionData.sentTo}, we have sent it a link to choose a new password. The link works once, for one hour.`}
      >
        <p className="mt-6 text-sm text-slate-600">
          Nothing after a few minutes? Look in your spam folder, or{' '}
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
            ask again
          </Link>
          .
        </p>
      </AccountFormPage>
    )
  }
  return (
    <AccountFormPage
      title="Forgot password"
      lead="Enter your account's e-mail address and we will send you a link to choose a new password."
      error={actionData?.error}
    >
      <Form method="post" noValidate className="mt-6 space-y-4">
        <TextField name="email" label="Email" type="email" autoComplete="email" defaultValue={actionData?.email ?? loaderData.email} />
        <div className="flex flex-wrap items-center gap-4 pt-2">
          <Button type="submit" disabled={busy}>
            Send reset link
          </Button>
          <Link to="/login" className="text-sm font-semibold text-brand-700 underline">
            Back to log in
          </Link>
        </div>
      </Form>
    </AccountFormPage>
  )
}
