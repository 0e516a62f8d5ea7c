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

const oneLine = (text: string, max = 100) => text.replace(/[\r\n]+/g, ' ').slice(0, max)

/** What the visitor receives when an enquiry is stored: that it arrived, and what they wrote. */
export function enquiryReceivedMail({
  shopName,
  shopEmail,
  contactId,
  enquiry,
}: {
  shopName: string
  shopEmail: string
  contactId: string
  enquiry: ContactInput
}): MailMessage {
  const text = [
    `Dear ${enquiry.contactName},`,
    '',
    `Thank you for your enquiry to ${shopName}. We have received it (reference ${contactId}) and will get back to you soon.`,
    '',
    'You wrote:',
    enquiry.contactMessage,
    '',
    `${shopName}`,
  ].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p>Dear ${escapeHtml(enquiry.contactName)},</p>
<p>Thank you for your enquiry to ${escapeHtml(shopName)}. We have received it (reference ${escapeHtml(contactId)}) and will get back to you soon.</p>
<p>You wrote:</p>
<p style="white-space:pre-wrap;border-left:3px solid #cbd5e1;padding-left:12px">${escapeHtml(enquiry.contactMessage)}</p>
<p>${escapeHtml(shopName)}</p>
</body></html>`
  return { to: enquiry.contactEmail, replyTo: shopEmail, subject: `We received your enquiry (${contactId})`, text, html }
}

/** A reply staff write on the enquiry's screen, to the visitor, with what they asked below it. */
export function enquiryReplyMail({
  shopEmail,
  enquiry,
  subject,
  message,
}: {
  shopEmail: string
  enquiry: ContactInput
  subject: string
  message: string
}): MailMessage {
  const text = [message, '', '—', 'Your enquiry:', enquiry.contactMessage].join('\n')
  const html = `<!doctype html><html lang="en-AU"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5">
<p style="white-space:pre-wrap">${escapeHtml(message)}</p>
<p style="font-size:13px;color:#475569">Your enquiry:</p>
<p style="white-space:pre-wrap;border-left:3px solid #cbd5e1;padding-left:12px;font-size:13px;color:#475569">${escapeHtml(enquiry.contactMessage)}</p>
</body></html>`
  return { to: enquiry.contactEmail, replyTo: shopEmail, subject: oneLine(subject, 200), text, html }
}
