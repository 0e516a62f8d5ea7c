import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { Alert } from '../ui/alert'
import { Button } from '../ui/button'

/**
 * The page behind an e-mail's unsubscribe link (a cart reminder's, a back-in-stock alert's): an
 * unknown link says how to be taken off the list by writing; a known one shows what stops and one
 * button, which posts (a GET changes nothing: mail scanners open links); once done, what was stopped.
 */
export function UnsubscribePage(props: {
  /** The link's address, or null when the link is not known. */
  email: string | null
  unsubscribed: boolean
  shopEmail: string
  title: string
  /** What the button stops, before it is pressed. */
  ask: ReactNode
  /** What no longer comes, once it is. */
  done: ReactNode
}) {
  const navigation = useNavigation()
  const sending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  if (props.email === null) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">This unsubscribe link is not known</h1>
        <p className="mt-4 text-slate-600">
          It may have been copied only in part. Write to{' '}
          <a href={`mailto:${props.shopEmail}`} className="font-semibold text-brand-700 underline">
            {props.shopEmail}
          </a>{' '}
          from the address you want taken off our list, and we will do it.
        </p>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{props.title}</h1>
      {props.unsubscribed ? (
        <Alert tone="success" className="mt-6">
          <p className="font-semibold">You are unsubscribed.</p>
          <p className="mt-1 break-words">{props.done}</p>
        </Alert>
      ) : (
        <>
          <p className="mt-4 break-words text-slate-700">{props.ask}</p>
          <Form method="post" className="mt-8">
            <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
              {sending ? 'Unsubscribing…' : 'Unsubscribe'}
            </Button>
          </Form>
        </>
      )}
    </div>
  )
}
