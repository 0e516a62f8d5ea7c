import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { AccountFormPage } from '../components/account/account-form'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { safeReturnPath } from '../lib/auth/redirect'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { authErrorMessage, callAuth, cookieHeaders } from '../server/auth/auth-calls.server'
import { landingPath } from '../server/auth/landing.server'
import { getSessionUser } from '../server/auth/session.server'
import { readForm } from '../server/http/form.server'
import type { Route } from './+types/login.two-factor'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Enter your code', 'The second step of logging in.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** better-auth's cookie of a sign-in that waits for its second factor (its name has a prefix on https). */
const PENDING_SIGN_IN = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/

/**
 * The second step of logging in: after the password (better-auth's two-factor cookie), or for a
 * session that began without the code (Google, a verification link) and now wants staff screens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const user = await getSessionUser(context, request)
  if (!user && !PENDING_SIGN_IN.test(request.headers.get('cookie') ?? '')) return redirect('/login')
  return { redirectTo: safeReturnPath(url.searchParams.get('redirectTo')), backup: url.searchParams.get('method') === 'backup' }
}

const MESSAGES: Record<string, string> = {
  INVALID_CODE: 'That code is not right. Enter the newest code your app shows.',
  CODE_ALREADY_USED: 'That code was used already. Wait for the next code your app shows and enter it.',
  INVALID_BACKUP_CODE: 'That backup code is not right, or it was used before.',
  INVALID_TWO_FACTOR_COOKIE: 'This login has expired. Please log in again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please log in again.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes for this account. Please wait 15 minutes and log in again.',
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const backup = form.get('method') === 'backup'
  const redirectTo = safeReturnPath(String(form.get('redirectTo') ?? ''))
  const code = String(form.get('code') ?? '').replace(/\s+/g, '')
  const shape = backup ? /^[A-Za-z0-9-]{4,40}$/ : /^\d{6}$/
  if (!shape.test(code)) {
    return data({ error: backup ? 'Enter one of your backup codes.' : 'Enter the 6-digit code your authenticator app shows.' }, { status: 400 })
  }
  const result = await callAuth(context, request, backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', { code })
  if (!result.ok) {
    const known = typeof result.body?.code === 'string' ? MESSAGES[result.body.code] : undefined
    return data({ error: known ?? authErrorMessage(result) }, { status: result.status === 429 ? 429 : 400, headers: cookieHeaders(result.setCookies) })
  }
  const userId = (result.body?.user as { id?: string } | undefined)?.id ?? null
  throw redirect(await landingPath(context, userId, redirectTo), { headers: cookieHeaders(result.setCookies) })
}

export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const { backup, redirectTo } = loaderData
  const other = new URLSearchParams(redirectTo ? { redirectTo } : {})
  if (!backup) other.set('method', 'backup')
  return (
    <AccountFormPage
      title="Enter your code"
      lead={
        backup
          ? 'Enter one of the backup codes you saved when you set up two-step login. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this shop.'
      }
      error={actionData?.error}
    >
      <Form method="post" noValidate className="mt-6 space-y-4">
        <input type="hidden" name="method" value={backup ? 'backup' : 'totp'} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField
          name="code"
          label={backup ? 'Backup code' : 'Authentication code'}
          type="text"
          inputMode={backup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          maxLength={backup ? 40 : 7}
          inputClassName="font-mono tracking-widest"
        />
        <div className="flex flex-wrap items-center gap-4 pt-2">
          <Button type="submit" disabled={busy}>
            Verify
          </Button>
          <Link to={`/login/two-factor?${other}`} className="text-sm font-semibold text-brand-700 underline">
            {backup ? 'Use my authenticator app' : 'Use a backup code'}
          </Link>
        </div>
      </Form>
      <p className="mt-8 text-sm text-slate-600">
        Lost your phone and your backup codes? Staff: ask the shop's operator to reset your two-step login. Customers:{' '}
        <Link to="/contact" className="font-semibold text-brand-700 underline">
          contact us
        </Link>
        .
      </p>
    </AccountFormPage>
  )
}
