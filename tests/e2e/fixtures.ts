import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/** Every test fails on a browser error or an error logged to the console. */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const problems: string[] = []
    // A page or form answered with a 4xx on purpose (a 404 page, a form sent back with its errors)
    // is asserted by its test; the browser's console line about that status is not a fault.
    const documentErrors = new Set<string>()
    page.on('response', (response) => {
      const isPageOrData = response.request().resourceType() === 'document' || new URL(response.url()).pathname.endsWith('.data')
      if (isPageOrData && response.status() >= 400 && response.status() < 500) documentErrors.add(response.url())
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      if (message.text().startsWith('Failed to load resource') && documentErrors.has(message.location().url)) return
      problems.push(`console error: ${message.text()} (${message.location().url})`)
    })
    await use(page)
    expect(problems, 'errors in the browser').toEqual([])
  },
})

export { expect }

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(summary).toEqual([])
}
