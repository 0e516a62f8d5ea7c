import { LinkButton } from '../ui/button'

/** The friendly error page; what went wrong is in the server log, never on screen. */
export function ErrorScreen() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Something went wrong</h1>
      <p className="mt-4 text-slate-600">Sorry, this page could not be shown just now. Please try again in a moment; if it keeps happening, let us know.</p>
      <LinkButton to="/" size="lg" className="mt-10">
        Back to the home page
      </LinkButton>
    </div>
  )
}
