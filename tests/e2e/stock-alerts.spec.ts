import { eq } from 'drizzle-orm'
import { createProduct } from '../../app/server/catalog/products.server'
import { outbox } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { lookAt } from './support/look'
import { uniqueEmail, withShopDatabase } from './support/shop'

const mailsTo = (email: string) => withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.createdAt))
const alertsTo = async (email: string) => (await mailsTo(email)).filter((mail) => mail.subject.includes('is back in stock'))
/** The path of the first link in a text under `/stock-alerts/<kind>/`. */
const linkPath = (text: string, kind: string) => new URL(new RegExp(`(http://\\S+/stock-alerts/${kind}/[A-Za-z0-9_-]{32})`).exec(text)![1]!).pathname

test('a shopper asks without scripts to hear when a sold-out product is back, confirms by the link, and gets one e-mail when staff set the stock; unsubscribe works', async ({
  page,
  browser,
  baseURL,
  staffMember,
}) => {
  // A product of this walk's own, sold out: other walks read the demo's sold-out module as it is.
  const name = `Alert Lidar ${Date.now()}`
  const productId = await withShopDatabase(async (database) => {
    const created = await createProduct(
      database.db,
      {
        productName: name,
        STUPID: 'prod_alert_lidar',
        productCategory: 'cameras',
        productImages: [],
        productDescriptions: [{ value: '', label: 'About', description: 'Waited for.' }],
        productFeatures: [],
        productSpecifications: [],
        productDimensions: [],
        productShipping: [],
        productDownloads: [],
        productPrices: [{ value: 40_000, label: 'Price', description: '' }],
        productStockOnHand: 0,
        productWeightGrams: 300,
      },
      'e2e',
    )
    return created.FBUID
  })
  const email = uniqueEmail('waiting')

  // Without scripts: the sold-out page's plain form, and the same answer whatever the address's state.
  const plain = await (await browser.newContext({ javaScriptEnabled: false, baseURL })).newPage()
  await page.goto(`/product/${productId}`)
  await expect(page.getByTestId('stock')).toHaveText('Sold out')
  await expect(page.getByText('We e-mail you once when it is back. Nothing else.')).toBeVisible()
  await lookAt(page, 'product-form')
  await expectNoAxeViolations(page)
  await plain.goto(page.url())
  await plain.getByLabel('Your e-mail').fill(email)
  await plain.getByRole('button', { name: 'E-mail me when it is back' }).click()
  await expect(plain.getByRole('heading', { name: 'Check your e-mail to confirm' })).toBeVisible()
  expect(await alertsTo(email)).toHaveLength(0)
  const [confirmation] = await mailsTo(email)
  expect(confirmation!.subject).toBe(`Confirm your alert for ${name} — UniDrone Robotics`)
  // The e-mails are read in a page of their own: a mail's HTML names no icon, so the browser asks the shop for /favicon.ico.
  const reader = await (await browser.newContext()).newPage()
  await reader.setContent(confirmation!.html)
  await lookAt(reader, 'confirmation-email')

  // The link shows one button (opening it confirms nothing); the button confirms.
  const confirmPath = linkPath(confirmation!.text, 'confirm')
  await page.goto(confirmPath)
  await expect(page.getByRole('button', { name: 'Confirm the alert' })).toBeVisible()
  await lookAt(page, 'confirm-page')
  await expectNoAxeViolations(page)
  await plain.goto(confirmPath)
  await plain.getByRole('button', { name: 'Confirm the alert' }).click()
  await expect(plain.getByText('Your alert is on.')).toBeVisible()

  // Staff see one waiting on the product's form, by its stock, and on the list; they set the stock to
  // 5 on the list, and the e-mail goes at once.
  const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: staffMember.state })).newPage()
  await staff.goto(`/product/${productId}/update`)
  const stockFields = staff.getByRole('group', { name: 'Stock', exact: true })
  await expect(stockFields.getByTestId('stock-alerts-waiting')).toHaveText('1 person waiting for this to be back in stock')
  await lookAt(staff, 'product-form-waiting', stockFields)
  await expectNoAxeViolations(staff)
  await staff.setViewportSize({ width: 1440, height: 900 })
  await staff.goto(`/staff/products?q=${encodeURIComponent(name)}`)
  const row = staff.getByTestId(`product-row-${productId}`)
  await expect(row.getByTestId('stock-alerts-waiting')).toHaveText('1 waiting')
  await staff.getByLabel(`Stock on hand of ${name}`).fill('5')
  await staff.getByRole('button', { name: `Save ${name}` }).click()
  await expect(staff.getByRole('status')).toHaveText(`Saved ${name}.`)
  await expect.poll(async () => (await alertsTo(email)).length, { timeout: 10_000 }).toBe(1)
  await staff.reload()
  await expect(row.getByTestId('stock-alerts-waiting')).toHaveCount(0)
  await staff.goto(`/product/${productId}/update`)
  await expect(stockFields.getByLabel('Stock on hand')).toHaveValue('5')
  await expect(staff.getByTestId('stock-alerts-waiting')).toHaveCount(0)
  await staff.goto(`/staff/products?q=${encodeURIComponent(name)}`)

  const [alert] = await alertsTo(email)
  expect(alert!.text).toContain(`/product/${productId}`)
  expect(alert!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
  await reader.setContent(alert!.html)
  await lookAt(reader, 'alert-email')
  await reader.context().close()

  // Unsubscribe: the page's button.
  const unsubscribePath = linkPath(alert!.text, 'unsubscribe')
  await plain.goto(unsubscribePath)
  await plain.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(plain.getByText('You are unsubscribed.')).toBeVisible()
  await page.goto(unsubscribePath)
  await expect(page.getByText('You are unsubscribed.')).toBeVisible()
  await expectNoAxeViolations(page)

  // Sold out and back again: still the one e-mail.
  await staff.getByLabel(`Stock on hand of ${name}`).fill('0')
  await staff.getByRole('button', { name: `Save ${name}` }).click()
  await expect(staff.getByRole('status')).toHaveText(`Saved ${name}.`)
  await staff.getByLabel(`Stock on hand of ${name}`).fill('3')
  await staff.getByRole('button', { name: `Save ${name}` }).click()
  await expect(staff.getByRole('status')).toHaveText(`Saved ${name}.`)
  await page.waitForTimeout(1000)
  expect(await alertsTo(email)).toHaveLength(1)
})
