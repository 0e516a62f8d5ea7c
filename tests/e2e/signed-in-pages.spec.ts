import type { Page } from '@playwright/test'
import { expect, signInAsStaff, test } from './fixtures'
import { signUp, uniqueEmail } from './support/shop'

const PRODUCT = '/product/unicam-t2-thermal-gimbal'

/** The header's account links that a person can see (hidden ones are display: none). */
const visibleAccountLinks = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^(Log in|Account|Staff)$/ })

/** Opens a catalogue page until it comes from the page cache (other tests' product writes retire copies). */
async function openFromCache(page: Page, path: string) {
  await expect
    .poll(async () => {
      const response = await page.goto(path)
      return response?.headers()['x-cache']
    })
    .toBe('HIT')
}

test('signed-in customers get catalogue pages from the cache, each seeing their own account link and cart, never another’s', async ({ page, browser }) => {
  const first = uniqueEmail('cached-customer-a')
  await signUp(page, first, 'first customer password')
  await openFromCache(page, PRODUCT)
  await expect(visibleAccountLinks(page)).toHaveText(['Account'])
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click()
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
  expect(await page.content()).not.toContain(first)

  // A second customer, in a browser of their own, gets the same kept page with their own state.
  const secondContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const second = await secondContext.newPage()
  const other = uniqueEmail('cached-customer-b')
  await signUp(second, other, 'second customer password')
  await openFromCache(second, PRODUCT)
  await expect(visibleAccountLinks(second)).toHaveText(['Account'])
  await expect(second.getByRole('link', { name: 'Cart', exact: true })).toBeVisible()
  const html = await second.content()
  expect(html).not.toContain(first)
  expect(html).not.toContain(other)
  // The account link leads to this customer's own account.
  await visibleAccountLinks(second).click()
  await expect(second.getByText(other).first()).toBeVisible()
  await expect(second.getByText(first)).toHaveCount(0)

  // A visitor who is not signed in sees "Log in" on the same page; so does the first customer after logging out.
  const visitor = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage()
  await openFromCache(visitor, PRODUCT)
  await expect(visibleAccountLinks(visitor)).toHaveText(['Log in'])
  await page.goto('/client')
  await page.getByRole('button', { name: 'Log Out' }).click()
  // Logging out ends on the home page; leaving before its answer arrives would keep the old cookies.
  await page.waitForURL((url) => url.pathname === '/')
  await openFromCache(page, PRODUCT)
  await expect(visibleAccountLinks(page)).toHaveText(['Log in'])
  await secondContext.close()
})

test('staff get catalogue pages rendered for them, with their controls', async ({ page, staffMember }) => {
  await signInAsStaff(page, staffMember)
  const response = await page.goto('/products/cameras')
  expect(response?.headers()['x-cache']).toBeUndefined()
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await expect(visibleAccountLinks(page)).toHaveText(['Staff', 'Account'])
  await expect(page.getByRole('link', { name: 'Create Product' })).toBeVisible()
})

test('no answer that carries personal data, or sets a cookie, may be kept by a shared cache', async ({ page, staffMember }) => {
  test.setTimeout(90_000)
  const customer = uniqueEmail('private-customer')
  await signUp(page, customer, 'private customer password')
  const staff = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL })
  const staffPage = await staff.newPage()
  const staffEmail = staffMember.email
  await signInAsStaff(staffPage, staffMember)
  const paths = [
    '/',
    '/products',
    '/products/cameras',
    PRODUCT,
    '/search?q=gimbal',
    '/client',
    '/client/password',
    '/client/two-factor',
    '/checkout',
    '/contact',
    '/track-order',
    '/software',
    '/legals',
    '/staff',
    '/orders',
    '/staff/customers',
    '/enquiries',
    '/product/create',
    '/settings/staff',
    '/migration',
  ]
  const checked: string[] = []
  for (const [who, email, client] of [
    ['customer', customer, page.request],
    ['staff', staffEmail, staffPage.request],
  ] as const) {
    for (const path of paths) {
      const response = await client.get(path, { maxRedirects: 0 })
      const cacheControl = response.headers()['cache-control'] ?? ''
      const personal = (await response.text()).includes(email)
      const setsCookie = response.headers()['set-cookie'] !== undefined
      const shared = /\bpublic\b|s-maxage/.test(cacheControl) || (cacheControl === '' && response.status() === 200)
      if (personal || setsCookie) expect(shared, `${who} ${path}: ${cacheControl}`).toBe(false)
      checked.push(`${who} ${path} ${response.status()} ${personal ? 'personal' : 'public'}`)
    }
  }
  // The screens that name the person were among them.
  expect(checked).toEqual(expect.arrayContaining(['customer /client 200 personal', 'staff /staff 200 personal']))
  await staff.close()
})

test('every page and answer rendered for a signed-in customer or staff member says no-store', async ({ page, browser, staffMember }) => {
  test.setTimeout(120_000)
  const customer = uniqueEmail('no-store-customer')
  await signUp(page, customer, 'no store customer password')
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const staffPage = await staffContext.newPage()
  await signInAsStaff(staffPage, staffMember)

  const everyone = [
    '/client',
    '/client.data',
    '/client/password',
    '/client/two-factor',
    '/checkout',
    '/contact',
    '/track-order',
    '/software',
    '/legals',
    '/no-such-page',
    '/api/auth/get-session',
  ]
  const catalogue = ['/', '/products', '/products/cameras', PRODUCT, '/search?q=gimbal']
  const staffScreens = [
    '/staff',
    '/staff.data',
    '/orders',
    '/orders/export.csv',
    '/staff/customers',
    '/staff/products',
    '/enquiries',
    '/outbox',
    '/reports',
    '/reports/bas.csv',
    '/history',
    '/template',
    '/payment-links',
    '/product/create',
    '/settings/staff',
    '/settings/shipping',
    '/settings/payments',
    '/settings/notifications',
    '/migration',
  ]
  const answers: string[] = []
  const ask = async (who: string, client: typeof page.request, path: string) => {
    const response = await client.get(path, { maxRedirects: 0 })
    answers.push(`${who} ${path} ${response.status()} ${response.headers()['cache-control'] ?? '(none)'}`)
    return response
  }
  for (const path of [...everyone, ...staffScreens.slice(0, 1)]) await ask('customer', page.request, path)
  for (const path of [...everyone, ...catalogue, ...staffScreens]) await ask('staff', staffPage.request, path)
  const notPrivate = answers.filter((answer) => !/ (private, )?no-store$/.test(answer))
  expect(notPrivate, 'answers to a signed-in person without no-store').toEqual([])
  // The screens that name the person were among them, rendered for them.
  expect(answers).toEqual(expect.arrayContaining([expect.stringMatching(/^customer \/client 200 /), expect.stringMatching(/^staff \/orders 200 /)]))

  // A signed-in customer's catalogue page is the page every visitor gets, with nothing of theirs in
  // it (decision 031): the public copy, like an anonymous visitor's.
  for (const path of catalogue) {
    const response = await page.request.get(path)
    expect(response.headers()['cache-control'], path).toMatch(/^public, /)
    expect(await response.text(), path).not.toContain(customer)
  }
  await staffContext.close()
})
