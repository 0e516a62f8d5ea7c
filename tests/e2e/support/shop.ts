import { spawnSync } from 'node:child_process'
import { expect, type Page } from '@playwright/test'
import { openDatabase, type DatabaseHandle } from '../../../app/server/db/client.server'
import { listOutbox } from '../../../app/server/mail/outbox.server'

/**
 * The running test shop's database, reached through its socket as an operator command would
 * (`dataDir`: a shop a spec started itself; the shared test shop's by default).
 */
export async function withShopDatabase<T>(work: (database: DatabaseHandle) => Promise<T>, dataDir = process.env.E2E_DATA_DIR!): Promise<T> {
  const database = await openDatabase({ dataDir, role: 'command' })
  try {
    return await work(database)
  } finally {
    await database.close()
  }
}

/** The newest message the shop sent to an address (the outbox, since the test shop has no SMTP). */
export async function latestMailTo(address: string) {
  return withShopDatabase(async (database) => (await listOutbox(database.db)).find((message) => message.to === address))
}

/** `npm run staff -- add <email>` against the test shop (or the one in `dataDir`); returns the new account's password. */
export function addStaff(email: string, dataDir = process.env.E2E_DATA_DIR): string {
  const result = spawnSync('npm', ['run', '--silent', 'staff', '--', 'add', email], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  expect(result.status, result.stderr).toBe(0)
  const password = /password \(shown only now\): (\S+)/.exec(result.stdout)?.[1]
  expect(password, result.stdout).toBeTruthy()
  return password!
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Fills the login panel and presses Login or Sign Up, waiting until the panel has sent the visitor on. */
async function submitLoginPanel(page: Page, email: string, password: string, button: 'Login' | 'Sign Up') {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: button, exact: true }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
}

export const logIn = (page: Page, email: string, password: string) => submitLoginPanel(page, email, password, 'Login')
export const signUp = (page: Page, email: string, password: string) => submitLoginPanel(page, email, password, 'Sign Up')

/** Fills the demo payment page as a buyer would and presses Pay (the e-mail may be prefilled). */
export async function payWithDemoCard(page: Page, card: { email?: string; card: string; expiry: string; cvc: string; name: string }) {
  if (card.email !== undefined) await page.getByLabel('Email').fill(card.email)
  await page.getByLabel('Card number').fill(card.card)
  await page.getByLabel('Expiry (MM / YY)').fill(card.expiry)
  await page.getByLabel('CVC').fill(card.cvc)
  await page.getByLabel('Name on card').fill(card.name)
  await page.getByRole('button', { name: /^Pay / }).click()
}
