import { render } from '@react-email/components'
import { CartReminderEmail, cartReminderEmailText, type CartReminderEmailProps } from '../../emails/cart-reminder-email.tsx'
import type { ShopIdentity } from '../env.server.ts'
import type { MailMessage } from '../mail/message.ts'

const consentDayFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Brisbane' })

/**
 * The reminder as a message: HTML and plain text from one component, and the RFC 8058 headers that
 * let a mail client's own "Unsubscribe" button POST to the same link the e-mail shows (the POST
 * unsubscribes; a GET only shows the page with its button, since mail scanners fetch links).
 */
export async function cartReminderMail(input: {
  shop: ShopIdentity
  origin: string
  to: string
  name: string
  consentAt: Date
  lines: CartReminderEmailProps['lines']
  resumeUrl: string
  unsubscribeUrl: string
}): Promise<MailMessage> {
  const props: CartReminderEmailProps = {
    shop: input.shop,
    origin: input.origin,
    name: input.name,
    consentDay: consentDayFormat.format(input.consentAt),
    lines: input.lines,
    resumeUrl: input.resumeUrl,
    unsubscribeUrl: input.unsubscribeUrl,
  }
  return {
    to: input.to,
    replyTo: input.shop.email,
    subject: `Your cart is waiting — ${input.shop.name}`,
    html: await render(<CartReminderEmail {...props} />),
    text: cartReminderEmailText(props),
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
