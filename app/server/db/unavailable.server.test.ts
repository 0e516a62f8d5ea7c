import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable.server.ts'

function wrapped(cause: unknown): Error {
  return new Error('Failed query: select 1', { cause })
}

describe('isDatabaseUnavailable', () => {
  it('recognises a server shutting down or starting up, behind the query error that wraps it', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe(true)
  })

  it('recognises refused connections and the client giving up on a bounded wait', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(new Error('timeout exceeded when trying to connect')))).toBe(true)
    expect(isDatabaseUnavailable(wrapped(new Error('Query read timeout')))).toBe(true)
  })

  it('leaves real faults alone: a bad query, a broken constraint, a bug', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' })))).toBe(false)
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
    expect(isDatabaseUnavailable('a string')).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})
