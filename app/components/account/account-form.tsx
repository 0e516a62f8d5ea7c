import { Alert } from '../ui/alert'

/**
 * The frame of the small account pages (forgot password, reset password, change password, two-step
 * login): a narrow page with its heading, a lead and the page's one message (error or
 * confirmation). Their fields and buttons are the kit's (components/ui).
 */
export function AccountFormPage({
  title,
  lead,
  error,
  notice,
  children,
}: {
  title: string
  lead?: React.ReactNode
  error?: string | null
  notice?: React.ReactNode
  children?: React.ReactNode
}) {
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
