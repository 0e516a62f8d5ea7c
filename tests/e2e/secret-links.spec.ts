import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { listOutbox } from '../support/outbox'
import { fixedPort, startShopProcess } from './support/process'
import { addStaff, logInAsStaffOverHttp, uniqueEmail, withShopDatabase } from './support/shop'

/**
 * Links that let whoever holds them in (a password reset, an address confirmation, a staff
 * invitation, a guest's order) reach only the person they were e-mailed to: staff reading the outbox
 * see the message with the link's secret masked, and the request log never holds one. The shop runs
 * here with its own database and its log at `info`, where every request is a line.
 */
test('staff read account e-mails without the secrets of their links, and the request log holds none', async ({ playwright }) => {
  test.setTimeout(120_000)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shop-secret-links-'))
  const port = fixedPort(3430)
  const origin = `http://localhost:${port}`
  const shop = startShopProcess({
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: 'secret-links-secret-secret-links-secret',
    AUTH_RATE_LIMIT: '1000',
  })
  const contexts: APIRequestContext[] = []
  const client = async () => {
    const context = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } })
    contexts.push(context)
    return context
  }
  try {
    await shop.url
    const mailTo = async (address: string, subject: RegExp) => {
      const message = await withShopDatabase(
        async (database) => (await listOutbox(database.db)).find((row) => row.to === address && subject.test(row.subject)),
        dataDir,
      )
      expect(message, `a message to ${address} about ${subject}`).toBeTruthy()
      return message!
    }

    // A customer signs up (a confirmation link) and forgets the password (a reset link).
    const customerEmail = uniqueEmail('forgetful')
    const customer = await client()
    // ("Check your e-mail": sign-up signs nobody in until the link is opened.)
    expect((await customer.post('/login', { form: { email: customerEmail, password: 'first password', intent: 'signup' }, maxRedirects: 0 })).status()).toBe(
      200,
    )
    expect((await customer.post('/forgot-password', { form: { email: customerEmail } })).status()).toBe(200)
    const verification = await mailTo(customerEmail, /Confirm your e-mail address/)
    const reset = await mailTo(customerEmail, /Reset your password/)
    const verifyLink = /(http:\/\/\S+\/api\/auth\/verify-email\?token=\S+)/.exec(verification.text)![1]!
    const resetLink = /(http:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(reset.text)![1]!
    const verifyToken = new URL(verifyLink).searchParams.get('token')!
    const resetToken = /reset-password\/([^?]+)/.exec(resetLink)![1]!

    // Staff invite a colleague (an invitation link).
    const staffEmail = uniqueEmail('outbox-reader')
    const staff = await client()
    await logInAsStaffOverHttp(staff, origin, staffEmail, addStaff(staffEmail, dataDir))
    const colleagueEmail = uniqueEmail('colleague')
    expect((await staff.post('/settings/staff', { form: { intent: 'invite', email: colleagueEmail } })).status()).toBe(200)
    const invitation = await mailTo(colleagueEmail, /./)
    const inviteToken = /\/staff-invite\/(\S+)/.exec(invitation.text)![1]!
    const secrets: Record<string, string> = { verifyToken, resetToken, inviteToken }

    // The outbox screens show the messages, readable, with every link's secret masked.
    const list = await staff.get('/outbox')
    expect(list.status()).toBe(200)
    const listed = await list.text()
    expect(listed).toContain('Reset your password')
    for (const message of [verification, reset, invitation]) {
      const shown = await staff.get(`/outbox/${message.id}`)
      expect(shown.status()).toBe(200)
      const page = await shown.text()
      expect(page).toContain(message.subject)
      for (const [name, secret] of Object.entries(secrets)) {
        expect(listed.includes(secret), `${name} on the outbox list`).toBe(false)
        expect(page.includes(secret), `${name} on the message ${message.subject}`).toBe(false)
      }
    }
    const resetPage = await (await staff.get(`/outbox/${reset.id}`)).text()
    expect(resetPage).toContain('The link works once, for one hour:')
    const shownLink = /(http:\/\/\S+\/api\/auth\/reset-password\/[^\s<]+)/.exec(resetPage)?.[1]
    expect(shownLink, 'the reset link, masked').toMatch(/\/api\/auth\/reset-password\/•+\?callbackURL=/)

    // What staff see opens nothing: the shop says the link has expired.
    const tried = await staff.get(shownLink!.replaceAll('&amp;', '&'), { maxRedirects: 0 })
    expect(tried.status()).toBe(302)
    expect(tried.headers().location).not.toContain('token=')
    expect(await (await staff.get(tried.headers().location!)).text()).toContain('This link has expired')

    // The people they were sent to use them: every request is logged, none with a secret.
    const visitor = await client()
    expect((await visitor.get(verifyLink, { maxRedirects: 0 })).status()).toBe(302)
    const landing = await visitor.get(resetLink, { maxRedirects: 0 })
    expect(landing.headers().location).toBe(`${origin}/reset-password?token=${resetToken}`)
    expect(await (await visitor.get(landing.headers().location!)).text()).toContain('Choose a new password')
    expect((await visitor.get(`/reset-password.data?token=${resetToken}`)).status()).toBe(200)
    const changed = await visitor.post(`/reset-password?token=${resetToken}`, { form: { token: resetToken, password: 'second password' }, maxRedirects: 0 })
    expect(changed.headers().location).toBe('/login?reset=1')
    expect((await visitor.get(`/staff-invite/${inviteToken}`)).status()).toBe(200)
    expect((await visitor.get(`/staff-invite/${inviteToken}.data`)).status()).toBe(200)
    expect((await visitor.get(`/login?redirectTo=${encodeURIComponent(`/staff-invite/${inviteToken}`)}`)).status()).toBe(200)
    const orderToken = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345'
    secrets.orderToken = orderToken
    expect((await visitor.get(`/track-order/${orderToken}`)).status()).toBe(404)

    await expect.poll(() => shop.output()).toContain(`"url":"/track-order/`)
    const log = shop.output()
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} in the log`).toBe(false)
    // The lines are there, with the secret masked.
    expect(log).toContain('"url":"/reset-password?token=•••••"')
    expect(log).toContain('"url":"/track-order/•••••"')
    expect(log).toContain('"url":"/staff-invite/•••••.data"')
  } finally {
    await Promise.all(contexts.map((context) => context.dispose()))
    await shop.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
})
