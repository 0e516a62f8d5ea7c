import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { lookAt } from './support/look'
import { fixedPort, startShopProcess } from './support/process'
import { addStaff, logInAsStaff, uniqueEmail } from './support/shop'

/**
 * A shop whose mail server is down (SMTP_URL names a port nobody listens on): a visitor's enquiry is
 * kept and retried, and staff's dashboard says mail is failing, with what the server said.
 */
test('staff see on their dashboard that mail is failing, and what the mail server said', async ({ browser }) => {
  test.setTimeout(120_000)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-health-'))
  const port = fixedPort(3441)
  const shop = startShopProcess({ PORT: String(port), DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${fixedPort(3442)}`, MAIL_RETRY_SECONDS: '60' })
  const context = await browser.newContext({ baseURL: `http://localhost:${port}` })
  try {
    await shop.url
    const page = await context.newPage()
    await page.goto('/contact')
    await page.getByLabel('Name', { exact: true }).fill('Dale Drover')
    await page.getByLabel('Email').fill(uniqueEmail('enquirer'))
    await page.getByLabel('Message').fill('Can the UniCam T2 count cattle at night?')
    await page.getByRole('button', { name: 'Send enquiry' }).click()
    await expect(page.getByRole('status')).toHaveText('Thank you for submitting an enquiry with us. We will get back to you soon.')

    const email = uniqueEmail('health-staff')
    await logInAsStaff(page, email, addStaff(email, dataDir))
    await page.goto('/staff')
    const warnings = page.getByTestId('health-warnings')
    // The first delivery is tried as soon as the enquiry is stored, and refused.
    await expect(async () => {
      await page.reload()
      await expect(warnings.getByRole('alert')).toContainText(/Mail is failing: \d+ messages? ha(s|ve) not been sent/, { timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
    await expect(warnings.getByRole('alert').first()).toContainText('ECONNREFUSED')
    await warnings.getByRole('link', { name: 'Open the outbox' }).click()
    await expect(page).toHaveURL('/outbox')
    await page.goBack()
    await lookAt(page, 'health-mail-failing', warnings)
    await expectNoAxeViolations(page)
  } finally {
    await context.close()
    await shop.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
})
