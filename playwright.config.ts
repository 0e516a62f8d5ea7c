import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
// A fresh embedded database for every run, seeded by the shop's own start-up. Set once in the
// main process; the test workers inherit it and reach the running shop's data through its socket.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'shop-e2e-'))
const dataDir = process.env.E2E_DATA_DIR

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // The longest walks (an owner's day, a promotion used on every step and refunded, the staff screens
  // at 390 px) take 40-60 s on a quiet 2-core machine and twice that beside the load and fault
  // suites; a failing step still fails at its own expect timeout.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // 'list' prints every failure's error and steps again at the end of the run, where a CI log's tail shows them
  // ('line' prints them only where they happened), and each walk's duration.
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records every step's page: kept for a failure when run by hand, not recorded in CI,
    // where only the printed report is read and recording costs the 2-core machine time.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The built server, started directly (`exec`) so that Playwright stops exactly this process. A
    // production shop gets no demo data of its own: its operator's `npm run db:seed` adds it first.
    command: 'node scripts/db-seed.ts && exec node server.js',
    url: `http://localhost:${port}/robots.txt`,
    reuseExistingServer: false,
    timeout: 180_000,
    // Every browser test signs in from 127.0.0.1, so the per-address login limit is raised here;
    // the limit itself is tested in tests/integration/accounts.test.ts.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A production shop names its public address; http is allowed for localhost only.
      PUBLIC_URL: `http://localhost:${port}`,
      BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      AUTH_RATE_LIMIT: '1000',
      CHECKOUT_RATE_LIMIT: '1000',
    },
  },
})
