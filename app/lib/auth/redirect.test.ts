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
  ])('%j → %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected)
  })
})
