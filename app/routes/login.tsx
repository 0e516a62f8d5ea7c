import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from 'react-router'
import { safeReturnPath } from '../lib/auth/redirect'
import { credentialsSchema, firstIssue, signUpSchema } from '../lib/schemas/login'
import { pageMeta, shopNameFrom } from '../lib/seo'
import { authErrorMessage, callAuth, cookieHeaders } from '../server/auth/auth-calls.server'
import { googleConfigured } from '../server/auth/auth.server'
import { continuePath, landingPath } from '../server/auth/landing.server'
import { shop } from '../server/context.server'
import type { Route } from './+types/login'
import { readForm } from '../server/http/form.server'
import { retryAfterHeaders } from '../server/http/retry-after.server'
import { Button } from '../components/ui/button'
import { TextField } from '../components/ui/text-field'
import { Alert } from '../components/ui/alert'

export const headers = retryAfterHeaders

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta('Log in', 'Log in or create an account to see your orders and keep your details.', shopNameFrom(matches))

const GOOGLE_ERRORS: Record<string, string> = {
  access_denied: 'Google login was cancelled.',
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const error = url.searchParams.get('error')
  return {
    googleEnabled: googleConfigured(shop(context).config),
    redirectTo: safeReturnPath(url.searchParams.get('redirectTo')),
    passwordReset: url.searchParams.get('reset') === '1',
    error: error ? (GOOGLE_ERRORS[error] ?? `Google login failed (${error.replace(/[^\w-]/g, '').slice(0, 60)}).`) : null,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? 'login')
  const redirectTo = safeReturnPath(String(form.get('redirectTo') ?? ''))
  const email = String(form.get('email') ?? '').trim()

  if (intent === 'google') {
    if (!googleConfigured(shop(context).config)) return data({ error: 'Google login is not available on this shop.', email }, { status: 400 })
    const result = await callAuth(context, request, '/sign-in/social', {
      provider: 'google',
      callbackURL: continuePath(redirectTo),
      errorCallbackURL: '/login',
    })
    const target = result.body?.url
    if (!result.ok || typeof target !== 'string') return data({ error: authErrorMessage(result), email }, { status: 502 })
    throw redirect(target, { headers: cookieHeaders(result.setCookies) })
  }

  const signingUp = intent === 'signup'
  const parsed = (signingUp ? signUpSchema : credentialsSchema).safeParse({ email, password: form.get('password') ?? '' })
  if (!parsed.success) return data({ error: firstIssue(parsed.error), email }, { status: 400 })

  // Where an e-mailed verification link lands: sign-up's, or the one a sign-in of an unconfirmed address sends again.
  const callbackURL = continuePath(redirectTo)
  const result = signingUp
    ? await callAuth(context, request, '/sign-up/email', { ...parsed.data, name: '', callbackURL })
    : await callAuth(context, request, '/sign-in/email', { ...parsed.data, callbackURL })
  if (!result.ok && result.body?.code === 'EMAIL_NOT_VERIFIED') {
    // The right password for an address not yet confirmed: better-auth has e-mailed a new link.
    return data({ error: 'Please confirm your e-mail address first: we have e-mailed you a link to do so.', email }, { status: 403 })
  }
  if (!result.ok) {
    const limited = result.status === 429
    const headers = limited && result.retryAfter ? { 'Retry-After': result.retryAfter } : undefined
    return data({ error: authErrorMessage(result), email }, { status: limited ? 429 : 400, headers })
  }

  // The same page for a new address and one that has an account: the newcomer's link confirms the
  // address and signs them in, the owner's e-mail says how to log in (app/server/auth/auth.server.ts).
  if (signingUp) return { signedUpAs: parsed.data.email }

  // An account with two-step login: better-auth keeps the sign-in pending until its code is given.
  if (result.body?.twoFactorRedirect) {
    throw redirect(`/login/two-factor${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`, { headers: cookieHeaders(result.setCookies) })
  }
  const signedIn = result.body?.user as { id?: string; role?: string; twoFactorEnabled?: boolean } | undefined
  // A staff account enrols an authenticator app at its first staff sign-in, where the shop requires one.
  if (signedIn?.role === 'staff' && !signedIn.twoFactorEnabled && shop(context).config.STAFF_TWO_FACTOR === 'required') {
    throw redirect(`/client/two-factor?redirectTo=${encodeURIComponent(redirectTo ?? '/staff')}`, { headers: cookieHeaders(result.setCookies) })
  }
  throw redirect(await landingPath(context, signedIn?.id ?? null, redirectTo), { headers: cookieHeaders(result.setCookies) })
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof import('../root').loader>('root')
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const signedUpAs = actionData && 'signedUpAs' in actionData ? actionData.signedUpAs : null
  const error = (actionData && 'error' in actionData ? actionData.error : null) ?? loaderData.error

  if (root?.user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Log in</h1>
        <p className="mt-4 text-slate-600">You are signed in as {root.user.email}.</p>
        <Form method="post" action="/logout" className="mt-6">
          <Button type="submit">Log Out</Button>
        </Form>
      </div>
    )
  }

  if (signedUpAs) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Check your e-mail</h1>
        <Alert tone="success" className="mt-6">
          We have sent a message to {signedUpAs}. Open the link in it to confirm your address and log in.
        </Alert>
        <p className="mt-6 text-sm text-slate-600">
          Nothing after a few minutes? Look in your spam folder. Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Log in
          </Link>{' '}
          or{' '}
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
            choose a new password
          </Link>
          .
        </p>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Log in</h1>
      <p className="mt-2 text-slate-600">Log in to your account, or sign up with your e-mail address.</p>
      {error ? (
        <Alert tone="error" className="mt-6">
          Error: {error}
        </Alert>
      ) : null}
      {loaderData.passwordReset && !actionData ? (
        <Alert tone="success" className="mt-6">
          Your password has been changed. Please log in with the new one.
        </Alert>
      ) : null}
      <Form
        method="post"
        noValidate
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
          const email = new FormData(event.currentTarget).get('email')
          if (submitter?.value === 'signup' && typeof email === 'string') window.localStorage.setItem('emailForSignIn', email.trim())
        }}
      >
        {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
        <TextField name="email" label="Email" type="email" autoComplete="email" defaultValue={actionData && 'email' in actionData ? actionData.email : ''} />
        {/* The link sits on the label's line, outside the label, so the field's name stays "Password". */}
        <div className="relative">
          <TextField name="password" label="Password" type="password" autoComplete="current-password" />
          <Link to="/forgot-password" className="absolute right-0 top-0 text-sm text-brand-700 underline hover:text-brand-600">
            Forgot password?
          </Link>
        </div>
        <div className="flex flex-wrap gap-3 pt-2">
          <Button type="submit" name="intent" value="login" disabled={busy}>
            Login
          </Button>
          <Button type="submit" name="intent" value="signup" disabled={busy} variant="secondary">
            Sign Up
          </Button>
        </div>
      </Form>
      <div className="mt-8 border-t border-slate-200 pt-6">
        <Form method="post">
          <input type="hidden" name="intent" value="google" />
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <Button
            type="submit"
            disabled={!loaderData.googleEnabled || busy}
            aria-describedby={loaderData.googleEnabled ? undefined : 'google-unavailable'}
            variant="secondary"
            className="w-full"
          >
            Login with Google
          </Button>
        </Form>
        {loaderData.googleEnabled ? null : (
          <p id="google-unavailable" className="mt-2 text-sm text-slate-500">
            Google login is not set up on this shop yet. Please use your e-mail address.
          </p>
        )}
      </div>
      <p className="mt-8 border-t border-slate-200 pt-6 text-sm text-slate-600">
        Bought without an account?{' '}
        <Link to="/track-order" className="font-semibold text-brand-700 underline">
          Track your order
        </Link>{' '}
        with its number and your e-mail address.
      </p>
    </div>
  )
}
