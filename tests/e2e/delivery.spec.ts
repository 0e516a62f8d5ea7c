import { eq } from 'drizzle-orm'
import { createProduct } from '../../app/server/catalog/products.server'
import { outbox, products, promotions } from '../../app/server/db/schema'
import { gstIncluded, formatAud } from '../../app/lib/money'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { BRISBANE, fillDelivery, payWithDemoCard, signUp, uniqueEmail, withShopDatabase } from './support/shop'
import { picture } from './support/look'

const priceOf = (id: string) =>
  withShopDatabase(
    async (database) => (await database.db.select({ prices: products.productPrices }).from(products).where(eq(products.id, id)))[0]!.prices[0]!.value,
  )
const invoiceTo = (email: string) => withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email)))
const card = { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' }

/** The summary lines every step shows (decision 040): Items and Shipping add up to the Total, and so do Subtotal (excl. GST) and GST. */
async function expectSummary(page: Page, totalCents: number, itemsCents: number) {
  const gst = gstIncluded(totalCents)
  await expect(page.getByTestId('items-total')).toHaveText(formatAud(itemsCents))
  await expect(page.getByTestId('total')).toHaveText(formatAud(totalCents))
  await expect(page.getByTestId('gst')).toHaveText(formatAud(gst))
  await expect(page.getByTestId('subtotal')).toHaveText(formatAud(totalCents - gst))
  for (const label of ['Items', 'Subtotal (excl. GST)', 'GST'])
    await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })).toHaveCount(1)
}

test('a visitor buys the UniDrone E900 with Standard delivery to Brisbane and sees shipping and GST on every step and the invoice', async ({ page }) => {
  const e900 = await priceOf('unidrone-e900')
  const email = uniqueEmail('e900')
  await page.goto('/product/unidrone-e900')
  await expect(page.getByText('Delivery free within Australia')).toBeVisible()
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await expect(page.getByTestId('shipping-estimate')).toHaveText('Free')
  await expect(page.getByTestId('total')).toHaveText(formatAud(e900))
  await expect(page.getByTestId('gst')).toHaveText(formatAud(gstIncluded(e900)))

  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName: 'Bea Buyer', email, phone: '0412 345 678', method: /^Standard/, address: BRISBANE })
  await expect(page.getByTestId('shipping')).toHaveText('Free')
  await expect(page.getByTestId('total')).toHaveText(formatAud(e900))
  await expect(page.getByTestId('gst')).toHaveText(formatAud(gstIncluded(e900)))
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: `Pay ${formatAud(e900)}` }).click()

  await expect(page.getByText('Demo payment page.')).toBeVisible()
  await expect(page.getByTestId('shipping')).toHaveText('Free')
  await expect(page.getByTestId('gst')).toHaveText(formatAud(gstIncluded(e900)))
  await expect(page.getByTestId('deliver-to')).toContainText('Brisbane City QLD 4000')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await payWithDemoCard(page, { ...card, name: 'Bea Buyer' })
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeVisible()
  await expect(page.getByTestId('deliver-to')).toContainText('1 Queen Street')

  const [confirmation] = await invoiceTo(email)
  expect(confirmation!.text).toContain('Delivering to:\nBea Buyer\n1 Queen Street\nBrisbane City QLD 4000')
  expect(confirmation!.text).toContain(`Shipping (Standard): $0.00\nSubtotal (excl. GST): ${formatAud(e900 - gstIncluded(e900))}`)
  expect(confirmation!.text).toContain(`GST: ${formatAud(gstIncluded(e900))}\nTotal: ${formatAud(e900)}`)
  // Over $1,000: the buyer's identity is on the tax invoice the e-mail links, with the delivery address and the shipping line.
  await page.goto(/Tax invoice for UD-\S+: (\S+)/.exec(confirmation!.text)![1]!)
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible()
  await expect(page.getByTestId('buyer')).toContainText('Bea Buyer')
  await expect(page.getByTestId('deliver-to')).toContainText('1 Queen Street, Brisbane City QLD 4000')
  await expect(page.getByRole('cell', { name: 'Shipping: Standard (GST $0.00)' })).toBeVisible()
  await expect(page.getByTestId('total')).toHaveText(formatAud(e900))
})

test('a small order pays for Standard or Express, priced on the delivery step and charged as shown; the invoice page shows the shipping’s GST', async ({
  page,
}) => {
  const camera = await priceOf('unicam-f1-fpv-camera')
  const email = uniqueEmail('small')
  await signUp(page, email, 'small order password')
  await expect(page).toHaveURL('/client')
  await page.goto('/product/unicam-f1-fpv-camera')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await expect(page.getByTestId('shipping-estimate')).toHaveText('from $15.00')
  await expect(page.getByTestId('total')).toHaveText(formatAud(camera + 1500))
  await expectSummary(page, camera + 1500, camera)
  await expect(page.getByRole('term').filter({ hasText: 'Total (estimated)' })).toBeVisible()
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await picture(page, `cart-summary-${width}.png`, { fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByRole('button', { name: 'Continue to delivery' }).click()

  await fillDelivery(page, { fullName: 'Sam Small', phone: '0400 111 222', method: /^Express/, address: BRISBANE })
  await expect(page.getByTestId('shipping')).toHaveText('$30.00')
  await expect(page.getByTestId('total')).toHaveText(formatAud(camera + 3000))
  await expectSummary(page, camera + 3000, camera)
  await page.getByRole('radio', { name: /^Standard/ }).check()
  await expect(page.getByTestId('shipping')).toHaveText('$15.00')
  await expect(page.getByTestId('gst')).toHaveText(formatAud(gstIncluded(camera + 1500)))
  await expectSummary(page, camera + 1500, camera)
  await expect(page.getByRole('term').filter({ hasText: 'Shipping (Standard)' })).toBeVisible()
  await page.getByLabel('Save this address to my account').check()
  await page.getByRole('button', { name: `Pay ${formatAud(camera + 1500)}` }).click()
  await expect(page.getByTestId('shipping')).toHaveText('$15.00')
  await expectSummary(page, camera + 1500, camera)
  await payWithDemoCard(page, { ...card, name: 'Sam Small' })
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  await expectSummary(page, camera + 1500, camera)
  await expect(page.getByTestId('shipping')).toHaveText('$15.00')
  await page.getByRole('region', { name: /^Order UD-/ }).screenshot({ path: test.info().outputPath('thank-you-summary.png') })
  // The customer's own order page says the same.
  await page.goto(`/client/orders/${orderId}`)
  await expectSummary(page, camera + 1500, camera)
  await expect(page.getByTestId('shipping')).toHaveText('$15.00')
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await picture(page, `order-page-summary-${width}.png`, { fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })

  await page.goto('/client')
  await expect(page.getByTestId('saved-address')).toContainText('Brisbane City QLD 4000')
  await page.getByRole('link', { name: `Tax invoice for ${orderId}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible()
  await expect(page.getByTestId('buyer')).toContainText('Sam Small')
  await expect(page.getByRole('cell', { name: `Shipping: Standard (GST ${formatAud(gstIncluded(1500))})` })).toBeVisible()
  await expect(page.getByTestId('total')).toHaveText(formatAud(camera + 1500))
  await expect(page.getByRole('main').getByText('ABN 51 824 753 556')).toBeVisible()

  // The next checkout starts from the saved address.
  await page.goto('/product/unilink-rx8-long-range-receiver')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(page.getByLabel('Full name')).toHaveValue('Sam Small')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(BRISBANE.line1)
  await expect(page.getByLabel('Postcode')).toHaveValue('4000')
})

test('Click & Collect asks for no address, shows where and when to collect, and is free', async ({ page }) => {
  const camera = await priceOf('unicam-f1-fpv-camera')
  const email = uniqueEmail('collect')
  await page.goto('/product/unicam-f1-fpv-camera')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(page.getByLabel('Postcode')).toBeVisible()
  await fillDelivery(page, { fullName: 'Col Lect', email, phone: '0400 333 444', method: /^Click & Collect Brisbane/ })
  await expect(page.getByLabel('Postcode')).toBeHidden()
  await expect(page.getByText('Pick up at Unit 4, 18 Lavarack Avenue, Eagle Farm QLD 4009')).toBeVisible()
  await expect(page.getByTestId('shipping')).toHaveText('Free')
  await page.getByRole('button', { name: `Pay ${formatAud(camera)}` }).click()
  await expect(page.getByTestId('deliver-to')).toContainText('Pick up at Unit 4, 18 Lavarack Avenue')
  await payWithDemoCard(page, { ...card, name: 'Col Lect' })
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeVisible()
  const [confirmation] = await invoiceTo(email)
  expect(confirmation!.text).toContain('Click & Collect:\nUnit 4, 18 Lavarack Avenue, Eagle Farm QLD 4009')
  expect(confirmation!.text).toContain('We will e-mail you when it is ready for pickup.')
})

test('a cart with a lithium battery cannot choose Express, and the step says why', async ({ page }) => {
  await page.goto('/product/unicell-6s-22000-mah-smart-battery')
  await expect(page.getByText('road only: contains lithium batteries')).toBeVisible()
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  const express = page.getByRole('radio', { name: /^Express/ })
  await expect(express).toBeDisabled()
  await expect(page.getByText('Your cart holds lithium batteries, which may travel by road only: Express cannot carry them.')).toBeVisible()
  await expect(page.getByRole('radio', { name: /^Standard/ })).toBeEnabled()
})

test('stock on cards and product pages: sold out cannot be added, backorders say when they ship, JSON-LD says the same', async ({ page }) => {
  await page.goto('/product/unirtk-f9-gnss-module')
  await expect(page.getByTestId('stock')).toHaveText('Sold out')
  await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeDisabled()
  expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain('https://schema.org/OutOfStock')

  await page.goto('/products/autopilots')
  const card = page.getByRole('article').filter({ hasText: 'UniRTK F9 GNSS Module' })
  await expect(card.getByTestId('stock')).toHaveText('Sold out')
  await expect(card.getByRole('button', { name: /Sold out/ })).toBeDisabled()
  await expect(page.getByRole('article').filter({ hasText: 'UniPilot Nano H7' }).getByTestId('stock')).toHaveText(/^(Only \d left|Sold out)$/)

  await page.goto('/product/unicam-t2-thermal-gimbal')
  await expect(page.getByTestId('stock')).toHaveText('Backorder — ships in 2–3 weeks')
  await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeEnabled()
  expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain('https://schema.org/BackOrder')
})

test('the delivery step at 390 px: no sideways scrolling, accessible, errors beside their fields', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await fillDelivery(page, {
    fullName: 'Pat Postcode',
    email: 'pat@example.com',
    phone: '0400 555 666',
    method: /^Standard/,
    address: { ...BRISBANE, postcode: '2000' },
  })
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByText('2000 is a postcode in New South Wales, not Queensland.')).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveValue('Pat Postcode')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('the delivery step works as a plain form without JavaScript', async ({ page, browser }) => {
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(page).toHaveURL('/checkout/delivery')
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: page.url() })
  await plain.addCookies(await page.context().cookies())
  const noScript = await plain.newPage()
  await noScript.goto('/checkout/delivery')
  await fillDelivery(noScript, {
    fullName: 'Nora Script',
    email: 'nora@example.com',
    phone: '0400 777 888',
    method: /^Standard/,
    address: { line1: '9 Rundle Mall', suburb: 'Adelaide', state: 'SA', postcode: '5000' },
  })
  // A discount code is applied by the step's own button, without scripts; what was typed stays.
  const code = `NOSCRIPT${Date.now().toString(36).toUpperCase()}`
  await withShopDatabase(({ db }) =>
    db.insert(promotions).values({ id: code.toLowerCase(), kind: 'code', code, name: 'Free shipping', benefit: 'free-shipping' }),
  )
  await noScript.getByLabel('Discount code').fill(code.toLowerCase())
  await noScript.getByRole('button', { name: 'Apply' }).click()
  await expect(noScript.getByTestId('code-message')).toHaveText('Free shipping.')
  await expect(noScript.getByTestId('discount')).toHaveText(
    await noScript
      .getByTestId('shipping')
      .textContent()
      .then((text) => `-${text}`),
  )
  await expect(noScript.getByLabel('Full name')).toHaveValue('Nora Script')
  await noScript.getByRole('button', { name: /^Pay/ }).click()
  await expect(noScript.getByText('Demo payment page.')).toBeVisible()
  await expect(noScript.getByTestId('deliver-to')).toContainText('Adelaide SA 5000')
  await expect(noScript.getByTestId('discount')).toHaveText(/^-\$/)
  await plain.close()
})

test('two shoppers want the last unit: the one who loses is told before paying, and keeps the cart and details', async ({ page, browser }) => {
  const name = `Last Unit Lens ${Date.now()}`
  const product = await withShopDatabase(async (database) => {
    const created = await createProduct(
      database.db,
      {
        productName: name,
        STUPID: 'prod_last_unit',
        productCategory: 'cameras',
        productImages: [],
        productDescriptions: [{ value: '', label: 'About', description: 'The only one.' }],
        productFeatures: [],
        productSpecifications: [],
        productDimensions: [],
        productShipping: [],
        productDownloads: [],
        productPrices: [{ value: 50_000, label: 'Price', description: '' }],
        productStockOnHand: 1,
        productWeightGrams: 300,
      },
      'e2e',
    )
    return created.FBUID
  })
  const other = await (await browser.newContext()).newPage()
  for (const shopper of [page, other]) {
    await shopper.goto(`/product/${product}`)
    await expect(shopper.getByTestId('stock')).toHaveText('Only 1 left')
    await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click()
    await shopper.goto('/checkout')
    await shopper.getByRole('button', { name: 'Continue to delivery' }).click()
  }
  await fillDelivery(page, { fullName: 'First Fran', email: 'first@example.com', phone: '0400 000 010', method: /^Standard/, address: BRISBANE })
  await fillDelivery(other, { fullName: 'Second Sid', email: 'second@example.com', phone: '0400 000 020', method: /^Standard/, address: BRISBANE })
  await page.getByRole('button', { name: /^Pay/ }).click()
  await expect(page.getByText('Demo payment page.')).toBeVisible()
  await other.getByRole('button', { name: /^Pay/ }).click()
  await expect(other.getByRole('alert')).toContainText(`${name} is sold out. Nothing was charged`)
  await expect(other.getByLabel('Full name')).toHaveValue('Second Sid')
  await expect(other.getByTestId('cart-badge')).toHaveText('1')

  await payWithDemoCard(page, { ...card, name: 'First Fran' })
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeVisible()
  const stock = await withShopDatabase(
    async (database) =>
      (await database.db.select({ onHand: products.productStockOnHand, reserved: products.stockReserved }).from(products).where(eq(products.id, product)))[0],
  )
  expect(stock).toEqual({ onHand: 0, reserved: 0 })
  await other.goto(`/product/${product}`)
  await expect(other.getByTestId('stock')).toHaveText('Sold out')
  await other.context().close()
})

test('staff add a shipping method with weight bands and set a product’s stock; shoppers see both', async ({ page, browser, staffMember }) => {
  const staffEmail = staffMember.email
  await signInAsStaff(page, staffMember)
  await page.goto('/settings/shipping')
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping methods' })).toBeVisible()
  const name = `Courier ${Date.now()}`
  const add = page.getByRole('form', { name: 'Add a method' })
  await add.getByLabel('Name').fill(name)
  await add.getByLabel('Price in dollars (incl. GST)').fill('20.00')
  await add.getByLabel('Weight bands (optional)').fill('5000 = 25.00\n1000 = 40.00')
  await add.getByLabel('Delivery time').fill('1–3 business days')
  await add.getByLabel('Position').fill('9')
  await add.getByRole('button', { name: 'Add method' }).click()
  // Bands out of order are refused, with what was typed kept.
  await expect(page.getByText(/each band must be heavier than the one above it/)).toBeVisible()
  await expect(add.getByLabel('Name')).toHaveValue(name)
  await add.getByLabel('Weight bands (optional)').fill('1000 = 25.00\n5000 = 40.00')
  await add.getByRole('button', { name: 'Add method' }).click()
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  await expectNoAxeViolations(page)

  // Stock set on the product form shows on the product page, and the change is in its history.
  await page.goto('/product/unigps-m10-compass-module/update')
  await page.getByLabel('Stock on hand').fill('2')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL('/product/unigps-m10-compass-module')
  await expect(page.getByTestId('stock')).toHaveText('Only 2 left')
  await page.goto('/history/products/unigps-m10-compass-module')
  const newest = page.getByRole('listitem').filter({ hasText: staffEmail }).first()
  await expect(newest.getByRole('term').filter({ hasText: 'Stock on hand' })).toBeVisible()
  await expect(newest).toContainText(/Before\s*30/)
  await expect(newest).toContainText(/After\s*2/)

  // A shopper with a light cart (80 g) gets the first band's price for the new method.
  const shopper = await (await browser.newContext()).newPage()
  await shopper.goto('/product/unigps-m10-compass-module')
  await expect(shopper.getByTestId('stock')).toHaveText('Only 2 left')
  await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await shopper.goto('/checkout')
  await shopper.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(shopper.getByRole('radio', { name: new RegExp(`^${name}`) })).toBeVisible()
  await expect(shopper.getByText(name).locator('xpath=..')).toContainText('$25.00')
  await shopper.context().close()

  // Taken out of use again, so that other tests see the demo's three methods.
  await page.goto('/settings/shipping')
  await page.locator('summary', { hasText: name }).click()
  const edit = page.getByRole('form', { name: `Edit ${name}` })
  await edit.getByLabel('Active').uncheck()
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator(`#method-${name.toLowerCase().replace(/\s+/g, '-')}`)).toContainText('Inactive')
})

test('the product page, its Shipping panel, the cart and the delivery step quote the shipping methods’ own delivery times', async ({
  page,
  browser,
  staffMember,
}) => {
  await signInAsStaff(page, staffMember)
  const editStandard = async (deliveryTime: string) => {
    await page.goto('/settings/shipping')
    await page.locator('summary', { hasText: /^Edit Standard$/ }).click()
    const edit = page.getByRole('form', { name: 'Edit Standard' })
    await edit.getByLabel('Delivery time').fill(deliveryTime)
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await expect(page).toHaveURL(/saved=standard/)
  }
  await page.goto('/settings/shipping')
  await page.locator('summary', { hasText: /^Edit Standard$/ }).click()
  const before = await page.getByRole('form', { name: 'Edit Standard' }).getByLabel('Delivery time').inputValue()
  const promise = `3–5 business days, checked ${Date.now().toString(36)}`
  await editStandard(promise)
  try {
    const shopper = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
    await shopper.goto('/product/unicam-f1-fpv-camera')
    // Beside the price: the cheapest method and its own words, and no promise of the page's own.
    await expect(shopper.getByTestId('delivery-estimate')).toHaveText(`Delivery from $15.00 within Australia: Standard, ${promise}`)
    await expect(shopper.getByRole('main')).not.toContainText('Ships within')
    await shopper.getByText('Shipping', { exact: true }).click()
    const panel = shopper.getByTestId('delivery-times')
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('listitem').filter({ hasText: 'Standard' })).toContainText(promise)
    await expect(panel.getByRole('listitem').filter({ hasText: 'Express' })).toContainText('$30.00')
    await expect(panel.getByRole('listitem').filter({ hasText: 'Click & Collect Brisbane' })).toContainText('Pick up at Unit 4, 18 Lavarack Avenue')
    await expect(shopper.getByRole('main')).not.toContainText(/within \d+ (business )?days of your order/)
    await shopper.evaluate(() => window.scrollTo(0, 0))
    await picture(shopper, 'product-shipping-1440.png', { fullPage: true })
    await shopper.setViewportSize({ width: 390, height: 844 })
    await shopper.locator('details', { has: panel }).screenshot({ path: test.info().outputPath('product-shipping-panel-390.png') })
    await shopper.getByTestId('delivery-estimate').screenshot({ path: test.info().outputPath('product-delivery-estimate-390.png') })

    await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click()
    await shopper.goto('/checkout')
    await expect(shopper.getByTestId('delivery-times').getByRole('listitem').filter({ hasText: 'Standard' })).toContainText(promise)
    await shopper.getByRole('region', { name: 'Order summary' }).screenshot({ path: test.info().outputPath('cart-summary-390.png') })
    await shopper.getByRole('button', { name: 'Continue to delivery' }).click()
    await expect(shopper.getByRole('radio', { name: /^Standard/ })).toHaveAccessibleDescription(promise)

    // A battery cannot fly: the panel says why Express is not for it.
    await shopper.goto('/product/unicell-6s-22000-mah-smart-battery')
    await shopper.getByText('Shipping', { exact: true }).click()
    await expect(shopper.getByTestId('delivery-times').getByRole('listitem').filter({ hasText: 'Express' })).toContainText('lithium batteries')
    await shopper.context().close()
  } finally {
    await editStandard(before)
  }
})
