import { expect, expectNoAxeViolations, test } from './fixtures'
import { lookAt } from './support/look'
import { BRISBANE, fillDelivery, signUp, uniqueEmail } from './support/shop'

/** The demo's UniCam T2 Thermal Gimbal: $4,499.00, a camera (sold on backorder, so no other walk runs out of it). */
const CAMERA = '/product/unicam-t2-thermal-gimbal'
const NORMAL = '$4,499.00'
/** 10 % off the cameras. */
const TRADE = '$4,049.10'

test('staff approve a survey firm as trade: it sees its own price, orders on account with its purchase order, and the invoice shows on the Owing report', async ({
  page,
  browser,
  staffMember,
}) => {
  const email = uniqueEmail('trade-buyer')
  await signUp(page, email, 'trade buyer password')

  // Staff find the customer and approve them: 10 % off cameras, 30 days to pay, $20,000 of credit.
  const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: staffMember.state })).newPage()
  await staff.goto(`/staff/customers?q=${encodeURIComponent(email)}`)
  await staff.locator('main a[href^="/staff/customers/"]').first().click()
  await expect(staff.getByRole('heading', { name: 'Trade account' })).toBeVisible()
  await staff.getByLabel('Company').fill('Survey Co Pty Ltd')
  await staff.getByLabel('ABN').fill('51 824 753 557')
  await staff.getByLabel('Payment days from invoice').fill('30')
  await staff.getByLabel('Credit limit ($)').fill('20,000')
  await staff.getByLabel('Cameras (% off)').fill('10')
  await staff.getByRole('button', { name: 'Approve as trade customer' }).click()
  // A mistyped ABN is refused, and what was typed stays.
  await expect(staff.getByText('this one does not pass the ABN check')).toBeVisible()
  await expect(staff.getByLabel('Cameras (% off)')).toHaveValue('10')
  await staff.getByLabel('ABN').fill('51 824 753 556')
  await staff.getByRole('button', { name: 'Approve as trade customer' }).click()
  await expect(staff.getByText('Survey Co Pty Ltd is approved as a trade customer.')).toBeVisible()
  await expect(staff.getByTestId('trade-summary')).toContainText('Pays on account within 30 days of invoice, credit limit $20,000.00')
  await lookAt(staff, 'staff-customer-trade')
  await expectNoAxeViolations(staff)

  // The customer's next page that reads their session marks them as trade; from then on their
  // product pages carry their price, while a visitor in another browser gets the normal one.
  await page.goto('/client')
  await page.goto(CAMERA)
  await expect(page.getByTestId('trade-price')).toContainText(TRADE)
  await expect(page.getByTestId('trade-price')).toContainText(`Your trade price (normally ${NORMAL})`)
  await lookAt(page, 'product-trade-price')
  await page.setViewportSize({ width: 1440, height: 900 })
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(CAMERA)
  await expect(visitor.getByText(`${NORMAL} incl. GST`)).toBeVisible()
  expect(await visitor.content()).not.toContain(TRADE)
  await visitor.context().close()

  // The customer orders on account, with their purchase order number.
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await expect(page.getByTestId('cart-line')).toContainText(`${TRADE} each: your trade price`)
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName: 'Sam Surveyor', phone: '07 3000 1234', method: /^Standard/, address: BRISBANE })
  await page.getByLabel('Purchase order number').fill('PO-7781')
  await page.getByRole('radio', { name: 'On account (pay within 30 days of invoice)' }).check()
  await expect(page.getByRole('button', { name: /^Place order: \$[\d,.]+ on account$/ })).toBeVisible()
  await lookAt(page, 'delivery-on-account')
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.getByRole('button', { name: /^Place order/ }).click()

  await expect(page).toHaveURL(/\/success\?session_id=ac_/)
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  const details = page.getByTestId('transfer-details')
  await expect(details).toContainText('On account: pay by')
  await expect(details).toContainText(orderId)
  const dueDay = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Brisbane' }).format(new Date(Date.now() + 30 * 86_400_000))
  await expect(details).toContainText(dueDay)
  await lookAt(page, 'success-on-account')
  await expectNoAxeViolations(page)

  // Staff see it on the Owing report, with its due date, reached from Reports; its order can be packed now.
  await staff.setViewportSize({ width: 1440, height: 900 })
  await staff.goto('/reports')
  await staff.getByRole('link', { name: 'Owing report' }).click()
  const row = staff.getByTestId(`owing-${orderId}`)
  await expect(row).toContainText('Survey Co Pty Ltd')
  await expect(row).toContainText('PO PO-7781')
  const dueShort = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'Australia/Brisbane' }).format(new Date(Date.now() + 30 * 86_400_000))
  await expect(row.getByTestId('owing-due')).toHaveText(dueShort)
  await lookAt(staff, 'owing-report')
  await expectNoAxeViolations(staff)
  await staff.setViewportSize({ width: 1440, height: 900 })
  await row.getByRole('link', { name: orderId }).click()
  await expect(staff.getByTestId('purchase-order')).toHaveText('PO-7781')
  await expect(staff.getByTestId('transfer-summary')).toContainText('Due by')
  // The pack is answered before it is checked: on a loaded machine (another walk running the operator's
  // command beside it) the answer can take longer than one expect's wait.
  const packed = staff.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes(orderId))
  await staff.getByRole('button', { name: 'Mark packed' }).click()
  expect((await packed).status()).toBe(200)
  await expect(staff.getByTestId('fulfilment')).toHaveText('Packed')
  await lookAt(staff, 'staff-order-on-account')
  await expectNoAxeViolations(staff)
  // The dashboard leads to the Owing report with what is owing on account.
  await staff.setViewportSize({ width: 1440, height: 900 })
  await staff.goto('/staff')
  await expect(staff.getByRole('link', { name: 'Owing on account' })).toHaveAttribute('href', '/reports/owing')
  await lookAt(staff, 'dashboard')
  await staff.context().close()
})
