/**
 * better-auth writes the query of an `otpauth://` address form-encoded (`issuer=UniDrone+Robotics`),
 * and authenticator apps show the `+` as it is. The same address with every value percent-encoded.
 */
export function readableTotpUri(uri: string): string {
  const question = uri.indexOf('?')
  if (question === -1) return uri
  const params = new URLSearchParams(uri.slice(question + 1))
  return `${uri.slice(0, question)}?${[...params].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`
}
