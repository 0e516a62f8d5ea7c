import { readFile } from 'node:fs/promises'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { lookAt } from './support/look'
import { signUp, uniqueEmail } from './support/shop'

test('staff download a customer’s data and close their account at their request: the customer is signed out and cannot log in again', async ({
  page,
  browser,
  staffMember,
}) => {
  const email = uniqueEmail('closing-customer')
  const password = 'closing customer password'
  await signUp(page, email, password)

  // Staff find the customer and open their screen.
  const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true, storageState: staffMember.state })).newPage()
  await staff.goto(`/staff/customers?q=${encodeURIComponent(email)}`)
  await staff.locator('main a[href^="/staff/customers/"]').first().click()
  await expect(staff.getByRole('heading', { name: 'Privacy requests' })).toBeVisible()
  const screen = staff.url()

  // A copy of their data: one JSON file naming them, with no secret in it.
  const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('link', { name: 'Download their data (JSON)' }).click()])
  expect(download.suggestedFilename()).toMatch(/^customer-data-.+\.json$/)
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; sessions: object[] }
  expect(exported.account.email).toBe(email)
  expect(exported.sessions.length).toBeGreaterThan(0)
  expect(JSON.stringify(exported)).not.toMatch(/"token"|"password"|"secret"|"backupCodes"/)

  await lookAt(staff, 'staff-customer-privacy', staff.getByRole('heading', { name: 'Privacy requests' }))
  await expectNoAxeViolations(staff)
  await staff.setViewportSize({ width: 1440, height: 900 })

  // Without the box ticked nothing happens; with it, the account is closed.
  await staff.getByRole('button', { name: 'Close this account' }).click()
  await expect(staff.getByText('Tick the box to confirm this is the customer’s own request.')).toBeVisible()
  await staff.getByLabel('I have checked this is the customer’s own request').check()
  await staff.getByRole('button', { name: 'Close this account' }).click()
  await expect(staff.getByText('The account is closed: they are signed out, cannot sign in')).toBeVisible()
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Closed account')
  await expect(staff.getByRole('button', { name: 'Close this account' })).toHaveCount(0)
  await expect(staff.getByRole('heading', { name: 'Trade account' }), 'a closed account is offered no trade account').toHaveCount(0)
  await lookAt(staff, 'staff-customer-closed')
  await expectNoAxeViolations(staff)
  await staff.goto(screen)
  await expect(staff.getByTestId('account-closed')).toHaveText('This account is closed.')

  // The customer's session is gone, and their password no longer signs in.
  await page.goto('/client')
  await expect(page).toHaveURL(/\/login/)
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(/^Error: Invalid email or password/)
  await staff.context().close()
})
