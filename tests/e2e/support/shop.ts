import { spawnSync } from 'node:child_process'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { openDatabase, type DatabaseHandle } from '../../../app/server/db/client.server'
import { desc, eq } from 'drizzle-orm'
import { outbox } from '../../../app/server/db/schema'

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
export async function latestMailTo(address: string, dataDir?: string) {
  return withShopDatabase(async (database) => {
    const [message] = await database.db.select().from(outbox).where(eq(outbox.to, address)).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(1)
    return message
  }, dataDir)
}

/** The link of the newest verification e-mail sent to an address (that confirms it and signs in). */
export async function verificationLinkFor(address: string, dataDir?: string): Promise<string> {
  const link = /(http:\/\/\S+\/verify-email\S+)/.exec((await latestMailTo(address, dataDir))?.text ?? '')?.[1]
  expect(link, `a verification e-mail to ${address}`).toBeTruthy()
  return link!
}

/**
 * Signs up as the login panel's form posts it, then opens the e-mailed link: `request` then holds
 * the new account's session (the shop in `dataDir`; the shared test shop's by default).
 */
export async function signUpOverHttp(request: APIRequestContext, email: string, password: string, dataDir?: string) {
  const answer = await request.post('/login', { form: { email, password, intent: 'signup' }, maxRedirects: 0 })
  expect(answer.status(), await answer.text()).toBe(200)
  const confirmed = await request.get(await verificationLinkFor(email, dataDir), { maxRedirects: 0 })
  expect(confirmed.status(), 'the verification link signs in and sends the browser on').toBe(302)
}

/**
 * The operator's `npm run staff -- add <email>` against the test shop (or the one in `dataDir`), its
 * script started directly (npm itself adds a second or two of a busy machine's time to each of the
 * many walks that need staff; two-factor.spec.ts runs it through npm); returns the new account's password.
 */
export function addStaff(email: string, dataDir = process.env.E2E_DATA_DIR): string {
  const result = spawnSync(process.execPath, ['scripts/staff.ts', 'add', email], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
  expect(result.status, result.stderr).toBe(0)
  const password = /password \(shown only now\): (\S+)/.exec(result.stdout)?.[1]
  expect(password, result.stdout).toBeTruthy()
  return password!
}

/** `npm run db:seed` against a shop's data directory (through its socket while it runs): a production shop has no demo data of its own. */
export function addDemoData(dataDir: string): void {
  const result = spawnSync('npm', ['run', '--silent', 'db:seed'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' })
  expect(result.status, result.stderr).toBe(0)
  expect(result.stdout).toMatch(/^Added /)
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Fills the login panel and presses Login or Sign Up. */
async function submitLoginPanel(page: Page, email: string, password: string, button: 'Login' | 'Sign Up') {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: button, exact: true }).click()
}

/** Logs in with the login panel, waiting until it has sent the visitor on. */
export async function logIn(page: Page, email: string, password: string) {
  await submitLoginPanel(page, email, password, 'Login')
  await page.waitForURL((url) => url.pathname !== '/login')
}

/** The authenticator apps of the staff accounts these helpers enrolled, by e-mail (one per test process). */
const authenticators = new Map<string, TOTP>()
/** The clock step of the last code given for each account. */
const lastSteps = new Map<string, number>()

/** An authenticator app holding the key the enrolment page shows (grouped in fours). */
export function authenticatorFor(email: string, key: string): TOTP {
  const app = new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')), digits: 6, period: 30 })
  authenticators.set(email, app)
  lastSteps.delete(email)
  return app
}

/**
 * A code of the account's authenticator app that was not given before: the shop accepts each code
 * once. It also accepts the next step's code (a phone's clock may run ahead), so a second login within
 * one 30-second step gets that one; a third waits for the clock.
 */
export async function authenticatorCode(email: string): Promise<string> {
  const app = authenticators.get(email)
  if (!app) throw new Error(`no authenticator app was enrolled for ${email} in this test process`)
  const period = app.period * 1000
  const step = Math.max(Math.floor(Date.now() / period), (lastSteps.get(email) ?? 0) + 1)
  const wait = (step - 1) * period - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 500))
  lastSteps.set(email, step)
  return app.generate({ timestamp: step * period })
}

/**
 * Logs a staff member in as a person would where the shop requires two-step login: the password,
 * then at the first staff login the enrolment (password again, the key typed into the app, its
 * first code), or later the app's code.
 */
export async function logInAsStaff(page: Page, email: string, password: string) {
  await logIn(page, email, password)
  await passSecondFactor(page, email, password)
}

/** After the password: enrols the account's authenticator app, or enters its code, if the login panel asks. */
export async function passSecondFactor(page: Page, email: string, password: string) {
  const { pathname } = new URL(page.url())
  if (pathname === '/client/two-factor') {
    const key = page.getByTestId('totp-secret')
    if (!(await key.isVisible())) {
      await page.getByLabel('Confirm your password').fill(password)
      await page.getByRole('button', { name: 'Set up two-step login' }).click()
    }
    authenticatorFor(email, await key.innerText())
    await page.getByLabel('Enter the 6-digit code the app now shows').fill(await authenticatorCode(email))
    await page.getByRole('button', { name: 'Turn on two-step login' }).click()
    // On to the page that asked for it, or back here with the confirmation.
    await page.waitForURL((url) => url.pathname !== '/client/two-factor' || url.searchParams.has('done'))
  } else if (pathname === '/login/two-factor') {
    await page.getByLabel('Authentication code').fill(await authenticatorCode(email))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL((url) => url.pathname !== '/login/two-factor')
  }
}

/**
 * The same over HTTP, through the same forms (for suites that send requests without a browser):
 * `request` keeps the cookies of a staff session that passed the second factor.
 */
export async function logInAsStaffOverHttp(request: APIRequestContext, origin: string, email: string, password: string) {
  const post = (path: string, form: Record<string, string>) => request.post(path, { form, headers: { origin }, maxRedirects: 0 })
  const login = await post('/login', { email, password, intent: 'login' })
  expect(login.status(), await login.text()).toBe(302)
  const next = new URL(login.headers().location ?? '/', origin).pathname
  if (next === '/client/two-factor') {
    const page = await post('/client/two-factor', { intent: 'enable', password })
    const key = /data-testid="totp-secret"[^>]*>([^<]+)</.exec(await page.text())?.[1]
    expect(key, 'the enrolment page shows the key').toBeTruthy()
    authenticatorFor(email, key!)
    const enrolled = await post('/client/two-factor', { intent: 'verify', code: await authenticatorCode(email) })
    expect(enrolled.status(), await enrolled.text()).toBe(302)
  } else if (next === '/login/two-factor') {
    const verified = await post('/login/two-factor', { method: 'totp', code: await authenticatorCode(email) })
    expect(verified.status(), await verified.text()).toBe(302)
  }
}
/**
 * Signs up with the login panel, then opens the link of the verification e-mail as its owner would,
 * which confirms the address and signs in: waits until the visitor has landed.
 */
export async function signUp(page: Page, email: string, password: string) {
  await submitLoginPanel(page, email, password, 'Sign Up')
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
  await page.goto(await verificationLinkFor(email))
  await page.waitForURL((url) => !url.pathname.startsWith('/api/auth/') && url.pathname !== '/auth/continue')
}

/** Fills the demo payment page as a buyer would and presses Pay (the e-mail may be prefilled). */
export async function payWithDemoCard(page: Page, card: { email?: string; card: string; expiry: string; cvc: string; name: string }) {
  if (card.email !== undefined) await page.getByLabel('Email').fill(card.email)
  await page.getByLabel('Card number').fill(card.card)
  await page.getByLabel('Expiry (MM / YY)').fill(card.expiry)
  await page.getByLabel('CVC').fill(card.cvc)
  await page.getByLabel('Name on card').fill(card.name)
  await page.getByRole('button', { name: /^Pay / }).click()
}

export interface DeliveryInput {
  fullName: string
  email?: string
  phone: string
  method: RegExp | string
  address?: { line1: string; suburb: string; state: string; postcode: string }
}

/** A Brisbane address a courier would accept. */
export const BRISBANE = { line1: '1 Queen Street', suburb: 'Brisbane City', state: 'QLD', postcode: '4000' }

/** Fills the delivery step as a shopper would (the method by its name), without pressing Pay. */
export async function fillDelivery(page: Page, input: DeliveryInput) {
  await page.getByLabel('Full name').fill(input.fullName)
  if (input.email !== undefined) await page.getByLabel('Email').fill(input.email)
  await page.getByLabel('Phone').fill(input.phone)
  await page.getByRole('radio', { name: input.method }).check()
  if (input.address) {
    await page.getByLabel('Address', { exact: true }).fill(input.address.line1)
    await page.getByLabel('Suburb').fill(input.address.suburb)
    await page.getByLabel('State or territory').selectOption(input.address.state)
    await page.getByLabel('Postcode').fill(input.address.postcode)
  }
}

/** From the cart page to a filled delivery step, then Pay: lands on the demo payment page. */
export async function checkOutWith(page: Page, input: DeliveryInput) {
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Continue to delivery' }).click()
  await expect(page).toHaveURL('/checkout/delivery')
  await fillDelivery(page, input)
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByText('Demo payment page.')).toBeVisible()
}

/** A valid delivery step, as a form posts it (for the suites that speak HTTP without a browser). */
export const DELIVERY_FORM: Record<string, string> = {
  fullName: 'Bea Buyer',
  email: 'bea@example.com',
  phone: '0412 345 678',
  company: '',
  abn: '',
  shippingMethod: 'standard',
  addressLine1: '1 Queen Street',
  addressLine2: '',
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
}

/** The `checkout=…` pair of a `/checkout` answer's Set-Cookie headers. */
export function checkoutCookieOf(setCookie: string | string[] | undefined): string {
  const found = [setCookie ?? []].flat().find((value) => value.startsWith('checkout='))
  return found?.split(';', 1)[0] ?? ''
}
