import { eq, sql } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { sendCartReminders } from '../../app/server/checkout/cart-reminders.server'
import { checkouts, mailSuppressions, outbox } from '../../app/server/db/schema'
import { parseEnv } from '../../app/server/env.server'
import { createMailService } from '../../app/server/mail/outbox.server'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { BRISBANE, fillDelivery, uniqueEmail, withShopDatabase } from './support/shop'
import { picture } from './support/look'

const CONSENT = 'E-mail me about this cart and offers'

const mailsTo = (email: string) => withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email)))

/**
 * Five hours pass for the shopper's checkouts (its times moved back in the shop's database), then the
 * timed work's reminder task runs once, as every shop process runs it every five minutes: the same
 * function, on the shop's database through its socket, storing into the same outbox.
 */
async function hoursLaterRunReminders(email: string, baseURL: string) {
  await withShopDatabase(async (database) => {
    const earlier = sql`now() - interval '5 hours'`
    await database.db
      .update(checkouts)
      .set({ updatedAt: earlier, reminderConsentAt: sql`case when ${checkouts.reminderConsentAt} is null then null else ${earlier} end` })
      .where(sql`lower(${checkouts.details} ->> 'email') = ${email.toLowerCase()}`)
    const mailer = createMailService({ db: database.db, from: 'shop@unidrone.example', retrySeconds: 30 })
    try {
      return await sendCartReminders({ db: database.db, mailer, config: parseEnv({ PUBLIC_URL: baseURL }) })
    } finally {
      await mailer.stop()
    }
  })
}

/** A visitor puts a camera in the cart and goes on to the delivery step, filled in. */
async function toFilledDelivery(page: Page, email: string) {
  await page.goto('/product/unicam-f1-fpv-camera')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(page).toHaveURL('/checkout/delivery')
  await fillDelivery(page, { fullName: 'Remy Reminded', email, phone: '0412 345 678', method: /^Standard/, address: BRISBANE })
}

/** Pay, then leave the payment page for the shop: nothing paid, the checkout left as it was. */
async function payThenLeave(page: Page) {
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByText('Demo payment page.')).toBeVisible()
  await page.getByRole('link', { name: 'Cancel and return to the shop' }).click()
  await expect(page.getByText('You left the payment page, so nothing was charged.')).toBeVisible()
}

test('a shopper who ticks the box and leaves gets one reminder: it reads on a phone, leads back to the filled delivery step in another browser, and unsubscribes for good', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('reminded')
  await page.setViewportSize({ width: 1440, height: 1000 })
  await toFilledDelivery(page, email)
  const consent = page.getByRole('checkbox', { name: CONSENT })
  await expect(consent).not.toBeChecked()
  await consent.check()
  await expectNoAxeViolations(page)
  await page.evaluate(() => window.scrollTo(0, 0))
  await picture(page, 'delivery-consent-1440.png')
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.evaluate(() => window.scrollTo(0, 0))
  await picture(page, 'delivery-consent-390.png')
  await payThenLeave(page)
  // Back on the step, the box is as the shopper left it.
  await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked()
  await page.close()

  // Hours later the timed work sends one reminder, and a second run sends no other.
  await hoursLaterRunReminders(email, baseURL!)
  await hoursLaterRunReminders(email, baseURL!)
  const mails = await mailsTo(email)
  expect(mails).toHaveLength(1)
  const [reminder] = mails
  expect(reminder!.subject).toBe('Your cart is waiting — UniDrone Robotics')
  expect(reminder!.text).toContain('1 × UniCam F1 FPV Camera')
  const unsubscribeLink = /Unsubscribe from reminders and offers: (\S+)/.exec(reminder!.text)![1]!
  expect(reminder!.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })

  // Read on a phone, in another browser: one column, no sideways scroll. Its links open in a new tab, as from a mailbox.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const mailPage = await phone.newPage()
  await mailPage.setContent(reminder!.html, { waitUntil: 'load' })
  expect(await mailPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await picture(mailPage, 'reminder-email-390.png', { fullPage: true })
  const [resumed] = await Promise.all([mailPage.waitForEvent('popup'), mailPage.getByRole('link', { name: 'Return to your cart' }).click()])
  await expect(resumed).toHaveURL(/\/checkout\/delivery$/)
  await expect(resumed.getByLabel('Full name')).toHaveValue('Remy Reminded')
  await expect(resumed.getByLabel('Email')).toHaveValue(email)
  await expect(resumed.getByLabel('Address', { exact: true })).toHaveValue(BRISBANE.line1)
  await expect(resumed.getByLabel('Postcode')).toHaveValue(BRISBANE.postcode)
  await expect(resumed.getByRole('checkbox', { name: CONSENT })).toBeChecked()
  await expect(resumed.getByText('UniCam F1 FPV Camera')).toBeVisible()

  // The unsubscribe link: opening it changes nothing (mail scanners open links); its one button does.
  const suppressed = () => withShopDatabase((database) => database.db.select().from(mailSuppressions).where(eq(mailSuppressions.email, email)))
  const [unsubscribe] = await Promise.all([
    mailPage.waitForEvent('popup'),
    mailPage.getByRole('link', { name: 'Unsubscribe from reminders and offers' }).click(),
  ])
  await expect(unsubscribe.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible()
  await expect(unsubscribe.getByText(email)).toBeVisible()
  expect(await suppressed()).toHaveLength(0)
  expect(await unsubscribe.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await picture(unsubscribe, 'unsubscribe-390.png', { fullPage: true })
  await unsubscribe.setViewportSize({ width: 1440, height: 900 })
  await expectNoAxeViolations(unsubscribe)
  await picture(unsubscribe, 'unsubscribe-1440.png', { fullPage: true })
  await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(unsubscribe.getByText('You are unsubscribed.')).toBeVisible()
  await picture(unsubscribe, 'unsubscribed-1440.png', { fullPage: true })
  expect(await suppressed()).toHaveLength(1)
  await phone.close()

  // A mail receiver's one-click POST (RFC 8058), without a cookie: from its server (no Origin), or from a
  // page of its own. Accepted both ways, and still one entry on the list.
  for (const headers of [{}, { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
    const oneClick = await request.post(unsubscribeLink, { multipart: { 'List-Unsubscribe': 'One-Click' }, headers, maxRedirects: 0 })
    expect(oneClick.status(), JSON.stringify(headers)).toBe(200)
  }
  expect(await suppressed()).toHaveLength(1)
  // Only that address: a foreign write anywhere else is refused as before.
  for (const address of [`${unsubscribeLink}/again`, `${unsubscribeLink}.data`, '/checkout/delivery']) {
    const elsewhere = await request.post(address, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { origin: 'https://mail.example.net' } })
    expect(elsewhere.status(), address).toBe(403)
  }

  // The same shopper fills another cart later and ticks the box again: no reminder ever comes now.
  const again = await (await browser.newContext()).newPage()
  await toFilledDelivery(again, email)
  await again.getByRole('checkbox', { name: CONSENT }).check()
  await payThenLeave(again)
  await again.context().close()
  await hoursLaterRunReminders(email, baseURL!)
  expect(await mailsTo(email)).toHaveLength(1)
})

test('a shopper who does not tick the box gets no reminder', async ({ page, baseURL }) => {
  const email = uniqueEmail('not-reminded')
  await toFilledDelivery(page, email)
  await payThenLeave(page)
  await hoursLaterRunReminders(email, baseURL!)
  await hoursLaterRunReminders(email, baseURL!)
  expect(await mailsTo(email)).toHaveLength(0)
})

test('the box works without JavaScript; staff see where each abandoned checkout’s reminder stands and set the delay, checked on the server', async ({
  page,
  browser,
  baseURL,
  staffMember,
}) => {
  const email = uniqueEmail('staff-view')
  await toFilledDelivery(page, email)
  // The same checkout in a browser without scripts: the box is a plain field of the form.
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: page.url() })
  await plain.addCookies(await page.context().cookies())
  const noScript = await plain.newPage()
  await noScript.goto('/checkout/delivery')
  await fillDelivery(noScript, { fullName: 'Nora Script', email, phone: '0400 777 888', method: /^Standard/, address: BRISBANE })
  await noScript.getByRole('checkbox', { name: CONSENT }).check()
  await payThenLeave(noScript)
  await expect(noScript.getByRole('checkbox', { name: CONSENT })).toBeChecked()
  await plain.close()
  const consent = await withShopDatabase((database) =>
    database.db.select({ at: checkouts.reminderConsentAt, to: checkouts.reminderEmail }).from(checkouts).where(eq(checkouts.reminderEmail, email)),
  )
  expect(consent).toEqual([{ at: expect.any(Date), to: email }])
  await hoursLaterRunReminders(email, baseURL!)

  const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: staffMember.state })).newPage()
  await staff.goto(`/orders?view=abandoned&q=${encodeURIComponent(email)}`)
  const row = staff.getByRole('row').filter({ hasText: email })
  await expect(row).toContainText('Cancelled')
  await expect(row).toContainText('Reminder sent')
  await expect(staff.getByLabel('Send the reminder after (hours)')).toHaveValue('4')
  await expectNoAxeViolations(staff)
  await picture(staff, 'abandoned-reminders-1440.png', { fullPage: true })

  await staff.getByLabel('Send the reminder after (hours)').fill('200')
  await staff.getByRole('button', { name: 'Save' }).click()
  await expect(staff.getByText('The delay must be from 1 to 168 hours; 200 is not.')).toBeVisible()
  await staff.getByLabel('Send the reminder after (hours)').fill('4')
  await staff.getByRole('button', { name: 'Save' }).click()
  await expect(staff.getByText('Saved: reminders go 4 hours after a checkout is left.')).toBeVisible()
  await staff.setViewportSize({ width: 390, height: 844 })
  await staff.goto(`/orders?view=abandoned&q=${encodeURIComponent(email)}`)
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await picture(staff, 'abandoned-reminders-390.png', { fullPage: true })
})
