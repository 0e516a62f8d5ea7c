import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { addStaff, logInAsStaff, uniqueEmail } from './support/shop'

/** Whether the page is wider than the window (a row or a table that does not fit a phone). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

/** A picture of the whole page at 1440 and at 390 px, kept with the test's results, and the page fits 390 px. */
async function lookAt(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: test.info().outputPath(`${name}-1440.png`), fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true })
  expect(await overflows(page), `${name} fits 390 px`).toBe(false)
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** Next Monday in Brisbane (UTC+10 all year), as `<input type=date>` takes it: never today. */
function nextMondayInBrisbane(): string {
  const brisbane = new Date(Date.now() + 10 * 3_600_000)
  const daysAhead = (8 - brisbane.getUTCDay()) % 7 || 7
  return new Date(brisbane.getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10)
}

test('staff create the code BLACKFRIDAY, 15 % off cameras for 100 uses until next Monday; a bad percentage is refused keeping the typing', async ({ page }) => {
  const staffEmail = uniqueEmail('promo-staff')
  await logInAsStaff(page, staffEmail, addStaff(staffEmail))
  await page.goto('/staff')
  await page.getByRole('navigation', { name: 'Staff', exact: true }).getByRole('link', { name: 'Promotions' }).click()
  await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'New promotion' }).click()

  const lastDay = nextMondayInBrisbane()
  await page.getByLabel('Code', { exact: true }).fill('blackfriday')
  await page.getByLabel('Name shoppers read').fill('15 % off cameras')
  await page.getByLabel('Percentage off (%)').fill('150')
  await page.getByLabel('What it takes off').selectOption({ label: 'Chosen categories and products' })
  await page.getByLabel('Cameras', { exact: true }).check()
  await page.getByLabel('Last day').fill(lastDay)
  await page.getByLabel('Uses in all').fill('100')
  await page.getByRole('button', { name: 'Create the promotion' }).click()

  // Refused with the field's message; everything typed stays.
  await expect(page.getByText('Enter a percentage from 0.01 to 100, such as 15 or 12.5.')).toBeVisible()
  await expect(page.getByLabel('Percentage off (%)')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Percentage off (%)')).toHaveValue('150')
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('blackfriday')
  await expect(page.getByLabel('Cameras', { exact: true })).toBeChecked()
  await expect(page.getByLabel('Last day')).toHaveValue(lastDay)
  await expect(page.getByLabel('Uses in all')).toHaveValue('100')
  await lookAt(page, 'promotion-form-refused')
  await expectNoAxeViolations(page)

  await page.getByLabel('Percentage off (%)').fill('15')
  await page.getByRole('button', { name: 'Create the promotion' }).click()
  await expect(page.getByText('The promotion is created.')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'BLACKFRIDAY', level: 1 })).toBeVisible()
  await expect(page.getByTestId('promotion-state')).toHaveText('Running')
  await expect(page.getByTestId('promotion-uses')).toHaveText('Used 0 times, 100 uses left.')
  await lookAt(page, 'promotion-edit')
  await expectNoAxeViolations(page)

  // In the list: upper-cased, its benefit, cameras, until next Monday, 100 uses left.
  await page.getByRole('link', { name: '← Promotions' }).click()
  const row = page.getByTestId('promotion-BLACKFRIDAY')
  const until = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${lastDay}T00:00:00Z`))
  await expect(row).toContainText('15 % off cameras')
  await expect(row).toContainText('15 % off')
  await expect(row).toContainText('Cameras')
  await expect(row).toContainText(`Until ${until}`)
  await expect(row.getByTestId('uses-left')).toHaveText('100')
  await lookAt(page, 'promotions-list')
  await expectNoAxeViolations(page)

  // Reports have the Promotions section: sales before and after discounts.
  await page.goto('/reports')
  await expect(page.getByRole('heading', { name: 'Promotions' })).toBeVisible()
  await expect(page.getByTestId('sales-gross')).toHaveText(/^\$[\d,]+\.\d{2}$/)
  await lookAt(page, 'reports')
  await expectNoAxeViolations(page)
})
