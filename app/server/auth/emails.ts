import type { MailMessage } from '../mail/message.ts'
import { escapeHtml } from '../mail/html.ts'

interface LinkMail {
  to: string
  url: string
  shopName: string
}

interface LinkWording {
  subject: string
  /** What happened and what the link does, ending so that the link can follow. */
  lead: string
  button: string
  /** What to do if the reader did not ask for this. */
  ignore: string
}

/** A message with one action link, as plain text and as a button (the same link either way). */
function linkMail({ to, url, shopName }: LinkMail, { subject, lead, button, ignore }: LinkWording): MailMessage {
  const text = ['Hello,', '', lead, '', url, '', ignore, '', shopName].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#174ba8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#475569">Or copy this link into your browser: ${escapeHtml(url)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(ignore)}</p>
<p>${escapeHtml(shopName)}</p>
</body></html>`
  return { to, subject, text, html }
}

export function verificationMail(mail: LinkMail): MailMessage {
  return linkMail(mail, {
    subject: `Confirm your e-mail address for ${mail.shopName}`,
    lead: `Thank you for creating an account with ${mail.shopName}. Please confirm your e-mail address by opening this link:`,
    button: 'Confirm my e-mail address',
    ignore: 'If you did not create an account, you can ignore this message.',
  })
}

/** better-auth's reset link (it works once, for an hour) lands on /reset-password with its token. */
export function passwordResetMail(mail: LinkMail): MailMessage {
  return linkMail(mail, {
    subject: `Reset your password for ${mail.shopName}`,
    lead: `Someone (we hope you) asked to reset the password of your ${mail.shopName} account. The link works once, for one hour:`,
    button: 'Choose a new password',
    ignore: 'If you did not ask for this, you can ignore this message: your password stays as it is.',
  })
}

/**
 * Someone signed up with an address that already has an account. The page said "check your e-mail"
 * as it does for a new address; the owner learns of it here, with the ways back into the account.
 */
export function signUpAttemptMail({ to, baseUrl, shopName }: { to: string; baseUrl: string; shopName: string }): MailMessage {
  const login = `${baseUrl}/login`
  const reset = `${baseUrl}/forgot-password?email=${encodeURIComponent(to)}`
  const lead = `Someone (perhaps you) tried to create a ${shopName} account with this e-mail address, which already has one. No new account was made.`
  const ignore = 'If it was not you, you can ignore this message: your account and password stay as they are.'
  const text = ['Hello,', '', lead, '', `Log in: ${login}`, `Forgot your password? Choose a new one: ${reset}`, '', ignore, '', shopName].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(login)}">Log in</a> or, if you have forgotten your password, <a href="${escapeHtml(reset)}">choose a new one</a>.</p>
<p style="font-size:13px;color:#475569">${escapeHtml(ignore)}</p>
<p>${escapeHtml(shopName)}</p>
</body></html>`
  return { to, subject: 'Someone tried to create an account with your e-mail address', text, html }
}
