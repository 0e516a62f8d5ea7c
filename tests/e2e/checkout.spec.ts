import { eq } from 'drizzle-orm'
import { getProduct } from '../../app/server/catalog/products.server'
import { outbox } from '../../app/server/db/schema'
import { orderTotals } from '../../app/lib/cart'
import { formatAud } from '../../app/lib/money'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { BRISBANE, checkOutWith, fillDelivery, payWithDemoCard, signUp, uniqueEmail, withShopDatabase } from './support/shop'
import { picture } from './support/look'

const priceOf = (id: string) => withShopDatabase(async (database) => (await getProduct(database.db, id))!.productPrices[0]!.value)

test('a visitor fills a cart, is stopped at 10 of a kind, pays with the demo card and gets a tax invoice', async ({ page }) => {
  const [e900, esc] = [await priceOf('unidrone-e900'), await priceOf('uniesc-80a-foc')]
  const badge = page.getByTestId('cart-badge')

  await page.goto('/product/unidrone-e900')
  await expect(badge).toHaveCount(0)
  await page.getByLabel('Quantity').selectOption('2')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByText('Added 2 × UniDrone E900 to your cart.')).toBeVisible()
  await expect(badge).toHaveText('2')

  await page.goto('/products/propulsion')
  const escCard = page.getByRole('article').filter({ hasText: 'UniESC 80A FOC' })
  await escCard.getByRole('button', { name: /^Add to cart/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Added to your cart' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('UniESC 80A FOC')
  await expect(dialog).toContainText('Quantity: 1')
  await expect(dialog).toContainText('You can add more and remove items in your cart.')
  await dialog.getByRole('button', { name: 'Continue shopping' }).click()
  await expect(dialog).toBeHidden()
  await expect(badge).toHaveText('3')

  await page.goto('/product/unidrone-e900')
  await page.getByLabel('Quantity').selectOption('9')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByText(/You already have 2 of UniDrone E900 in your cart.*you can add 8 more/)).toBeVisible()
  await expect(badge).toHaveText('3')

  await page.getByRole('link', { name: /^Cart, 3 items$/ }).click()
  await expect(page).toHaveURL('/checkout')
  const expected = orderTotals([
    { unitPrice: e900, quantity: 2 },
    { unitPrice: esc, quantity: 1 },
  ])
  // Over $300: Standard delivery is free, so the estimate is the total.
  await expect(page.getByTestId('items-total')).toHaveText(formatAud(expected.total))
  await expect(page.getByTestId('shipping-estimate')).toHaveText('Free')
  await expect(page.getByTestId('total')).toHaveText(formatAud(expected.total))
  await expect(page.getByTestId('gst')).toHaveText(formatAud(expected.gst))
  // The specification's subtotal: the total less its GST.
  await expect(page.getByTestId('subtotal')).toHaveText(formatAud(expected.subtotal))
  await expect(page.getByTestId('cart-line')).toHaveCount(2)
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName: 'Bea Buyer', email: 'buyer@example.com', phone: '0412 345 678', method: /^Standard/, address: BRISBANE })
  await page.getByRole('button', { name: `Pay ${formatAud(expected.total)}` }).click()
  await expect(page.getByText('Demo payment page.')).toBeVisible()
  await payWithDemoCard(page, { email: 'buyer@example.com', card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Bea Buyer' })

  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeVisible()
  await expect(page.getByText('Your order has been successfully placed.')).toBeVisible()
  await expect(page.getByText('A confirmation email has been sent.')).toBeVisible()
  const orderHeading = page.getByRole('heading', { name: /^Order UD-/ })
  await expect(orderHeading).toBeVisible()
  await expect(page.getByText('2 × UniDrone E900')).toBeVisible()
  await expect(badge).toHaveCount(0)
  expect(await page.evaluate(() => window.localStorage.getItem('checkouts'))).toBe(JSON.stringify({ checkoutItems: [] }))

  const orderId = (await orderHeading.textContent())!.replace('Order ', '')
  const invoices = await withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, 'buyer@example.com')))
  expect(invoices).toHaveLength(1)
  expect(invoices[0]!.subject).toContain(`Order ${orderId} confirmed`)
  expect(invoices[0]!.text).toContain(`Tax invoice for ${orderId}: `)
  expect(invoices[0]!.text).toContain('ABN 51 824 753 556')
  expect(invoices[0]!.text).toContain(`GST: ${formatAud(expected.gst)}`)
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/')
})

test('a declined card returns to a filled delivery step with a message, and the cart intact', async ({ page }) => {
  await page.goto('/product/unicam-f1-fpv-camera')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.getByRole('link', { name: /^Cart, 1 item$/ }).click()
  await checkOutWith(page, { fullName: 'Dee Clined', email: 'declined@example.com', phone: '07 3000 1234', method: /^Standard/, address: BRISBANE })
  await payWithDemoCard(page, { card: '4000 0000 0000 0002', expiry: '12 / 40', cvc: '123', name: 'Dee Clined' })

  await expect(page).toHaveURL('/checkout/delivery?payment=declined')
  await expect(page.getByRole('alert')).toContainText('Your card was declined')
  await expect(page.getByLabel('Full name')).toHaveValue('Dee Clined')
  await expect(page.getByLabel('Email')).toHaveValue('declined@example.com')
  await expect(page.getByLabel('Phone')).toHaveValue('07 3000 1234')
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(BRISBANE.line1)
  await expect(page.getByLabel('State or territory')).toHaveValue('QLD')
  await expect(page.getByLabel('Postcode')).toHaveValue('4000')
  await expect(page.getByRole('radio', { name: /^Standard/ })).toBeChecked()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')
})

test('cancelling on the payment page returns to the delivery step with the cart intact', async ({ page }) => {
  await page.goto('/product/unimotor-4114-kv400')
  await page.getByLabel('Quantity').selectOption('4')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('4')
  await checkOutWith(page, { fullName: 'Can Celled', email: 'cancelled@example.com', phone: '0400 000 001', method: /^Standard/, address: BRISBANE })
  await page.getByRole('link', { name: 'Cancel and return to the shop' }).click()
  await expect(page).toHaveURL(/\/checkout\/delivery\?payment=cancelled&return=[\w-]{43}$/)
  await expect(page.getByRole('alert')).toContainText('nothing was charged')
  await expect(page.getByLabel('Full name')).toHaveValue('Can Celled')
  await page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('link', { name: 'Cart' }).click()
  await expect(page.getByTestId('cart-line')).toHaveCount(1)
  await expect(page.getByTestId('cart-badge')).toHaveText('4')
})

test('a link from another site to “payment cancelled” leaves the shopper’s payment page open', async ({ page }) => {
  await page.goto('/product/unimotor-4114-kv400')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')
  await checkOutWith(page, { fullName: 'Cross Site', email: 'cross-site@example.com', phone: '0400 000 003', method: /^Standard/, address: BRISBANE })
  const paymentPage = page.url()
  // What a page elsewhere can send: a top-level link, which carries the shopper's checkout cookie.
  await page.goto('/checkout/delivery?payment=cancelled', { referer: 'https://elsewhere.example/' })
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.goto(paymentPage)
  await payWithDemoCard(page, { email: 'cross-site@example.com', card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Cross Site' })
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Purchase!' })).toBeVisible()
})

test('the demo card page refuses cards that are not test cards, keeping what was typed', async ({ page }) => {
  await page.goto('/product/unicam-f1-fpv-camera')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')
  await checkOutWith(page, { fullName: 'Tess Typo', email: 'typo@example.com', phone: '0400 000 002', method: /^Click & Collect/ })
  await payWithDemoCard(page, { email: 'typo@example.com', card: '5555 5555 5555 4444', expiry: '01 / 20', cvc: '1', name: 'Tess Typo' })
  await expect(page.getByText('This card has expired.')).toBeVisible()
  await expect(page.getByText('Enter the 3 or 4 digit security code.')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('typo@example.com')
  await expect(page.getByLabel('Name on card')).toHaveValue('Tess Typo')
})

test('when the cart’s prices cannot be checked, checkout says so beside the cart and asks again on request', async ({ page }) => {
  await page.goto('/product/unidrone-e900')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')

  // The first question meets a shop that is busy for a moment (the balancer's or the shop's own
  // plain answer), the second the shop's answer while its database is away; the third goes through.
  const busy = {
    status: 503,
    contentType: 'text/plain',
    headers: { 'Retry-After': '5' },
    body: 'The shop is busy for a moment. Please try again in a few seconds.',
  }
  const away = {
    status: 503,
    contentType: 'application/json',
    headers: { 'Retry-After': '5' },
    body: JSON.stringify({ error: 'We could not check your cart’s prices just now. Please try again in a few seconds.' }),
  }
  const answers = [busy, away]
  let asked = 0
  // The second answer waits until the test has seen the question under way.
  let answerSecond = () => {}
  const secondMayGo = new Promise<void>((resolve) => (answerSecond = resolve))
  await page.route('**/api/cart/quote', async (route) => {
    const answer = answers[asked++]
    if (asked === 2) await secondMayGo
    if (answer) await route.fulfill(answer)
    else await route.continue()
  })
  await page.goto('/checkout')
  const alert = page.getByRole('alert')
  const pay = page.getByRole('button', { name: 'Continue to delivery' })
  await expect(alert).toContainText('We could not check your cart’s prices just now. Please try again in a moment.')
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible()
  await expect(page.getByTestId('cart-line')).toHaveCount(1)
  await expect(pay).toBeDisabled()

  // From the keyboard: while the shop is asked again, the message and the focused button stay.
  await alert.getByRole('button', { name: 'Try again' }).focus()
  await page.keyboard.press('Enter')
  const checking = alert.getByRole('button', { name: 'Checking…' })
  await expect(checking).toBeFocused()
  await expect(checking).toHaveAttribute('aria-disabled', 'true')
  await expect(alert).toContainText('Please try again in a moment.')
  answerSecond()
  await expect(alert).toContainText('Please try again in a few seconds.')
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeFocused()
  await expect(pay).toBeDisabled()

  // When the prices come, the message goes and the focus moves on to Pay.
  await page.keyboard.press('Enter')
  await expect(alert).toBeHidden()
  const payNow = page.getByRole('button', { name: 'Continue to delivery' })
  await expect(payNow).toBeEnabled()
  await expect(payNow).toBeFocused()
  expect(asked).toBe(3)
})

test('a cart the shop cannot read is said so at checkout, without a Try again that would fail the same way', async ({ page }) => {
  // A cart kept by the browser that no longer makes sense to the shop (edited by hand, say).
  await page.goto('/')
  await page.evaluate(() =>
    localStorage.setItem(
      'checkouts',
      JSON.stringify({ checkoutItems: [{ FBUID: 'NOT A PRODUCT ID', productName: 'Mystery', productCount: 1, unitPrice: 100, image: '' }] }),
    ),
  )
  await page.goto('/checkout')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Your cart could not be read.')
  await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Continue to delivery' })).toBeDisabled()
})

test('an empty cart shows a way back to the products', async ({ page }) => {
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible()
  await page.getByRole('link', { name: 'Browse products' }).click()
  await expect(page).toHaveURL('/products')
})

test('two tabs keep the same cart', async ({ page, context }) => {
  await page.goto('/products/cameras')
  const other = await context.newPage()
  await other.goto('/products/cameras')
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Add to cart/ })
    .click()
  await expect(other.getByTestId('cart-badge')).toHaveText('1')
})

test('a signed-in customer sees the order on the account page; staff see it with its payment and history', async ({ page, browser, staffMember }) => {
  const email = uniqueEmail('orders')
  await signUp(page, email, 'orders password')
  await expect(page).toHaveURL('/client')
  await page.goto('/product/unilink-rx8-long-range-receiver')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await fillDelivery(page, { fullName: 'Orla Orders', phone: '0400 000 003', method: /^Standard/, address: BRISBANE })
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await payWithDemoCard(page, { card: '4242424242424242', expiry: '10/39', cvc: '999', name: 'Orla Orders' })
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')

  await page.goto('/client')
  const mine = page.getByRole('region', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: orderId })
  await expect(mine).toContainText('paid')

  const staffPage = await (await browser.newContext({ storageState: staffMember.state })).newPage()
  await staffPage.goto('/orders')
  await staffPage.getByRole('link', { name: orderId }).click()
  await expect(staffPage.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await expect(staffPage.getByText(email, { exact: true })).toBeVisible()
  await expect(staffPage.getByRole('cell', { name: 'UniLink RX8 Long-Range Receiver' })).toBeVisible()
  await expect(staffPage.getByText(/^demo_pi_/)).toBeVisible()
  const states = staffPage.getByRole('heading', { name: 'State history' }).locator('xpath=following-sibling::ol[1]/li')
  await expect(states).toHaveCount(2)
  await expect(states.nth(0)).toContainText('pending')
  await expect(states.nth(1)).toContainText('paid')
  await expect(states.nth(1)).toContainText('by payment provider')
  await expectNoAxeViolations(staffPage)
})

test('a declined card is no order in the account, staff find it under abandoned checkouts; a guest’s order joins the account made with its address once verified', async ({
  page,
  browser,
  staffMember,
}) => {
  // A customer's card is declined: "Your orders" stays empty, and the attempt's page answers as a number that never existed.
  const customer = uniqueEmail('declined-account')
  await signUp(page, customer, 'declined password')
  await page.goto('/product/unicam-f1-fpv-camera')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByTestId('cart-badge')).toHaveText('1')
  await checkOutWith(page, { fullName: 'Dora Declined', phone: '07 3000 5678', method: /^Standard/, address: BRISBANE })
  const declinedId = /Order (UD-\w+)/.exec((await page.getByText(/^Order UD-/).textContent())!)![1]!
  const declinedTotal = (await page.getByRole('button', { name: /^Pay / }).textContent())!.replace('Pay ', '')
  await payWithDemoCard(page, { card: '4000 0000 0000 0002', expiry: '12 / 40', cvc: '123', name: 'Dora Declined' })
  await expect(page).toHaveURL('/checkout/delivery?payment=declined')
  await page.goto('/client')
  await expect(page.getByText('You have no orders yet.')).toBeVisible()
  await expect(page.getByRole('link', { name: declinedId })).toHaveCount(0)
  expect((await page.request.get(`/client/orders/${declinedId}`)).status()).toBe(404)

  // A guest buys, then signs up with the same address and verifies it: the order is in the account.
  const guestEmail = uniqueEmail('guest-then-account')
  const guest = await (await browser.newContext()).newPage()
  await guest.goto('/product/unimotor-4114-kv400')
  await guest.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(guest.getByTestId('cart-badge')).toHaveText('1')
  await checkOutWith(guest, { fullName: 'Gus Guest', email: guestEmail, phone: '0400 000 035', method: /^Standard/, address: BRISBANE })
  await payWithDemoCard(guest, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Gus Guest' })
  const guestOrderId = (await guest.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  await signUp(guest, guestEmail, 'guest password 35')
  await guest.goto('/client')
  await guest.getByRole('link', { name: guestOrderId, exact: true }).click()
  await expect(guest).toHaveURL(`/client/orders/${guestOrderId}`)
  await guest.context().close()
  // The confirmation e-mail's link still opens the order, on any device, now that it is in the account.
  const confirmation = (await withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, guestEmail)))).find((mail) =>
    mail.subject.startsWith(`Order ${guestOrderId} confirmed`),
  )!
  const reader = await (await browser.newContext()).newPage()
  await reader.goto(/View your order: (\S+)/.exec(confirmation.text)![1]!)
  await expect(reader.getByRole('heading', { level: 1, name: `Order ${guestOrderId}` })).toBeVisible()
  await reader.context().close()

  // Staff: the declined attempt is not among the orders but under abandoned checkouts, with its reason.
  const staff = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: staffMember.state })).newPage()
  await staff.goto('/orders')
  await expect(staff.getByRole('link', { name: guestOrderId, exact: true })).toBeVisible()
  await expect(staff.getByRole('link', { name: declinedId })).toHaveCount(0)
  await picture(staff, 'orders-1440.png', { fullPage: true })
  await staff.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Abandoned checkouts' }).click()
  await expect(staff).toHaveURL('/orders?view=abandoned')
  await expect(staff.getByRole('heading', { level: 1, name: 'Abandoned checkouts' })).toBeVisible()
  const row = staff.getByRole('row').filter({ hasText: declinedId })
  await expect(row).toContainText(customer)
  await expect(row).toContainText('Declined')
  await expect(row).toContainText(declinedTotal)
  await expect(staff.getByRole('link', { name: guestOrderId, exact: true })).toHaveCount(0)
  await expectNoAxeViolations(staff)
  await picture(staff, 'abandoned-1440.png', { fullPage: true })
  for (const address of ['/orders', '/orders?view=abandoned']) {
    await staff.setViewportSize({ width: 390, height: 844 })
    await staff.goto(address)
    expect(await staff.evaluate(() => document.documentElement.scrollWidth), address).toBeLessThanOrEqual(390)
    await picture(staff, `${address === '/orders' ? 'orders' : 'abandoned'}-390.png`, { fullPage: true })
  }
  // The guest order's history says when and why it joined the account.
  await staff.setViewportSize({ width: 1440, height: 900 })
  await staff.goto(`/orders/${guestOrderId}`)
  await expect(staff.getByTestId('history-note')).toHaveText(new RegExp(`^Joined the account of ${guestEmail.replace(/[.+]/g, '\\$&')}: `))
  await staff.context().close()
})
