import { eq } from 'drizzle-orm'
import { gstIncluded } from '../../app/lib/money'
import { periodOf } from '../../app/lib/promotions'
import { addDays, shopDay } from '../../app/lib/reports/periods'
import { percentOff } from '../../app/lib/trade'
import { products, promotions } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { lookAt } from './support/look'
import { BRISBANE, fillDelivery, payWithDemoCard, uniqueEmail, withShopDatabase } from './support/shop'

const CAMERA = 'unicam-f1-fpv-camera'
const aud = (cents: number) => new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100)

/** Next Monday in Brisbane, as `<input type=date>` takes it: never today. */
function nextMonday(): string {
  const today = shopDay(new Date())
  return addDays(today, (8 - new Date(`${today}T00:00:00Z`).getUTCDay()) % 7 || 7)
}

test('staff create BLACKFRIDAY, 15 % off cameras for 100 uses until Monday; a shopper uses it on every step and the tax invoice; a code not started says when; one discounted unit refunded pays back its discounted price; the report counts the use', async ({
  page,
  browser,
  staffMember,
}) => {
  // Staff create the code on its screen; a percentage over 100 is refused, keeping what was typed.
  const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: staffMember.state })).newPage()
  await staff.goto('/staff')
  await staff.getByRole('navigation', { name: 'Staff', exact: true }).getByRole('link', { name: 'Promotions' }).click()
  await staff.getByRole('link', { name: 'New promotion' }).click()
  const monday = nextMonday()
  await staff.getByLabel('Code', { exact: true }).fill('blackfriday')
  await staff.getByLabel('Name shoppers read').fill('15 % off cameras')
  await staff.getByLabel('Percentage off (%)').fill('150')
  await staff.getByLabel('What it takes off').selectOption({ label: 'Chosen categories and products' })
  await staff.getByLabel('Cameras', { exact: true }).check()
  await staff.getByLabel('Last day').fill(monday)
  await staff.getByLabel('Uses in all').fill('100')
  await staff.getByRole('button', { name: 'Create the promotion' }).click()
  await expect(staff.getByText('Enter a percentage from 0.01 to 100, such as 15 or 12.5.')).toBeVisible()
  await expect(staff.getByLabel('Percentage off (%)')).toHaveAttribute('aria-invalid', 'true')
  await expect(staff.getByLabel('Code', { exact: true })).toHaveValue('blackfriday')
  await expect(staff.getByLabel('Cameras', { exact: true })).toBeChecked()
  await expect(staff.getByLabel('Last day')).toHaveValue(monday)
  await lookAt(staff, 'promotion-form-refused')
  await expectNoAxeViolations(staff)
  await staff.setViewportSize({ width: 1440, height: 900 })
  await staff.getByLabel('Percentage off (%)').fill('15')
  await staff.getByRole('button', { name: 'Create the promotion' }).click()
  await expect(staff.getByText('The promotion is created.')).toBeVisible()
  await expect(staff.getByTestId('promotion-state')).toHaveText('Running')
  await expect(staff.getByTestId('promotion-uses')).toHaveText('Used 0 times, 100 uses left.')
  await staff.getByRole('link', { name: '← Promotions' }).click()
  const listed = staff.getByTestId('promotion-BLACKFRIDAY')
  const until = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${monday}T00:00:00Z`))
  await expect(listed).toContainText(`Until ${until}`)
  await expect(listed.getByTestId('uses-left')).toHaveText('100')
  await lookAt(staff, 'promotions-list')
  await expectNoAxeViolations(staff)
  await staff.setViewportSize({ width: 1440, height: 900 })

  // And one that starts in ten days, of this walk's own.
  const code = 'BLACKFRIDAY'
  const soon = `SOON${Date.now().toString(36).toUpperCase()}`
  const start = addDays(shopDay(new Date()), 10)
  const unitCents = await withShopDatabase(async ({ db }) => {
    await db
      .insert(promotions)
      .values({ id: soon.toLowerCase(), kind: 'code', code: soon, name: '$20 off', benefit: 'amount', amountCents: 2000, ...periodOf(start, null) })
    const [camera] = await db.select({ prices: products.productPrices }).from(products).where(eq(products.id, CAMERA))
    return camera!.prices[0]!.value
  })
  const itemsCents = unitCents * 2
  const discountCents = itemsCents - percentOff(itemsCents, 1500)

  await page.goto(`/product/${CAMERA}`)
  await page.getByLabel('Quantity').selectOption('2')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  const cartCode = page.getByTestId('discount-code')

  // A code that has not started says when it will, and takes nothing off.
  await cartCode.getByLabel('Discount code').fill(soon.toLowerCase())
  await cartCode.getByRole('button', { name: 'Apply' }).click()
  const startDay = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`))
  await expect(page.getByTestId('code-message')).toHaveText(`This code starts on ${startDay}.`)
  await expect(page.getByTestId('discount')).toHaveCount(0)
  await cartCode.getByRole('button', { name: /^Remove the code/ }).click()

  // The camera code, typed in lower case, is its own line of the summary.
  await cartCode.getByLabel('Discount code').fill(code.toLowerCase())
  await cartCode.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('code-message')).toHaveText(`15 % off cameras: ${aud(discountCents)} off.`)
  await expect(page.getByTestId('discount')).toHaveText(`-${aud(discountCents)}`)
  await expect(page.getByTestId('items-total')).toHaveText(aud(itemsCents))
  await lookAt(page, 'cart-with-code')
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1440, height: 900 })

  // The delivery step keeps the code and prices it again with the shipping chosen.
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(page).toHaveURL('/checkout/delivery')
  await fillDelivery(page, { fullName: 'Dee Scount', email: uniqueEmail('discount'), phone: '0400 333 444', method: /^Standard/, address: BRISBANE })
  await expect(page.getByTestId('discount')).toHaveText(`-${aud(discountCents)}`)
  await expect(page.getByTestId('code-message')).toHaveText(`15 % off cameras: ${aud(discountCents)} off.`)
  const shippingText = (await page.getByTestId('shipping').textContent())!
  const shippingCents = shippingText === 'Free' ? 0 : Math.round(Number(shippingText.replace(/[$,]/g, '')) * 100)
  const totalCents = itemsCents - discountCents + shippingCents
  await expect(page.getByTestId('total')).toHaveText(aud(totalCents))
  await expect(page.getByTestId('gst')).toHaveText(aud(gstIncluded(totalCents)))
  await lookAt(page, 'delivery-with-code')
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.getByRole('button', { name: `Pay ${aud(totalCents)}` }).click()

  // The payment page charges that total and shows the discount; so does the thank-you page.
  await expect(page.getByText('Demo payment page.')).toBeVisible()
  await expect(page.getByTestId('discount')).toHaveText(`-${aud(discountCents)}`)
  await expect(page.getByTestId('total')).toHaveText(aud(totalCents))
  await payWithDemoCard(page, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Dee Scount' })
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  await expect(page.getByTestId('discount')).toHaveText(`-${aud(discountCents)}`)

  // Staff read the tax invoice: the discount is its own line, the GST one eleventh of the discounted total.
  await staff.goto(`/orders/${orderId}/invoice`)
  await expect(staff.getByTestId('discount')).toHaveText(`-${aud(discountCents)}`)
  await expect(staff.getByTestId('gst')).toHaveText(aud(gstIncluded(totalCents)))
  await expect(staff.getByTestId('total')).toHaveText(aud(totalCents))
  await lookAt(staff, 'invoice-with-code')
  // The orders CSV has the discount and the code.
  const csv = await (await staff.request.get(`/orders/export.csv?q=${orderId}`)).text()
  expect(csv).toContain(`,${(discountCents / 100).toFixed(2)},${code},`)
  await staff.setViewportSize({ width: 1440, height: 900 })

  // One of the two cameras comes back: it pays back its discounted price, and the adjustment note says so.
  const lineCents = itemsCents - discountCents
  const unitBack = Math.floor(lineCents / 2)
  await staff.goto(`/orders/${orderId}`)
  await expect(staff.getByTestId('line-discount').first()).toHaveText(`−${aud(discountCents)}`)
  await lookAt(staff, 'staff-order-with-code')
  await staff.setViewportSize({ width: 1440, height: 900 })
  await staff.getByText('Refund…').click()
  await staff.getByLabel(/UniCam F1 FPV Camera/).fill('1')
  await staff
    .getByLabel(/^Reason/)
    .first()
    .fill('One camera returned unopened')
  await staff.getByRole('button', { name: 'Refund', exact: true }).click()
  await expect(staff.getByRole('status')).toContainText(`Refunded ${aud(unitBack)}`)
  await staff
    .getByRole('link', { name: /adjustment note/i })
    .first()
    .click()
  await expect(staff.getByText(aud(unitBack)).first()).toBeVisible()

  // The report counts the sale before and after the code, and the code's use: 99 left.
  await staff.goto('/reports')
  const reported = staff.getByTestId('report-promotion-BLACKFRIDAY')
  await expect(reported).toContainText(aud(discountCents))
  await expect(reported).toContainText('99')
  await lookAt(staff, 'reports-promotions')
  await expectNoAxeViolations(staff)
  await staff.context().close()
})

test('the E900 flight kit offer applies by itself to the drone with two batteries', async ({ page }) => {
  await page.goto('/product/unidrone-e900')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  // The drone alone is not the kit.
  await expect(page.getByTestId('items-total')).not.toHaveText('')
  await expect(page.getByTestId('discount')).toHaveCount(0)
  await page.goto('/product/unicell-6s-22000-mah-smart-battery')
  await page.getByLabel('Quantity').selectOption('2')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary.getByText('E900 flight kit: 5 % off the drone with two batteries')).toBeVisible()
  const items = Number((await page.getByTestId('items-total').textContent())!.replace(/[$,]/g, '')) * 100
  await expect(page.getByTestId('discount')).toHaveText(`-${aud(Math.round(items) - percentOff(Math.round(items), 500))}`)
  await expect(page.getByTestId('discount-code')).toBeVisible()
})
