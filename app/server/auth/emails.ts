import type { MailMessage } from '../mail/message.ts'
import { escapeHtml } from '../mail/html.ts'

export function verificationMail({ to, url, shopName }: { to: string; url: string; shopName: string }): MailMessage {
  const subject = `Confirm your e-mail address for ${shopName}`
  const text = [
    'Hello,',
    '',
    `Thank you for creating an account with ${shopName}. Please confirm your e-mail address by opening this link:`,
    '',
    url,
    '',
    'If you did not create an account, you can ignore this message.',
    '',
    shopName,
  ].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>Hello,</p>
<p>Thank you for creating an account with ${escapeHtml(shopName)}. Please confirm your e-mail address:</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#174ba8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Confirm my e-mail address</a></p>
<p style="font-size:13px;color:#475569">Or copy this link into your browser: ${escapeHtml(url)}</p>
<p style="font-size:13px;color:#475569">If you did not create an account, you can ignore this message.</p>
<p>${escapeHtml(shopName)}</p>
</body></html>`
  return { to, subject, text, html }
}
