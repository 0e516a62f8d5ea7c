import type { ContactInput } from '../../lib/schemas/contact.ts'
import type { MailMessage } from '../mail/message.ts'
import { escapeHtml } from '../mail/html.ts'

/** The notification staff receive for an enquiry; replying answers the visitor directly. */
export function enquiryMail({ to, shopName, contactId, enquiry }: { to: string; shopName: string; contactId: string; enquiry: ContactInput }): MailMessage {
  const rows: [string, string][] = [
    ['Name', enquiry.contactName],
    ['Email', enquiry.contactEmail],
    ['Contact number', enquiry.contactPhone || '—'],
    ['Company', enquiry.contactCompany || '—'],
  ]
  const text = [
    `New enquiry through the ${shopName} website (reference ${contactId}).`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    enquiry.contactMessage,
    '',
    'Reply to this e-mail to answer the visitor.',
  ].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>New enquiry through the ${escapeHtml(shopName)} website (reference ${escapeHtml(contactId)}).</p>
<table>${rows.map(([label, value]) => `<tr><th style="text-align:left;padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap;border-left:3px solid #cbd5e1;padding-left:12px">${escapeHtml(enquiry.contactMessage)}</p>
<p style="font-size:13px;color:#475569">Reply to this e-mail to answer the visitor.</p>
</body></html>`
  return { to, replyTo: enquiry.contactEmail, subject: `Enquiry from ${enquiry.contactName.replace(/[\r\n]+/g, ' ').slice(0, 100)}`, text, html }
}
