import { describe, expect, it } from 'vitest'
import { bearerTokenMatches } from './bearer'

const TOKEN = 'k3y-0f-the-metrics-scraper-0123456789abcdef'

describe('the metrics bearer token', () => {
  it('takes `Bearer <token>` exactly, the scheme in any case', () => {
    expect(bearerTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerTokenMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true)
  })

  it('refuses anything else', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.toUpperCase()}`,
      `Bearer ${TOKEN} ${TOKEN}`,
    ]) {
      expect(bearerTokenMatches(header, TOKEN), String(header)).toBe(false)
    }
  })
})
