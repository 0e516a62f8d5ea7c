import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startFakeGoogle } from '../fakes/google'
import { expect, test } from './fixtures'
import { fixedPort, startShopProcess } from './support/process'

test('Google login, against a local OpenID provider in Google’s place, signs in and creates the profile', async ({ page }) => {
  const port = Number(process.env.E2E_GOOGLE_PORT ?? fixedPort(3231))
  const shopUrl = `http://localhost:${port}`
  const google = await startFakeGoogle({
    redirectUri: `${shopUrl}/api/auth/callback/google`,
    account: { email: 'gail.google@example.com', name: 'Gail Googleson' },
  })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-google-'))
  const shop = startShopProcess({
    PORT: String(port),
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: 'google-test-secret-google-test-secret',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
  })
  try {
    await shop.url
    // The provider's development screens ask for a web font and a favicon; they are not the shop's.
    await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ contentType: 'text/css', body: '' }))
    await page.route(`${new URL(google.discoveryUrl).origin}/favicon.ico`, (route) => route.fulfill({ status: 204 }))
    await page.goto(`${shopUrl}/login`)
    await page.getByRole('button', { name: 'Login with Google' }).click()

    // The provider's own sign-in and consent screens.
    await page.locator('input[name="login"]').fill('gail')
    await page.locator('input[name="password"]').fill('anything')
    await page.locator('button[type="submit"]').click()
    await page.locator('button[type="submit"]', { hasText: /continue/i }).click()

    await expect(page).toHaveURL(`${shopUrl}/client`)
    await expect(page.getByText('gail.google@example.com')).toBeVisible()
    await expect(page.getByLabel('Given name')).toHaveValue('Gail')
    await expect(page.getByLabel('Family name')).toHaveValue('Googleson')
  } finally {
    // Leave the shop's pages before stopping it, so no late request of theirs meets a closed port.
    await page.goto('about:blank')
    expect(await shop.stop(), shop.output().slice(-4000)).toBe(0)
    await google.close()
    await rm(dataDir, { recursive: true, force: true })
  }
})
