import { eq } from 'drizzle-orm'
import { outbox } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { BRISBANE, fillDelivery, uniqueEmail, withShopDatabase } from './support/shop'

test('a survey firm pays by bank transfer with its purchase order: staff record the money in two parts and the order is packed', async ({
  page,
  browser,
  staffMember,
}) => {
  const email = uniqueEmail('survey-accounts')
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName: 'Sam Surveyor', email, phone: '07 3000 1234', method: /^Standard/, address: BRISBANE })
  await page.getByLabel('Company name').fill('Survey Co Pty Ltd')
  await page.getByLabel('ABN').fill('51 824 753 556')
  await page.getByLabel('Purchase order number').fill('PO-4471')
  await page.getByRole('radio', { name: 'Bank transfer (EFT)' }).check()
  await expect(page.getByRole('button', { name: /^Place order: \$[\d,.]+ by bank transfer$/ })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.getByRole('button', { name: /^Place order/ }).click()

  // The thank-you page: the account to pay into, the order number as the reference, the cart emptied.
  await expect(page).toHaveURL(/\/success\?session_id=bt_/)
  const details = page.getByTestId('transfer-details')
  await expect(details).toContainText('BSB')
  await expect(details).toContainText('(demo account)')
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  await expect(details).toContainText(orderId)
  await expect(page.getByRole('link', { name: /Cart/ })).not.toContainText(/\d/)
  await expectNoAxeViolations(page)

  // The e-mail says the same, read at 390 px, and its button opens the order's page, which shows it too.
  const mails = () => withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email)))
  const placed = (await mails()).find((mail) => mail.subject.startsWith(`Order ${orderId}: awaiting your bank transfer`))!
  expect(placed.text).toContain(`Reference: ${orderId}`)
  const reader = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await reader.setContent(placed.html)
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await reader.goto((await reader.getByRole('link', { name: 'View your order' }).getAttribute('href'))!)
  await expect(reader.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await expect(reader.getByTestId('transfer-details')).toContainText('We hold your items until')
  await expect(reader.getByText('Your purchase order: PO-4471')).toBeVisible()
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(reader)

  // Staff find it awaiting the transfer, by its purchase order number too, and record what arrived.
  const staff = await (await browser.newContext({ storageState: staffMember.state })).newPage()
  await staff.goto('/orders?filter=awaiting-transfer&q=PO-4471')
  await staff.getByRole('link', { name: orderId }).click()
  await expect(staff.getByTestId('purchase-order')).toHaveText('PO-4471')
  const owing = staff.getByLabel('Amount received ($)')
  const total = Number(await owing.inputValue())
  await owing.fill('50.00')
  await staff.getByLabel('Bank reference').fill('SURVEY CO 1')
  await staff.getByRole('button', { name: 'Record payment' }).click()
  await expect(staff.getByRole('alert').or(staff.getByRole('status')).first()).toContainText('$50.00 recorded')
  await expect(staff.getByTestId('transfer-summary')).toContainText('Received $50.00')
  await staff.waitForLoadState('networkidle')
  await expect(owing).toHaveValue((total - 50).toFixed(2))
  await staff.getByRole('button', { name: 'Record payment' }).click()
  await expect(staff.getByText(`Order ${orderId} is paid in full and ready to pack`)).toBeVisible()
  await expect(staff.getByTestId('payment-state')).toHaveText('paid')
  await expect(staff.getByTestId('transfer-list').getByRole('listitem')).toHaveCount(2)
  await staff.waitForLoadState('networkidle')
  await staff.getByRole('button', { name: 'Mark packed' }).click()
  await expect(staff.getByTestId('fulfilment')).toHaveText('Packed')
  await staff.goto(`/orders/${orderId}/invoice`)
  await expect(staff.getByTestId('invoice-purchase-order')).toHaveText('PO-4471')
  await staff.goto(`/orders/${orderId}/packing-slip`)
  await expect(staff.getByTestId('slip-purchase-order')).toHaveText('PO-4471')
  await staff.goto(`/orders/${orderId}`)
  await staff.setViewportSize({ width: 390, height: 844 })
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(staff)
  await staff.context().close()

  // The buyer was told of the part, then confirmed once.
  const subjects = (await mails()).map((mail) => mail.subject)
  expect(subjects.filter((subject) => subject.startsWith(`Part payment received for order ${orderId}`))).toHaveLength(1)
  expect(subjects.filter((subject) => subject.startsWith(`Order ${orderId} confirmed`))).toHaveLength(1)
})
