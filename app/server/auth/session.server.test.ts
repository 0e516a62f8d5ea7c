import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { shopContext, type ShopContext } from '../context.server.ts'
import { getSessionUser, requireStaff, requireUser, type SessionUser } from './session.server.ts'

const customer: SessionUser = {
  id: 'u1',
  email: 'pilot@example.com',
  name: 'Pilot',
  role: 'customer',
  emailVerified: true,
  twoFactorEnabled: false,
  secondFactorPassed: false,
}

/** A request context whose session reader answers with `person` and counts the lookups. */
function contextWithSession(person: SessionUser = customer, staffTwoFactor: 'required' | 'optional' = 'required') {
  const lookups: Headers[] = []
  const sessions = async (headers: Headers) => (lookups.push(headers), person)
  const context = new RouterContextProvider()
  context.set(shopContext, { sessions, config: { STAFF_TWO_FACTOR: staffTwoFactor } } as unknown as ShopContext)
  return { context, lookups }
}

describe('the session of a request', () => {
  it('is looked up once for all the loaders of one page', async () => {
    const { context, lookups } = contextWithSession()
    const page = new Request('http://shop.test/account', { headers: { cookie: 'better-auth.session_token=t.s' } })
    const [inRoot, inPage] = await Promise.all([getSessionUser(context, page), requireUser(context, page)])
    expect(inRoot).toEqual(customer)
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

describe('staff screens and the second factor', () => {
  const staff = { ...customer, role: 'staff' as const }
  /** What requireStaff does with a page request (GET) and an action (POST) of /orders. */
  async function outcome(person: SessionUser, mode: 'required' | 'optional', method = 'GET') {
    const { context } = contextWithSession(person, mode)
    try {
      await requireStaff(context, new Request('http://shop.test/orders?page=2', { method }))
      return 'allowed'
    } catch (thrown) {
      if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get('location')}`
      return `${(thrown as { init?: { status?: number } }).init?.status} ${JSON.stringify((thrown as { data?: unknown }).data)}`
    }
  }

  it('lets in a staff session that passed its second factor, in either mode', async () => {
    const passed = { ...staff, twoFactorEnabled: true, secondFactorPassed: true }
    expect(await outcome(passed, 'required')).toBe('allowed')
    expect(await outcome(passed, 'optional', 'POST')).toBe('allowed')
  })

  it('sends a staff session of an enrolled account that skipped the code to the code step, and refuses its actions', async () => {
    const skipped = { ...staff, twoFactorEnabled: true }
    expect(await outcome(skipped, 'required')).toBe('302 /login/two-factor?redirectTo=%2Forders%3Fpage%3D2')
    expect(await outcome(skipped, 'optional')).toBe('302 /login/two-factor?redirectTo=%2Forders%3Fpage%3D2')
    expect(await outcome(skipped, 'required', 'POST')).toMatch(/^403 .*second factor/)
  })

  it('sends staff without an authenticator app to enrol where the shop requires one, and lets them in where it is optional', async () => {
    expect(await outcome(staff, 'required')).toBe('302 /client/two-factor?redirectTo=%2Forders%3Fpage%3D2')
    expect(await outcome(staff, 'required', 'POST')).toMatch(/^403 /)
    expect(await outcome(staff, 'optional')).toBe('allowed')
  })

  it('still refuses customers, whatever their second factor', async () => {
    expect(await outcome({ ...customer, twoFactorEnabled: true, secondFactorPassed: true }, 'required')).toBe('403 {"message":"This page is for staff only."}')
  })
})
