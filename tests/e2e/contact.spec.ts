import { sql } from 'drizzle-orm'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { signUp, uniqueEmail, withShopDatabase } from './support/shop'

// One test takes the contacts table away for a moment: the tests of this file run one at a time.
test.describe.configure({ mode: 'serial' })

async function fillEnquiry(page: import('@playwright/test').Page, name: string, email: string) {
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Contact Number').fill('0400 123 456')
  await page.getByLabel('Company Name').fill('Paddock Surveys')
  await page.getByLabel('Message').fill('Can the UniCam T2 count cattle at night?')
}

test('an empty enquiry shows three "required" messages, a complete one is thanked, stored and sent to staff', async ({ page, browser, staffMember }) => {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Contact Us' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  await expect(page.getByText("Can't find what you're looking for? We welcome all enquiries.")).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email')
  await expect(page.getByLabel('Contact Number')).toHaveAttribute('type', 'tel')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Send enquiry' }).click()
  await expect(page.getByText('required', { exact: true })).toHaveCount(3)
  for (const label of ['Name', 'Email', 'Message']) await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Company Name')).not.toHaveAttribute('aria-invalid', 'true')

  const visitor = uniqueEmail('enquirer')
  await fillEnquiry(page, 'Pat Paddock', visitor)
  await page.getByRole('button', { name: 'Send enquiry' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you for submitting an enquiry with us. We will get back to you soon.')
  await expect(page.getByRole('button', { name: 'Send enquiry' })).toHaveCount(0)

  const staff = await (await browser.newContext({ storageState: staffMember.state })).newPage()
  // Sent again (a reload that posts the form once more): still one enquiry.
  await page.goto('/contact')
  await fillEnquiry(page, 'Pat Paddock', visitor)
  await page.getByRole('button', { name: 'Send enquiry' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you for submitting an enquiry with us. We will get back to you soon.')

  await staff.goto('/enquiries?status=new')
  await expect(staff.getByRole('link', { name: 'Pat Paddock' })).toHaveCount(1)
  await staff.getByRole('link', { name: 'Pat Paddock' }).click()
  // The message as it was sent: read, not edited.
  await expect(staff.getByTestId('enquiry-message')).toHaveText('Can the UniCam T2 count cattle at night?')
  await expect(staff.getByRole('textbox', { name: 'Email' })).toHaveCount(0)
  await expect(staff.getByTestId('enquiry-status')).toHaveText('New')
  await expectNoAxeViolations(staff)
  // The form starts with the greeting: sent as it is, it is refused, nothing goes, and the greeting stays.
  const reply = staff.getByLabel(`Message to ${visitor}`)
  await expect(reply).toHaveValue('Dear Pat Paddock,\n\n')
  await staff.getByRole('button', { name: 'Send reply' }).click()
  await expect(staff.getByText('Write your answer first: this message is only a greeting and sign-off, so nothing was sent.')).toBeVisible()
  await expect(reply).toHaveAttribute('aria-invalid', 'true')
  await expect(reply).toHaveValue('Dear Pat Paddock,\n\n')
  await expect(staff.getByTestId('enquiry-status')).toHaveText('New')
  for (const width of [1440, 390]) {
    await staff.setViewportSize({ width, height: 900 })
    await staff.getByRole('region', { name: 'Reply by e-mail' }).screenshot({ path: test.info().outputPath(`reply-refused-${width}.png`) })
  }
  await staff.setViewportSize({ width: 1280, height: 720 })
  await reply.fill('Dear Pat,\n\nYes: the T2 sees cattle at night from 120 m.')
  await staff.getByRole('button', { name: 'Send reply' }).click()
  await expect(staff.getByRole('status')).toHaveText(`Reply sent to ${visitor}.`)
  await expect(staff.getByTestId('enquiry-status')).toHaveText('Answered')
  await expect(staff.getByRole('region', { name: 'Replies' })).toContainText('Yes: the T2 sees cattle at night from 120 m.')
  await staff.getByLabel('This enquiry is').selectOption('closed')
  await staff.getByRole('button', { name: 'Save status' }).click()
  await expect(staff.getByTestId('enquiry-status')).toHaveText('Closed')
  // CATALOG_SHOTS=dir keeps pictures of the enquiry screen at both widths, to look at.
  for (const width of process.env.CATALOG_SHOTS ? [1440, 390] : []) {
    await staff.setViewportSize({ width, height: 900 })
    await staff.screenshot({ path: `${process.env.CATALOG_SHOTS}/enquiry-${width}.png`, fullPage: true })
  }

  await staff.goto('/outbox')
  const notification = staff.getByRole('row').filter({ hasText: 'Enquiry from Pat Paddock' }).first()
  await expect(notification).toContainText('enquiries@unidrone.example')
  // The visitor was told it arrived (once), and got the reply.
  await expect(staff.getByRole('row').filter({ hasText: visitor }).filter({ hasText: 'We received your enquiry' })).toHaveCount(1)
  await expect(staff.getByRole('row').filter({ hasText: visitor }).filter({ hasText: 'Your enquiry to UniDrone Robotics' })).toHaveCount(1)
  await notification.getByRole('link').click()
  await expect(staff.getByText(`Reply-To`)).toBeVisible()
  await expect(staff.getByText(visitor, { exact: true })).toBeVisible()
  await expect(staff.locator('pre')).toContainText('Can the UniCam T2 count cattle at night?')
})

test('when the enquiry cannot be saved, the visitor is told and keeps everything typed', async ({ page }) => {
  await page.goto('/contact')
  await fillEnquiry(page, 'Una Lucky', uniqueEmail('unlucky'))
  // New enquiries cannot be written (other screens, such as the staff dashboard, still read the table).
  await withShopDatabase((database) => database.db.execute(sql`ALTER TABLE contacts ADD CONSTRAINT writes_refused CHECK (false) NOT VALID`))
  try {
    await page.getByRole('button', { name: 'Send enquiry' }).click()
    await expect(page.getByRole('alert')).toContainText('Sorry, we could not send your enquiry just now.')
  } finally {
    await withShopDatabase((database) => database.db.execute(sql`ALTER TABLE contacts DROP CONSTRAINT writes_refused`))
  }
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Una Lucky')
  await expect(page.getByLabel('Message')).toHaveValue('Can the UniCam T2 count cattle at night?')
  await page.getByRole('button', { name: 'Send enquiry' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you for submitting an enquiry with us. We will get back to you soon.')
})

test('stored enquiries are for staff only', async ({ page }) => {
  await signUp(page, uniqueEmail('nosy'), 'nosy password')
  for (const path of ['/enquiries', '/outbox', '/contact/some-enquiry']) {
    expect((await page.goto(path))?.status(), path).toBe(403)
  }
})
