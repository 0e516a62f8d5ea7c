import { render } from '@react-email/components'
import { OrderEmail, orderEmailText, type OrderEmailProps } from '../../emails/order-email.tsx'
import { lineNameWithContents } from '../../lib/kits.ts'
import { formatAud } from '../../lib/money.ts'
import { quoteTotals } from '../../lib/quotes.ts'
import { shopIdentity, type Env } from '../env.server.ts'
import type { MailMessage } from '../mail/message.ts'
import { publicOrigin } from '../public-origin.server.ts'
import type { QuoteWithLines } from './quotes.server.ts'

/** E-mails about quotes, in the frame of the order e-mails (app/emails/order-email.tsx). */

const dayFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Brisbane' })

async function quoteMessage(config: Env, to: string, subject: string, content: Omit<OrderEmailProps, 'shop' | 'origin'>): Promise<MailMessage> {
  const shop = shopIdentity(config)
  const props: OrderEmailProps = { shop, origin: publicOrigin(config), ...content }
  return { to, replyTo: shop.email, subject: `${subject} — ${shop.name}`, html: await render(<OrderEmail {...props} />), text: orderEmailText(props) }
}

/** The quote's lines and totals, as the e-mail's summary. */
function quoteSummary(quote: QuoteWithLines): OrderEmailProps['summary'] {
  const totals = quoteTotals(quote.lines, quote.freightCents)
  return {
    heading: `Quote ${quote.id}`,
    items: quote.lines.map((line) => ({ name: lineNameWithContents(line), quantity: line.quantity, cents: line.unitPriceCents * line.quantity })),
    totals: [
      { label: 'Freight', cents: totals.freightCents },
      { label: 'Subtotal (excl. GST)', cents: totals.subtotalCents },
      { label: 'GST', cents: totals.gstCents },
      { label: 'Total', cents: totals.totalCents, strong: true },
    ],
  }
}

const greeting = (quote: QuoteWithLines) => (quote.contactName ? `Hello ${quote.contactName},` : 'Hello,')

/** To the buyer, when they ask: we have it, and when to expect the quote. */
export function quoteRequestedMail(config: Env, quote: QuoteWithLines): Promise<MailMessage> {
  return quoteMessage(config, quote.email, `We have your quote request ${quote.id}`, {
    preview: `We have your quote request ${quote.id} and will send the quote soon.`,
    heading: 'We have your quote request',
    greeting: greeting(quote),
    paragraphs: [
      `Thank you for asking for a quote for ${quote.company}. We will check the prices, stock and freight to ${quote.postcode} ${quote.state} and e-mail you the quote, usually within one business day.`,
    ],
    actions: [],
    summary: {
      heading: `Quote request ${quote.id}`,
      items: quote.lines.map((line) => ({ name: lineNameWithContents(line), quantity: line.quantity })),
      totals: [],
    },
  })
}

/** To the shop, when a buyer asks: who, for what, and where to price it. */
export function quoteRequestNoticeMail(config: Env, quote: QuoteWithLines): Promise<MailMessage> {
  const origin = publicOrigin(config)
  return quoteMessage(config, shopIdentity(config).email, `Quote request ${quote.id} from ${quote.company}`, {
    preview: `${quote.company} asks for a quote: ${quote.lines.length} products.`,
    heading: `Quote request from ${quote.company}`,
    greeting: 'Hello,',
    paragraphs: [
      `${quote.contactName} (${quote.email}, ${quote.phone}) of ${quote.company}, ABN ${quote.abn}, asks for a quote for delivery to ${quote.postcode} ${quote.state}.`,
      ...(quote.notes ? [`Their notes: ${quote.notes}`] : []),
    ],
    actions: [{ href: `${origin}/quotes/${quote.id}`, text: 'Price and send it' }],
    summary: { heading: 'Asked for', items: quote.lines.map((line) => ({ name: lineNameWithContents(line), quantity: line.quantity })), totals: [] },
  })
}

/** To the buyer, when staff send it: the quote, its validity and the link to accept it. */
export function quoteSentMail(config: Env, quote: QuoteWithLines): Promise<MailMessage> {
  const totals = quoteTotals(quote.lines, quote.freightCents)
  const until = quote.validUntil ? dayFormat.format(quote.validUntil) : ''
  return quoteMessage(config, quote.email, `Your quote ${quote.id}`, {
    preview: `Your quote ${quote.id}: ${formatAud(totals.totalCents)}, valid until ${until}.`,
    heading: `Your quote ${quote.id}`,
    greeting: greeting(quote),
    paragraphs: [
      `Here is our quote for ${quote.company}: ${formatAud(totals.totalCents)} including GST and freight, valid until ${until}.`,
      ...(quote.message ? [quote.message] : []),
      'Its page is a printable quote. Accept it there, paying by card or by bank transfer; the prices are held for you until then.',
    ],
    actions: [{ href: `${publicOrigin(config)}/quote/${quote.token}`, text: 'View and accept the quote' }],
    summary: quoteSummary(quote),
  })
}
