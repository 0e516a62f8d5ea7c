/**
 * The shop's links that let whoever holds them in, and where each keeps its secret
 * (docs/decisions/007-mail-outbox.md). One list for every place that must not show a secret: staff
 * read e-mails in the outbox with these masked, and the log writes these addresses masked.
 */
const SECRET_LINKS: readonly SecretLink[] = [
  // better-auth's e-mailed reset link, which lands on the shop's page with the same token.
  { path: 'api/auth/reset-password', secret: 'segment' },
  { path: 'reset-password', secret: { param: 'token' } },
  { path: 'api/auth/verify-email', secret: { param: 'token' } },
  // An order's status page and its documents (`/track-order/<token>/invoice`), linked from every e-mail about the order.
  { path: 'track-order', secret: 'segment' },
  { path: 'staff-invite', secret: 'segment' },
  // A sent quote's page, where its buyer accepts it.
  { path: 'quote', secret: 'segment' },
  // A cart reminder's button back to the shopper's filled checkout, and its unsubscribe link.
  { path: 'checkout/resume', secret: 'segment' },
  { path: 'unsubscribe', secret: 'segment' },
  // A back-in-stock alert's confirmation link, and the unsubscribe link of its e-mail.
  { path: 'stock-alerts/confirm', secret: 'segment' },
  { path: 'stock-alerts/unsubscribe', secret: 'segment' },
  // Google's one-time answer to a login, on its way back to better-auth.
  { path: 'api/auth/callback/google', secret: { param: 'code' } },
]

interface SecretLink {
  /** The path, without its leading `/`, that the secret follows. */
  path: string
  /** The path segment after it, or a query parameter. */
  secret: 'segment' | { param: string }
}

const SECRET_MASK = '•••••'

// The addresses are found as a person, a page or a log holds them: in a text, in an HTML attribute
// (`&amp;` between parameters), in a request's address (a `.data` request of React Router), and
// percent-encoded inside another address's parameter (`/login?redirectTo=%2Fstaff-invite%2F…`).
const SLASH = String.raw`(?:/|%2F)`
const QUERY = String.raw`(?:\?|%3F)`
const EQUALS = String.raw`(?:=|%3D)`
const BETWEEN_PARAMS = String.raw`(?:&|;|%26)`
/** What ends a secret: the rest of an address, or whatever ends an address in a text or a page. */
const END = String.raw`(?:\.data)?(?:[/?#&\s"'<>\\]|%2F|%3F|%23|%26|$)`
const OUTSIDE_ADDRESS = String.raw`\s"'<>\\`

/** The masking of one kind of link, each a single pass through the text. */
function maskerOf({ path, secret }: SecretLink): (text: string) => string {
  const at = SLASH + path.split('/').join(SLASH)
  if (secret === 'segment') {
    const segment = new RegExp(String.raw`(?<=${at}${SLASH})[^/?#&${OUTSIDE_ADDRESS}]+?(?=${END})`, 'gi')
    return (text) => text.replace(segment, SECRET_MASK)
  }
  // The query first, then the parameter within it: a pattern that looked back from every parameter
  // for the path would read a long query once for each of its parameters.
  const query = new RegExp(String.raw`(${at}(?:\.data)?${QUERY})([^#${OUTSIDE_ADDRESS}]*)`, 'gi')
  const value = new RegExp(String.raw`((?:^|${BETWEEN_PARAMS})${secret.param}${EQUALS})[^&#%${OUTSIDE_ADDRESS}]+`, 'gi')
  return (text) => text.replace(query, (_, head: string, params: string) => head + params.replace(value, `$1${SECRET_MASK}`))
}

const MASKERS = SECRET_LINKS.map(maskerOf)

/** The text (an e-mail, an address) with the secret of every link that grants access masked; the rest as it was. */
export function maskSecretLinks(text: string): string {
  return MASKERS.reduce((masked, mask) => mask(masked), text)
}
