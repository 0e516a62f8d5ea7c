import { describe, expect, it } from 'vitest'
import { isLinkOrSitePath, isSitePath, isStorableText, unstorablePath } from './text'

describe('a path on this site', () => {
  it.each(['/', '/products/cameras', '/images/a%20b.png', '/product/x?page=2#top', '/日本', '/%5Cevil.example'])('%s is one', (value) => {
    expect(isSitePath(value)).toBe(true)
  })

  it.each([
    '/\\evil.example/x',
    '//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ /evil',
    'evil',
    'https://shop',
    '/a\\b',
    '/"onload=x',
    '/<x>',
    '',
  ])('%j is not', (value) => {
    expect(isSitePath(value)).toBe(false)
  })

  it('an address is https with a host, or such a path', () => {
    expect(isLinkOrSitePath('https://cdn.example/a.png')).toBe(true)
    expect(isLinkOrSitePath('/images/a.png')).toBe(true)
    for (const value of [
      'http://cdn.example/a.png',
      'https://',
      'https:///x',
      'https://a\\b.example/',
      'javascript:alert(1)',
      'https://user@evil.example/',
      '/\\evil',
    ]) {
      expect(isLinkOrSitePath(value), value).toBe(false)
    }
  })
})

describe('storable text', () => {
  it('refuses NUL and lone surrogates, and names where they are', () => {
    expect(isStorableText('Gimbal 3-axis — 日本 🚁')).toBe(true)
    expect(isStorableText('a\u0000b')).toBe(false)
    expect(isStorableText('a\ud800b')).toBe(false)
    expect(unstorablePath({ productName: 'ok', productFeatures: [{ value: 'fine' }, { value: 'bad\u0000' }] })).toBe('productFeatures.1.value')
    expect(unstorablePath({ ['k\udc00']: 1 })).toBe('"k\\udc00"')
    expect(unstorablePath({ a: [1, true, null, 'x'] })).toBeNull()
  })
})
