import { LinkButton } from '../ui/button'

export function Forbidden() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <p className="text-sm font-semibold text-brand-600">403</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">This page is for staff only</h1>
      <p className="mt-4 text-slate-600">Your account does not have access to it. If you work for the shop, ask an operator to grant you the staff role.</p>
      <LinkButton to="/" size="lg" className="mt-10">
        Back to the home page
      </LinkButton>
    </div>
  )
}
