import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { signedInHintOf } from '../../lib/signed-in-hint'

/**
 * Keeps the signed-in mark on <html> true after each navigation in the page (a login or logout
 * changes the cookie without loading a new document); the head's script set it for the first paint.
 */
export function SignedInMark() {
  const location = useLocation()
  useEffect(() => {
    if (signedInHintOf(document.cookie)) document.documentElement.dataset.signedIn = ''
    else delete document.documentElement.dataset.signedIn
  }, [location])
  return null
}
