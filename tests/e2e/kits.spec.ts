import { eq } from 'drizzle-orm'
import type { ProductFields } from '../../app/lib/catalog'
import { deleteProduct } from '../../app/server/catalog/product-changes.server'
import { createProduct } from '../../app/server/catalog/products.server'
import { quickEditProduct } from '../../app/server/catalog/staff-products.server'
import { outbox, products } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { lookAt } from './support/look'
import { BRISBANE, checkOutWith, payWithDemoCard, uniqueEmail, withShopDatabase } from './support/shop'

/** A product of this walk's own, in a range no other walk counts. */
const part = (productName: string, priceCents: number, stock: number | null): ProductFields => ({
  productName,
  STUPID: 'prod_KitWalk',
  productCategory: 'cameras',
  productImages: [],
  productDescriptions: [{ value: '', label: 'About', description: 'A part of a kit walk.' }],
  productFeatures: [],
  productSpecifications: [],
  productDimensions: [],
  productShipping: [],
  productDownloads: [],
  productPrices: [{ value: priceCents, label: 'Price', description: '' }],
  productStockOnHand: stock,
  productWeightGrams: 300,
})

test('staff make a kit of two products; shoppers see its contents and buy it while its parts last (the packing slip lists them), and it is sold out when one is', async ({
  page,
  browser,
  baseURL,
  staffMember,
}) => {
  const stamp = Date.now()
  const [camera, mount, kit] = (await withShopDatabase(async (database) => {
    const made: string[] = []
    for (const [name, cents, stock] of [
      [`Kit Walk Camera ${stamp}`, 30_000, 2],
      [`Kit Walk Mount ${stamp}`, 5_000, null],
      [`Kit Walk Bundle ${stamp}`, 38_000, null],
    ] as const)
      made.push((await createProduct(database.db, part(name, cents, stock), 'e2e')).FBUID)
    return made
  })) as [string, string, string]
  try {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInAsStaff(page, staffMember)
    await page.goto(`/product/${kit}`)
    await page.getByRole('link', { name: 'Kit contents' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Kit contents' })).toBeVisible()
    const rows = page.getByTestId('kit-row')
    await rows
      .nth(0)
      .getByLabel('Component 1')
      .selectOption({ label: `Kit Walk Camera ${stamp}` })
    await rows
      .nth(1)
      .getByLabel('Component 2')
      .selectOption({ label: `Kit Walk Mount ${stamp}` })
    await rows.nth(1).getByLabel('How many').fill('2')
    await page.getByRole('button', { name: 'Save kit contents' }).click()
    await expect(page).toHaveURL(`/product/${kit}/kit?saved=1`)
    await expect(page.getByRole('status')).toHaveText('Saved. See the product page')
    await lookAt(page, 'kit-contents', rows.nth(1))
    await expectNoAxeViolations(page)

    // A shopper: the kit lists its contents and is limited by the camera, the one part whose stock is counted.
    const shopper = await (await browser.newContext({ baseURL })).newPage()
    await shopper.goto(`/product/${kit}`)
    const contents = shopper.getByTestId('kit-contents')
    await expect(contents).toContainText(`1 × Kit Walk Camera ${stamp}`)
    await expect(contents).toContainText(`2 × Kit Walk Mount ${stamp}`)
    await expect(shopper.getByTestId('stock')).toHaveText('Only 2 left')
    await lookAt(shopper, 'kit-page', contents)
    await expectNoAxeViolations(shopper)
    await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click()
    await expect(shopper.getByText(`Added 1 × Kit Walk Bundle ${stamp} to your cart.`)).toBeVisible()

    // The shopper buys one: staff's packing slip lists the kit's parts to pick.
    const buyer = uniqueEmail('kit-buyer')
    await shopper.goto('/checkout')
    await checkOutWith(shopper, { fullName: 'Kit Buyer', email: buyer, phone: '0412 345 678', method: /^Standard/, address: BRISBANE })
    await payWithDemoCard(shopper, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Kit Buyer' })
    await expect(shopper.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeVisible()
    const [confirmation] = await withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, buyer)))
    expect(confirmation!.text).toContain(`Kit Walk Bundle ${stamp} (kit of 1 × Kit Walk Camera ${stamp}, 2 × Kit Walk Mount ${stamp})`)
    const orderId = /Order (UD-\S+) confirmed/.exec(confirmation!.subject)![1]!
    await page.goto(`/orders/${orderId}/packing-slip`)
    const picks = page.getByRole('list', { name: `In each Kit Walk Bundle ${stamp}` })
    await expect(picks.getByRole('listitem')).toHaveText([`1 × Kit Walk Camera ${stamp}`, `2 × Kit Walk Mount ${stamp}`])
    await lookAt(page, 'kit-packing-slip', picks)
    await expectNoAxeViolations(page)

    // One camera is left: the shopper puts another kit in the cart.
    await shopper.goto(`/product/${kit}`)
    await expect(shopper.getByTestId('stock')).toHaveText('Only 1 left')
    await shopper.getByRole('button', { name: 'Add to cart', exact: true }).click()
    await expect(shopper.getByText(`Added 1 × Kit Walk Bundle ${stamp} to your cart.`)).toBeVisible()

    // The last cameras are counted out on the products list: the kit is sold out with them.
    await withShopDatabase(async (database) => {
      const [row] = await database.db.select({ version: products.version }).from(products).where(eq(products.id, camera))
      await quickEditProduct(database.db, camera, row!.version, { priceCents: 30_000, stockOnHand: 0 }, 'e2e')
    })
    await expect(async () => {
      await shopper.reload()
      await expect(shopper.getByTestId('stock')).toHaveText('Sold out', { timeout: 1_000 })
    }).toPass({ timeout: 10_000 })
    await expect(shopper.getByRole('button', { name: 'Add to cart', exact: true })).toBeDisabled()
    await shopper.goto('/checkout')
    await expect(shopper.getByText(`Kit Walk Bundle ${stamp} is sold out.`)).toBeVisible()
  } finally {
    await withShopDatabase(async (database) => {
      for (const id of [kit, camera, mount]) await deleteProduct(database.db, id, 'kit walk')
    })
  }
})
