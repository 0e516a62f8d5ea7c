import type { HeadersFunction } from 'react-router'

/**
 * A route's `headers`: a form whose action answers "not now" (429 over a rate limit, 503 could
 * not save or start a payment just now) says when to try again in `Retry-After`. React Router sends a page's headers only through this
 * export, so without it the action's `Retry-After` never left the server.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers()
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}
