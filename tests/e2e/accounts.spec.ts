import { eq } from 'drizzle-orm'
import { profiles } from '../../app/server/db/schema'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { addStaff, latestMailTo, passSecondFactor, signUp, uniqueEmail, withShopDatabase } from './support/shop'
import { picture } from './support/look'

test('a visitor signs up, confirms the e-mail from the outbox, edits the profile and logs out', async ({ page }) => {
  const email = uniqueEmail('new-customer')
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('a long password')
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(`We have sent a message to ${email}. Open the link in it to confirm your address and log in.`)
  expect(await page.evaluate(() => window.localStorage.getItem('emailForSignIn'))).toBe(email)
  await expectNoAxeViolations(page)

  // Not signed in until the address is confirmed: the password alone is refused, with a new link.
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('a long password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Error: Please confirm your e-mail address first: we have e-mailed you a link to do so.')

  const mail = await latestMailTo(email)
  expect(mail?.subject).toContain('Confirm your e-mail address')
  const link = /(http:\/\/\S+verify-email\S+)/.exec(mail!.text)![1]!
  expect(new URL(link).origin).toBe(new URL(page.url()).origin)
  await page.goto(link)
  await expect(page).toHaveURL('/client')
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expect(page.getByText('Please confirm your e-mail address')).toBeHidden()

  await page.getByLabel('Given name').fill('Robin')
  await page.getByLabel('Family name').fill('Quinn')
  await page.getByLabel('Mobile').fill('0400 123 456')
  await page.getByLabel('Date of birth').fill('1990-04-05')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByRole('status')).toHaveText('Your details have been saved.')
  await page.reload()
  await expect(page.getByLabel('Given name')).toHaveValue('Robin')
  await expect(page.getByLabel('Mobile')).toHaveValue('0400 123 456')

  await page.getByLabel('Mobile').fill('call me maybe')
  await page.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByText('Enter a phone number with digits')).toBeVisible()
  await expect(page.getByLabel('Mobile')).toHaveValue('call me maybe')
  await expect(page.getByLabel('Mobile')).toHaveAttribute('aria-invalid', 'true')

  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Log in' })).toBeVisible()
  await page.goto('/client')
  await expect(page).toHaveURL('/login?redirectTo=%2Fclient')
})

test('signing up with the address of an account says the same, signs nobody in, and tells the owner how to log in', async ({ page, browser }) => {
  const owner = uniqueEmail('owner')
  await signUp(page, owner, 'the owner password')
  const stranger = await (await browser.newContext()).newPage()
  await stranger.goto('/login')
  await stranger.getByLabel('Email').fill(owner)
  await stranger.getByLabel('Password').fill('a stranger password')
  await stranger.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(stranger.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible()
  await expect(stranger.getByRole('status')).toHaveText(`We have sent a message to ${owner}. Open the link in it to confirm your address and log in.`)
  await stranger.goto('/client')
  await expect(stranger).toHaveURL('/login?redirectTo=%2Fclient')
  await stranger.context().close()

  const mail = await latestMailTo(owner)
  expect(mail?.subject).toBe('Someone tried to create an account with your e-mail address')
  const reset = /(http:\/\/\S+\/forgot-password\S*)/.exec(mail!.text)![1]!
  await page.goto(reset)
  await expect(page.getByLabel('Email')).toHaveValue(owner)
})

test('a wrong password is shown as an inline error and the e-mail stays typed', async ({ page }) => {
  const email = uniqueEmail('forgetful')
  await signUp(page, email, 'the right password')
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL('/')

  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('the wrong password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(/^Error: Invalid email or password/)
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expectNoAxeViolations(page)

  await page.getByLabel('Password').fill('the right password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL('/client')
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0)
  await expect(page.getByLabel('Email')).toHaveCount(0)
})

test('Google login is shown disabled with a reason when it is not configured', async ({ page }) => {
  await page.goto('/login')
  const google = page.getByRole('button', { name: 'Login with Google' })
  await expect(google).toBeDisabled()
  await expect(google).toHaveAccessibleDescription(/Google login is not set up/)
})

test('a customer never sees staff controls and gets 403 on staff pages; staff get in', async ({ page }) => {
  const customer = uniqueEmail('customer')
  await signUp(page, customer, 'customer password')
  const nav = page.getByRole('navigation', { name: 'Main' }).first()
  await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0)
  const forbidden = await page.goto('/staff')
  expect(forbidden?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'This page is for staff only' })).toBeVisible()
  await page.goto('/client')
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL('/')

  const staffEmail = uniqueEmail('staff')
  const password = addStaff(staffEmail)
  await page.goto('/staff')
  await expect(page).toHaveURL('/login?redirectTo=%2Fstaff')
  await page.getByLabel('Email').fill(staffEmail)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  // Where the shop requires it, the first staff login sets up two-step login, then goes on.
  await expect(page).toHaveURL('/client/two-factor?redirectTo=%2Fstaff')
  await passSecondFactor(page, staffEmail, password)
  await expect(page).toHaveURL('/staff')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('cell', { name: staffEmail })).toBeVisible()
  await expectNoAxeViolations(page)
  // The storefront links to the staff area, and back.
  await page.goto('/')
  await nav.getByRole('link', { name: 'Staff' }).click()
  await expect(page).toHaveURL('/staff')
  await page.getByRole('link', { name: 'View the shop' }).click()
  await expect(page).toHaveURL('/')
})

test('cart lines and other browser storage survive logging in and out', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => window.localStorage.setItem('checkouts', JSON.stringify({ checkoutItems: [{ FBUID: 'unidrone-e900', productCount: 1 }] })))
  const email = uniqueEmail('keeps-cart')
  await signUp(page, email, 'cart password')
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL('/')
  expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('checkouts')))!)).toEqual({
    checkoutItems: [{ FBUID: 'unidrone-e900', productCount: 1 }],
  })
})

test('the account page leads with orders, then delivery addresses, security and the details, each in plain words; it fits a phone', async ({ page }) => {
  const email = uniqueEmail('account-layout')
  await signUp(page, email, 'layout password')
  await expect(page).toHaveURL('/client')
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Your orders', 'Delivery addresses', 'Security', 'Your details'])
  await expect(page.getByRole('region', { name: 'Your orders' })).toContainText('You have no orders yet.')
  const security = page.getByRole('region', { name: 'Security' })
  await expect(security).toContainText(/Two-step login\s*Off/)
  await expect(security.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/client/password')
  await expect(security.getByRole('link', { name: 'Set up two-step login' })).toHaveAttribute('href', '/client/two-factor')

  // The details: a picture to look at, not an image address to type; names and the birth date as a person says them.
  const details = page.getByRole('region', { name: 'Your details' })
  await expect(details.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', '/images/placeholder-profile.svg')
  await expect(details.getByRole('textbox', { name: /image|picture/i })).toHaveCount(0)
  await expect(details.getByLabel('Middle or other names')).toHaveAccessibleDescription('Any names besides your given and family names.')
  await expect(details.getByLabel('Date of birth')).toHaveAttribute('type', 'date')
  await details.getByLabel('Middle or other names').fill('Ann')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByRole('status')).toHaveText('Your details have been saved.')
  await expect(details.getByLabel('Middle or other names')).toHaveValue('Ann')
  await expect(details.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', '/images/placeholder-profile.svg')
  await expect(details.getByRole('checkbox')).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 0))
  await picture(page, 'account-1440.png', { fullPage: true })

  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, '/client scrolls sideways at 390 px').toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page)
  await page.evaluate(() => window.scrollTo(0, 0))
  await picture(page, 'account-390.png', { fullPage: true })

  // A picture of their own (as a Google login brings) is kept by a save, or put back to the plain one on request.
  const own = '/images/products/unicam-f1-fpv-camera/1.svg'
  await withShopDatabase((database) => database.db.update(profiles).set({ profileImage: own }).where(eq(profiles.profileEmail, email)))
  await page.reload()
  await expect(details.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', own)
  await details.getByLabel('Mobile number').fill('0400 222 333')
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(page.getByRole('status')).toHaveText('Your details have been saved.')
  await expect(details.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', own)
  await details.getByLabel('Use the plain picture instead of this one').check()
  await details.getByRole('button', { name: 'Save details' }).click()
  await expect(details.getByRole('img', { name: 'Your picture' })).toHaveAttribute('src', '/images/placeholder-profile.svg')
  await expect(details.getByLabel('Mobile number')).toHaveValue('0400 222 333')
})

test('"Track your order" is found from the footer of any page and from the login panel', async ({ page }) => {
  await page.goto('/products/cameras')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Track your order' }).click()
  await expect(page).toHaveURL('/track-order')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/login')
  await page.getByRole('main').getByRole('link', { name: 'Track your order' }).click()
  await expect(page).toHaveURL('/track-order')
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/login')
    await picture(page, `login-${width}.png`, { fullPage: true })
  }
})
