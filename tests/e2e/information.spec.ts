import { expect, expectNoAxeViolations, test } from './fixtures'

test('the footer leads to the terms, with their 16 numbered sections in order', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click()
  await expect(page).toHaveURL('/legals/terms-and-conditions')
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible()
  const sections = page.getByRole('main').getByRole('heading', { level: 2 })
  await expect(sections).toHaveText([
    '1. Definitions',
    '2. Interpretation',
    '3. Contract',
    '4. Order acceptance',
    '5. Price and payment',
    '6. Card security',
    '7. Delivery and pick up',
    '8. Foreign taxes',
    '9. Defects',
    '10. Disclaimers',
    '11. Account',
    '12. Posting restrictions',
    '13. Content handling',
    '14. Offensive content removal',
    '15. Website security',
    '16. Indemnity',
  ])
  await expect(page.getByRole('main')).toContainText('ABN 51 824 753 556')
})

test('each legal page is reached from the legal index and names the shop', async ({ page }) => {
  await page.goto('/legals')
  for (const [link, heading, fact] of [
    ['Privacy Policy', 'Privacy Policy', /7 years/],
    ['Returns Policy', 'Returns Policy', /14 (calendar )?days/],
  ] as const) {
    await page.getByRole('main').getByRole('link', { name: link }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(fact)
    await expect(page.getByRole('main')).toContainText('enquiries@unidrone.example')
    await page.goto('/legals')
  }
  expect((await page.goto('/legals/cookie-policy'))?.status()).toBe(404)
})

test('the software page toggles UniGCS between the Standard and MK32 builds', async ({ page }) => {
  await page.goto('/software')
  await expect(page.getByRole('heading', { level: 2, name: 'Android Apps' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Windows Software' })).toBeVisible()
  const unigcs = page.getByRole('article', { name: 'UniGCS', exact: true })
  await expect(unigcs).toContainText('1.1.11')
  await expect(unigcs).toContainText('for all systems except MK32 and MK15')
  const download = unigcs.getByRole('link', { name: /^Download/ })
  const standardHref = await download.getAttribute('href')

  await unigcs.getByRole('button', { name: 'MK32 / MK15' }).click()
  await expect(unigcs.getByRole('button', { name: 'MK32 / MK15' })).toHaveAttribute('aria-pressed', 'true')
  await expect(unigcs).toContainText('for MK32 and MK15 controllers only')
  await expect(download).not.toHaveAttribute('href', standardHref!)
  await expect(unigcs.getByRole('img', { name: /QR code for .*MK32/ })).toBeVisible()

  const file = await page.request.get((await download.getAttribute('href'))!)
  expect(file.status()).toBe(200)
  await expect(page.getByRole('article', { name: 'UniGCS for Windows' })).toContainText('30 April 2025')
})

for (const path of ['/legals/privacy-policy', '/software']) {
  test(`axe finds no accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path)
    await expectNoAxeViolations(page)
  })
}
