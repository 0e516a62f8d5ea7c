import { describe, expect, it } from 'vitest'
import { passwordResetMail, verificationMail } from '../server/auth/emails'
import { staffInviteMail } from '../server/auth/staff-invites.server'
import { cartReminderMail } from '../server/checkout/cart-reminder-mail.server'
import { maskSecretLinks } from './secret-links'

const SHOP = 'https://shop.example'
const TOKEN = 'Thyw11uCLoooDIoniYSbTz1w'
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImEifQ.LozNSOIH2Ff-NtuKfNniuB3pdisVypUnJQk6YSaMsaA'

describe('e-mails as staff read them', () => {
  it('a reset link is masked in the text and the HTML, the rest of the message stays', () => {
    const mail = passwordResetMail({ to: 'a@example.com', url: `${SHOP}/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset-password`, shopName: 'Shop' })
    for (const part of [mail.subject, mail.text, mail.html]) expect(maskSecretLinks(part)).not.toContain(TOKEN)
    expect(maskSecretLinks(mail.text)).toContain(`${SHOP}/api/auth/reset-password/•••••?callbackURL=%2Freset-password`)
    expect(maskSecretLinks(mail.text)).toContain('The link works once, for one hour:')
    expect(maskSecretLinks(mail.html)).toContain(`href="${SHOP}/api/auth/reset-password/•••••?callbackURL=%2Freset-password"`)
  })

  it('a confirmation link keeps its other parameters', () => {
    const mail = verificationMail({ to: 'a@example.com', url: `${SHOP}/api/auth/verify-email?token=${JWT}&callbackURL=%2Fauth%2Fcontinue`, shopName: 'Shop' })
    expect(maskSecretLinks(mail.text)).toContain(`${SHOP}/api/auth/verify-email?token=•••••&callbackURL=%2Fauth%2Fcontinue`)
    expect(maskSecretLinks(mail.html)).toContain(`${SHOP}/api/auth/verify-email?token=•••••&amp;callbackURL=%2Fauth%2Fcontinue`)
    expect(maskSecretLinks(mail.html)).not.toContain(JWT.split('.')[2])
  })

  it('an invitation and an order link', () => {
    const invite = staffInviteMail({
      to: 'b@example.com',
      shopName: 'Shop',
      invitedBy: 'Sam',
      link: `${SHOP}/staff-invite/${TOKEN}_-x`,
      expiresAt: new Date('2026-12-04T00:00:00Z'),
    })
    for (const part of [invite.text, invite.html]) {
      expect(maskSecretLinks(part)).not.toContain(TOKEN)
      expect(maskSecretLinks(part)).toContain(`${SHOP}/staff-invite/•••••`)
    }
    expect(maskSecretLinks(`View your order ${SHOP}/track-order/${TOKEN}\nTax invoice ${SHOP}/track-order/${TOKEN}/invoice`)).toBe(
      `View your order ${SHOP}/track-order/•••••\nTax invoice ${SHOP}/track-order/•••••/invoice`,
    )
  })
})

describe('a cart reminder as staff read it', () => {
  it('its way back to the checkout and its unsubscribe link are masked, in both parts and in its headers', async () => {
    const mail = await cartReminderMail({
      shop: { name: 'Shop', legalName: 'Shop Pty Ltd', email: 'shop@example.com', abn: '51 824 753 556', address: '1 Street', phone: '07 3000 0000' },
      origin: SHOP,
      to: 'a@example.com',
      name: 'A',
      consentAt: new Date('2026-03-01T00:00:00Z'),
      lines: [{ name: 'Drone', quantity: 1, cents: 100 }],
      resumeUrl: `${SHOP}/checkout/resume/${TOKEN}`,
      unsubscribeUrl: `${SHOP}/unsubscribe/${TOKEN}_x`,
    })
    for (const part of [mail.text, mail.html, mail.headers!['List-Unsubscribe']!]) expect(maskSecretLinks(part)).not.toContain(TOKEN)
    expect(maskSecretLinks(mail.text)).toContain(`Return to your cart: ${SHOP}/checkout/resume/•••••\n`)
    expect(maskSecretLinks(mail.text)).toContain(`Unsubscribe from reminders and offers: ${SHOP}/unsubscribe/•••••\n`)
  })
})

describe('addresses as the request log writes them', () => {
  it.each([
    [`/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset-password`, '/api/auth/reset-password/•••••?callbackURL=%2Freset-password'],
    [`/reset-password?token=${TOKEN}`, '/reset-password?token=•••••'],
    [`/reset-password.data?_routes=routes%2Freset-password&token=${TOKEN}`, '/reset-password.data?_routes=routes%2Freset-password&token=•••••'],
    [`/RESET-PASSWORD?Token=${TOKEN}#x`, '/RESET-PASSWORD?Token=•••••#x'],
    [`/api/auth/verify-email?token=${JWT}&callbackURL=%2F`, '/api/auth/verify-email?token=•••••&callbackURL=%2F'],
    [`/track-order/${TOKEN}`, '/track-order/•••••'],
    [`/track-order/${TOKEN}.data`, '/track-order/•••••.data'],
    [`/track-order/${TOKEN}/adjustment-notes/UD-ABCD2345-R1`, '/track-order/•••••/adjustment-notes/UD-ABCD2345-R1'],
    [`/staff-invite/${TOKEN}?index`, '/staff-invite/•••••?index'],
    [`/staff-invite/${TOKEN}.data`, '/staff-invite/•••••.data'],
    [`/login?redirectTo=%2Fstaff-invite%2F${TOKEN}`, '/login?redirectTo=%2Fstaff-invite%2F•••••'],
    [`/client/two-factor?redirectTo=%2fstaff-invite%2f${TOKEN}%3Fa%3D1`, '/client/two-factor?redirectTo=%2fstaff-invite%2f•••••%3Fa%3D1'],
    [`/api/auth/callback/google?state=abc&code=${TOKEN}`, '/api/auth/callback/google?state=abc&code=•••••'],
    [`/checkout/resume/${TOKEN}`, '/checkout/resume/•••••'],
    [`/login?redirectTo=%2Fcheckout%2Fresume%2F${TOKEN}`, '/login?redirectTo=%2Fcheckout%2Fresume%2F•••••'],
    [`/unsubscribe/${TOKEN}`, '/unsubscribe/•••••'],
    [`/unsubscribe/${TOKEN}.data`, '/unsubscribe/•••••.data'],
    [`/stock-alerts/confirm/${TOKEN}`, '/stock-alerts/confirm/•••••'],
    [`/stock-alerts/unsubscribe/${TOKEN}.data`, '/stock-alerts/unsubscribe/•••••.data'],
  ])('%s → %s', (url, logged) => {
    expect(maskSecretLinks(url)).toBe(logged)
  })

  it.each(['/track-order', '/reset-password', '/search?q=token%3Dabc&token=abc', '/products/staff-invite'])('%s is left as it is', (url) => {
    expect(maskSecretLinks(url)).toBe(url)
  })
})
