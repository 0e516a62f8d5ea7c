import { expect, expectNoAxeViolations, test } from './fixtures'
import { addStaff, latestMailTo, logInAsStaff, passSecondFactor, uniqueEmail } from './support/shop'

test('staff invite a colleague from the screen; the colleague becomes staff only after setting a password through the link and enrolling a second factor', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const owner = uniqueEmail('owner')
  await logInAsStaff(page, owner, addStaff(owner))
  await page.goto('/staff')
  await page.getByRole('navigation', { name: 'Staff', exact: true }).getByRole('link', { name: 'Staff accounts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible()
  const me = page.getByTestId('staff-member').filter({ hasText: owner })
  await expect(me).toContainText('(you)')
  await expect(me.getByRole('button')).toHaveCount(0)

  const invite = page.getByRole('region', { name: 'Invite a staff member' })
  await invite.getByLabel('E-mail address').fill('not an address')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible()
  await invite.getByLabel('E-mail address').fill(owner)
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite.getByText(`${owner} is already staff.`)).toBeVisible()

  const colleague = uniqueEmail('colleague')
  await invite.getByLabel('E-mail address').fill(colleague)
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${colleague}. The link works for 7 days.`)
  await expect(page.getByTestId('staff-invite').filter({ hasText: colleague })).toContainText(`by ${owner}`)
  await expectNoAxeViolations(page)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 })
    if (process.env.CATALOG_SHOTS) await page.screenshot({ path: `${process.env.CATALOG_SHOTS}/staff-accounts-${width}.png`, fullPage: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  }

  // The colleague, in a browser of their own, opens the link from the e-mail.
  const mail = await latestMailTo(colleague)
  expect(mail?.subject).toMatch(/^You are invited to join the staff of /)
  const link = new URL(/(http:\/\/\S+\/staff-invite\/\S+)/.exec(mail!.text)![1]!)
  const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const them = await theirs.newPage()
  await them.goto(link.pathname)
  await expect(them.getByRole('heading', { level: 1 })).toHaveText('Join the staff: choose your password')
  await them.getByLabel('Your name').fill('Casey Colleague')
  await them.getByLabel('Password').fill('short')
  await them.getByRole('button', { name: 'Set password and continue' }).click()
  await expect(them.getByText('Choose a password of at least 8 characters.')).toBeVisible()
  const password = 'colleague password 1'
  await them.getByLabel('Password').fill(password)
  await them.getByRole('button', { name: 'Set password and continue' }).click()
  await expect(them.getByRole('heading', { level: 1 })).toHaveText('Join the staff: set up two-step login')
  await expectNoAxeViolations(them)

  // Signed in, but not staff yet: the staff screens stay closed.
  const early = await them.goto('/staff')
  expect(early?.status()).toBe(403)

  await them.goto(link.pathname)
  await them.getByRole('link', { name: 'Set up two-step login' }).click()
  await them.waitForURL((url) => url.pathname === '/client/two-factor')
  await passSecondFactor(them, colleague, password)
  await expect(them).toHaveURL(link.pathname)
  await expect(them.getByRole('heading', { level: 1 })).toHaveText('Join the staff')
  await them.getByRole('button', { name: 'Accept and join the staff' }).click()
  await expect(them).toHaveURL('/staff')
  await expect(them.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  // The link was for one use.
  await them.goto(link.pathname)
  await expect(them.getByRole('heading', { level: 1 })).toHaveText('This invitation link no longer works')

  // The owner sees the colleague with two-step login on, and can take the access away again.
  await page.reload()
  const row = page.getByTestId('staff-member').filter({ hasText: colleague })
  await expect(row).toContainText('Casey Colleague')
  await expect(row).toContainText('Two-step login on')
  await expect(page.getByTestId('staff-invite').filter({ hasText: colleague })).toHaveCount(0)
  await row.getByRole('button', { name: 'Remove staff access' }).click()
  await expect(page.getByRole('status')).toHaveText(`${colleague} is no longer staff and was signed out everywhere.`)
  await them.goto('/staff')
  await expect(them).toHaveURL('/login?redirectTo=%2Fstaff')
  await theirs.close()
})
