import { eq } from 'drizzle-orm'
import { outbox } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { uniqueEmail, withShopDatabase } from './support/shop'

test('a survey firm asks for a quote for an E900 and two batteries; staff lower a price, add freight and send it; the buyer accepts and pays by bank transfer', async ({
  page,
  browser,
  staffMember,
}) => {
  const email = uniqueEmail('survey-quote')
  await page.goto('/product/unidrone-e900')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/product/unicell-6s-22000-mah-smart-battery')
  await page.getByLabel('Quantity').selectOption('2')
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await page.goto('/checkout')
  // Over $1,000 the cart suggests a quote.
  await expect(page.getByTestId('quote-suggestion')).toBeVisible()
  await page.getByRole('button', { name: 'Request a quote' }).click()
  await expect(page).toHaveURL('/checkout/quote')
  await page.getByRole('button', { name: 'Request the quote' }).click()
  await expect(page.getByText('Please check the highlighted fields.')).toBeVisible()
  await page.getByLabel('Company name').fill('Survey Co Pty Ltd')
  await page.getByLabel('ABN').fill('51 824 753 557')
  await page.getByLabel('Your name').fill('Sam Surveyor')
  await page.getByLabel('Phone').fill('07 3000 1234')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Delivery state or territory').selectOption('QLD')
  await page.getByLabel('Delivery postcode').fill('4066')
  await page.getByRole('button', { name: 'Request the quote' }).click()
  await expect(page.getByText('this one does not pass the ABN check')).toBeVisible()
  await page.getByLabel('ABN').fill('51 824 753 556')
  await page.getByRole('button', { name: 'Request the quote' }).click()
  const thanks = page.getByText(/we have your quote request Q-/)
  await expect(thanks).toBeVisible()
  const quoteId = /Q-[A-Z0-9]{8}/.exec((await thanks.textContent())!)![0]

  // Staff price it: the battery lowered with a reason, freight added, then sent.
  const staff = await (await browser.newContext({ storageState: staffMember.state })).newPage()
  await staff.goto('/quotes?state=requested')
  await staff.getByRole('link', { name: quoteId }).click()
  const battery = staff.getByRole('listitem').filter({ hasText: 'UniCell' })
  await battery.getByLabel('Unit price ($)').fill('800.00')
  await staff.getByLabel('Freight ($, including GST)').fill('95.00')
  await staff.getByRole('button', { name: 'Save and send to the buyer' }).click()
  await expect(staff.getByText('is priced below the catalogue: say why in its reason')).toBeVisible()
  await battery.getByLabel('Reason, when lower than the catalogue').fill('Two or more with an E900')
  await staff.getByRole('button', { name: 'Save and send to the buyer' }).click()
  await expect(staff.getByText(`Sent to ${email}`)).toBeVisible()
  await expect(staff.getByTestId('quote-state')).toHaveText('Sent')

  // The buyer opens the quote from its e-mail, prints it, and accepts it, paying by bank transfer.
  const [mail] = await withShopDatabase((database) => database.db.select().from(outbox).where(eq(outbox.to, email))).then((mails) =>
    mails.filter((message) => message.subject.startsWith(`Your quote ${quoteId}`)),
  )
  const link = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{32}/.exec(mail!.text)![0]
  // The e-mail as a phone's mail client shows it: one column, the total, the button to the quote.
  const reader = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage()
  await reader.setContent(mail!.html)
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expect(reader.getByRole('link', { name: 'View and accept the quote' })).toHaveAttribute('href', link)
  await expect(reader.getByText('Freight', { exact: true })).toBeVisible()
  await reader.context().close()
  await page.goto(new URL(link).pathname)
  await expect(page.getByRole('heading', { level: 1, name: `Quote ${quoteId}` })).toBeVisible()
  await expect(page.getByRole('cell', { name: /^Freight/ })).toBeVisible()
  await expect(page.getByTestId('valid-until')).not.toHaveText('—')
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.getByLabel('Address', { exact: true }).fill('5 Theodolite St')
  await page.getByLabel('Suburb').fill('Toowong')
  await page.getByLabel('Purchase order number').fill('PO-88')
  await page.getByRole('button', { name: 'Accept and pay by bank transfer' }).click()
  await expect(page).toHaveURL(/\/success\?session_id=bt_/)
  const orderId = (await page.getByRole('heading', { name: /^Order UD-/ }).textContent())!.replace('Order ', '')
  await expect(page.getByTestId('transfer-details')).toContainText(orderId)

  // Accepted once: the link now says so.
  await page.goto(new URL(link).pathname)
  await expect(page.getByTestId('quote-refusal')).toContainText(`has been accepted already (order ${orderId})`)

  // Staff record the transfer, and the order is packed.
  await staff.reload()
  await staff.getByRole('link', { name: `order ${orderId}` }).click()
  await expect(staff.getByTestId('purchase-order')).toHaveText('PO-88')
  await staff.getByRole('button', { name: 'Record payment' }).click()
  await expect(staff.getByText(`Order ${orderId} is paid in full and ready to pack`)).toBeVisible()
  await staff.waitForLoadState('networkidle')
  await staff.getByRole('button', { name: 'Mark packed' }).click()
  await expect(staff.getByTestId('fulfilment')).toHaveText('Packed')
  await staff.context().close()
})
