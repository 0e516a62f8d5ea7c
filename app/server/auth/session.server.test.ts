import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { shopContext, type ShopContext } from '../context.server.ts'
import { getSessionUser, requireUser } from './session.server.ts'

const customer = { id: 'u1', email: 'pilot@example.com', name: 'Pilot', role: 'customer', emailVerified: true }

/** A request context whose session reader answers with `customer` and counts the lookups. */
function contextWithSession() {
  const lookups: Headers[] = []
  const sessions = async (headers: Headers) => (lookups.push(headers), { ...customer, role: 'customer' as const })
  const context = new RouterContextProvider()
  context.set(shopContext, { sessions } as unknown as ShopContext)
  return { context, lookups }
}

describe('the session of a request', () => {
  it('is looked up once for all the loaders of one page', async () => {
    const { context, lookups } = contextWithSession()
    const page = new Request('http://shop.test/account', { headers: { cookie: 'better-auth.session_token=t.s' } })
    const [inRoot, inPage] = await Promise.all([getSessionUser(context, page), requireUser(context, page)])
    expect(inRoot).toEqual({ id: 'u1', email: 'pilot@example.com', name: 'Pilot', role: 'customer', emailVerified: true })
    expect(inPage).toEqual(inRoot)
    expect(lookups).toHaveLength(1)

    await getSessionUser(context, new Request('http://shop.test/account'))
    expect(lookups, 'the next page asks again').toHaveLength(2)
  })

  it('is looked up afresh on every call of an action, which may sign in or out', async () => {
    const { context, lookups } = contextWithSession()
    const action = new Request('http://shop.test/account', { method: 'POST', body: new URLSearchParams({ name: 'New' }) })
    await requireUser(context, action)
    await getSessionUser(context, action)
    expect(lookups).toHaveLength(2)
  })
})
