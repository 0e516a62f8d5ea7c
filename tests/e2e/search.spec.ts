import { slugify } from '../../app/lib/slug'
import { deleteProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct } from '../../app/server/catalog/products.server'
import { demoProducts } from '../../db/seed/catalog'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { withShopDatabase } from './support/shop'
import { picture } from './support/look'

test('a visitor searches from the header and pages through the results', async ({ page }) => {
  await page.goto('/products/cameras')
  const box = page.getByRole('search', { name: 'Search the shop' }).getByRole('combobox', { name: 'Search products' })
  await box.fill('caméra fpv')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=cam%C3%A9ra\+fpv$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “caméra fpv”')
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText('UniCam F1 FPV Camera')
  await expect(box, 'the box keeps what was searched').toHaveValue('caméra fpv')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')

  await page.goto('/search?q=autopilto')
  await expect(page.getByText(/^\d+ products? found$/)).toBeVisible()
  expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(4)

  await page.goto('/search?q=zzqx+wobble')
  await expect(page.getByText('No products match “zzqx wobble”.', { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Propulsion' }).last()).toHaveAttribute('href', '/products/propulsion')
})

test('many results are split into pages of 24 with crawlable links', async ({ page }) => {
  const names = Array.from({ length: 26 }, (_, index) => `Wombatgear Spare ${String(index + 1).padStart(2, '0')}`)
  const template = demoProducts.find((product) => product.productCategory === 'parts-accessories')!
  await withShopDatabase(async (database) => {
    for (const productName of names) await createProduct(database.db, { ...template, productName }, 'search paging test')
  })
  try {
    await page.goto('/search?q=wombatgear')
    await expect(page.getByText('26 products found')).toBeVisible()
    await expect(page.getByRole('article')).toHaveCount(24)
    await expect(page.getByRole('article').first()).toContainText('Wombatgear Spare 01')
    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/search?q=wombatgear&page=2')
    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL('/search?q=wombatgear&page=2')
    await expect(page.getByRole('article')).toHaveCount(2)
    await expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/search?q=wombatgear')
    for (const beyond of ['page=3', 'page=0', 'page=two']) {
      expect((await page.request.get(`/search?q=wombatgear&${beyond}`)).status(), beyond).toBe(404)
    }
  } finally {
    await withShopDatabase(async (database) => {
      for (const productName of names) await deleteProduct(database.db, slugify(productName), 'search paging test')
    })
  }
})

test('suggestions are chosen with the keyboard', async ({ page }) => {
  await page.goto('/')
  const box = page.getByRole('combobox', { name: 'Search products' })
  await expect(box).toHaveAttribute('aria-expanded', 'false')
  await box.pressSequentially('x')
  await expect(page.getByRole('listbox')).toBeHidden()
  await box.pressSequentially('7 pr')
  const list = page.getByRole('listbox', { name: 'Suggested products' })
  await expect(list).toBeVisible()
  await expect(box).toHaveAttribute('aria-expanded', 'true')
  await expect(list.getByRole('option').first()).toContainText('UniPilot X7 Pro')
  await expect(page.getByTestId('suggestion-count')).toHaveText(/^\d suggestions?\. Use the up and down arrow keys/)

  await box.press('ArrowDown')
  const first = list.getByRole('option').first()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
  await box.press('ArrowUp')
  await expect(first).toHaveAttribute('aria-selected', 'false')
  await box.press('ArrowDown')
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await box.press('Escape')
  await expect(list).toBeHidden()
  await box.press('ArrowDown')
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await box.press('Enter')
  await expect(page).toHaveURL('/product/unipilot-x7-pro')
  await expect(page.getByRole('heading', { level: 1, name: 'UniPilot X7 Pro' })).toBeVisible()
})

test('the search page has no accessibility violations, and the header fits a phone', async ({ page }) => {
  await page.goto('/search?q=camera')
  await expect(page.getByRole('article').first()).toBeVisible()
  await expectNoAxeViolations(page)
  await page.goto('/search?q=zzqx')
  await expectNoAxeViolations(page)

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/')
    const box = page.getByRole('combobox', { name: 'Search products' })
    await expect(box).toBeVisible()
    await box.fill('gimbal')
    await expect(page.getByRole('listbox')).toBeVisible()
    await picture(page, `header-search-${width}.png`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(width)
    await expectNoAxeViolations(page)
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the header form searches', async ({ page }) => {
    await page.goto('/contact')
    const box = page.getByRole('search', { name: 'Search the shop' }).getByRole('searchbox', { name: 'Search products' })
    await box.fill('UNIPILOT')
    await page.getByRole('search', { name: 'Search the shop' }).getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL('/search?q=UNIPILOT')
    await expect(page.getByText(/^\d+ products found$/)).toBeVisible()
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(/^UniPilot /)

    await page.goto('/search?q=a')
    await expect(page.getByText('Type at least 2 letters or digits to search.')).toBeVisible()
  })
})
