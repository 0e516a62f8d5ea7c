import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'
import { publicOrigin } from './public-origin.server'

/** Express's request as middleware sees it: the protocol and the `Host` header the client sent. */
function expressRequest(protocol: string, host: string | undefined) {
  return { protocol, get: (name: string) => (name.toLowerCase() === 'host' ? host : undefined) }
}

describe('the shop’s public origin', () => {
  const deployment = parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', BETTER_AUTH_SECRET: 'x'.repeat(32) })

  it('is PUBLIC_URL whatever Host a request claims, so links and payment returns never lead elsewhere', () => {
    expect(publicOrigin(deployment)).toBe('https://shop.example')
    expect(publicOrigin(deployment, new Request('http://evil.example/checkout'))).toBe('https://shop.example')
    expect(publicOrigin(deployment, expressRequest('http', 'evil.example'))).toBe('https://shop.example')
  })

  it('is written without a trailing slash, so a link is origin + path', () => {
    expect(publicOrigin(parseEnv({ PUBLIC_URL: 'https://shop.example/' }))).toBe('https://shop.example')
    expect(publicOrigin(parseEnv({ PUBLIC_URL: 'http://localhost:3000/' }), new Request('http://127.0.0.1:3000/'))).toBe('http://localhost:3000')
  })

  it('in the demo without PUBLIC_URL, is the address the visitor used', () => {
    const demo = parseEnv({ PORT: '3100' })
    expect(publicOrigin(demo, new Request('http://192.168.1.20:3100/product/unidrone-e900?x=1'))).toBe('http://192.168.1.20:3100')
    expect(publicOrigin(demo, expressRequest('http', 'shop.local:3100'))).toBe('http://shop.local:3100')
  })

  it('in the demo without PUBLIC_URL and outside a request (e-mails from timed work), is this machine’s port', () => {
    expect(publicOrigin(parseEnv({ PORT: '3100' }))).toBe('http://localhost:3100')
  })
})
