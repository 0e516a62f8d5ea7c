import { expect, expectNoAxeViolations, test } from './fixtures'
import { latestMailTo, logIn, signUp, uniqueEmail } from './support/shop'

test('forgot password: the link from the e-mail sets a new password, once, and signs the account out elsewhere', async ({ page, browser }) => {
  const email = uniqueEmail('forgot')
  await signUp(page, email, 'the old password')
  // Another device stays signed in until the reset.
  const otherDevice = await browser.newContext()
  const other = await otherDevice.newPage()
  await logIn(other, email, 'the old password')
  await expect(other).toHaveURL('/client')
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL('/')

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL('/forgot-password')
  await expectNoAxeViolations(page)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toHaveText(
    `If there is an account for ${email}, we have sent it a link to choose a new password. The link works once, for one hour.`,
  )

  // An address without an account gets the same answer, and no e-mail.
  const stranger = uniqueEmail('no-account')
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill(stranger)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toHaveText(
    `If there is an account for ${stranger}, we have sent it a link to choose a new password. The link works once, for one hour.`,
  )
  expect(await latestMailTo(stranger)).toBeUndefined()

  const mail = await latestMailTo(email)
  expect(mail?.subject).toBe('Reset your password for UniDrone Robotics')
  const link = /(http:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(mail!.text)![1]!
  expect(new URL(link).origin).toBe(new URL(page.url()).origin)
  await page.goto(link)
  await expect(page).toHaveURL(/\/reset-password\?token=/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password')
  await expectNoAxeViolations(page)
  await page.getByLabel('New password').fill('short')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Error: Choose a password of at least 8 characters.')
  await page.getByLabel('New password').fill('the new password')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL('/login?reset=1')
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Please log in with the new one.')

  await other.reload()
  await expect(other).toHaveURL('/login?redirectTo=%2Fclient')
  await otherDevice.close()

  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('the old password')
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(/^Error: Invalid email or password/)
  await logIn(page, email, 'the new password')
  await expect(page).toHaveURL('/client')

  // The link worked once.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired')
})

test('a customer changes the password on the account page; other devices are signed out, this one stays', async ({ page, browser }) => {
  const email = uniqueEmail('changer')
  await signUp(page, email, 'first password')
  const otherDevice = await browser.newContext()
  const other = await otherDevice.newPage()
  await logIn(other, email, 'first password')

  await page.getByRole('link', { name: 'Change password' }).click()
  await expect(page).toHaveURL('/client/password')
  await page.getByLabel('Current password').fill('not my password')
  await page.getByLabel('New password').fill('second password')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Error: Your current password is not right.')
  await page.getByLabel('Current password').fill('first password')
  await page.getByLabel('New password').fill('second password')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('status')).toHaveText('Your password has been changed, and your account has been signed out everywhere else.')
  await expectNoAxeViolations(page)

  await page.goto('/client')
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await other.goto('/client')
  await expect(other).toHaveURL('/login?redirectTo=%2Fclient')
  await logIn(other, email, 'second password')
  await expect(other).toHaveURL('/client')
  await otherDevice.close()
})
