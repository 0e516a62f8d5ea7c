import { slugify } from '../../app/lib/slug'
import { deleteProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct } from '../../app/server/catalog/products.server'
import { demoProducts } from '../../db/seed/catalog'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { withShopDatabase } from './support/shop'

test('a visitor goes from home through a category to a product and explores it', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('UniDrone Robotics')
  await page
    .getByRole('link', { name: /^Cameras/ })
    .first()
    .click()

  await expect(page).toHaveURL('/products/cameras')
  await expect(page.getByRole('heading', { level: 1, name: 'Cameras' })).toBeVisible()
  const cards = page.getByRole('article')
  expect(await cards.count()).toBeGreaterThanOrEqual(4)
  const firstCard = cards.first()
  await expect(firstCard.getByRole('img')).toHaveAttribute('src', /^\/images\/products\/.+\/1\.svg$/)
  const productName = (await firstCard.getByRole('heading').textContent())!.trim()
  await firstCard.getByRole('link', { name: productName }).click()

  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible()
  await expect(page).toHaveTitle(`${productName} | UniDrone Robotics`)
  await expect(page.getByText(/^\$[\d,]+\.\d\d/).first()).toBeVisible()

  const mainImage = page.getByTestId('main-image')
  await expect(mainImage).toHaveAttribute('src', /\/1\.svg$/)
  await page.getByRole('button', { name: 'Show image 2 of' }).click()
  await expect(mainImage).toHaveAttribute('src', /\/2\.svg$/)
  await expect(page.getByRole('button', { name: 'Show image 2 of' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Next image' }).click()
  await expect(mainImage).toHaveAttribute('src', /\/3\.svg$/)

  for (const panel of ['Read More', 'Features', 'Dimensions', 'Shipping']) {
    const summary = page.locator('summary', { hasText: panel })
    const content = page.locator('details', { has: summary }).locator(':scope > div')
    await expect(content).toBeHidden()
    await summary.click()
    await expect(content).toBeVisible()
    await summary.click()
    await expect(content).toBeHidden()
  }

  const manual = page.getByRole('link', { name: /user manual/i })
  const download = await page.request.get((await manual.getAttribute('href'))!)
  expect(download.headers()['content-type']).toContain('application/pdf')
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-')

  for (const useCase of ['Fish and animal counting', 'Livestock monitoring', 'Mine surveying', 'Crop monitoring']) {
    await expect(page.getByText(useCase)).toBeVisible()
  }
  await expect(page.getByText('24/7 support')).toBeVisible()
})

test('the Products dropdown and the footer lead to every range', async ({ page }) => {
  await page.goto('/')
  const menuButton = page.getByRole('button', { name: 'Products' })
  await menuButton.click()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await menuButton.click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Link & Controllers' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Link & Controllers' })).toBeVisible()

  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText('© 2024')
  await footer.getByRole('link', { name: 'Propulsion' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Propulsion' })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(4)
  await expect(footer.getByRole('link', { name: 'enquiries@unidrone.example' })).toHaveAttribute('href', 'mailto:enquiries@unidrone.example')
})

test('/products lists every product under links to the five ranges', async ({ page }) => {
  await page.goto('/products')
  const ranges = page.getByRole('navigation', { name: 'Ranges' }).getByRole('link')
  await expect(ranges).toHaveText([/^Autopilot/, /^Cameras/, /^Link & Controllers/, /^Propulsion/, /^Parts & Accessories/])
  await expect(page.getByRole('article').first()).toBeVisible()
  await ranges.filter({ hasText: 'Cameras' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cameras')
})

test('unknown products, ranges and addresses answer 404 with a way home', async ({ page }) => {
  for (const path of ['/product/no-such-drone', '/products/submarines', '/no/such/page']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/We couldn’t find that/)
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()
    // The page as sent (what a search engine reads) has one title, and it says so too.
    await expect(page, path).toHaveTitle('Page not found | UniDrone Robotics')
    expect((await response!.text()).match(/<title>[^<]*<\/title>/g), path).toEqual(['<title>Page not found | UniDrone Robotics</title>'])
  }
  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await expect(page).toHaveURL('/')
})

test('catalogue pages as sent ask for their largest image first', async ({ request }) => {
  // The largest image on a phone's first screen: the product's main image, the first range tile, the first card.
  const firstImages = { '/product/unidrone-e900': '/images/products/unidrone-e900/1.svg', '/': '/images/tiles/', '/products/cameras': '/images/products/' }
  for (const [path, image] of Object.entries(firstImages)) {
    // A visitor's copy (from the page cache after the first) and a signed-in visitor's (rendered each time).
    const visits: Record<string, string>[] = [{}, {}, { cookie: 'better-auth.session_token=not-a-session' }]
    for (const headers of visits) {
      const html = await (await request.get(path, { headers })).text()
      const urgent = html.match(/<img [^>]*fetchpriority="high"[^>]*>/gi) ?? []
      expect(urgent, path).toHaveLength(1)
      expect(urgent[0], path).toContain(`src="${image}`)
      expect(urgent[0], path).not.toContain('loading="lazy"')
    }
  }
})

test('pages ask for their stylesheet before their scripts, and load few script files', async ({ page, request }) => {
  // Each script file is one more request on a phone; the stylesheet holds the first paint (decision 018).
  for (const path of ['/', '/products/cameras', '/product/unidrone-e900', '/checkout']) {
    const html = await (await request.get(path)).text()
    const stylesheet = html.indexOf('rel="stylesheet"')
    expect(stylesheet, path).toBeGreaterThan(0)
    expect(stylesheet, path).toBeLessThan(html.indexOf('rel="modulepreload"'))
    expect((html.match(/rel="modulepreload"/g) ?? []).length, path).toBeLessThanOrEqual(8)
  }

  const scripts = new Set<string>()
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.add(sent.url())
  })
  await page.goto('/product/unidrone-e900')
  await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeEnabled()
  expect(scripts.size).toBeLessThanOrEqual(8)
  // After moving to another page in the browser, the page is still styled by one stylesheet.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cameras' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cameras' })).toBeVisible()
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1)
  // The body's `flex` class, from the stylesheet (a browser's own style for body is `block`).
  expect(await page.locator('body').evaluate((body) => getComputedStyle(body).display)).toBe('flex')
})

test('a new page starts at the top', async ({ page }) => {
  await page.goto('/product/unidrone-e900')
  await page.mouse.wheel(0, 3000)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cameras' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cameras' })).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the menu opens and leads to the UniDrone E900', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Products' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.locator('#mobile-menu')
    await expect(menu).toBeVisible()
    await menu.getByRole('link', { name: 'UniDrone E900' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'UniDrone E900' })).toBeVisible()
    await expect(menu).toBeHidden()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test('product pages tell search engines what they sell', async ({ page }) => {
  await page.goto('/product/unidrone-e900')
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/product\/unidrone-e900$/)
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!)
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: 'UniDrone E900', offers: { priceCurrency: 'AUD', availability: 'https://schema.org/InStock' } })
  expect(jsonLd.offers.price).toMatch(/^\d+\.\d\d$/)
  expect(jsonLd.image[0]).toMatch(/^http:\/\/localhost:\d+\/images\/products\/unidrone-e900\/1\.svg$/)

  const sitemap = await page.request.get('/sitemap.xml')
  expect(await sitemap.text()).toContain('/product/unidrone-e900</loc>')
  expect(await (await page.request.get('/robots.txt')).text()).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/)
})

for (const path of ['/', '/products', '/products/cameras', '/product/unidrone-e900']) {
  test(`axe finds no accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoAxeViolations(page)
  })
}

test('a long category is split into pages of 24 that a visitor walks through', async ({ page }) => {
  const names = Array.from({ length: 30 }, (_, index) => `ZZ Paged Spare ${String(index + 1).padStart(2, '0')}`)
  const template = demoProducts.find((product) => product.productCategory === 'parts-accessories')!
  await withShopDatabase(async (database) => {
    for (const productName of names) await createProduct(database.db, { ...template, productName }, 'paging test')
  })
  try {
    const total = demoProducts.filter((product) => product.productCategory === 'parts-accessories').length + names.length
    await page.goto('/products/parts-accessories')
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages).toContainText(`Page 1 of 2 (${total} products)`)
    await expect(page.getByRole('article')).toHaveCount(24)
    await expect(pages.getByText('1', { exact: true })).toHaveAttribute('aria-current', 'page')

    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL('/products/parts-accessories?page=2')
    await expect(page).toHaveTitle('Parts & Accessories, page 2 | UniDrone Robotics')
    await expect(page.getByRole('article')).toHaveCount(total - 24)
    await expect(page.getByRole('article').last()).toContainText('ZZ Paged Spare 30')
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0)
    await expectNoAxeViolations(page)

    await pages.getByRole('link', { name: 'Previous' }).click()
    await expect(page).toHaveURL('/products/parts-accessories')
    await expect(page.getByRole('article')).toHaveCount(24)

    for (const beyond of ['?page=3', '?page=0', '?page=two']) {
      expect((await page.request.get(`/products/parts-accessories${beyond}`)).status(), beyond).toBe(404)
    }
  } finally {
    await withShopDatabase(async (database) => {
      for (const productName of names) await deleteProduct(database.db, slugify(productName), 'paging test')
    })
  }
})
