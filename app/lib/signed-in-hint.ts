/**
 * Whether the visitor is signed in, readable by the page (docs/decisions/031-cached-pages-for-signed-in-customers.md).
 * Catalogue pages are the same HTML for everyone, served from the page cache to signed-in
 * customers too; the header carries both "Log in" and "Account", and this cookie decides which one
 * shows, before the first paint. It says nothing about who the visitor is, and it grants nothing: the
 * session cookie (HTTP-only) does that. The server sets it whenever it looks a session up, and
 * removes it when there is none. A trade customer's mark is `trade`: their catalogue pages carry their
 * own prices, so the page cache renders those for them and keeps none of them (docs/domain.md, Trade accounts).
 */
export const SIGNED_IN_COOKIE = 'shop_signed_in'

export type SignedInHint = 'customer' | 'trade' | 'staff'

export function signedInHintOf(cookieHeader: string | null | undefined): SignedInHint | null {
  const value = /(?:^|;\s*)shop_signed_in=(customer|trade|staff)(?:;|$)/.exec(cookieHeader ?? '')?.[1]
  return (value as SignedInHint | undefined) ?? null
}

/** Runs in the page's head, before anything is drawn: marks the document for the CSS in app.css. */
export const SIGNED_IN_SCRIPT = `if(/(?:^|;\\s*)${SIGNED_IN_COOKIE}=(customer|trade|staff)(?:;|$)/.test(document.cookie))document.documentElement.dataset.signedIn=''`
