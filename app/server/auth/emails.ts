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
