import { eq } from 'drizzle-orm'
import { outbox } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { BRISBANE, fillDelivery, payWithDemoCard, signUp, uniqueEmail, withShopDatabase } from './support/shop'
import { picture } from './support/look'

test('staff pack and ship an order with an Australia Post tracking number; the customer is e-mailed the link and sees Shipped', async ({
  page,
  browser,
  staffMember,
}) => {
  const email = uniqueEmail('parcel')
  await signUp(page, email, 'parcel password')
  await expect(page).toHaveURL('/client')
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName: 'Parcel Pat', phone: '0400 123 456', method: /^Standard/, address: BRISBANE })
  await page.getByRole('button', { name: /^Pay / }).click()
  await payWithDemoCard(page, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Parcel Pat' })
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')

  const staff = await (await browser.newContext({ storageState: staffMember.state })).newPage()
  await staff.goto('/orders')
  await staff.getByRole('checkbox', { name: `Select ${orderId} to mark packed` }).check()
  await staff.getByRole('button', { name: 'Mark packed' }).click()
  await expect(staff.getByRole('status')).toContainText(`Marked packed: ${orderId}.`)
  await staff.getByRole('link', { name: orderId }).click()
  await expect(staff.getByTestId('fulfilment')).toHaveText('Packed')
  await staff.getByLabel('Carrier').selectOption({ label: 'Australia Post' })
  await staff.getByLabel('Tracking number').fill('33ABC0012345')
  await staff.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(staff.getByTestId('fulfilment')).toHaveText('Shipped')
  await expect(staff.getByRole('link', { name: 'track' })).toHaveAttribute('href', 'https://auspost.com.au/mypost/track/details/33ABC0012345')
  await expectNoAxeViolations(staff)
  await staff.context().close()

  const [shippedMail] = await withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email))).then((mails) =>
    mails.filter((mail) => mail.subject.includes('has shipped')),
  )
  expect(shippedMail!.text).toContain('https://auspost.com.au/mypost/track/details/33ABC0012345')

  await page.goto('/client')
  await expect(page.getByRole('region', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: orderId })).toContainText('Shipped')
  await page.getByRole('link', { name: orderId, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await expect(page.getByTestId('timeline')).toContainText('Packed')
  await expect(page.getByTestId('timeline')).toContainText('Shipped')
  await expect(page.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', 'https://auspost.com.au/mypost/track/details/33ABC0012345')
  await expect(page.getByRole('link', { name: 'Tax invoice' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('a guest reaches their order from the confirmation e-mail and from Track your order by one lasting link, which staff can revoke', async ({
  page,
  browser,
  staffMember,
}) => {
  const email = uniqueEmail('guest-order')
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, { fullName: 'Gus Guest', email, phone: '0400 654 321', method: /^Standard/, address: BRISBANE })
  await page.getByRole('button', { name: /^Pay / }).click()
  await payWithDemoCard(page, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Gus Guest' })
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  const mailsTo = (to: string) => withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, to)))

  // The confirmation e-mail, read as a phone's mail client shows it: one column, a button to the order's page.
  const confirmation = (await mailsTo(email)).find((mail) => mail.subject.startsWith(`Order ${orderId} confirmed`))!
  const reader = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await reader.setContent(confirmation.html)
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expect(reader.getByText('Subtotal (excl. GST)')).toBeVisible()
  const link = (await reader.getByRole('link', { name: 'View your order' }).getAttribute('href'))!
  expect(link).toMatch(/\/track-order\/[A-Za-z0-9_-]{32}$/)
  // (Mail clients open links in a new window; the test opens it in this one.)
  await reader.goto(link)
  await expect(reader.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await expect(reader.getByTestId('timeline')).toContainText('paid')
  await expect(reader.getByTestId('deliver-to')).toContainText('Gus Guest')
  await expectNoAxeViolations(reader)
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await picture(reader, 'order-page-390.png', { fullPage: true })
  await reader.getByRole('link', { name: 'Tax invoice' }).click()
  await expect(reader.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible()
  await reader.context().close()

  // On another device: the wrong e-mail gets the same answer and no mail; the right one gets the same lasting link.
  const guest = await (await browser.newContext()).newPage()
  await guest.goto('/track-order')
  await guest.getByLabel('Order number').fill(orderId)
  await guest.getByLabel('Email').fill('someone-else@example.com')
  await guest.getByRole('button', { name: 'E-mail me a link' }).click()
  await expect(guest.getByRole('status')).toContainText('If that order number and e-mail match a paid order')
  await guest.getByLabel('Email').fill(email.toUpperCase())
  // (The answer reads as before, so the test waits for the form's own answer.)
  const answered = guest.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/track-order'))
  await guest.getByRole('button', { name: 'E-mail me a link' }).click()
  expect((await answered).status()).toBe(200)
  await expect(guest.getByRole('status')).toContainText('we have e-mailed the link')
  expect(await mailsTo('someone-else@example.com')).toHaveLength(0)
  const linkMail = (await mailsTo(email)).find((mail) => mail.subject.startsWith(`Your order ${orderId}`))!
  expect(linkMail.text).toContain(`View your order: ${link}`)
  // Opened twice, and in a second browser: it keeps working (a mail scanner that fetches it spends nothing).
  await guest.goto(link)
  await guest.reload()
  await expect(guest.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  const other = await (await browser.newContext()).newPage()
  await other.goto(link)
  await expect(other.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()

  // Staff revoke the link (say it was forwarded by mistake): the old one stops, the customer is e-mailed a new one.
  const staff = await (await browser.newContext({ storageState: staffMember.state })).newPage()
  await staff.goto(`/orders/${orderId}`)
  await staff.getByRole('button', { name: 'Revoke the link and send a new one' }).click()
  await expect(staff.getByRole('status')).toContainText(`The old link to this order no longer works; a new one was e-mailed to ${email}.`)
  await picture(staff, 'staff-order-1440.png')
  await staff.context().close()
  const revoked = await other.goto(link)
  expect(revoked?.status()).toBe(404)
  await expect(other.getByRole('heading', { name: 'This link does not open an order' })).toBeVisible()
  const newest = (await mailsTo(email)).filter((mail) => mail.subject.startsWith(`Your order ${orderId}`)).at(-1)!
  const renewed = /View your order: (\S+)/.exec(newest.text)![1]!
  expect(renewed).not.toBe(link)
  await other.goto(renewed)
  await expect(other.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await guest.context().close()
  await other.context().close()
})

test('staff find an order by the customer’s name, narrow the list, download it as CSV, print its packing slip and send its invoice again', async ({
  page,
  browser,
  staffMember,
}) => {
  const email = uniqueEmail('findable')
  const name = `Fiona Findable ${Date.now()}`
  await page.goto('/product/uniesc-80a-foc')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await fillDelivery(page, {
    fullName: name,
    email,
    phone: '0499 888 777',
    method: /^Standard/,
    address: { line1: '7 Harbour St', suburb: 'Hobart', state: 'TAS', postcode: '7000' },
  })
  await page.getByRole('button', { name: /^Pay / }).click()
  await payWithDemoCard(page, { card: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name })
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')

  const staff = await (await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: staffMember.state })).newPage()
  await staff.goto('/orders')
  await staff.getByRole('search', { name: 'Find orders' }).getByLabel('Search').fill(name)
  await staff.getByLabel('State').selectOption('to-pack')
  await staff.getByRole('button', { name: 'Show' }).click()
  await expect(staff.getByTestId('order-count')).toHaveText('1 order found')
  await expect(staff.getByRole('link', { name: orderId })).toBeVisible()
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  // By phone number, however it was typed.
  await staff.goto(`/orders?q=${encodeURIComponent('0499888777')}`)
  await expect(staff.getByRole('link', { name: orderId })).toBeVisible()

  const download = staff.waitForEvent('download')
  await staff.getByRole('link', { name: 'Download CSV' }).click()
  const csv = await (await download).path().then((file) => import('node:fs/promises').then((fs) => fs.readFile(file, 'utf8')))
  expect(csv.split('\r\n')[0]).toBe(
    'Order,Placed (UTC),Payment,Fulfilment,Customer,E-mail,Phone,Company,ABN,Purchase order,Delivery method,Suburb,State,Postcode,Shipping,Discount,Discount codes,GST,Total',
  )
  expect(csv).toContain(`${orderId},`)
  expect(csv).toContain(`,${name},${email},0499 888 777,,,,Standard,Hobart,TAS,7000,`)

  await staff.getByRole('link', { name: orderId }).click()
  await staff.getByRole('link', { name: 'Packing slip' }).click()
  await expect(staff.getByTestId('ship-to')).toContainText('7 Harbour St')
  await expect(staff.getByRole('cell', { name: /UniESC 80A FOC/ })).toBeVisible()
  await staff.goBack()
  await staff.getByRole('button', { name: 'Send the invoice again' }).click()
  await expect(staff.getByRole('status')).toContainText(`The tax invoice was sent again to ${email}.`)
  const invoices = await withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email)))
  expect(invoices.filter((mail) => mail.subject.startsWith('Tax invoice'))).toHaveLength(1)
  expect(invoices.filter((mail) => mail.subject.startsWith(`Order ${orderId} confirmed`))).toHaveLength(1)
  await staff.context().close()
})

test('a date filter the orders list cannot use is refused with a message, on the list and in its CSV, never a server error', async ({ page, staffMember }) => {
  await signInAsStaff(page, staffMember)
  for (const query of ['from=0001-01-01', 'to=9999-12-31', 'from=2026-02-31', 'from=yesterday']) {
    const list = await page.request.get(`/orders?${query}`)
    expect(list.status(), query).toBe(400)
    const csv = await page.request.get(`/orders/export.csv?${query}`)
    expect(csv.status(), query).toBe(400)
    expect(await csv.text()).toMatch(/must be a day from 2000-01-01 to 2100-12-31/)
  }
  await page.goto('/orders?from=0001-01-01&q=bea')
  await expect(page.getByRole('alert')).toHaveText('“From” must be a day from 2000-01-01 to 2100-12-31, written YYYY-MM-DD.')
  await expect(page.getByLabel('Search')).toHaveValue('bea')
  // The filter a person can choose in the form still works.
  const fine = await page.request.get('/orders/export.csv?from=2000-01-01&to=2100-12-31')
  expect(fine.status()).toBe(200)
})
