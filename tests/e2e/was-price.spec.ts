import type { Product } from '../../app/lib/catalog'
import { slugify } from '../../app/lib/slug'
import { createProduct } from '../../app/server/catalog/products.server'
import { history } from '../../app/server/db/schema'
import { demoProducts } from '../../db/seed/catalog'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { lookAt, picture } from './support/look'
import { withShopDatabase } from './support/shop'

test('staff are told why a was price the product never had is refused; an honest one shows as "Was $X, now $Y" on its page', async ({ page, staffMember }) => {
  // A camera of its own at $1,499, in the shop at that price since 40 days ago (its history says so).
  const name = `Was Price Camera ${Date.now().toString(36)}`
  const id = slugify(name)
  const camera = demoProducts.find((product) => product.productCategory === 'cameras')!
  await withShopDatabase(async ({ db }) => {
    const product: Product = await createProduct(
      db,
      { ...camera, productName: name, productPrices: [{ value: 149_900, label: 'Price (inc. GST)', description: '' }], productRelated: [] },
      'seed',
    )
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000)
    await db
      .insert(history)
      .values({ collection: 'products', documentId: id, action: 'create', document: { ...product }, updatedAt: fortyDaysAgo, updatedBy: 'seed' })
  })

  await signInAsStaff(page, staffMember)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/product/${id}/update`)
  const price = page.getByRole('group', { name: 'Price 1', exact: true }).getByLabel('Amount in dollars')
  const was = page.getByLabel('Was price in dollars (incl. GST)')
  await price.fill('1299')

  // A price it was never offered at: refused, the reason beside the field, what was typed kept.
  await was.fill('1799')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(was).toHaveAccessibleDescription(
    /This product was never offered at \$1,799\.00 in the last 90 days; a was price needs at least 28 days at that price\./,
  )
  await expect(was).toHaveAttribute('aria-invalid', 'true')
  await expect(was).toBeFocused()
  await expect(was).toHaveValue('1799')
  await expect(price).toHaveValue('1299')
  await expect(page).toHaveURL(`/product/${id}/update`)
  await lookAt(page, 'was-price-refused', was)
  await expectNoAxeViolations(page)

  // The price it has had for the last 40 days: saved, and the page says "Was $1,499.00, now $1,299.00".
  await page.setViewportSize({ width: 1440, height: 900 })
  await was.fill('1,499')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(`/product/${id}`)
  const tag = page.getByTestId('was-price')
  await expect(tag).toHaveText('Was $1,499.00, now $1,299.00 incl. GST')
  await expect(tag.locator('s')).toHaveText('$1,499.00')
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(jsonLd.map((text) => JSON.parse(text)).find((ld) => ld['@type'] === 'Product').offers).toMatchObject({
    price: '1299.00',
    priceSpecification: { priceType: 'https://schema.org/StrikethroughPrice', price: '1499.00' },
  })
  await lookAt(page, 'was-price-product', tag)
  await expectNoAxeViolations(page)

  // A visitor's search finds the card with the same words.
  const visitor = await (
    await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 } })
  ).newPage()
  await visitor.goto(`/search?q=${encodeURIComponent(name)}`)
  const card = visitor.getByRole('article').filter({ hasText: name })
  await expect(card.getByTestId('was-price')).toHaveText('Was $1,499.00, now $1,299.00')
  await picture(card, 'was-price-card-390.png')
  await visitor.context().close()
})
