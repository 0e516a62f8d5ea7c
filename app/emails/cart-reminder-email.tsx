import { Heading, Link, Text } from '@react-email/components'
import { formatAud } from '../lib/money.ts'
import { EmailButton, emailBrand, emailFooterText, emailInk, EmailLayout, emailSmall, emailText, type EmailShop } from './email-layout.tsx'
import { SummarySection } from './order-email.tsx'

/**
 * The one reminder about a checkout left unpaid (docs/decisions/042-cart-reminders.md), in the shop's
 * frame: what is in the cart, a button back to the filled delivery step, why it came (the consent and
 * when it was given), and a working unsubscribe link. Its plain-text part is written from the same props.
 */
export interface CartReminderEmailProps {
  shop: EmailShop
  origin: string
  /** The shopper's name as typed on the delivery step ('' when none). */
  name: string
  /** When the shopper ticked the box, as the e-mail says it (a Brisbane date). */
  consentDay: string
  lines: { name: string; quantity: number; cents: number }[]
  resumeUrl: string
  unsubscribeUrl: string
}

const HEADING = 'Your cart is waiting'
const BUTTON = 'Return to your cart'
const UNSUBSCRIBE = 'Unsubscribe from reminders and offers'

function words(props: CartReminderEmailProps) {
  const itemsCents = props.lines.reduce((sum, line) => sum + line.cents, 0)
  return {
    greeting: props.name ? `Hello ${props.name},` : 'Hello,',
    paragraphs: [
      'You left these items in your cart. Your delivery details are kept as you typed them: the button below takes you back to the delivery step, ready to pay.',
      'Prices and stock are checked again when you pay.',
    ],
    itemsCents,
    why: `You are receiving this because you ticked “E-mail me about this cart and offers” at our checkout on ${props.consentDay}. This is the only reminder we send about this cart.`,
  }
}

export function CartReminderEmail(props: CartReminderEmailProps) {
  const { shop, origin, lines, resumeUrl, unsubscribeUrl } = props
  const { greeting, paragraphs, itemsCents, why } = words(props)
  return (
    <EmailLayout
      shop={shop}
      origin={origin}
      preview={`${lines.map((line) => line.name).join(', ')} — still in your cart.`}
      footer={
        <Text style={{ ...emailSmall, margin: '0 0 8px' }}>
          {why}{' '}
          <Link href={unsubscribeUrl} style={{ color: emailBrand, textDecoration: 'underline' }}>
            {UNSUBSCRIBE}
          </Link>
          .
        </Text>
      }
    >
      <Heading as="h1" style={{ fontSize: '24px', lineHeight: '32px', color: emailInk, margin: '24px 0 16px' }}>
        {HEADING}
      </Heading>
      <Text style={emailText}>{greeting}</Text>
      {paragraphs.map((paragraph) => (
        <Text key={paragraph} style={emailText}>
          {paragraph}
        </Text>
      ))}
      <EmailButton href={resumeUrl}>{BUTTON}</EmailButton>
      <SummarySection summary={{ heading: 'In your cart', items: lines, totals: [{ label: 'Items (incl. GST)', cents: itemsCents, strong: true }] }} />
    </EmailLayout>
  )
}

/** The same reminder as plain text. */
export function cartReminderEmailText(props: CartReminderEmailProps): string {
  const { greeting, paragraphs, itemsCents, why } = words(props)
  const blocks: string[][] = [
    [props.shop.name, '', HEADING],
    [greeting],
    ...paragraphs.map((paragraph) => [paragraph]),
    [`${BUTTON}: ${props.resumeUrl}`],
    [
      'In your cart:',
      ...props.lines.map((line) => `${line.quantity} × ${line.name} — ${formatAud(line.cents)}`),
      '',
      `Items (incl. GST): ${formatAud(itemsCents)}`,
    ],
    [why, `${UNSUBSCRIBE}: ${props.unsubscribeUrl}`],
    emailFooterText(props.shop),
  ]
  return blocks.map((block) => block.join('\n')).join('\n\n') + '\n'
}
