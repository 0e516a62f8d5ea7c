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
