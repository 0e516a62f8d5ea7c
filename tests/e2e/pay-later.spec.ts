import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { startFakeStripe } from '../fakes/stripe'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { fixedPort, startShopProcess } from './support/process'
import { addStaff, logInAsStaff, uniqueEmail } from './support/shop'
import { picture } from './support/look'

const MESSAGE = 'Pay later with Afterpay or Zip at checkout'

/** The settings form's parts, as staff find them. */
const form = (page: Page) => ({
  show: page.getByRole('checkbox', { name: 'Show the pay later message' }),
  amount: page.getByRole('textbox', { name: /Up to this price or cart total/ }),
  save: page.getByRole('form', { name: 'Pay later message' }).getByRole('button', { name: 'Save' }),
})

test.describe('with Stripe (a shop of its own, against the fake Stripe API)', () => {
  const port = fixedPort(3440)
  test.use({ baseURL: `http://localhost:${port}` })

  test('staff turn the pay later message on at Payments; a visitor then sees it on an in-stock product within the limit and in the cart, never over the limit or on a backorder', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const fake = await startFakeStripe()
    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-pay-later-'))
    const shop = startShopProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'pay-later-secret-pay-later-secret-pay',
      AUTH_RATE_LIMIT: '1000',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_API_URL: fake.url,
    })
    const visitorContext = await browser.newContext({ baseURL: `http://localhost:${port}` })
    const visitor = await visitorContext.newPage()
    try {
      await shop.url
      // Off by default: the visitor's product page says nothing of it, and is kept in the page cache.
      await visitor.goto('/product/unipilot-x7-pro')
      await expect(visitor.getByText('$849.00 incl. GST', { exact: true })).toBeVisible()
      await expect(visitor.getByText(MESSAGE)).toHaveCount(0)
      await expect.poll(async () => (await visitor.request.get('/product/unipilot-x7-pro')).headers()['x-cache']).toBe('HIT')

      const email = uniqueEmail('pay-later-staff')
      await logInAsStaff(page, email, addStaff(email, dataDir))
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto('/staff')
      await page.getByRole('navigation', { name: 'Staff', exact: true }).getByRole('link', { name: 'Payments' }).click()
      await expect(page).toHaveURL('/settings/payments')
      await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
      await expect(page.getByRole('main')).toContainText('which offers the payment methods turned on in your Stripe dashboard')
      const { show, amount, save } = form(page)
      await expect(show).not.toBeChecked()
      await expect(amount).toHaveValue('2000.00')
      await expectNoAxeViolations(page)
      await picture(page, 'payments-1440.png', { fullPage: true })

      // An amount over $10,000 is refused, with the reason beside the field and what was typed kept.
      await show.check()
      await amount.fill('20000')
      await save.click()
      await expect(page.getByRole('alert')).toHaveText('Nothing was saved: please check the amount.')
      await expect(amount).toHaveAccessibleDescription(/The amount must be from \$1 to \$10,000; \$20,000\.00 is not\./)
      await expect(amount).toHaveAttribute('aria-invalid', 'true')
      await expect(amount).toHaveValue('20000')
      await expect(show).toBeChecked()
      await expectNoAxeViolations(page)
      await picture(page, 'payments-refused-1440.png', { fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await picture(page, 'payments-refused-390.png', { fullPage: true })
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, 'the screen scrolls sideways at 390 px').toBeLessThanOrEqual(0)

      await amount.fill('5,000')
      await save.click()
      await expect(page.getByRole('status')).toHaveText('Saved: the pay later message is on, for prices and carts up to $5,000.00.')
      await expect(page.getByRole('main')).toContainText(`Last changed by ${email}`)
      await page.reload()
      await expect(show).toBeChecked()
      await expect(amount).toHaveValue('5000.00')
      await picture(page, 'payments-saved-390.png', { fullPage: true })
      await page.getByRole('link', { name: 'History' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'History of pay-later' })).toBeVisible()
      const newest = page.getByTestId('history-version').first()
      await expect(newest).toContainText(`by ${email}`)
      await expect(newest.getByTestId('change').filter({ hasText: 'Largest amount' }).getByTestId('change-after')).toHaveText(/\$5,000\.00/)

      // The visitor's kept page was retired by the save: the message is under the price now.
      await visitor.reload()
      await expect(visitor.getByTestId('pay-later')).toHaveText(MESSAGE)
      await visitor.setViewportSize({ width: 390, height: 844 })
      await picture(visitor, 'product-390.png')
      await visitor.setViewportSize({ width: 1440, height: 900 })
      await picture(visitor, 'product-1440.png')
      await visitor.goto('/product/unicam-z10-zoom-gimbal-camera')
      await expect(visitor.getByTestId('pay-later')).toHaveText(MESSAGE)
      // $12,999: over the limit. The T2 ($4,499) is within it but on backorder.
      await visitor.goto('/product/unidrone-e900')
      await expect(visitor.getByText('$12,999.00 incl. GST', { exact: true })).toBeVisible()
      await expect(visitor.getByText(MESSAGE)).toHaveCount(0)
      await visitor.goto('/product/unicam-t2-thermal-gimbal')
      await expect(visitor.getByTestId('stock')).toHaveText('Backorder — ships in 2–3 weeks')
      await expect(visitor.getByText(MESSAGE)).toHaveCount(0)

      // The cart: the message for the X7 Pro alone, gone once a backorder joins it.
      await visitor.goto('/product/unipilot-x7-pro')
      await visitor.getByRole('button', { name: 'Add to cart', exact: true }).click()
      await expect(visitor.getByTestId('cart-badge')).toHaveText('1')
      await visitor.goto('/checkout')
      await expect(visitor.getByTestId('pay-later')).toHaveText(MESSAGE)
      await picture(visitor, 'cart-1440.png')
      await visitor.setViewportSize({ width: 390, height: 844 })
      await picture(visitor, 'cart-390.png', { fullPage: true })
      await visitor.setViewportSize({ width: 1440, height: 900 })
      await visitor.goto('/product/unicam-t2-thermal-gimbal')
      await visitor.getByRole('button', { name: 'Add to cart', exact: true }).click()
      await expect(visitor.getByTestId('cart-badge')).toHaveText('2')
      await visitor.goto('/checkout')
      await expect(visitor.getByTestId('cart-line')).toHaveCount(2)
      await expect(visitor.getByTestId('shipping-estimate')).not.toHaveText('')
      await expect(visitor.getByText(MESSAGE)).toHaveCount(0)
    } finally {
      // Leave the shop's pages before stopping it, so no late request of theirs meets a closed port.
      await page.goto('about:blank')
      await visitorContext.close()
      expect(await shop.stop(), shop.output().slice(-4000)).toBe(0)
      await fake.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

test('with the demo provider, Payments says the message needs Stripe, and saving it shows nothing on product pages', async ({ page, request, staffMember }) => {
  await signInAsStaff(page, staffMember)
  await page.goto('/settings/payments')
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('The message is shown only when the shop takes payments with Stripe.')
  const { show, amount, save } = form(page)
  // The browser's own checks are off (noValidate): the shop's message is what staff read.
  await amount.fill('')
  await save.click()
  await expect(page.getByRole('alert')).toHaveText('Nothing was saved: please check the amount.')
  await expect(amount).toHaveAccessibleDescription(/Enter the largest amount to show the message for, from \$1 to \$10,000\./)
  await show.check()
  await amount.fill('2000')
  await save.click()
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved: the pay later message is on, for prices and carts up to $2,000.00.')
  try {
    // Staff get pages rendered for them; a visitor the kept one: neither has the message with the demo provider.
    await page.goto('/product/unipilot-x7-pro')
    await expect(page.getByText('$849.00 incl. GST', { exact: true })).toBeVisible()
    await expect(page.getByText(MESSAGE)).toHaveCount(0)
    const anonymous = await request.get('/product/unipilot-x7-pro')
    expect(anonymous.status()).toBe(200)
    expect(await anonymous.text()).not.toContain(MESSAGE)
  } finally {
    // The shared test shop goes back to the default for the specs after this one.
    await page.goto('/settings/payments')
    await form(page).show.uncheck()
    await form(page).save.click()
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved: the pay later message is off.')
  }
})
