import type { Browser } from '@playwright/test'
import { slugify } from '../../app/lib/slug'
import { deleteProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct } from '../../app/server/catalog/products.server'
import { contacts } from '../../app/server/db/schema'
import { demoProducts } from '../../db/seed/catalog'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { dropFiles, pngSquare } from './support/images'
import { BRISBANE, fillDelivery, latestMailTo, payWithDemoCard, uniqueEmail, withShopDatabase } from './support/shop'

/** A guest buys one product and pays with the demo card: the order number. */
async function guestOrder(browser: Browser, email: string, fullName: string): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName, email, phone: '0400 222 333', method: /^Standard/, address: BRISBANE })
  await page.getByRole('button', { name: /^Pay / }).click()
  await payWithDemoCard(page, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: fullName })
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  await context.close()
  return orderId
}

test('an owner’s day: the dashboard, two orders packed and shipped, an enquiry answered, a price and stock changed, a new product drafted with dragged-in photos, previewed and published', async ({
  page,
  browser,
  staffMember,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now().toString(36)
  // Overnight: two orders and an enquiry came in, and a product waits for its new price.
  const orders = [
    await guestOrder(browser, uniqueEmail('night-buyer-a'), 'Avery Night'),
    await guestOrder(browser, uniqueEmail('night-buyer-b'), 'Blake Night'),
  ]
  const asker = uniqueEmail('asker')
  // (Stored as the contact form stores it: the form itself is tested in contact.spec.ts, and its
  // per-address limit is shared by every browser test.)
  await withShopDatabase((database) =>
    database.db.insert(contacts).values({
      id: `owner-day-${stamp}`,
      contactName: `Robin Asker ${stamp}`,
      contactEmail: asker,
      contactMessage: 'Does the UniDrone E900 fly in light rain?',
    }),
  )
  const visitor = await (await browser.newContext()).newPage()
  const listed = `Owner Day Bracket ${stamp}`
  const template = demoProducts.find((product) => product.productCategory === 'parts-accessories')!
  await withShopDatabase((database) => createProduct(database.db, { ...template, productName: listed, productStockOnHand: 10 }, 'owner day test'))
  const drafted = `Owner Day Gimbal Mount ${stamp}`

  try {
    // Morning: the dashboard says what waits.
    await signInAsStaff(page, staffMember)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/staff')
    const toPack = page.getByRole('link', { name: 'Orders to pack' })
    await expect(toPack).not.toContainText(/\b0\b/)
    await toPack.click()
    await expect(page).toHaveURL('/orders?filter=to-pack')

    // Pack both orders at once, then ship each with its tracking number.
    for (const orderId of orders) await page.getByRole('checkbox', { name: `Select ${orderId} to mark packed` }).check()
    await page.getByRole('button', { name: 'Mark packed' }).click()
    await expect(page.getByRole('status')).toContainText('Marked packed:')
    for (const [index, orderId] of orders.entries()) {
      await page.goto(`/orders/${orderId}`)
      await expect(page.getByTestId('fulfilment')).toHaveText('Packed')
      await page.getByLabel('Carrier').selectOption({ label: 'Australia Post' })
      await page.getByLabel('Tracking number').fill(`33OWN${stamp}${index}`.toUpperCase())
      await page.getByRole('button', { name: 'Mark shipped' }).click()
      await expect(page.getByTestId('fulfilment')).toHaveText('Shipped')
    }

    // Answer the enquiry: the reply goes out through the outbox.
    await page.goto('/enquiries?status=new')
    await page.getByRole('link', { name: `Robin Asker ${stamp}` }).click()
    await page.getByLabel(`Message to ${asker}`).fill('Dear Robin,\n\nYes: the E900 is rated IP43 and flies in light rain.')
    await page.getByRole('button', { name: 'Send reply' }).click()
    await expect(page.getByRole('status')).toHaveText(`Reply sent to ${asker}.`)
    expect((await latestMailTo(asker))?.text).toContain('the E900 is rated IP43')

    // A price and a stock level, changed in the products list.
    await page.getByRole('navigation', { name: 'Staff', exact: true }).getByRole('link', { name: 'Products' }).click()
    await page.getByRole('search', { name: 'Find products' }).getByLabel('Search').fill(listed)
    await page.getByRole('search', { name: 'Find products' }).getByRole('button', { name: 'Show' }).click()
    await page.getByLabel(`Price of ${listed} ($)`).fill('24.95')
    await page.getByLabel(`Stock on hand of ${listed}`).fill('3')
    await page.getByRole('button', { name: `Save ${listed}` }).click()
    await expect(page.getByRole('status')).toHaveText(`Saved ${listed}.`)

    // A new product, as a draft, with two photos dragged in, put in order and described.
    await page.goto('/product/create?category=parts-accessories')
    await page.getByLabel('Product name').fill(drafted)
    await page.getByLabel('Stripe product id').fill('prod_ownerday')
    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Cancel' }).click()
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
    await expect(leave).toBeVisible()
    await leave.getByRole('button', { name: 'Stay on this page' }).click()
    await expect(leave).toBeHidden()
    await expect(page.getByLabel('Product name')).toHaveValue(drafted)

    await dropFiles(page.getByTestId('image-drop-zone'), [
      { name: 'mount-side_view.png', mimeType: 'image/png', buffer: pngSquare(24, [200, 40, 40]) },
      { name: 'mount-front.png', mimeType: 'image/png', buffer: pngSquare(24, [40, 40, 200]) },
    ])
    await expect(page.getByTestId('image-drop-zone').getByRole('status')).toHaveText('2 images added at the end of the list; check their alt text.')
    const images = page.getByTestId('image-item')
    await expect(images).toHaveCount(2)
    await expect(images.nth(0).getByLabel('Alt text (what the picture shows)')).toHaveValue('Mount side view')
    await expect(images.nth(1).getByLabel('Alt text (what the picture shows)')).toHaveValue('Mount front')
    // The front view is dragged to the front, where category cards take their picture from.
    await images.nth(1).dragTo(images.nth(0))
    await expect(images.nth(0).getByLabel('Alt text (what the picture shows)')).toHaveValue('Mount front')
    await images.nth(0).getByLabel('Alt text (what the picture shows)').fill('The gimbal mount from the front')
    const front = await images.nth(0).getByLabel('Image URL').inputValue()
    expect(front).toMatch(/^\/media\/[0-9a-f]{32}\/24x24$/)
    await page.getByRole('button', { name: 'Add price' }).click()
    await page.getByLabel('Amount in dollars (incl. GST)').fill('59.00')
    await page.getByLabel('What the price is for').fill('Price (inc. GST)')
    await page.getByLabel('Status').selectOption('draft')
    await expectNoAxeViolations(page)
    for (const width of process.env.CATALOG_SHOTS ? [1440, 390] : []) {
      await page.setViewportSize({ width, height: 900 })
      await page.getByRole('heading', { name: /^Images/ }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${process.env.CATALOG_SHOTS}/product-form-images-${width}.png` })
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('button', { name: 'Create product' }).click()
    const id = slugify(drafted)
    await expect(page).toHaveURL(`/product/${id}`)
    await expect(page.getByTestId('preview-banner')).toContainText('Draft: only staff see this page')
    await expect(page.getByRole('img', { name: 'The gimbal mount from the front' }).first()).toHaveAttribute('src', front.replace(/\/24x24$/, '/24.webp'))
    expect((await visitor.goto(`/product/${id}`))?.status()).toBe(404)

    // Published: visitors find it on its category page.
    await page.goto(`/product/${id}/update`)
    await page.getByLabel('Status').selectOption('active')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page).toHaveURL(`/product/${id}`)
    await visitor.goto('/products/parts-accessories?sort=newest')
    await expect(visitor.getByRole('link', { name: drafted }).first()).toBeVisible()
    await expect(visitor.getByRole('img', { name: 'The gimbal mount from the front' }).first()).toBeVisible()
    await visitor.goto(`/product/${slugify(listed)}`)
    await expect(visitor.getByText('$24.95').first()).toBeVisible()
    await expect(visitor.getByText('Only 3 left').first()).toBeVisible()
  } finally {
    await withShopDatabase(async (database) => {
      for (const name of [listed, drafted]) await deleteProduct(database.db, slugify(name), 'owner day test').catch(() => undefined)
    })
  }
})
