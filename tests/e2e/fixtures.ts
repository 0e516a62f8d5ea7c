import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/** Every test fails on a browser error or an error logged to the console. */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const problems: string[] = []
    // A page answered with an error status on purpose (a 404 page) is asserted by its test;
    // the browser's console line about that status is not a fault of the page.
    const documentErrors = new Set<string>()
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document' && response.status() >= 400) documentErrors.add(response.url())
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
