import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface FakeGoogle {
  discoveryUrl: string
  clientId: string
  clientSecret: string
  close(): Promise<void>
}

export interface FakeGoogleAccount {
  email: string
  name: string
}

/**
 * A local OpenID Connect provider standing in for Google (the `oidc-provider` package). Its
 * built-in development login screen accepts any login name; every login is the one account given.
 */
export async function startFakeGoogle(options: { redirectUri: string; account: FakeGoogleAccount }): Promise<FakeGoogle> {
  const clientId = 'shop-test-client'
  const clientSecret = 'shop-test-secret-that-is-long-enough'
  const server: Server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: (_context: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: `google-${options.account.email}`,
        email: options.account.email,
        email_verified: true,
        name: options.account.name,
      }),
    }),
    features: { devInteractions: { enabled: true } },
    conformIdTokenClaims: false,
    cookies: { keys: ['fake-google-cookie-key'] },
  })
  server.on('request', provider.callback())
  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
