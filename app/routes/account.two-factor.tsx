import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { QrCode } from '../components/account/qr-code'
import { AccountFormPage } from '../components/account/account-form'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { safeReturnPath } from '../lib/auth/redirect'
import { readableTotpUri } from '../lib/auth/totp-uri'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { authErrorMessage, callAuth, cookieHeaders, type AuthCallResult } from '../server/auth/auth-calls.server'
import { qrPath } from '../server/auth/qr-path.server'
import { requireUser } from '../server/auth/session.server'
import { shop } from '../server/context.server'
import { readForm } from '../server/http/form.server'
import type { Route } from './+types/account.two-factor'

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta('Two-step login', 'Protect your account with an authenticator app.', shopNameFrom(matches)),
  { name: 'robots', content: 'noindex' },
]

/** The secret and backup codes are on this page while it is open: never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request)
  const url = new URL(request.url)
  return {
    enabled: user.twoFactorEnabled,
    // Staff of a shop that requires the second factor cannot turn it off, only have it reset.
    required: user.role === 'staff' && shop(context).config.STAFF_TWO_FACTOR === 'required',
    redirectTo: safeReturnPath(url.searchParams.get('redirectTo')),
    done: url.searchParams.get('done') === '1',
  }
}

type Answer = { step: 'password' | 'scan' | 'off'; error: string | null; totpURI?: string; qr?: { path: string; modules: number }; backupCodes?: string[] }

const CODE_MESSAGES: Record<string, string> = {
  INVALID_PASSWORD: 'Your password is not right.',
  INVALID_CODE: 'That code is not right. Enter the newest code your app shows.',
  CODE_ALREADY_USED: 'That code was used already. Wait for the next code your app shows and enter it.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
  TOTP_ALREADY_ENABLED: 'Two-step login is already on for this account.',
}

function failure(result: AuthCallResult, answer: Omit<Answer, 'error'>) {
  const known = typeof result.body?.code === 'string' ? CODE_MESSAGES[result.body.code] : undefined
  return data<Answer>({ ...answer, error: known ?? authErrorMessage(result) }, { status: result.status === 429 ? 429 : 400 })
}

/**
 * Turning it on takes two steps, as better-auth has them: the password gives a new secret and backup
 * codes (`/two-factor/enable`), and the first right code proves the app has the secret
 * (`/two-factor/verify-totp`), which turns it on and marks this session as having passed it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request)
  const form = await readForm(request, { repeatable: ['backupCode'] })
  const intent = form.get('intent')
  const password = String(form.get('password') ?? '')

  if (intent === 'enable') {
    if (!password) return data<Answer>({ step: 'password', error: 'Please enter your password.' }, { status: 400 })
    const result = await callAuth(context, request, '/two-factor/enable', { password })
    if (!result.ok) return failure(result, { step: 'password' })
    const totpURI = readableTotpUri(String(result.body?.totpURI ?? ''))
    return data<Answer>({ step: 'scan', error: null, totpURI, qr: qrPath(totpURI), backupCodes: (result.body?.backupCodes as string[] | undefined) ?? [] })
  }

  if (intent === 'verify') {
    // The secret's address and the backup codes come back with the code, so a wrong code shows them again.
    const totpURI = String(form.get('totpURI') ?? '')
    const backupCodes = form.getAll('backupCode').map(String)
    const valid = totpURI.startsWith('otpauth://totp/') && totpURI.length < 500
    const scan = { step: 'scan' as const, totpURI: valid ? totpURI : undefined, qr: valid ? qrPath(totpURI) : undefined, backupCodes }
    const code = String(form.get('code') ?? '').replace(/\s+/g, '')
    if (!/^\d{6}$/.test(code)) return data<Answer>({ ...scan, error: 'Enter the 6-digit code your authenticator app shows.' }, { status: 400 })
    const result = await callAuth(context, request, '/two-factor/verify-totp', { code })
    if (!result.ok) return failure(result, scan)
    const back = safeReturnPath(String(form.get('redirectTo') ?? ''))
    throw redirect(back ?? '/client/two-factor?done=1', { headers: cookieHeaders(result.setCookies) })
  }

  if (intent === 'disable') {
    if (user.role === 'staff' && shop(context).config.STAFF_TWO_FACTOR === 'required') {
      return data<Answer>({ step: 'off', error: 'Staff accounts of this shop must keep two-step login on.' }, { status: 403 })
    }
    const result = await callAuth(context, request, '/two-factor/disable', { password })
    if (!result.ok) return failure(result, { step: 'off' })
    throw redirect('/client/two-factor', { headers: cookieHeaders(result.setCookies) })
  }
  return data<Answer>({ step: 'password', error: 'Please use the buttons on this page.' }, { status: 400 })
}

/** The secret for typing in by hand, in groups of four. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? ''
  return secret.replace(/(.{4})/g, '$1 ').trim()
}

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const { enabled, required, redirectTo, done } = loaderData
  const back = (
    <Link to={redirectTo ?? '/client'} className="text-sm font-semibold text-brand-700 underline">
      {redirectTo ? 'Continue' : 'Back to your account'}
    </Link>
  )

  if (actionData?.step === 'scan' && actionData.totpURI && actionData.qr) {
    const { totpURI, qr, backupCodes = [] } = actionData
    return (
      <AccountFormPage title="Set up your authenticator app" error={actionData.error}>
        <ol className="mt-6 list-decimal space-y-6 pl-5 text-slate-700">
          <li>
            <p>Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).</p>
            <div className="mt-3">
              <QrCode path={qr.path} modules={qr.modules} label="QR code of the authenticator secret" />
            </div>
            <p className="mt-3 text-sm">Cannot scan it? Enter this key in the app instead:</p>
            <p data-testid="totp-secret" className="mt-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider">
              {secretOf(totpURI)}
            </p>
          </li>
          <li>
            <p>Keep these backup codes somewhere safe, away from your phone. Each one logs you in once if you lose it. They are shown only now.</p>
            <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
              {backupCodes.map((code) => (
                <li key={code} className="rounded-md border border-slate-200 px-3 py-1.5">
                  {code}
                </li>
              ))}
            </ul>
          </li>
          <li>
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="intent" value="verify" />
              <input type="hidden" name="totpURI" value={totpURI} />
              {backupCodes.map((code) => (
                <input key={code} type="hidden" name="backupCode" value={code} />
              ))}
              {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              <TextField
                name="code"
                label="Enter the 6-digit code the app now shows"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                inputClassName="font-mono tracking-widest"
              />
              <Button type="submit" disabled={busy}>
                Turn on two-step login
              </Button>
            </Form>
          </li>
        </ol>
      </AccountFormPage>
    )
  }

  if (enabled) {
    return (
      <AccountFormPage
        title="Two-step login"
        lead="Two-step login is on: logging in asks for your password and a code from your authenticator app."
        notice={done ? 'Two-step login is now on for your account.' : null}
        error={actionData?.error}
      >
        {required ? (
          <p className="mt-6 text-sm text-slate-600">
            Staff accounts of this shop keep it on. If you lose your phone and your backup codes, ask the shop's operator to reset it.
          </p>
        ) : (
          <Form method="post" noValidate className="mt-6 space-y-4">
            <input type="hidden" name="intent" value="disable" />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" />
            <Button type="submit" variant="danger" disabled={busy}>
              Turn off two-step login
            </Button>
          </Form>
        )}
        <p className="mt-6">{back}</p>
      </AccountFormPage>
    )
  }

  return (
    <AccountFormPage
      title="Two-step login"
      lead={
        required
          ? 'Staff accounts of this shop log in with a password and a code from an authenticator app on your phone. Set it up now to reach the staff screens.'
          : 'Protect your account with a code from an authenticator app on your phone, asked for after your password.'
      }
      error={actionData?.error}
    >
      <Form method="post" noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="enable" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField name="password" label="Confirm your password" type="password" autoComplete="current-password" />
        <div className="flex flex-wrap items-center gap-4 pt-2">
          <Button type="submit" disabled={busy}>
            Set up two-step login
          </Button>
          {required ? null : back}
        </div>
      </Form>
    </AccountFormPage>
  )
}
