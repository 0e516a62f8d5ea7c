import { eq } from 'drizzle-orm'
import { orders } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { BRISBANE, fillDelivery, payWithDemoCard, uniqueEmail, withShopDatabase } from './support/shop'
import { picture } from './support/look'

/** "$1,234.56" → 123456 */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100)

test('after a paid order, the reports show the sale and its GST, and the page fits a phone', async ({ page, browser, staffMember }) => {
  const email = uniqueEmail('reported')
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName: 'Rita Report', email, phone: '0400 222 333', method: /^Standard/, address: BRISBANE })
  await page.getByRole('button', { name: /^Pay / }).click()
  await payWithDemoCard(page, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Rita Report' })
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  const [order] = await withShopDatabase((database) => database.db.select().from(orders).where(eq(orders.id, orderId)))
  expect(order).toMatchObject({ status: 'paid' })

  const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: staffMember.state })).newPage()
  await staff.goto('/staff')
  await staff.getByRole('link', { name: 'Reports' }).click()
  await expect(staff.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()

  // Other tests may sell too: this sale is in the totals, whatever else is.
  expect(cents(await staff.getByTestId('total-revenue').textContent())).toBeGreaterThanOrEqual(order!.totalCents)
  expect(cents(await staff.getByTestId('total-gst').textContent())).toBeGreaterThanOrEqual(order!.gstCents)
  await expect(staff.getByRole('img', { name: /Revenue per day, last 30 days/ })).toBeVisible()
  await expect(staff.getByRole('region', { name: 'Table of sales and refunds by day' })).toBeVisible()
  await expect(
    staff
      .getByRole('region', { name: 'Table of GST per BAS quarter' })
      .getByRole('row', { name: /^Q[1-4] \d{4}–\d{2}/ })
      .first(),
  ).toBeVisible()
  await expect(staff.getByRole('row', { name: /UniESC 80A FOC/ })).toBeVisible()

  await staff.getByRole('link', { name: 'By month' }).click()
  await expect(staff).toHaveURL(/\/reports\?by=month$/)
  await expect(staff.getByRole('region', { name: 'Table of sales and refunds by month' })).toBeVisible()

  const csv = await staff.request.get('/reports/bas.csv')
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="gst-by-bas-quarter-\d{4}-\d{2}-\d{2}\.csv"$/)
  expect((await csv.text()).split('\r\n')[0]).toBe('Quarter,From,To,Sales incl. GST,GST collected,Refunds incl. GST,GST refunded,Net GST')

  await expectNoAxeViolations(staff)
  await picture(staff, 'reports-1440.png', { fullPage: true })
  await staff.setViewportSize({ width: 390, height: 844 })
  await staff.goto('/reports?range=90')
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await picture(staff, 'reports-390.png', { fullPage: true })
  await staff.context().close()
})
