import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { addStaff, logInAsStaff, uniqueEmail } from './support/shop'

/**
 * A staff member of the shared test shop, made and signed in (password and two-step login) once per
 * test worker: a walk that only needs someone on the staff opens a context with `state`, or gives its
 * page the session with `signInAsStaff`. Walks that change the account itself (its password, two-step
 * login, notifications) or sign it out make their own with `addStaff` and `logInAsStaff`.
 */
export interface StaffMember {
  email: string
  state: Awaited<ReturnType<BrowserContext['storageState']>>
}

export const test = base.extend<{ page: Page }, { staffMember: StaffMember }>({
  staffMember: [
    async ({ browser }, use, workerInfo) => {
      const email = uniqueEmail('worker-staff')
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL })
      await logInAsStaff(await context.newPage(), email, addStaff(email))
      const state = await context.storageState()
      await context.close()
      await use({ email, state })
    },
    { scope: 'worker' },
  ],
  // Every test fails on a browser error or an error logged to the console.
  page: async ({ page }, use) => {
    const problems: string[] = []
    // A page, form or API call answered with a 4xx (a 404 page, a form sent back with its errors, a
    // refused upload) or a 503 (a save that could not be done, told to the visitor) is asserted by its
    // test; the browser's console line about that status is not a fault. A 500 always is.
    const deliberate = new Set<string>()
    page.on('response', (response) => {
      const { pathname } = new URL(response.url())
      const ours = response.request().resourceType() === 'document' || pathname.endsWith('.data') || pathname.startsWith('/api/')
      const status = response.status()
      if (ours && ((status >= 400 && status < 500) || status === 503)) deliberate.add(response.url())
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      if (message.text().startsWith('Failed to load resource') && deliberate.has(message.location().url)) return
      problems.push(`console error: ${message.text()} (${message.location().url})`)
    })
    await use(page)
    expect(problems, 'errors in the browser').toEqual([])
  },
})

export { expect }

/** Signs `page`'s browser in as the worker's staff member (its session cookie). */
export async function signInAsStaff(page: Page, staff: StaffMember) {
  await page.context().addCookies(staff.state.cookies)
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(summary).toEqual([])
}
