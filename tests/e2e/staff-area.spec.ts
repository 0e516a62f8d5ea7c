import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { deleteProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct } from '../../app/server/catalog/products.server'
import { slugify } from '../../app/lib/slug'
import { demoProducts } from '../../db/seed/catalog'
import { addStaff, logInAsStaff, signUp, uniqueEmail, withShopDatabase } from './support/shop'
import { picture } from './support/look'

/** The staff screens a browser opens (app/routes.ts, the staff layout's routes), files and APIs left out. */
function staffPagePatterns(): string[] {
  const source = readFileSync(new URL('../../app/routes.ts', import.meta.url), 'utf8')
  const block = source.slice(source.indexOf("layout('routes/staff/layout.tsx'"), source.indexOf(']),', source.indexOf("layout('routes/staff/layout.tsx'")))
  return [...block.matchAll(/route\('([^']+)', '([^']+)'/g)]
    .map((match) => match[1]!)
    .filter((path) => !path.startsWith('api/') && !/\.[a-z]+$/.test(path) && !path.includes(':collection/export'))
}

/** A real address for a pattern: ids from the demo catalogue, or the first of its list on the screen. */
async function addressOf(page: Page, pattern: string): Promise<string | null> {
  if (!pattern.includes(':')) return `/${pattern}`
  const fixed: Record<string, string> = {
    'product/:productId/update': '/product/unidrone-e900/update',
    'product/:productId/deprecate': '/product/unidrone-e900/deprecate',
    'product/:productId/variants': '/product/unicell-6s-22000-mah-smart-battery/variants',
    'product/:productId/kit': '/product/unidrone-e900-mapping-kit/kit',
    'history/:collection/:documentId': '/history/products/unidrone-e900',
    'migration/export/:collection': '',
    'migration/jobs/:jobId/file': '',
  }
  if (pattern in fixed) return fixed[pattern] || null
  const lists: Record<string, [string, RegExp]> = {
    'orders/:orderId': ['/orders', /^\/orders\/UD-[^/]+$/],
    'orders/:orderId/packing-slip': ['/orders', /^\/orders\/UD-[^/]+$/],
    'quotes/:quoteId': ['/quotes', /^\/quotes\/Q-[^/]+$/],
    // The demo's kit offer is always there.
    'staff/promotions/:promotionId': ['/staff/promotions', /^\/staff\/promotions\/(?!new$)[^/]+$/],
    'template/:templateId': ['/template', /^\/template\/[^/]+$/],
    'template/:templateId/update': ['/template', /^\/template\/[^/]+$/],
    'template/:templateId/deprecate': ['/template', /^\/template\/[^/]+$/],
    'contact/:contactId': ['/enquiries', /^\/contact\/[^/]+$/],
    'outbox/:messageId': ['/outbox', /^\/outbox\/[^/]+$/],
    'staff/customers/:userId': ['/staff/customers', /^\/staff\/customers\/[^/]+$/],
  }
  const [list, link] = lists[pattern] ?? []
  if (!list) throw new Error(`No address known for the staff route ${pattern}: add one to this test.`)
  await page.goto(list)
  const hrefs = await page.locator('main a[href]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!))
  const first = hrefs.find((href) => link!.test(href) && !/\/(create)$/.test(href))
  if (!first) return null
  // What follows the record's id in the pattern ('packing-slip' of 'orders/:orderId/packing-slip').
  const segments = pattern.split('/')
  const suffix = segments.slice(segments.findIndex((segment) => segment.startsWith(':')) + 1).join('/')
  return suffix ? `${first}/${suffix}` : first
}

test.describe('the staff area', () => {
  test('has its own frame: a sidebar on a desktop with who is signed in, no storefront header or footer, the dashboard first', async ({
    page,
    staffMember,
  }) => {
    const email = staffMember.email
    await signInAsStaff(page, staffMember)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/staff')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(page).toHaveTitle(/^Dashboard \|/)
    const nav = page.getByRole('navigation', { name: 'Staff', exact: true })
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Orders',
      'Quotes',
      'Promotions',
      'Enquiries',
      'Customers',
      'Reports',
      'Payment links',
      'Products',
      'Templates',
      'History',
      'Outbox',
      'Data',
      'Shipping',
      'Payments',
      'Notifications',
      'Staff accounts',
    ])
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('complementary').getByText(`Signed in as ${email}`)).toBeVisible()
    await expect(page.getByRole('search')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    // Each figure leads to its list.
    for (const [label, address] of [
      ['Orders to pack', '/orders?filter=to-pack'],
      ['Returns to handle', '/orders?filter=returns'],
      ['New enquiries', '/enquiries?status=new'],
      ['Products low in stock', '/reports#low-stock'],
    ]) {
      await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', address!)
    }
    await expectNoAxeViolations(page)
    // CATALOG_SHOTS=dir keeps pictures to look at.
    if (process.env.CATALOG_SHOTS) await page.screenshot({ path: `${process.env.CATALOG_SHOTS}/staff-dashboard-1440.png`, fullPage: true })
    await nav.getByRole('link', { name: 'Orders' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
    // A product page is the shop's, with its header, even for staff.
    await page.goto('/product/unidrone-e900')
    await expect(page.getByRole('search')).toBeVisible()
  })

  /** The screens that need no records: always walked. */
  const ALWAYS_WALKED = [
    '/staff',
    '/staff/products',
    '/staff/customers',
    '/orders',
    '/quotes',
    '/reports',
    '/product/create',
    '/template',
    '/history',
    '/enquiries',
    '/outbox',
    '/payment-links',
    '/migration',
    '/settings/shipping',
    '/settings/payments',
    '/settings/notifications',
    '/settings/staff',
  ]

  /** Every staff screen of `patterns` at 390 px: it answers, fits without sideways scrolling, and passes axe. */
  async function walkAtPhoneWidth(page: Page, patterns: string[]) {
    const walked: string[] = []
    for (const pattern of patterns) {
      const address = await addressOf(page, pattern)
      if (!address) continue
      const response = await page.goto(address)
      expect(response?.status(), address).toBe(200)
      await expect(page.getByRole('heading', { level: 1 }).first(), address).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, `${address} scrolls sideways at 390 px`).toBeLessThanOrEqual(0)
      await expectNoAxeViolations(page)
      walked.push(address)
    }
    expect(walked).toEqual(expect.arrayContaining(ALWAYS_WALKED.filter((address) => patterns.includes(address.slice(1)))))
  }

  // Every staff screen with axe takes a minute or two beside the other worker's suites: in two halves, run side by side.
  const patterns = staffPagePatterns()
  const halves = [patterns.slice(0, Math.ceil(patterns.length / 2)), patterns.slice(Math.ceil(patterns.length / 2))]

  test('on a phone the menu opens under the bar and closes on a link; the first half of the staff screens fits 390 px and passes axe', async ({
    page,
    staffMember,
  }) => {
    test.setTimeout(180_000)
    await signInAsStaff(page, staffMember)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/staff')
    const menu = page.getByText('Menu', { exact: true })
    const drawer = page.getByRole('navigation', { name: 'Staff menu' })
    await expect(drawer).toBeHidden()
    await menu.click()
    await expect(drawer).toBeVisible()
    await expectNoAxeViolations(page)
    if (process.env.CATALOG_SHOTS) await page.screenshot({ path: `${process.env.CATALOG_SHOTS}/staff-menu-390.png`, fullPage: true })
    await drawer.getByRole('link', { name: 'Reports' }).click()
    await expect(page).toHaveURL('/reports')
    await expect(drawer).toBeHidden()
    if (process.env.CATALOG_SHOTS) {
      await page.goto('/staff')
      await page.screenshot({ path: `${process.env.CATALOG_SHOTS}/staff-dashboard-390.png`, fullPage: true })
    }
    await walkAtPhoneWidth(page, halves[0]!)
  })

  test('the second half of the staff screens fits 390 px and passes axe', async ({ page, staffMember }) => {
    test.setTimeout(180_000)
    await signInAsStaff(page, staffMember)
    await page.setViewportSize({ width: 390, height: 844 })
    await walkAtPhoneWidth(page, halves[1]!)
    // Between them, the two halves walk every screen that needs no records.
    expect(halves.flat().filter((pattern) => ALWAYS_WALKED.includes(`/${pattern}`))).toHaveLength(ALWAYS_WALKED.length)
  })

  test('new-order e-mails are on for staff from the start; each member turns theirs off on Notifications, under Settings', async ({ page }) => {
    const email = uniqueEmail('notices-staff')
    await logInAsStaff(page, email, addStaff(email))
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/staff')
    // The dashboard sends the owner to the invitations screen, not to a shell command.
    await expect(page.getByRole('main')).not.toContainText('npm run staff')
    await page.getByRole('main').getByRole('link', { name: 'Staff accounts' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible()

    await page.getByRole('navigation', { name: 'Staff', exact: true }).getByRole('link', { name: 'Notifications' }).click()
    await expect(page).toHaveURL('/settings/notifications')
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    const newOrders = page.getByRole('checkbox', { name: 'Each new paid order' })
    const digest = page.getByRole('checkbox', { name: 'A daily low-stock digest' })
    await expect(newOrders).toBeChecked()
    await expect(digest).not.toBeChecked()
    await expectNoAxeViolations(page)
    await picture(page, 'notifications-1440.png', { fullPage: true })
    await newOrders.uncheck()
    await digest.check()
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status')).toHaveText('Saved your e-mail choices.')
    await page.reload()
    await expect(newOrders).not.toBeChecked()
    await expect(digest).toBeChecked()
    await page.setViewportSize({ width: 390, height: 844 })
    await picture(page, 'notifications-390.png', { fullPage: true })

    // Reports no longer hold the form; they point to the screen.
    await page.goto('/reports')
    await expect(page.getByRole('checkbox')).toHaveCount(0)
    await page.getByRole('link', { name: 'notifications' }).click()
    await expect(page).toHaveURL('/settings/notifications')
  })

  test('staff find a product in the products list and change its price and stock there; the shop and the history show it', async ({ page, staffMember }) => {
    const email = staffMember.email
    await signInAsStaff(page, staffMember)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/staff')
    await page.getByRole('navigation', { name: 'Staff', exact: true }).getByRole('link', { name: 'Products' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
    const search = page.getByRole('search', { name: 'Find products' })
    await search.getByLabel('Search').fill('compass')
    await search.getByLabel('Category').selectOption('autopilots')
    await search.getByRole('button', { name: 'Show' }).click()
    await expect(page).toHaveURL(/\/staff\/products\?q=compass&category=autopilots/)
    await expect(page.getByTestId('product-total')).toHaveText(/^1 product\./)
    const price = page.getByLabel('Price of UniGPS M10 Compass Module ($)')
    const stock = page.getByLabel('Stock on hand of UniGPS M10 Compass Module')
    const [priceBefore, stockBefore] = [await price.inputValue(), await stock.inputValue()]
    await expectNoAxeViolations(page)

    await price.fill('79.50')
    await stock.fill('41')
    const row = page.getByTestId('product-row-unigps-m10-compass-module')
    const versionBefore = await row.getAttribute('data-version')
    await page.getByRole('button', { name: 'Save UniGPS M10 Compass Module' }).click()
    await expect(page.getByRole('status')).toHaveText('Saved UniGPS M10 Compass Module.')
    // The row is drawn again from the saved product (its new version) before it is typed in again.
    await expect(row).not.toHaveAttribute('data-version', versionBefore!)
    await expect(price).toHaveValue('79.50')
    // A price that is not an amount is refused with the reason, and nothing is saved.
    await price.fill('cheap')
    await page.getByRole('button', { name: 'Save UniGPS M10 Compass Module' }).click()
    await expect(page.getByRole('alert')).toHaveText('Enter a price in dollars, such as 1299.00.')

    await page.goto('/product/unigps-m10-compass-module')
    await expect(page.getByText('$79.50').first()).toBeVisible()
    await page.goto('/history/products/unigps-m10-compass-module')
    await expect(page.getByText(email).first()).toBeVisible()

    // Put back as it was.
    await page.goto('/staff/products?q=compass')
    await price.fill(priceBefore)
    await stock.fill(stockBefore)
    await page.getByRole('button', { name: 'Save UniGPS M10 Compass Module' }).click()
    await expect(page.getByRole('status')).toHaveText('Saved UniGPS M10 Compass Module.')
  })

  test('staff find a customer by e-mail and see their account, orders, addresses and enquiries', async ({ page, browser, staffMember }) => {
    const customer = uniqueEmail('found-customer')
    const buyer = await (await browser.newContext()).newPage()
    await signUp(buyer, customer, 'customer password 1')
    await buyer.goto('/contact')
    await buyer.getByLabel('Name', { exact: true }).fill('Cora Customer')
    await buyer.getByLabel('Email').fill(customer)
    await buyer.getByLabel('Message').fill('Is the E900 available in December?')
    await buyer.getByRole('button', { name: 'Send enquiry' }).click()
    await expect(buyer.getByRole('status')).toContainText('Thank you')

    await signInAsStaff(page, staffMember)
    await page.goto('/staff')
    await page.getByRole('navigation', { name: 'Staff', exact: true }).getByRole('link', { name: 'Customers' }).click()
    await page.getByRole('search', { name: 'Find customers' }).getByLabel('Search').fill(customer)
    await page.getByRole('button', { name: 'Find' }).click()
    await expect(page.getByTestId('customer-total')).toHaveText('1 customer')
    await page.getByRole('row').filter({ hasText: customer }).getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(`${customer} (not verified)`).or(page.getByText(`${customer} (verified)`))).toBeVisible()
    await expect(page.getByTestId('customer-enquiries')).toContainText('Is the E900 available in December?')
    await expect(page.getByRole('heading', { name: 'Orders (0)' })).toBeVisible()
    for (const width of process.env.CATALOG_SHOTS ? [1440, 390] : []) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${process.env.CATALOG_SHOTS}/customer-${width}.png`, fullPage: true })
    }
    await expectNoAxeViolations(page)
    // Staff accounts are not customers.
    expect((await page.goto(`/staff/customers/not-an-account`))?.status()).toBe(404)
  })

  test('a draft product is previewed by staff and unknown to visitors until it is set to Active', async ({ page, browser, staffMember }) => {
    const name = `Draft Mount ${Date.now().toString(36)}`
    const id = slugify(name)
    const template = demoProducts.find((product) => product.productCategory === 'parts-accessories')!
    await withShopDatabase((database) =>
      createProduct(database.db, { ...template, productName: name, productStatus: 'draft', productStockOnHand: null }, 'draft test'),
    )
    try {
      const visitor = await (await browser.newContext()).newPage()
      expect((await visitor.goto(`/product/${id}`))?.status()).toBe(404)
      await visitor.goto('/products/parts-accessories')
      await expect(visitor.getByRole('link', { name })).toHaveCount(0)

      await signInAsStaff(page, staffMember)
      await page.goto('/staff/products?status=draft')
      const row = page.getByTestId(`product-row-${id}`)
      await expect(row).toContainText('Draft')
      await row.getByRole('link', { name: 'preview' }).click()
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      await expect(page.getByTestId('preview-banner')).toContainText('Draft: only staff see this page')

      await page.goto(`/product/${id}/update`)
      await page.getByLabel('Status').selectOption('active')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page).toHaveURL(`/product/${id}`)
      await expect(page.getByTestId('preview-banner')).toHaveCount(0)
      expect((await visitor.goto(`/product/${id}`))?.status()).toBe(200)
      await visitor.goto('/products/parts-accessories')
      await expect(visitor.getByRole('link', { name }).first()).toBeVisible()
    } finally {
      await withShopDatabase((database) => deleteProduct(database.db, id, 'draft test'))
    }
  })

  test('staff tick products in the list and archive them in one go; they leave the shop', async ({ page, browser, staffMember }) => {
    const stamp = Date.now().toString(36)
    const names = [`Bulk Bracket A ${stamp}`, `Bulk Bracket B ${stamp}`]
    const template = demoProducts.find((product) => product.productCategory === 'parts-accessories')!
    await withShopDatabase(async (database) => {
      for (const name of names) await createProduct(database.db, { ...template, productName: name, productStockOnHand: null }, 'bulk test')
    })
    try {
      await signInAsStaff(page, staffMember)
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.goto(`/staff/products?q=${stamp}`)
      for (const name of names) await page.getByLabel(`Tick ${name}`).check()
      const bulk = page.getByRole('form', { name: 'Change the ticked products' })
      await bulk.getByLabel('With the ticked products').selectOption('status:archived')
      await bulk.getByRole('button', { name: 'Apply' }).click()
      await expect(page.getByRole('status')).toHaveText('Changed 2 products.')
      for (const name of names) await expect(page.getByTestId(`product-row-${slugify(name)}`)).toContainText('Archived')
      if (process.env.CATALOG_SHOTS) {
        await page.screenshot({ path: `${process.env.CATALOG_SHOTS}/staff-products-1440.png`, fullPage: true })
        await page.setViewportSize({ width: 390, height: 844 })
        await page.screenshot({ path: `${process.env.CATALOG_SHOTS}/staff-products-390.png`, fullPage: true })
        await page.setViewportSize({ width: 1440, height: 900 })
      }
      const visitor = await (await browser.newContext()).newPage()
      expect((await visitor.goto(`/product/${slugify(names[0]!)}`))?.status()).toBe(404)
      // Nothing ticked: the reason, and nothing changes.
      await bulk.getByLabel('With the ticked products').selectOption('status:active')
      await bulk.getByRole('button', { name: 'Apply' }).click()
      await expect(page.getByRole('alert')).toHaveText('Tick the products to change first.')
    } finally {
      await withShopDatabase(async (database) => {
        for (const name of names) await deleteProduct(database.db, slugify(name), 'bulk test')
      })
    }
  })
})
