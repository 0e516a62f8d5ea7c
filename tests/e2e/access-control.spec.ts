import { expect, test } from '@playwright/test'
import routes from '../../app/routes'
import { addStaff, logInAsStaffOverHttp, signUpOverHttp, uniqueEmail } from './support/shop'

interface RouteEntry {
  file: string
  path?: string
  index?: boolean
  children?: RouteEntry[]
}

const STAFF_LAYOUT = 'routes/staff/layout.tsx'

function flatten(entries: RouteEntry[], parentPath = ''): { file: string; path: string; guarded: boolean }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parentPath}/${entry.path}`.replace(/\/+/g, '/') : parentPath || '/'
    const self = entry.children ? [] : [{ file: entry.file, path, guarded: false }]
    const children = entry.children ? flatten(entry.children, entry.path ? path : parentPath) : []
    return [...self, ...children.map((child) => ({ ...child, guarded: child.guarded || entry.file === STAFF_LAYOUT }))]
  })
}

/** Every route from the route table: staff routes are the files in routes/staff/. */
const table = flatten(routes as RouteEntry[])
const staffRoutes = table.filter((route) => route.file.startsWith('routes/staff/'))

/** A concrete address for a route pattern: ids of things that exist where there are any. */
const concrete = (pattern: string) => pattern.replace(':productId', 'unidrone-e900').replace(/:[A-Za-z]+\??/g, 'test-id')

test('every staff screen in the route table sits inside the guarded staff layout', () => {
  expect(staffRoutes.length).toBeGreaterThan(0)
  for (const route of staffRoutes) expect(route.guarded, `${route.file} (${route.path}) is outside ${STAFF_LAYOUT}`).toBe(true)
  for (const route of table.filter((entry) => entry.guarded)) expect(route.file.startsWith('routes/staff/'), route.file).toBe(true)
})

test.describe('staff routes answer by role, for pages and for form posts', () => {
  for (const [who, expected] of [
    ['anonymous', 'login'],
    ['customer', 403],
    ['staff', 'allowed'],
  ] as const) {
    test(`as ${who}`, async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL })
      if (who === 'customer') await signUpOverHttp(request, uniqueEmail('walker'), 'walker password')
      if (who === 'staff') {
        const email = uniqueEmail('walker-staff')
        await logInAsStaffOverHttp(request, baseURL!, email, addStaff(email))
      }
      for (const route of staffRoutes) {
        const path = concrete(route.path)
        for (const method of ['GET', 'POST'] as const) {
          const response = await request.fetch(path, { method, maxRedirects: 0, form: method === 'POST' ? { probe: '1' } : undefined })
          const label = `${who} ${method} ${path}`
          if (expected === 'login') {
            expect(response.status(), label).toBe(302)
            expect(response.headers().location, label).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
          } else if (expected === 403) {
            expect(response.status(), label).toBe(403)
          } else {
            expect(response.status(), label).not.toBe(403)
            expect(response.status(), label).toBeLessThan(500)
            expect(response.headers().location ?? '', label).not.toMatch(/^\/login/)
          }
        }
      }
      await request.dispose()
    })
  }
})

test('a signed-in person is sent back only to pages of the shop, however the return path is dressed up', async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  await signUpOverHttp(request, uniqueEmail('returner'), 'returner password')
  const origin = new URL(baseURL!).origin
  /** Where a browser goes for an address the shop gave it (a Location, a link's href). */
  const leadsTo = (address: string) => new URL(address, `${origin}/client`).origin

  for (const returnPath of [
    '/..//evil.example/path',
    '/%2e%2e//evil.example/path',
    '/.//evil.example',
    '/.%2F/evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
  ]) {
    const label = returnPath
    const continued = await request.get(`/auth/continue?redirectTo=${encodeURIComponent(returnPath)}`, { maxRedirects: 0 })
    expect(continued.status(), label).toBe(302)
    expect(leadsTo(continued.headers().location!), `${label} → ${continued.headers().location}`).toBe(origin)

    const settings = await request.get(`/client/two-factor?redirectTo=${encodeURIComponent(returnPath)}`)
    expect(settings.status(), label).toBe(200)
    const page = await settings.text()
    expect(page, label).toMatch(/>(Continue|Back to your account)<\/a>/)
    // Every link to a web page (the footer's mailto: and tel: links aside) stays on the shop.
    const hrefs = [...page.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'))
    for (const href of hrefs.filter((href) => !/^(mailto|tel):/.test(href))) expect(leadsTo(href), `${label}: a link to ${href}`).toBe(origin)
  }

  // An ordinary return path still works.
  const back = await request.get(`/auth/continue?redirectTo=${encodeURIComponent('/products/../search?q=autopilot')}`, { maxRedirects: 0 })
  expect(back.headers().location).toBe('/search?q=autopilot')
  await request.dispose()
})
