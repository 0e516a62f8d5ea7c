import { buttonClass } from './button'
import { Alert } from './alert'

/** The pieces of the small account pages (forgot password, reset password, change password). */

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100'

export const primaryButtonClass = buttonClass()

/** A narrow page with its heading, a lead and the page's one message (error or confirmation). */
export function AccountFormPage({ title, lead, error, notice, children }: { title: string; lead?: React.ReactNode; error?: string | null; notice?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {lead ? <p className="mt-2 text-slate-600">{lead}</p> : null}
      {error ? (
        <Alert tone="error" className="mt-6">
          Error: {error}
        </Alert>
      ) : null}
      {notice ? (
        <Alert tone="success" className="mt-6">
          {notice}
        </Alert>
      ) : null}
      {children}
    </div>
  )
}

/** A labelled input of those pages. */
export function AccountField({ name, label, type, autoComplete, defaultValue }: { name: string; label: string; type: 'email' | 'password'; autoComplete: string; defaultValue?: string }) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      <input id={name} name={name} type={type} autoComplete={autoComplete} defaultValue={defaultValue} className={inputClass} />
    </div>
  )
}
