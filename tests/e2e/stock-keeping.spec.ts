import type { Product } from '../../app/lib/catalog'
import { slugify } from '../../app/lib/slug'
import { createProduct } from '../../app/server/catalog/products.server'
import { demoProducts } from '../../db/seed/catalog'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { lookAt } from './support/look'
import { withShopDatabase } from './support/shop'

test('staff give a product its SKU, barcode and cost: a wrong check digit is refused, the list finds it by a mistyped SKU, and the shop never shows the cost', async ({
  page,
  request,
  staffMember,
}) => {
  // A product of this walk's own, so that its codes are nobody else's.
  const mark = Date.now().toString(36).toUpperCase()
  const name = `Stock Keeping Gimbal ${mark}`
  const id = slugify(name)
  const sku = `SKG-${mark}`
  const camera = demoProducts.find((product) => product.productCategory === 'cameras')!
  await withShopDatabase(async ({ db }) => {
    const product: Product = await createProduct(db, { ...camera, productName: name, productRelated: [] }, 'seed')
    return product
  })

  await signInAsStaff(page, staffMember)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/product/${id}/update`)
  const barcode = page.getByLabel('Barcode (EAN or UPC)')
  await page.getByLabel('SKU', { exact: true }).fill(sku)
  // A GTIN-13 with its last digit mistyped (…5 for …6).
  const gtin = `93${String(Date.now()).slice(-10)}`
  const check = (10 - ([...gtin].reverse().reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 0 ? 3 : 1), 0) % 10)) % 10
  await barcode.fill(`${gtin}${(check + 1) % 10}`)
  await page.getByLabel('Cost per unit ($, excl. GST)').fill('9,876.53')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(barcode).toHaveAccessibleDescription(/This barcode’s last digit does not match the others: please check it\./)
  await expect(barcode).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue(sku)
  await lookAt(page, 'stock-keeping-refused', barcode)
  await expectNoAxeViolations(page)

  await page.setViewportSize({ width: 1440, height: 900 })
  await barcode.fill(`${gtin.slice(0, 2)} ${gtin.slice(2)}${check}`)
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page).toHaveURL(`/product/${id}`)

  // The product page: the SKU and GTIN in its JSON-LD, the cost nowhere in what the shop sends.
  const html = await (await request.get(`/product/${id}`)).text()
  expect(html).not.toMatch(/(?<![\w+/])987653(?![\w+/])|9,?876\.53/)
  expect(html).not.toContain('productCostCents')
  // Read from the page as served (the browser's own copy may still be the editor's while its URL has
  // already changed).
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as { '@type': string })
  expect(jsonLd.find((ld) => ld['@type'] === 'Product')).toMatchObject({ sku, gtin: `${gtin}${check}` })

  // The staff list finds it by its SKU with one character mistyped, and by its barcode.
  await page.goto(`/staff/products?q=${encodeURIComponent(sku.replace(/.$/, (last) => (last === 'X' ? 'Y' : 'X')))}`)
  await expect(page.getByRole('link', { name })).toBeVisible()
  await page.goto(`/staff/products?q=${gtin}${check}`)
  await expect(page.getByRole('link', { name })).toBeVisible()
})
