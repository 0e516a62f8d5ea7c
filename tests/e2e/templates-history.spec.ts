import { expect, expectNoAxeViolations, signInAsStaff, test } from './fixtures'
import { signUp, uniqueEmail } from './support/shop'

const unique = () => Math.random().toString(36).slice(2, 8)

test('staff create, edit, deprecate and restore a template, and read its history', async ({ page, staffMember }) => {
  const staffEmail = staffMember.email
  await signInAsStaff(page, staffMember)
  const firstName = `Survey kit ${unique()}`
  const secondName = `${firstName} (revised)`

  await page.goto('/staff')
  await page.getByRole('link', { name: 'Templates' }).click()
  await expect(page).toHaveURL('/template')
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible()
  await expectNoAxeViolations(page)

  // An empty name is refused with the message of docs/specification.md (Forms and their checks), under the field.
  await page.getByRole('link', { name: 'Create Template' }).click()
  await expect(page).toHaveURL('/template/create')
  const name = page.getByLabel('Template name')
  await page.getByRole('button', { name: 'Create Template' }).click()
  await expect(page.getByText('required', { exact: true })).toBeVisible()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL('/template/create')
  await expectNoAxeViolations(page)
  // A bad image address is refused too, keeping what was typed.
  await name.fill(firstName)
  await page.getByLabel('Image address').fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Create Template' }).click()
  await expect(page.getByText('Use an https:// address or a path on this site starting with /.')).toBeVisible()
  await expect(name).not.toHaveAttribute('aria-invalid')
  await expect(name).toHaveValue(firstName)

  // Created with an empty image → the detail page, with the placeholder image.
  await page.getByLabel('Image address').fill('')
  await page.getByRole('button', { name: 'Create Template' }).click()
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible()
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/template\/[\w-]+$/)
  const templateId = new URL(page.url()).pathname.split('/').pop()!
  expect(templateId).not.toBe('create')
  await expect(page.getByRole('img', { name: 'Placeholder image' })).toBeVisible()

  // Edit the name → back on the detail page with the new name.
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(`/template/${templateId}/update`)
  await expect(name).toHaveValue(firstName)
  await name.fill(secondName)
  await page.getByRole('button', { name: 'Save Template' }).click()
  await expect(page).toHaveURL(`/template/${templateId}`)
  await expect(page.getByRole('heading', { level: 1, name: secondName })).toBeVisible()

  // The list shows it with Read, Edit and Deprecate.
  await page.goto('/template')
  const item = page.getByRole('listitem').filter({ hasText: secondName })
  await expect(item.getByRole('link', { name: `Read ${secondName}` })).toBeVisible()
  await expect(item.getByRole('link', { name: `Edit ${secondName}` })).toBeVisible()
  await item.getByRole('link', { name: `Deprecate ${secondName}` }).click()

  // Deprecate: the same form, read-only, with the delete confirmation.
  await expect(page).toHaveURL(`/template/${templateId}/deprecate`)
  await expect(name).toHaveValue(secondName)
  await expect(name).not.toBeEditable()
  await expect(page.getByLabel('Image address')).not.toBeEditable()
  await expect(page.getByRole('button', { name: 'Save Template' })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Delete Forever' }).click()
  await expect(page).toHaveURL(`/template?deleted=${templateId}`)
  await expect(page.getByRole('status')).toContainText('The template was deleted.')
  await expect(page.getByText(secondName)).toHaveCount(0)
  expect((await page.request.get(`/template/${templateId}`)).status()).toBe(404)

  // Its history: newest first, who and what changed.
  await page.getByRole('link', { name: 'restore it from its history' }).click()
  await expect(page).toHaveURL(`/history/templates/${templateId}`)
  await expect(page.getByRole('heading', { level: 1, name: `History of ${secondName}` })).toBeVisible()
  const versions = page.getByTestId('history-version')
  await expect(versions).toHaveCount(3)
  await expect(versions.nth(0)).toContainText('deleted')
  await expect(versions.nth(0).getByRole('button', { name: 'Restore this version' })).toHaveCount(0)
  await expect(versions.nth(1)).toContainText('updated')
  const changes = versions.nth(1).getByTestId('change')
  await expect(changes).toHaveCount(1)
  await expect(changes.getByRole('term')).toHaveText('Name')
  await expect(changes.getByTestId('change-before')).toHaveText(`Before${firstName}`)
  await expect(changes.getByTestId('change-after')).toHaveText(`After${secondName}`)
  await expect(versions.nth(2)).toContainText('created')
  await expect(
    versions
      .nth(2)
      .getByTestId('change')
      .filter({ hasText: /^Image/ }),
  ).toContainText('/images/placeholder-template.svg')
  for (const index of [0, 1, 2]) await expect(versions.nth(index)).toContainText(`by ${staffEmail}`)
  await expectNoAxeViolations(page)

  // Restore the updated version → the template is back, and the restore is a version of its own.
  await versions.nth(1).getByRole('button', { name: 'Restore this version' }).click()
  await expect(page).toHaveURL(new RegExp(`/history/templates/${templateId}\\?restored=\\d+$`))
  await expect(page.getByRole('status')).toContainText('was restored')
  await expect(versions).toHaveCount(4)
  await expect(versions.nth(0)).toContainText('restored')
  await expect(versions.nth(0)).toContainText(`by ${staffEmail}`)

  await page.goto('/history')
  await expect(page.getByRole('link', { name: `Template ${templateId}` }).first()).toBeVisible()
  await expectNoAxeViolations(page)

  await page.goto('/template')
  await expect(page.getByRole('listitem').filter({ hasText: secondName })).toHaveCount(1)
})

test('a stale template edit is refused with a message, keeping what was typed', async ({ page, browser, staffMember }) => {
  await signInAsStaff(page, staffMember)
  const original = `Stale check ${unique()}`
  await page.goto('/template/create')
  await page.getByLabel('Template name').fill(original)
  await page.getByRole('button', { name: 'Create Template' }).click()
  await expect(page.getByRole('heading', { level: 1, name: original })).toBeVisible()
  const editPath = `${new URL(page.url()).pathname}/update`

  // The same staff member in a second browser.
  const other = await (await browser.newContext({ storageState: staffMember.state })).newPage()
  await other.goto(editPath)
  await page.goto(editPath)

  await page.getByLabel('Template name').fill(`${original} first`)
  await page.getByRole('button', { name: 'Save Template' }).click()
  await expect(page.getByRole('heading', { level: 1, name: `${original} first` })).toBeVisible()

  await other.getByLabel('Template name').fill(`${original} second`)
  await other.getByRole('button', { name: 'Save Template' }).click()
  await expect(other.getByRole('alert')).toContainText('Someone else changed this template after you opened it.')
  await expect(other.getByLabel('Template name')).toHaveValue(`${original} second`)
  await other.goto(editPath.replace(/\/update$/, ''))
  await expect(other.getByRole('heading', { level: 1, name: `${original} first` })).toBeVisible()
  await other.context().close()
})

test('a customer gets 403 on the template and history screens', async ({ page }) => {
  await signUp(page, uniqueEmail('templates-customer'), 'customer password')
  for (const path of ['/template', '/template/create', '/history']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(403)
    await expect(page.getByRole('heading', { level: 1, name: 'This page is for staff only' })).toBeVisible()
  }
})
