import { eq } from 'drizzle-orm'
import { deleteProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct } from '../../app/server/catalog/products.server'
import { outbox } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { lookAt } from './support/look'
import { BRISBANE, checkOutWith, payWithDemoCard, uniqueEmail, withShopDatabase } from './support/shop'

/** The demo battery (db/seed/variants.ts): the product is "Single", its variant the matched pair. */
const BATTERY = 'unicell-6s-22000-mah-smart-battery'
const PAIR = `${BATTERY}-pair`
const PAIR_NAME = 'UniCell 6S 22000 mAh Smart Battery — Matched pair'

test('without scripts a shopper shows the matched pair by the form: its own address and price, canonical to the product, a ProductGroup; the variant’s id leads there', async ({
  browser,
  baseURL,
  request,
}) => {
  const plain = await (await browser.newContext({ javaScriptEnabled: false, baseURL })).newPage()
  await plain.goto(`/product/${BATTERY}`)
  const picker = plain.getByTestId('variant-picker')
  await expect(picker.getByRole('group', { name: 'Pack' })).toBeVisible()
  await expect(picker.getByRole('radio', { name: /^Single/ })).toBeChecked()
  await picker.getByText('Matched pair', { exact: true }).click()
  await picker.getByRole('button', { name: 'Show this choice' }).click()

  await expect(plain).toHaveURL(`/product/${BATTERY}?variant=${PAIR}`)
  await expect(picker.getByRole('radio', { name: /^Matched pair/ })).toBeChecked()
  await expect(plain.getByText(/^\$1,949\.00 incl\. GST$/)).toBeVisible()
  await expect(plain.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/product/${BATTERY}`)
  const ld = JSON.parse((await plain.locator('script[type="application/ld+json"]').first().textContent())!)
  expect(ld['@type']).toBe('ProductGroup')
  expect(ld.variesBy).toEqual(['Pack'])
  expect(ld.hasVariant).toHaveLength(2)
  expect(ld.hasVariant[1]).toMatchObject({
    name: PAIR_NAME,
    url: `${baseURL}/product/${BATTERY}?variant=${PAIR}`,
    offers: { price: '1949.00' },
  })
  await plain.context().close()

  const moved = await request.get(`/product/${PAIR}`, { maxRedirects: 0 })
  expect(moved.status()).toBe(301)
  expect(new URL(moved.headers().location!, baseURL).href).toBe(`${baseURL}/product/${BATTERY}?variant=${PAIR}`)
})

test('a shopper finds the battery “From $999.00” in its range, chooses the matched pair, buys one, and the tax invoice names it', async ({ page }) => {
  const email = uniqueEmail('pair')
  await page.goto('/products/parts-accessories')
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'UniCell 6S 22000 mAh Smart Battery', exact: true }) })
  await expect(card).toContainText('From $999.00')
  await expect(card.getByRole('button', { name: /^Add to cart/ })).toHaveCount(0)
  await card.getByRole('link', { name: /^Choose options/ }).click()

  await expect(page).toHaveURL(`/product/${BATTERY}`)
  const picker = page.getByTestId('variant-picker')
  await expect(picker.getByRole('radio', { name: /^Single/ })).toBeChecked()
  await expect(page.getByText(/^\$999\.00 incl\. GST$/)).toBeVisible()
  // With scripts the choice shows at once, with no button to press.
  await expect(picker.getByRole('button', { name: 'Show this choice' })).toBeHidden()
  await picker.getByText('Matched pair', { exact: true }).click()
  await expect(page).toHaveURL(`/product/${BATTERY}?variant=${PAIR}`)
  await expect(page.getByText(/^\$1,949\.00 incl\. GST$/)).toBeVisible()
  await lookAt(page, 'product-pair', picker)
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1440, height: 900 })

  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByText(`Added 1 × ${PAIR_NAME} to your cart.`)).toBeVisible()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')
  await page.goto('/checkout')
  await expect(page.getByTestId('cart-line')).toHaveCount(1)
  await expect(page.getByTestId('cart-line')).toContainText(PAIR_NAME)
  await expect(page.getByTestId('total')).toHaveText('$1,949.00')

  await checkOutWith(page, { fullName: 'Pat Pair', email, phone: '0412 345 678', method: /^Standard/, address: BRISBANE })
  await payWithDemoCard(page, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Pat Pair' })
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeVisible()
  await expect(page.getByText(`1 × ${PAIR_NAME}`)).toBeVisible()

  const [confirmation] = await withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email)))
  expect(confirmation!.text).toContain(PAIR_NAME)
  await page.goto(/Tax invoice for UD-\S+: (\S+)/.exec(confirmation!.text)![1]!)
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible()
  await expect(page.getByRole('cell', { name: new RegExp(`^${PAIR_NAME}`) })).toBeVisible()
  await expect(page.getByTestId('total')).toHaveText('$1,949.00')
})

test('staff give a product of their own an option and a second variant, a visitor can choose it, and staff remove it again', async ({
  page,
  browser,
  baseURL,
  staffMember,
}) => {
  // A product of this walk's own, in a range no other walk counts: the demo battery's pairs are left to the shoppers.
  const name = `Variant Gimbal ${Date.now()}`
  const productId = await withShopDatabase(async (database) => {
    const created = await createProduct(
      database.db,
      {
        productName: name,
        STUPID: 'prod_variant_gimbal',
        productCategory: 'cameras',
        productImages: [
          { value: '/images/products/unicam-t2-thermal-gimbal/1.svg', label: 'Gimbal on its standard mount', description: '' },
          { value: '/images/products/unicam-t2-thermal-gimbal/2.svg', label: 'Gimbal on a quick-release plate', description: '' },
        ],
        productDescriptions: [{ value: '', label: 'About', description: 'Comes with one mount or another.' }],
        productFeatures: [],
        productSpecifications: [],
        productDimensions: [],
        productShipping: [],
        productDownloads: [],
        productPrices: [{ value: 45_000, label: 'Price', description: '' }],
        productStockOnHand: 5,
        productWeightGrams: 400,
      },
      'e2e',
    )
    return created.FBUID
  })
  try {
    // A visitor opens the page first, so the kept copy of it must be retired by the save.
    const visitor = await (await browser.newContext({ baseURL })).newPage()
    await visitor.goto(`/product/${productId}`)
    await expect(visitor.getByTestId('variant-picker')).toHaveCount(0)

    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAsStaff(page, staffMember)
    await page.goto(`/product/${productId}`)
    await page.getByRole('link', { name: 'Options and variants' }).click()
    await expect(page).toHaveURL(`/product/${productId}/variants`)
    await expect(page.getByRole('heading', { level: 1, name: 'Options and variants' })).toBeVisible()

    const rows = page.getByTestId('variant-row')
    await page
      .getByRole('group', { name: 'Options' })
      .getByLabel(/^Option 1/)
      .fill('Mount')
    await rows.nth(0).getByLabel('Option 1 value').fill('Standard')
    const added = rows.nth(1)
    await added.getByLabel('Option 1 value').fill('Quick release')
    await added.getByLabel('Price ($, incl. GST)').fill('520.00')
    await added.getByLabel('Stock on hand').fill('3')
    await added.getByLabel('Picture when chosen').selectOption({ label: '2. Gimbal on a quick-release plate' })
    await added.getByLabel('Allow backorders').check()
    await added.getByLabel('Backorder lead time').fill('2–3 weeks')
    // A was price for a variant never sold at it is refused at its field, and nothing is saved.
    await added.getByLabel('Was price ($)').fill('600')
    await page.getByRole('button', { name: 'Save options and variants' }).click()
    await expect(added.getByLabel('Was price ($)')).toHaveAccessibleDescription(/The Quick release variant was never offered at \$600\.00 in the last 90 days/)
    await lookAt(page, 'variants-was-refused', added)
    await page.setViewportSize({ width: 1440, height: 900 })
    await added.getByLabel('Was price ($)').fill('')
    await page.getByRole('button', { name: 'Save options and variants' }).click()
    await expect(page).toHaveURL(`/product/${productId}/variants?saved=1`)
    await expect(page.getByRole('status')).toHaveText('Saved. See the product page')
    const quick = rows.filter({ has: page.getByText('Quick release', { exact: true }) })
    await expect(quick.getByLabel('Mount')).toHaveValue('Quick release')
    await expect(quick.getByLabel('Price ($, incl. GST)')).toHaveValue('520.00')
    await expect(quick.getByLabel('Stock on hand')).toHaveValue('3')
    await expect(quick.getByLabel('Backorder lead time')).toHaveValue('2–3 weeks')
    await lookAt(page, 'variants-saved', quick)
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 1440, height: 900 })

    // The visitor's page offers the new choice, at its own price.
    await visitor.reload()
    const picker = visitor.getByTestId('variant-picker')
    await expect(picker.getByRole('group', { name: 'Mount' })).toBeVisible()
    await expect(picker.getByRole('radio', { name: /^Standard/ })).toBeChecked()
    await picker.getByText('Quick release', { exact: true }).click()
    await expect(visitor).toHaveURL(new RegExp(`/product/${productId}\\?variant=${productId}-quick-release$`))
    await expect(visitor.getByText(/^\$520\.00 incl\. GST$/)).toBeVisible()
    // Its own picture leads the gallery.
    await expect(visitor.getByTestId('main-image')).toHaveAttribute('alt', 'Gimbal on a quick-release plate')
    const variantPage = visitor.url()

    // Removed again: the page offers it no more, and its address shows the product.
    await page.goto(`/product/${productId}/variants`)
    await quick.getByLabel('Remove this variant').check()
    await page.getByRole('button', { name: 'Save options and variants' }).click()
    await expect(page).toHaveURL(`/product/${productId}/variants?saved=1`)
    await expect(page.getByRole('status')).toHaveText('Saved. See the product page')
    await expect(quick).toHaveCount(0)
    await visitor.goto(variantPage)
    await expect(visitor).toHaveURL(`/product/${productId}`)
    await expect(visitor.getByRole('radio', { name: /^Quick release/ })).toHaveCount(0)
    await expect(visitor.getByText(/^\$450\.00 incl\. GST$/)).toBeVisible()
    await visitor.context().close()
  } finally {
    await withShopDatabase((database) => deleteProduct(database.db, productId, 'variants test'))
  }
})
