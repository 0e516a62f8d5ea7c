import { expect, test, type Locator, type Page } from '@playwright/test'

/** Whether the page is wider than the window (a row or a table that does not fit a phone). */
export const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

/**
 * A picture of the whole page at 1440 and at 390 px, kept with the test's results (and of the window
 * around `focus`, when given), and the page fits 390 px. Leaves the page at 390 px, for axe to run there.
 * The pictures are for a person to look at: CI, which only prints its report, checks the fit alone.
 */
export async function lookAt(page: Page, name: string, focus?: Locator) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    if (process.env.CI) continue
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
    if (focus) {
      await focus.scrollIntoViewIfNeeded()
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-window.png`) })
    }
  }
  expect(await overflows(page), `${name} fits 390 px`).toBe(false)
}

/** A picture of the page (or of one part of it) kept with the test's results, for a person to look at; CI, which only prints its report, takes none. */
export async function picture(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.CI) return
  await target.screenshot({ path: test.info().outputPath(name), ...options })
}
