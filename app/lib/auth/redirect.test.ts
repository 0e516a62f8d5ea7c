import { describe, expect, it } from 'vitest'
import { redirectAfterLogin, safeReturnPath, type LoginOutcome } from './redirect'

const user = { id: 'u1' }
const kinds = (therapist: boolean, client: boolean) => ({ profileTypeTherapist: therapist, profileTypeClient: client })

describe('where a login lands (the full truth table)', () => {
  it.each<[string, LoginOutcome, '/client' | '/program']>([
    ['no user', { user: null }, '/client'],
    ['no profile', { user, profile: null }, '/client'],
    ['an error while reading the profile', { error: new Error('database down') }, '/client'],
    ['therapist', { user, profile: kinds(true, false) }, '/client'],
    ['client', { user, profile: kinds(false, true) }, '/program'],
    ['both kinds', { user, profile: kinds(true, true) }, '/client'],
    ['neither kind', { user, profile: kinds(false, false) }, '/client'],
  ])('%s → %s', (_case, outcome, target) => {
    expect(redirectAfterLogin(outcome)).toBe(target)
  })
})

describe('return paths after login', () => {
  it.each([
    ['/product/create', '/product/create'],
    ['/staff?tab=1', '/staff?tab=1'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
    ['/ok\nSet-Cookie: x', null],
    ['/\t/evil.example', null],
    ['/x\\evil', null],
    ['/日本', '/%E6%97%A5%E6%9C%AC'],
    ['/search?q=日本#top', '/search?q=%E6%97%A5%E6%9C%AC#top'],
    ['/\u2028', null],
    ['/a\ud800', null],
    ['/client.data', null],
    ['/_root.data?_routes=root', null],
    ['/products/cameras?page=2', '/products/cameras?page=2'],
  ])('%j → %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected)
  })
})

describe('return paths that only become another site once resolved or decoded', () => {
  it.each([
    '/..//evil.example/path',
    '/../..//evil.example',
    '/a/../..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/%2e//evil.example',
    '/.%2F/evil.example',
    '/%2e%2e%2f%2fevil.example',
    '/%2F%2Fevil.example',
    '/%2F/evil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%5C%5Cevil.example',
    '/..%5C/evil.example',
    '/%2e%2e%5C%5Cevil.example',
    '\\\\evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/.\t./\n/evil.example',
    '/\r\n//evil.example',
    '/%0A/evil.example',
    '/%09/evil.example',
    '/%2F%00evil.example',
    '/%2F[evil',
    '/%',
    '/%E0%A4',
  ])('%j goes nowhere', (input) => {
    expect(safeReturnPath(input)).toBeNull()
  })

  it.each([
    ['/products/../search?q=autopilot', '/search?q=autopilot'],
    ['/a/./b', '/a/b'],
    ['/orders?next=//evil.example', '/orders?next=//evil.example'],
    ['/orders#//evil.example', '/orders#//evil.example'],
    ['/search?q=%2F%2Fevil', '/search?q=%2F%2Fevil'],
    ['/docs/a%5Cb', '/docs/a%5Cb'],
  ])('%j → %j (resolved, still here)', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected)
  })
})
