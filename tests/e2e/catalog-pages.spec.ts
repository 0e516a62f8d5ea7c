import { mkdirSync } from 'node:fs'
import { slugify } from '../../app/lib/slug'
import { deleteProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct } from '../../app/server/catalog/products.server'
import { demoProducts } from '../../db/seed/catalog'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { withShopDatabase } from './support/shop'
import type { Page } from '@playwright/test'

/** Screenshots to look at, at desktop and phone widths (CATALOG_SHOTS=dir keeps them there). */
const SHOTS = process.env.CATALOG_SHOTS
const shot = async (page: Page, name: string, fullPage = true) => {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage })
}

/**
 * Link & Controllers gets 45 more products for the paging, sorting and filtering tests (no other
 * spec counts that range): product n costs $n × 10, and every third is sold out.
 */
const RANGE = '/products/radio-controllers'
const extra = Array.from({ length: 45 }, (_, index) => ({
  name: `ZZ Sorted Link ${String(index + 1).padStart(2, '0')}`,
  dollars: (index + 1) * 10,
  soldOut: (index + 1) % 3 === 0,
}))
const template = demoProducts.find((product) => product.productCategory === 'radio-controllers')!
const inRange = demoProducts.filter((product) => product.productCategory === 'radio-controllers').length + extra.length

test.describe('category pages', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async () => {
    await withShopDatabase(async (database) => {
      for (const product of extra) {
        await createProduct(
          database.db,
          {
            ...template,
            productName: product.name,
            productPrices: [{ value: product.dollars * 100, label: 'Price', description: '' }],
            productStockOnHand: product.soldOut ? 0 : 50,
            productAllowBackorder: false,
          },
          'catalog pages test',
        )
      }
    })
  })
  test.afterAll(async () => {
    await withShopDatabase(async (database) => {
      for (const product of extra) await deleteProduct(database.db, slugify(product.name), 'catalog pages test')
    })
  })

  /** The cards' prices, once the page has arrived in full (it streams: the count comes before the cards). */
  const prices = async (page: Page) => {
    await page.waitForLoadState()
    return (await page.getByRole('article').allTextContents()).map((text) => Number(/\$([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN))
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('sort, filter and page through a range with the plain form and links', async ({ page }) => {
      await page.goto(RANGE)
      await expect(page.getByTestId('product-count')).toHaveText(`${inRange} products`)
      await expect(page.getByRole('article')).toHaveCount(24)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/radio-controllers$/)

      const form = page.getByRole('form', { name: 'Sort and filter' })
      await form.getByLabel('Sort by').selectOption('price-asc')
      await form.getByRole('button', { name: 'Apply' }).click()
      await expect(page).toHaveURL(/\?sort=price-asc/)
      const up = await prices(page)
      expect(up).toEqual([...up].sort((a, b) => a - b))
      await expect(page.getByRole('article').first()).toContainText('ZZ Sorted Link 01')
      // A sorted view names the range's first page as its canonical address.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/radio-controllers$/)

      await form.getByLabel('Sort by').selectOption('price-desc')
      await form.getByLabel('In stock only').check()
      await form.getByLabel('Min price ($)').fill('50')
      await form.getByLabel('Max price ($)').fill('250')
      await form.getByRole('button', { name: 'Apply' }).click()
      const wanted = [
        ...extra.filter((product) => !product.soldOut).map((product) => product.dollars),
        ...demoProducts
          .filter((product) => product.productCategory === 'radio-controllers' && (product.productStockOnHand ?? 1) > 0)
          .map((product) => product.productPrices[0]!.value / 100),
      ].filter((dollars) => dollars >= 50 && dollars <= 250)
      await expect(page.getByTestId('product-count')).toHaveText(`${wanted.length} products`)
      expect(await prices(page)).toEqual(wanted.sort((a, b) => b - a))
      await expect(page.getByTestId('stock').filter({ hasText: 'Sold out' })).toHaveCount(0)
      // The form shows the view it asked for.
      await expect(form.getByLabel('Sort by')).toHaveValue('price-desc')
      await expect(form.getByLabel('In stock only')).toBeChecked()
      await expect(form.getByLabel('Min price ($)')).toHaveValue('50')
      await shot(page, 'category-filtered-1440')

      // Paging keeps the view: the cheapest first, in stock only, 24 on page one.
      await page.goto(`${RANGE}?sort=price-asc&stock=in`)
      const available =
        inRange -
        extra.filter((product) => product.soldOut).length -
        demoProducts.filter((product) => product.productCategory === 'radio-controllers' && product.productStockOnHand === 0).length
      await expect(page.getByTestId('product-count')).toHaveText(`${available} products`)
      const pages = page.getByRole('navigation', { name: 'Pages' })
      await pages.getByRole('link', { name: 'Next' }).click()
      await expect(page).toHaveURL(`${RANGE}?sort=price-asc&stock=in&page=2`)
      await expect(page).toHaveTitle('Link & Controllers, page 2 | UniDrone Robotics')
      await expect(page.getByRole('article')).toHaveCount(available - 24)
      await expect(page.getByTestId('stock').filter({ hasText: 'Sold out' })).toHaveCount(0)
      await pages.getByRole('link', { name: 'Previous' }).click()
      await expect(page).toHaveURL(`${RANGE}?sort=price-asc&stock=in`)

      // A page of the default view is its own canonical address.
      await page.goto(`${RANGE}?page=2`)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/radio-controllers\?page=2$/)
    })
  })

  test('unknown values are ignored, a page past the last is not found, nothing matching says so', async ({ page, request }) => {
    const odd = await page.goto(`${RANGE}?sort=cheapest&stock=perhaps&min=lots&colour=red`)
    expect(odd?.status()).toBe(200)
    await expect(page.getByTestId('product-count')).toHaveText(`${inRange} products`)
    const last = Math.ceil(inRange / 24)
    expect((await request.get(`${RANGE}?page=${last}`)).status()).toBe(200)
    for (const beyond of [`?page=${last + 1}`, `?sort=name&page=${last + 1}`, '?stock=in&min=400&page=2', '?page=0', '?page=two']) {
      expect((await request.get(`${RANGE}${beyond}`)).status(), beyond).toBe(404)
    }
    await page.goto(`${RANGE}?min=900000`)
    await expect(page.getByText('No products match these filters.')).toBeVisible()
    await expect(page.getByTestId('product-count')).toHaveText('0 products')
  })

  test('breadcrumbs with BreadcrumbList JSON-LD on category and product pages', async ({ page }) => {
    await page.goto('/products/cameras')
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(trail.getByRole('listitem')).toHaveText(['Home', '/Products', '/Cameras'])
    await expect(trail.getByText('Cameras')).toHaveAttribute('aria-current', 'page')
    const ld = async () => (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text))
    const [categoryTrail] = (await ld()).filter((item) => item['@type'] === 'BreadcrumbList')
    expect(categoryTrail.itemListElement.map((item: { name: string }) => item.name)).toEqual(['Home', 'Products', 'Cameras'])
    expect(categoryTrail.itemListElement[2].item).toMatch(/^http:\/\/localhost:\d+\/products\/cameras$/)

    await page.goto('/product/unidrone-e900')
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText(['Home', '/Products', '/Autopilot', '/UniDrone E900'])
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Autopilot' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Autopilot' })).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'UniDrone E900' })).toBeVisible()
    const productLd = await ld()
    expect(productLd.map((item) => item['@type'])).toEqual(['Product', 'BreadcrumbList'])
    expect(productLd[1].itemListElement.map((item: { position: number }) => item.position)).toEqual([1, 2, 3, 4])

    await page.goto('/')
    const [organization] = (await ld()).filter((item) => item['@type'] === 'Organization')
    expect(organization).toMatchObject({
      name: 'UniDrone Robotics',
      legalName: 'UniDrone Robotics Pty Ltd',
      url: expect.stringMatching(/^http:\/\/localhost:\d+\/$/),
    })
  })

  test('the product page shows every description under its own heading: the E900 says what is in the box', async ({ page }) => {
    await page.goto('/product/unidrone-e900')
    await expect(page.getByRole('heading', { level: 2, name: 'In the box' })).toBeVisible()
    await expect(page.getByText(/Batteries, charger and payloads are sold separately\./)).toBeVisible()
    for (const heading of ['Compatibility', 'Who it is for']) await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    // The demo's staff chose what goes with the E900, batteries first; each is a card with its own link.
    const related = page.getByRole('region', { name: 'Compatible and related' })
    await expect(related.getByRole('heading', { level: 3 })).toHaveText([
      'UniCell 6S 22000 mAh Smart Battery',
      'UniCharge C2 Dual Smart Charger',
      'UniCase E900 Transport Case',
      'UniFrame E900 Carbon Landing Gear Set',
    ])
    await expect(page.getByText('Crop monitoring')).toBeVisible()
    await shot(page, 'product-e900-1440')
    // For the Nano nobody chose: other autopilots stand in, never the product itself, and no use-case pictures.
    await page.goto('/product/unipilot-nano-h7')
    await expect(related.getByRole('article')).toHaveCount(4)
    await expect(related.getByRole('link', { name: 'UniPilot Nano H7' })).toHaveCount(0)
    await expect(related.getByRole('link', { name: 'UniPilot X7 Pro' })).toBeVisible()
    await expect(page.getByText('Crop monitoring')).toHaveCount(0)
  })

  test('the home page: a call to action, the four tiles, the featured products with their prices, and the shop’s promises', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Meet the UniDrone E900' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'UniDrone E900' })).toBeVisible()
    await page.goBack()
    for (const tile of ['Cameras', 'Link & Controllers', 'Autopilot', 'UniDrone E900'])
      await expect(page.getByRole('heading', { level: 2, name: tile, exact: true })).toBeVisible()
    // The demo features four products (db/seed/placement.ts), each with its price.
    const featured = page.getByRole('region', { name: 'Featured products' }).getByRole('article')
    await expect(featured).toHaveCount(4)
    for (const card of await featured.all()) await expect(card).toContainText(/\$[\d,]+\.\d\d/)
    await expect(featured.getByRole('heading', { name: 'UniPilot X7 Pro' })).toBeVisible()
    // Free delivery starts where the Standard method says (the demo's $300).
    await expect(page.getByText('Tracked delivery to any address, free over $300.00, or Click & Collect.')).toBeVisible()
    await expect(page.getByRole('link', { name: /^Returns policy/ })).toHaveAttribute('href', '/legals/returns-policy')
    await shot(page, 'home-1440')
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await shot(page, 'home-390')
  })

  test('the Products menu’s links are in the HTML as sent, every range included, in the menu’s order', async ({ page, request }) => {
    const html = await (await request.get('/')).text()
    for (const path of [
      '/products/autopilots',
      '/products/cameras',
      '/products/radio-controllers',
      '/products/propulsion',
      '/products/parts-accessories',
      '/product/unidrone-e900',
    ]) {
      expect(html, path).toContain(`href="${path}"`)
    }
    await page.goto('/')
    const button = page.getByRole('button', { name: 'Products' })
    await button.click()
    const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`)
    await expect(menu.getByRole('link')).toHaveText(['Autopilot', 'Cameras', 'Link & Controllers', 'Propulsion', 'Parts & Accessories', 'UniDrone E900'])
    // Each leads to a page whose heading is the menu's name for it.
    for (const name of ['Autopilot', 'Cameras', 'Link & Controllers', 'Propulsion', 'Parts & Accessories', 'UniDrone E900']) {
      await page.goto('/')
      await button.click()
      await menu.getByRole('link', { name, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    }

    await page.goto('/products')
    await expect(page.getByRole('navigation', { name: 'Ranges' }).getByRole('link')).toHaveText([
      /^Autopilot/,
      /^Cameras/,
      /^Link & Controllers/,
      /^Propulsion/,
      /^Parts & Accessories/,
    ])
  })

  test('/products lists every product with a range’s sort, filters and pages, on a phone too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/products')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products')
    const everything = Number((await page.getByTestId('product-count').textContent())!.replace(/\D/g, ''))
    expect(everything).toBeGreaterThanOrEqual(demoProducts.length + extra.length)
    await expect(page.getByRole('article')).toHaveCount(24)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products$/)

    const form = page.getByRole('form', { name: 'Sort and filter' })
    await form.getByLabel('Sort by').selectOption('price-asc')
    await form.getByLabel('In stock only').check()
    await form.getByRole('button', { name: 'Apply' }).click()
    // The form sends its empty price boxes too; the page reads the same view.
    await expect(page).toHaveURL(/\/products\?sort=price-asc(&min=&max=)?&stock=in$/)
    const first = await prices(page)
    expect(first).toHaveLength(24)
    expect(first).toEqual([...first].sort((a, b) => a - b))
    await expect(page.getByTestId('stock').filter({ hasText: 'Sold out' })).toHaveCount(0)
    // Products of several ranges, the cheapest first: the $10 link before the cheapest camera.
    await expect(page.getByRole('article').first()).toContainText('ZZ Sorted Link 01')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products$/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await shot(page, 'all-products-390')
    await expectNoAxeViolations(page)

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL('/products?sort=price-asc&stock=in&page=2')
    await expect(page).toHaveTitle('All products, page 2 | UniDrone Robotics')
    const second = await prices(page)
    expect(second.length).toBeGreaterThan(0)
    expect(second).toEqual([...second].sort((a, b) => a - b))
    expect(second[0]).toBeGreaterThanOrEqual(first.at(-1)!)

    // A page of the default view is its own canonical address; one past the last is not found.
    await page.goto('/products?page=2')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\?page=2$/)
    expect((await page.request.get(`/products?page=${Math.ceil(everything / 24) + 1}`)).status()).toBe(404)
  })

  test('axe finds no violations on a filtered category page', async ({ page }) => {
    await page.goto(`${RANGE}?sort=price-desc&stock=in&page=1`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('two cards a row and no sideways scrolling', async ({ page }) => {
      await page.goto(RANGE)
      const boxes = await Promise.all((await page.getByRole('article').all()).slice(0, 4).map((card) => card.boundingBox()))
      expect(boxes[0]!.y).toBe(boxes[1]!.y)
      expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y)
      expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width)
      expect(boxes[1]!.x + boxes[1]!.width).toBeLessThanOrEqual(390)
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      await shot(page, 'category-390', false)
      await page.getByRole('article').nth(4).scrollIntoViewIfNeeded()
      await shot(page, 'category-390-cards', false)
      await page.goto('/product/unidrone-e900')
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
      await page.getByRole('heading', { level: 2, name: 'In the box' }).scrollIntoViewIfNeeded()
      await shot(page, 'product-e900-390', false)
    })
  })
})
