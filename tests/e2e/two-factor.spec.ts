import { spawnSync } from 'node:child_process'
import { expect, expectNoAxeViolations, test } from './fixtures'
import { addStaff, authenticatorCode, latestMailTo, logIn, logInAsStaff, passSecondFactor, signUp, uniqueEmail } from './support/shop'
import { picture } from './support/look'

/** `npm run staff -- <args>` against the shared test shop, as an operator runs it. */
function staffCommand(...args: string[]) {
  const result = spawnSync('npm', ['run', '--silent', 'staff', '--', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

test('a new staff member sets up two-step login at the first login, then logs in with a code or a backup code', async ({ page }) => {
  // Four logins, one of which waits for the app's next code (each code logs in once).
  test.setTimeout(150_000)
  const email = uniqueEmail('new-staff')
  const password = addStaff(email)
  await page.goto('/orders')
  await expect(page).toHaveURL('/login?redirectTo=%2Forders')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()

  // Enrolment: the staff screens wait until it is done.
  await expect(page).toHaveURL('/client/two-factor?redirectTo=%2Forders')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step login')
  await expect(page.getByRole('button', { name: 'Set up two-step login' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to your account' })).toHaveCount(0)
  await page.getByLabel('Confirm your password').fill('not the password')
  await page.getByRole('button', { name: 'Set up two-step login' }).click()
  await expect(page.getByRole('alert')).toHaveText('Error: Your password is not right.')
  await page.getByLabel('Confirm your password').fill(password)
  await page.getByRole('button', { name: 'Set up two-step login' }).click()
  await expect(page.getByRole('img', { name: 'QR code of the authenticator secret' })).toBeVisible()
  const backupCodes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()
  expect(backupCodes).toHaveLength(10)
  await expectNoAxeViolations(page)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1100 })
    await picture(page, `enrolment-${width}.png`, { fullPage: true })
  }
  await page.getByLabel('Enter the 6-digit code the app now shows').fill('000000')
  await page.getByRole('button', { name: 'Turn on two-step login' }).click()
  await expect(page.getByRole('alert')).toHaveText('Error: That code is not right. Enter the newest code your app shows.')
  // The page keeps the key and codes after a wrong code; the helper reads the key as a person types it into the app.
  await passSecondFactor(page, email, password)
  await expect(page).toHaveURL('/orders')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders')

  // Next login: password, then the app's code.
  await page.goto('/client')
  await page.getByRole('button', { name: 'Log Out' }).click()
  await expect(page).toHaveURL('/')
  await page.goto('/staff')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL('/login/two-factor?redirectTo=%2Fstaff')
  await expectNoAxeViolations(page)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await picture(page, `code-step-${width}.png`)
  }
  await page.getByLabel('Authentication code').fill('123456')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('Error: That code is not right. Enter the newest code your app shows.')
  const code = await authenticatorCode(email)
  await page.getByLabel('Authentication code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL('/staff')

  // Staff cannot turn it off, not even by calling the endpoint behind the account page.
  const disable = await page.request.post('/api/auth/two-factor/disable', { data: { password }, headers: { origin: new URL(page.url()).origin } })
  expect(disable.status()).toBe(403)
  expect((await disable.json()).message).toMatch(/must keep two-step login on/)
  await page.goto('/client/two-factor')
  await expect(page.getByText('Two-step login is on')).toBeVisible()

  // The same code does not log in a second time, even within its 30 seconds; the next one does.
  await page.context().clearCookies()
  await page.goto('/login?redirectTo=%2Fstaff')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL('/login/two-factor?redirectTo=%2Fstaff')
  await page.getByLabel('Authentication code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('Error: That code was used already. Wait for the next code your app shows and enter it.')
  await page.getByLabel('Authentication code').fill(await authenticatorCode(email))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL('/staff')

  // A backup code works once.
  for (const expected of ['/staff', 'refused']) {
    await page.context().clearCookies()
    await page.goto('/login?redirectTo=%2Fstaff')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByRole('link', { name: 'Use a backup code' }).click()
    await page.getByLabel('Backup code').fill(backupCodes[0]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    if (expected === '/staff') await expect(page).toHaveURL('/staff')
    else await expect(page.getByRole('alert')).toHaveText('Error: That backup code is not right, or it was used before.')
  }
})

test('a session that skipped the second factor reaches no staff screen or action and ends when the app is set up; a customer reaches none at all', async ({
  browser,
  page,
}) => {
  // Two browsers, four logins and a customer's enrolment.
  test.setTimeout(150_000)
  const email = uniqueEmail('two-browsers')
  const password = addStaff(email)
  // Browser B logs in with the password while the account has no app yet: it is sent to set one up.
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await logIn(other, email, password)
  await expect(other).toHaveURL('/client/two-factor?redirectTo=%2Fstaff')
  // B's session never gave a code: staff pages send it to set one up, staff actions are refused.
  await other.goto('/product/create')
  await expect(other).toHaveURL('/client/two-factor?redirectTo=%2Fproduct%2Fcreate')
  const write = await other.request.post('/template/create', {
    form: { templateName: 'Sneaky', templateImage: '' },
    headers: { origin: new URL(other.url()).origin },
    maxRedirects: 0,
  })
  expect(write.status()).toBe(403)
  expect(await write.text()).toMatch(/second factor/)

  // Browser A sets it up and works; that signs B out, which logs in again with the password and a code.
  await logInAsStaff(page, email, password)
  await expect(page).toHaveURL('/staff')
  await other.goto('/product/create')
  await expect(other, 'setting up the app signed the other browser out').toHaveURL('/login?redirectTo=%2Fproduct%2Fcreate')
  await other.getByLabel('Email').fill(email)
  await other.getByLabel('Password').fill(password)
  await other.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(other).toHaveURL('/login/two-factor?redirectTo=%2Fproduct%2Fcreate')
  await other.getByLabel('Authentication code').fill(await authenticatorCode(email))
  await other.getByRole('button', { name: 'Verify' }).click()
  await expect(other).toHaveURL('/product/create')
  await otherContext.close()

  // A customer with two-step login of their own is still only a customer.
  const customerEmail = uniqueEmail('careful-customer')
  await page.context().clearCookies()
  await signUp(page, customerEmail, 'customer password')
  await page.getByRole('link', { name: 'Two-step login' }).click()
  await expect(page).toHaveURL('/client/two-factor')
  await passSecondFactor(page, customerEmail, 'customer password')
  await expect(page.getByRole('status')).toHaveText('Two-step login is now on for your account.')
  expect((await page.goto('/staff'))?.status()).toBe(403)
  expect((await page.goto('/orders'))?.status()).toBe(403)
})

test('the operator: staff is refused to an account a stranger signed up with; --reset takes it over; reset-2fa for a lost phone', async ({ page, browser }) => {
  const email = uniqueEmail('newhire')
  // A stranger signs up with the new hire's address first; without the mailbox they cannot confirm it.
  const strangerContext = await browser.newContext()
  const stranger = await strangerContext.newPage()
  await stranger.goto('/login')
  await stranger.getByLabel('Email').fill(email)
  await stranger.getByLabel('Password').fill('stranger password')
  await stranger.getByRole('button', { name: 'Sign Up', exact: true }).click()
  await expect(stranger.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
  expect(await latestMailTo(email)).toBeTruthy()

  const refused = staffCommand('add', email)
  expect(refused.status).toBe(1)
  expect(refused.output).toContain('was never verified')
  expect(refused.output).toContain(`npm run staff -- add ${email} --reset`)

  const takeover = staffCommand('add', email, '--reset')
  expect(takeover.status, takeover.output).toBe(0)
  const password = /new password \(shown only now\): (\S+)/.exec(takeover.output)?.[1]
  expect(password, takeover.output).toBeTruthy()
  await stranger.goto('/client')
  await expect(stranger, 'the stranger never got in').toHaveURL('/login?redirectTo=%2Fclient')
  await strangerContext.close()

  await logInAsStaff(page, email, password!)
  await page.goto('/staff')
  await expect(page.getByRole('cell', { name: email })).toBeVisible()

  // Lost phone: the operator removes the second factor; the next login sets up a new app.
  const reset = staffCommand('reset-2fa', email)
  expect(reset.status, reset.output).toBe(0)
  await page.goto('/staff')
  await expect(page, 'the reset signed the account out').toHaveURL('/login?redirectTo=%2Fstaff')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password!)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await expect(page).toHaveURL('/client/two-factor?redirectTo=%2Fstaff')
})
