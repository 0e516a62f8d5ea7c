import { and, eq } from 'drizzle-orm'
import type { Page } from '@playwright/test'
import { orders, outbox, refunds } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, test, type StaffMember } from './fixtures'
import { BRISBANE, fillDelivery, payWithDemoCard, signUp, uniqueEmail, withShopDatabase } from './support/shop'
import { picture } from './support/look'

/** Buys one ESC with the demo card (signed in, or as a guest with `email`); answers the order number. */
async function buyOne(page: Page, name: string, email?: string): Promise<string> {
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName: name, ...(email ? { email } : {}), phone: '0400 111 222', method: /^Standard/, address: BRISBANE })
  await page.getByRole('button', { name: /^Pay / }).click()
  await payWithDemoCard(page, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name })
  return (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
}

async function staffPage(page: Page, staff: StaffMember, width = 1440) {
  return (
    await page
      .context()
      .browser()!
      .newContext({ viewport: { width, height: 900 }, storageState: staff.state })
  ).newPage()
}

/** Staff move the order to delivered from its screen (pack, ship with Australia Post, deliver). */
async function deliver(staff: Page, orderId: string) {
  await staff.goto(`/orders/${orderId}`)
  await staff.getByRole('button', { name: 'Mark packed' }).click()
  await expect(staff.getByTestId('fulfilment')).toHaveText('Packed')
  await staff.getByLabel('Carrier').selectOption({ label: 'Australia Post' })
  await staff.getByLabel('Tracking number').fill('33RET0012345')
  await staff.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(staff.getByTestId('fulfilment')).toHaveText('Shipped')
  await staff.getByRole('button', { name: 'Mark delivered' }).click()
  await expect(staff.getByTestId('fulfilment')).toHaveText('Delivered')
}

const subjectsTo = (email: string) =>
  withShopDatabase(async (database) => (await database.db.select().from(outbox).where(eq(outbox.to, email))).map((mail) => mail.subject))

test('a change-of-mind return is approved, received and refunded with its adjustment note', async ({ page, staffMember }) => {
  const email = uniqueEmail('returner')
  await signUp(page, email, 'returner password')
  const orderId = await buyOne(page, 'Rhea Returner')
  const staff = await staffPage(page, staffMember)
  await deliver(staff, orderId)

  await page.goto(`/client/orders/${orderId}`)
  await page.getByText('Request a return').click()
  await page.getByLabel(/UniESC 80A FOC/).fill('1')
  await page.getByLabel(/^Change of mind/).check()
  await page.getByRole('button', { name: 'Request the return' }).click()
  await expect(page.getByRole('status')).toContainText(`We have your return request ${orderId}-RT1`)
  await expect(page.getByTestId('returns')).toContainText('Return requested')

  // Staff learn of it on their home page, and find it among the orders with returns to handle.
  await staff.goto('/staff')
  await staff.getByRole('link', { name: 'Returns to handle' }).click()
  await expect(staff).toHaveURL('/orders?filter=returns')
  await staff.getByRole('link', { name: orderId, exact: true }).click()
  const item = staff.getByTestId(`return-${orderId}-RT1`)
  await item.getByRole('button', { name: 'Approve and send instructions' }).click()
  await expect(item.getByTestId('return-status')).toHaveText('Return approved')
  await item.getByRole('button', { name: 'Mark received' }).click()
  await expect(item.getByTestId('return-status')).toHaveText('Return received')
  await expect(item.getByLabel('Put the units back in stock')).toBeChecked()
  await item.getByRole('button', { name: 'Refund this return' }).click()
  await expect(staff.getByRole('status')).toContainText(`as ${orderId}-R1. The adjustment note was e-mailed to ${email}`)
  await expect(item.getByTestId('return-status')).toHaveText('Return refunded')
  // The item, not the shipping: the order is partially refunded.
  await expect(staff.getByTestId('payment-state')).toHaveText('Partially refunded')
  await picture(staff, 'staff-order-1440.png', { fullPage: true })
  await expectNoAxeViolations(staff)

  const subjects = await subjectsTo(email)
  for (const step of [
    `We have your return request ${orderId}-RT1`,
    `Your return ${orderId}-RT1 is approved`,
    `We have received your return ${orderId}-RT1`,
    `Refund of`,
  ]) {
    expect(
      subjects.some((subject) => subject.startsWith(step)),
      `${step} in ${subjects.join(' | ')}`,
    ).toBe(true)
  }

  await page.reload()
  await expect(page.getByTestId('returns')).toContainText('Return refunded')
  // Everything bought is refunded: nothing is left to return.
  await expect(page.getByText('Request a return')).toHaveCount(0)
  await page.setViewportSize({ width: 390, height: 844 })
  await picture(page, 'customer-order-390.png', { fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.getByRole('link', { name: `Adjustment note ${orderId}-R1` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Adjustment note' })).toBeVisible()
  await expect(page.getByTestId('seller-abn')).toHaveText(/^ABN \d{2} \d{3} \d{3} \d{3}$/)
  await expect(page.getByTestId('original-invoice')).toHaveText(orderId)
  const [order] = await withShopDatabase((database) => database.db.select().from(orders).where(eq(orders.id, orderId)))
  expect(order).toMatchObject({ refundedCents: order!.totalCents - order!.shippingCents })
  await expect(page.getByTestId('gst-decrease')).toHaveText(`$${(order!.refundedGstCents / 100).toFixed(2)}`)
  await expectNoAxeViolations(page)
  await staff.context().close()
})

test('a guest’s fault return long after delivery is accepted for review, while change of mind has closed', async ({ page }) => {
  const email = uniqueEmail('faulty-guest')
  const orderId = await buyOne(page, 'Gil Guest', email)
  // Delivered three weeks ago.
  await withShopDatabase((database) =>
    database.db
      .update(orders)
      .set({ fulfilment: 'delivered', fulfilledAt: new Date(Date.now() - 21 * 24 * 3600_000) })
      .where(eq(orders.id, orderId)),
  )
  await page.goto('/track-order')
  await page.getByLabel('Order number').fill(orderId)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'E-mail me a link' }).click()
  await expect(page.getByRole('status')).toContainText('we have e-mailed the link')
  const mails = await withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email)))
  const link = /(http:\/\/\S+\/track-order\/[A-Za-z0-9_-]{32})/.exec(mails.find((mail) => mail.subject.startsWith(`Your order ${orderId}`))!.text)![1]!
  await page.goto(link)

  await page.getByText('Request a return').click()
  await expect(page.getByLabel(/^Change of mind/)).toBeDisabled()
  await expect(page.getByText(/The 14 days for a change of mind ended on/)).toBeVisible()
  await page.getByLabel('Faulty or damaged').check()
  await page.getByLabel(/What is wrong/).fill('The ESC cuts out at half throttle.')
  await page.setViewportSize({ width: 390, height: 844 })
  await picture(page, 'return-form-390.png', { fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.getByRole('button', { name: 'Request the return' }).click()
  await expect(page.getByRole('status')).toContainText(`We have your return request ${orderId}-RT1`)
  // (The page reloads its data after the request; a click before that ends would cut it short.)
  await page.waitForLoadState('networkidle')
  // The guest's documents are theirs too: the tax invoice opens from the order link.
  await page.getByRole('link', { name: 'Tax invoice' }).click()
  await expect(page).toHaveURL(`${new URL(link).pathname}/invoice`)
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible()
})

test('staff refund the shipping once however often Refund is pressed, then cancel the rest; the order screen fits a phone', async ({ page, staffMember }) => {
  const orderId = await buyOne(page, 'Carl Cancel', uniqueEmail('cancelled'))
  const staff = await staffPage(page, staffMember, 390)
  await staff.goto(`/orders/${orderId}`)
  await staff.getByText('Refund…').click()
  await staff.getByLabel(/Refund the shipping/).check()
  await staff
    .getByLabel(/^Reason/)
    .first()
    .fill('Late dispatch')
  await staff.getByRole('button', { name: 'Refund', exact: true }).dblclick()
  await expect(staff.getByRole('status')).toContainText('Refunded $15.00 (GST $1.36)')
  const rows = await withShopDatabase((database) =>
    database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'succeeded'))),
  )
  expect(rows.map((row) => row.amountCents)).toEqual([1_500])
  await expect(staff.getByTestId('payment-state')).toHaveText('Partially refunded')

  await staff.getByText('Cancel the order…').click()
  await staff.getByRole('button', { name: 'Cancel and refund in full' }).click()
  await expect(staff.getByRole('status')).toContainText(`as ${orderId}-R2`)
  await expect(staff.getByTestId('payment-state')).toHaveText('Refunded')
  await expect(staff.getByTestId('fulfilment')).toHaveText('Cancelled')
  await expect(staff.getByRole('button', { name: 'Mark packed' })).toHaveCount(0)
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await picture(staff, 'staff-order-390.png', { fullPage: true })
  await staff.goto('/orders')
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await staff.context().close()
})
