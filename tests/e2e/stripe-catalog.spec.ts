import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { getProduct } from '../../app/server/catalog/products.server'
import { startFakeStripe } from '../fakes/stripe'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { fixedPort, startShopProcess } from './support/process'
import { addStaff, logInAsStaff, uniqueEmail, withShopDatabase } from './support/shop'

/** A price entry of the product form, such as "Price 1". */
const item = (page: Page, name: string) => page.getByRole('group', { name, exact: true })

test.describe('with Stripe (a shop of its own, against the fake Stripe API)', () => {
  const port = Number(process.env.E2E_STRIPE_PORT ?? fixedPort(3222))
  test.use({ baseURL: `http://localhost:${port}` })

  test('staff fetch a product’s prices from Stripe, accept them and save: the new price is on the page, with a history row', async ({ page }) => {
    test.setTimeout(120_000)
    // Stripe's side: the UniDrone E900 (its STUPID in the demo catalogue) was repriced the Stripe way,
    // with a new default price; it also has a USD price, which the shop cannot use.
    const fake = await startFakeStripe()
    fake.addProduct({ id: 'prod_7NoxWgQfSpUvdk', name: 'UniDrone E900' })
    fake.addPrice({ id: 'price_e900_launch', product: 'prod_7NoxWgQfSpUvdk', unit_amount: 1249900, default: true })
    fake.addPrice({ id: 'price_e900_usd', product: 'prod_7NoxWgQfSpUvdk', unit_amount: 849900, currency: 'usd' })
    fake.addProduct({ id: 'prod_CoJBHs4yTpKhDH', name: 'UniPilot X7 Pro' })
    fake.addPrice({ id: 'price_x7_promo', product: 'prod_CoJBHs4yTpKhDH', unit_amount: 79900 })
    fake.addProduct({ id: 'prod_gift_card', name: 'Gift card' })
    fake.addPrice({ id: 'price_gift_100', product: 'prod_gift_card', unit_amount: 10000 })
    fake.addPaymentLink({ id: 'plink_e900', lines: [{ price: 'price_e900_launch' }] })
    fake.addPaymentLink({ id: 'plink_promo', lines: [{ price: 'price_x7_promo', quantity: 2 }, { price: 'price_gift_100' }] })

    const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-stripe-catalog-'))
    const shop = startShopProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'stripe-catalog-secret-stripe-catalog-secret',
      AUTH_RATE_LIMIT: '1000',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_API_URL: fake.url,
    })
    try {
      await shop.url
      const email = uniqueEmail('stripe-staff')
      await logInAsStaff(page, email, addStaff(email, dataDir))

      // The form: the E900 at its old price, without a Stripe price id.
      await page.goto('/product/unidrone-e900/update')
      await expect(item(page, 'Price 1').getByLabel('Amount in dollars')).toHaveValue('12999.00')
      await expect(item(page, 'Price 1').getByLabel('Payment provider’s price id')).toHaveValue('')
      const panel = page.getByRole('region', { name: 'Prices from Stripe' })
      await panel.getByRole('button', { name: 'Fetch from Stripe' }).click()

      // What would change, before anything changes.
      await expect(panel.getByText('1 entry would change.')).toBeVisible()
      const row = panel.getByRole('row', { name: /Price 1/ })
      await expect(row).toContainText('$12,999.00')
      await expect(row).toContainText('$12,499.00')
      await expect(row).toContainText('price_e900_launch')
      await expect(row).toContainText('Linked to Stripe')
      await expect(row).toContainText('The amount changes.')
      await expect(panel).toContainText('Not used: price_e900_usd is in USD; the shop sells in AUD only.')
      await expect(item(page, 'Price 1').getByLabel('Amount in dollars')).toHaveValue('12999.00')
      await expectNoAxeViolations(page)

      await panel.getByRole('button', { name: 'Accept Stripe’s prices' }).click()
      await expect(panel).toContainText('The prices below now match Stripe. Save the product to keep them.')
      await expect(item(page, 'Price 1').getByLabel('Amount in dollars')).toHaveValue('12499.00')
      await expect(item(page, 'Price 1').getByLabel('Payment provider’s price id')).toHaveValue('price_e900_launch')
      await expect(item(page, 'Price 1').getByLabel('What the price is for')).toHaveValue('Price (inc. GST)')
      // Accepted is not saved.
      expect((await withShopDatabase((database) => getProduct(database.db, 'unidrone-e900'), dataDir))?.productPrices[0]?.value).toBe(1299900)

      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page).toHaveURL('/product/unidrone-e900')
      await expect(page.getByText('$12,499.00 incl. GST', { exact: true })).toBeVisible()

      // The save is an ordinary edit: a history row by this staff member with the new price.
      await page.goto('/history/products/unidrone-e900')
      const newest = page.getByTestId('history-version').first()
      await expect(newest).toContainText(`by ${email}`)
      await expect(newest.getByTestId('change-after')).toContainText('$12,499.00')
      await expect(newest.getByTestId('change-before')).toContainText('$12,999.00')

      // The payment links, line by line against the shop's prices.
      await page.goto('/staff')
      await page.getByRole('link', { name: 'Payment links' }).click()
      await expect(page).toHaveURL('/payment-links')
      await expect(page.getByText('2 links; 2 lines sell at a price the shop does not show.')).toBeVisible()
      const e900Link = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'plink_e900' }) })
      await expect(e900Link.getByRole('row', { name: /UniDrone E900/ })).toContainText('Shop price')
      const promo = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'plink_promo' }) })
      await expect(promo.getByRole('row', { name: /UniPilot X7 Pro/ })).toContainText('Price not in the shop')
      await expect(promo.getByRole('row', { name: /Gift card/ })).toContainText('Not in the shop')

      // The catalogue check: the E900 now matches; the rest of the demo catalogue (21 products, the
      // battery's matched pair, a variant with a price of its own, and the mapping kit) is not in this Stripe account.
      const check = page.getByRole('region', { name: 'Catalogue check' })
      await check.getByRole('button', { name: 'Check the catalogue' }).click()
      await expect(check.getByRole('status')).toHaveText('22 mismatches in 22 of 23 products.')
      const mismatches = check.getByRole('table', { name: 'Mismatches between the shop and Stripe' })
      await expect(mismatches.getByRole('row', { name: /Matched pair/ })).toHaveCount(1)
      await expect(mismatches.getByRole('row', { name: /UniPilot X7 Pro/ })).toContainText('Other amount')
      await expect(mismatches.getByRole('row', { name: /UniPilot Nano H7/ })).toContainText('Missing product')
      await expect(mismatches.getByRole('link', { name: 'UniDrone E900', exact: true })).toHaveCount(0)
      await expectNoAxeViolations(page)
    } finally {
      // Leave the shop's pages before stopping it, so no late request of theirs meets a closed port.
      await page.goto('about:blank')
      expect(await shop.stop(), shop.output().slice(-4000)).toBe(0)
      await fake.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

test('with the demo provider, the form and the payment links screen say they need Stripe', async ({ page, staffMember }) => {
  await signInAsStaff(page, staffMember)
  await page.goto('/product/unidrone-e900/update')
  const panel = page.getByRole('region', { name: 'Prices from Stripe' })
  await expect(panel).toContainText('Fetching prices needs Stripe')
  await expect(panel.getByRole('button', { name: 'Fetch from Stripe' })).toHaveCount(0)
  await page.goto('/payment-links')
  await expect(page.getByText('Payment links and the catalogue check need Stripe')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Check the catalogue' })).toHaveCount(0)
  await expectNoAxeViolations(page)
})
